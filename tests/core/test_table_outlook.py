"""``Outlook`` answers every straight move from one spot exactly as ``sweep`` does, to the last
bit (DBG-1, DBG-11, DBG-15, DBG-16): the De Bello Gallico menus and charges read it instead of a
sweep per line, so any difference would change a legal destination."""

from __future__ import annotations

import math
import random

import pytest

from polemos.core.table import (
    Base,
    CircleObstacle,
    Obstacle,
    Outlook,
    PolygonObstacle,
    Table,
    point_travel,
    sweep,
    unit,
)

TABLE = Table(60.0, 40.0)
L_SHAPE = ((0.0, 0.0), (6.0, 0.0), (6.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0))
"""A re-entrant outline: the corner a base sliding along a wall may not cut."""


def crowd(rng: random.Random) -> tuple[Base, list[Base], list[Obstacle], dict[str, float]]:
    """A mover among bases (some touching it, some inside a zone), a few outlines and
    circles, and stop gaps like DBG-15's zones, all at random."""
    mover = Base("m", rng.uniform(5, 55), rng.uniform(5, 35), rng.choice([1.25, 2.0]))
    bases = []
    for i in range(rng.randint(0, 9)):
        angle, far = rng.uniform(0, 2 * math.pi), rng.choice([0.0, 0.05, 1.0, 4.0, 12.0])
        radius = rng.choice([1.25, 2.0])
        reach = mover.radius + radius + far
        bases.append(Base(f"b{i}", mover.x + reach * math.cos(angle),
                          mover.y + reach * math.sin(angle), radius))
    obstacles: list[Obstacle] = []
    for i in range(rng.randint(0, 3)):
        ox, oy = mover.x + rng.uniform(-12, 12), mover.y + rng.uniform(-12, 12)
        if rng.random() < 0.3:
            obstacles.append(CircleObstacle(f"c{i}", ox, oy, rng.uniform(0.5, 3)))
        else:
            scale = rng.uniform(0.5, 2)
            obstacles.append(PolygonObstacle(f"p{i}", tuple((ox + x * scale, oy + y * scale)
                                                            for x, y in L_SHAPE)))
    gaps = {b.id: rng.choice([0.0, 0.1, 2.0]) for b in bases if rng.random() < 0.7}
    if obstacles and rng.random() < 0.3:
        gaps[obstacles[0].id] = 0.5
    return mover, bases, obstacles, gaps


@pytest.mark.parametrize("seed", range(40))
def test_every_heading_and_length_goes_exactly_as_far_as_the_sweep(seed: int) -> None:
    """DBG-11: the 8 compass headings and a few odd ones, at several lengths, with and
    without one enemy's zone lifted (DBG-16: the move ends touching it); asked one by one,
    all together (``travels``, a menu's headings), along a heading already normalised
    (``along``) or only whether the move goes some way (``at_least``, DBG-14's charge paths);
    with a stop gap changed at a base or at an outline."""
    rng = random.Random(seed)
    mover, bases, obstacles, gaps = crowd(rng)
    outlook = Outlook(mover, bases=bases, obstacles=obstacles, table=TABLE, stop_gaps=gaps)
    headings = [(math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8)]
    headings += [(rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(6)]
    lifted = {bases[0].id: 0.0} if bases else {}
    walled = {obstacles[0].id: 1.5} if obstacles else {}  # a stop gap at an outline changed
    for distance in (0.0, 0.7, 5.0, 12.0, 30.0):
        for direction in headings:
            for changed in ({}, lifted, walled):
                expected = sweep([mover], direction, distance, bases=bases, obstacles=obstacles,
                                 table=TABLE, stop_gaps={**gaps, **changed}).travelled
                assert outlook.travelled(direction, distance, changed) == expected
                if distance:
                    assert outlook.along(unit(*direction), distance, changed) == expected
                for enough in (0.5 * distance, distance - 1e-6):
                    short = outlook.travelled(direction, distance, changed, enough)
                    assert (short >= enough) == (expected >= enough)
        assert outlook.travels([unit(*direction) for direction in headings], distance) == \
            [outlook.travelled(direction, distance) for direction in headings]


@pytest.mark.parametrize("seed", range(40))
def test_a_point_goes_exactly_as_far_as_a_zero_radius_outlook(seed: int) -> None:
    """DBG-24: a line of sight is a point swept among the outlines; ``point_travel`` answers
    it without an outlook, to the last bit."""
    rng = random.Random(seed)
    mover, _, obstacles, _ = crowd(rng)
    probe = Base("probe", mover.x, mover.y, 0.0)
    outlook = Outlook(probe, obstacles=obstacles)
    for _ in range(12):
        direction = (rng.uniform(-1, 1), rng.uniform(-1, 1))
        for distance in (0.0, 0.7, 5.0, 12.0, 30.0):
            assert point_travel(probe.x, probe.y, direction, distance, obstacles) == \
                outlook.travelled(direction, distance)


def test_the_picture_is_taken_when_the_outlook_is_made() -> None:
    """A base that moves afterwards is still seen where it stood: one outlook per decision."""
    mover, other = Base("m", 10.0, 10.0, 1.0), Base("o", 20.0, 10.0, 1.0)
    outlook = Outlook(mover, bases=[other], table=TABLE)
    other.x = 40.0
    assert outlook.travelled((1.0, 0.0), 15.0) == pytest.approx(8.0)


def test_a_negative_length_is_refused() -> None:
    with pytest.raises(ValueError, match="must not be negative"):
        Outlook(Base("m", 10.0, 10.0, 1.0)).travelled((1.0, 0.0), -1.0)
