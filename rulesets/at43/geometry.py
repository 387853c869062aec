"""Geometry the collision rules need on top of ``polemos.core.table``.

The table module answers distances, contacts, sweeps and chains; this module adds what is
specific to a ram: the contact point an attacker picks (AT-16), headings for moves, the side of a
path, and where a crushed model that survives is put back (AT-8). ``approach`` and
``clear_spot`` are general enough for core (see the issue report).

Frame (core.table): x east, y SOUTH; a heading in degrees turns clockwise on the table from east
(0 east, 90 south, 180 west, 270 north).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from polemos.core.table import (
    EPS,
    Base,
    Obstacle,
    Vec,
    direction_from,
    gap,
    gap_to_obstacle,
    unit,
)
from polemos.rulesets.at43.state import At43State, Vehicle

RING_STEP = 0.5
"""cm between the rings of candidate spots around a crushing AFV (AT-8 Decision)."""
RINGS = 60
ANGLE_STEP = 5
"""degrees between candidate spots on one ring."""


def heading_vector(degrees: float) -> Vec:
    """Unit vector of a heading (0 east, 90 south on the table)."""
    angle = math.radians(degrees)
    return math.cos(angle), math.sin(angle)


def heading_of(vector: Vec) -> float:
    """The heading of a vector, in [0, 360)."""
    return math.degrees(math.atan2(vector[1], vector[0])) % 360.0


def rotate(vector: Vec, degrees: float) -> Vec:
    angle = math.radians(degrees)
    c, s = math.cos(angle), math.sin(angle)
    return vector[0] * c - vector[1] * s, vector[0] * s + vector[1] * c


def side_of(origin: Vec, direction: Vec, point: Vec) -> int:
    """Which side of the line through ``origin`` along ``direction`` a point lies on: +1, −1, or
    0 on the line (AT-8: survivors stay on their side of the AFV's path)."""
    cross = direction[0] * (point[1] - origin[1]) - direction[1] * (point[0] - origin[0])
    if abs(cross) <= EPS * max(1.0, math.hypot(point[0] - origin[0], point[1] - origin[1])):
        return 0
    return 1 if cross > 0 else -1


@dataclass(frozen=True, slots=True)
class Approach:
    """A straight move ending with the mover touching the target (gap 0) at a chosen point."""

    centre: Vec
    direction: Vec
    length: float


def approach(mover: Base, target: Base, offset_degrees: float) -> Approach | None:
    """AT-16: the contact point ``offset_degrees`` round the target from the direct line.

    Offset 0 is the point of the target's rim facing the mover: a head-on approach along the
    line of centres. The mover's final centre is at distance r_mover + r_target from the
    target's, so the bases touch. None when the mover already stands there.
    """
    facing = direction_from(target, mover)
    ux, uy = rotate(facing, offset_degrees)
    reach = mover.radius + target.radius
    cx, cy = target.x + ux * reach, target.y + uy * reach
    length = math.hypot(cx - mover.x, cy - mover.y)
    if length < EPS:
        return None
    return Approach((cx, cy), unit(cx - mover.x, cy - mover.y), length)


def afv_bases(state: At43State, exclude: Iterable[str] = ()) -> list[Base]:
    """Bases of every AFV and wreck (obstacles to one another, AT-10), in id order."""
    skip = set(exclude)
    return [v.base for v in state.vehicles.values() if v.id not in skip]


def trooper_bases(state: At43State) -> list[Base]:
    return [t.base for t in state.troopers.values() if t.alive]


def obstacles(state: At43State) -> list[Obstacle]:
    """Terrain obstacles still on the table (AT-10)."""
    return [t.obstacle for t in state.terrain.values() if not t.removed]


def free(state: At43State, probe: Base, skip: Iterable[str] = (), others: Sequence[Base] = ()
         ) -> bool:
    """The base fits: on the table and overlapping no base or terrain piece; ``others`` are
    further bases to keep off (other rulesets' units on a shared table, MIX-8)."""
    if not state.table.contains(probe):
        return False
    ignore = set(skip) | {probe.id}
    for other in (*afv_bases(state), *trooper_bases(state), *others):
        if other.id not in ignore and gap(probe, other) < -EPS:
            return False
    return all(gap_to_obstacle(probe, o) >= -EPS for o in obstacles(state))


def clear_spot(state: At43State, model: Base, crusher: Vehicle, clearance: float,
               path: tuple[Vec, Vec], others: Sequence[Base] = ()) -> Vec | None:
    """AT-8 Decision: the nearest free point for a surviving model with its rim ``clearance``
    from the crusher's final base, on the side of the crusher's path (``(origin, direction)``)
    it was on.

    The nearest such point is the model's centre pushed straight out from the crusher's centre
    (the path line runs through that centre, so the side is kept). When that spot is taken,
    candidates on rings every 0.5 cm and every 5° are tried, nearest first (``_nearest_first``).
    None when nothing within 30 cm fits. ``others`` are further bases the spot must not overlap
    (``free``).
    """
    for px, py in _nearest_first(model, crusher, clearance, path):
        if free(state, Base(model.id, px, py, model.radius), others=others):
            return px, py
    return None


BOUND_SLACK = 1e-9
"""cm: more than the rounding of a candidate's computed distance, less than any real gap."""
STEPS = range(-180 // ANGLE_STEP + 1, 180 // ANGLE_STEP + 1)
"""The candidate angles of a ring, in ANGLE_STEP steps either side of the model's direction."""


def _nearest_first(model: Base, crusher: Vehicle, clearance: float, path: tuple[Vec, Vec]
                   ) -> Iterator[Vec]:
    """``clear_spot``'s candidates on the model's side, by distance from the model, then ring,
    then angle from its direction (the negative angle first): all of them sorted, lazily.

    A ring of radius R about the crusher holds no point nearer the model than |R − m|, m the
    model's distance from the crusher's centre, so rings are laid out in the order of that bound
    and a candidate is handed out once no ring still to come can hold a nearer one. The first
    free spot is usually on the first ring or two: the thousands of others are never computed.
    """
    cx, cy = crusher.base.x, crusher.base.y
    side = side_of(path[0], path[1], (model.x, model.y))
    m = math.hypot(model.x - cx, model.y - cy)
    if m > EPS:
        start = math.degrees(math.atan2(model.y - cy, model.x - cx))
    else:
        start = heading_of(rotate(path[1], 90 * (side or 1)))
    inner = crusher.base.radius + clearance + model.radius
    rings = sorted(range(RINGS), key=lambda ring: abs(inner + ring * RING_STEP - m))
    heap: list[tuple[float, int, int, int, Vec]] = []
    for ring in rings:
        bound = abs(inner + ring * RING_STEP - m) - BOUND_SLACK
        while heap and heap[0][0] < bound:
            yield heapq.heappop(heap)[4]
        radius = inner + ring * RING_STEP
        for step in STEPS:
            px, py = (cx + radius * math.cos(math.radians(start + step * ANGLE_STEP)),
                      cy + radius * math.sin(math.radians(start + step * ANGLE_STEP)))
            if side and side_of(path[0], path[1], (px, py)) == -side:
                continue
            heapq.heappush(heap, (math.hypot(px - model.x, py - model.y), ring, abs(step), step,
                                  (px, py)))
    while heap:
        yield heapq.heappop(heap)[4]
