"""Shooting (DBG-22 … DBG-24): die + Tir against 10 + 1 per full 10 cm."""

from __future__ import annotations

import math
import random

import pytest

from polemos.core.table import EPS, Base, PolygonObstacle, point_travel
from polemos.rulesets.de_bello_gallico.geometry import _line_crosses
from tests.conftest import events, refused
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    act,
    f,
    fighter,
    refused_reason,
    scenario,
    start,
)


def range_game(pm, y: float, dice: list[int], troop: str = "skirmisher", terrain=None,
               shooter: dict | None = None, target: dict | None = None):
    raw = scenario(fighter("r1", "red", 10, 10, troop=troop, **(shooter or {})),
                   fighter("r9", "red", 55, 55), fighter("b1", "blue", 10, y, **(target or {})),
                   terrain=terrain)
    game = start(raw, RED_FIRST + dice, pm)
    game.step(act("activate", "r1"))
    return game


@pytest.mark.parametrize(("die", "hit"), [(7, True), (6, False)])
def test_shot_needs_ten_plus_one_per_full_ten_cm(pm, die: int, hit: bool) -> None:
    """DBG-22: 12 cm away: die + Tir 4 ≥ 11; a hit wounds and the target tests (DBG-26)."""
    game = range_game(pm, 24, [die, 5])
    game.step(act("shoot", "r1", target="b1"))
    [shot] = events(game, "shot")
    assert (shot["cm"], shot["difficulty"], shot["total"], shot["hit"]) == (12, 11, die + 4, hit)
    assert f(game, "b1").wounds == (1 if hit else 0)
    tests = events(game, "morale_test")
    assert [(t["unit"], t["total"], t["passed"]) for t in tests] == (
        [("b1", 10, True)] if hit else [])


@pytest.mark.parametrize(("y", "difficulty"), [(21.99, 10), (22, 11), (31.99, 11), (32, 12)])
def test_distance_steps_count_full_ten_centimetres(pm, y: float, difficulty: int) -> None:
    """DBG-22: 9.99 cm adds nothing, 10 cm adds 1, 20 cm adds 2 (DBG-1: edge to edge)."""
    game = range_game(pm, y, [1], shooter={"items": ["bow"]})
    game.step(act("shoot", "r1", target="b1"))
    assert events(game, "shot")[0]["difficulty"] == difficulty


def test_a_one_is_no_automatic_miss(pm) -> None:
    """DBG-2: no automatic failure: a 1 hits when the total is enough."""
    game = range_game(pm, 14, [1, 9], shooter={"shoot": 9})
    game.step(act("shoot", "r1", target="b1"))
    assert events(game, "shot")[0]["hit"] is True


@pytest.mark.parametrize(("item", "limit"), [("javelin", 15), ("sling", 30), ("bow", 40)])
def test_missile_ranges(pm, item: str, limit: float) -> None:
    """DBG-23: javelin 15 cm, sling 30 cm, bow 40 cm."""
    game = range_game(pm, 12 + limit, [1], shooter={"items": [item]})
    game.step(act("shoot", "r1", target="b1"))
    game = range_game(pm, 12.01 + limit, [], shooter={"items": [item]})
    assert "beyond" in refused_reason(game, act("shoot", "r1", target="b1"), "DBG-23")


def test_cover_adds_one(pm) -> None:
    """DBG-23: a target in scrub or marsh, or behind a wall, adds +1."""
    scrub = [{"id": "s", "kind": "scrub", "rect": [5, 20, 15, 30]}]
    game = range_game(pm, 24, [1], terrain=scrub)
    game.step(act("shoot", "r1", target="b1"))
    assert events(game, "shot")[0]["difficulty"] == 12
    assert events(game, "shot")[0]["rules"] == ["DBG-22", "DBG-23"]
    wall = [{"id": "w", "kind": "wall", "rect": [12, 16, 30, 17]}]
    game2 = start(scenario(fighter("r1", "red", 10, 10, troop="skirmisher"),
                           fighter("r9", "red", 55, 55), fighter("b1", "blue", 16, 24),
                           terrain=wall), RED_FIRST + [1], pm)
    game2.step(act("activate", "r1"))
    game2.step(act("shoot", "r1", target="b1"))
    assert events(game2, "shot")[0]["difficulty"] == 10 + 1 + 1


def test_a_building_blocks_the_line_of_sight(pm) -> None:
    """DBG-24: the line between base centres may not cross blocking terrain."""
    farm = [{"id": "farm", "kind": "building", "rect": [8, 15, 12, 18]}]
    game = range_game(pm, 24, [], terrain=farm)
    assert "cannot see" in refused_reason(game, act("shoot", "r1", target="b1"), "DBG-24")
    assert "shoot" not in {a.kind for a in game.legal_actions()}


def test_no_shot_at_a_target_in_base_contact(pm) -> None:
    """DBG-22: the target may not be in base contact with any combatant."""
    raw = scenario(fighter("r1", "red", 10, 10, troop="skirmisher"),
                   fighter("r2", "red", 12, 24), fighter("b1", "blue", 10, 24))
    game = start(raw, RED_FIRST, pm)
    game.step(act("activate", "r1"))
    assert "base contact" in refused_reason(game, act("shoot", "r1", target="b1"), "DBG-22")


def test_one_shot_and_only_with_tir_and_a_missile(pm) -> None:
    """DBG-22: once per activation; a fighter without Tir (cavalry) cannot shoot."""
    game = range_game(pm, 24, [1])
    game.step(act("shoot", "r1", target="b1"))
    refused(game, act("shoot", "r1", target="b1"), "DBG-22")
    game = range_game(pm, 24, [], troop="cavalry")
    assert "no Tir" in refused_reason(game, act("shoot", "r1", target="b1"), "DBG-22")
    refused(range_game(pm, 24, []), act("shoot", "r1", target="r9"), "DBG-22")


def test_frenzied_fighters_do_not_shoot(pm) -> None:
    """DBG-38: a Frenzied combatant may not shoot."""
    game = range_game(pm, 24, [], shooter={"skills": ["frenzy"]})
    refused(game, act("shoot", "r1", target="b1"), "DBG-38")


def test_outlines_the_line_misses_are_left_out_without_changing_it() -> None:
    """DBG-24: a line of sight sweeps only the outlines whose box it passes through; for lines
    around, along and across a farm and a re-entrant wall it crosses exactly what a sweep
    among every outline crosses, including lines grazing a corner or a side."""
    farm = PolygonObstacle("farm", ((8.0, 15.0), (12.0, 15.0), (12.0, 18.0), (8.0, 18.0)))
    wall = PolygonObstacle("wall", ((20.0, 5.0), (26.0, 5.0), (26.0, 7.0), (22.0, 7.0),
                                    (22.0, 11.0), (20.0, 11.0)))
    shapes = (farm, wall)
    rng = random.Random(5)
    spots = [(8.0, 15.0), (12.0, 18.0), (22.0, 7.0), (26.0, 5.0), (10.0, 14.0), (13.0, 16.5)]
    spots += [(round(rng.uniform(0, 30), 2), round(rng.uniform(0, 25), 2)) for _ in range(40)]
    crossed = 0
    for ax, ay in spots:
        for bx, by in spots:
            a, b = Base("a", ax, ay, 0.0), Base("b", bx, by, 0.0)
            length = math.hypot(bx - ax, by - ay)
            whole = length >= EPS and point_travel(
                ax, ay, (bx - ax, by - ay), length, shapes) < length - EPS
            assert _line_crosses(shapes, a, b) == whole
            crossed += whole
    assert crossed > 100
