"""Normal and rush movement (AT-5, AT-7, AT-8) and infantry moves, as straight sweeps.

A vehicle declares its movement (normal, or a rush of M + 10 cm that forbids shooting, AT-7),
then moves in one straight line, stopping at the first base, obstacle or table edge. On a normal
move infantry bar the way; a rush passes over them and crushes them (AT-8). Infantry move as a
block, stopped by anything. Other rulesets' ground units on a shared table bar the same moves
as AT's own infantry (``mixing``).

Moves offered to players (a finite menu; any heading in [0, 360) and any distance within reach
is legal): the compass headings at half and full reach, and a heading toward each enemy AFV
that stops 10 cm short of it, from where a ram next round is an Assault for every profile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.table import apply_sweep, gap, sweep
from polemos.rulesets.at43.crushing import Pass, crush
from polemos.rulesets.at43.geometry import (
    afv_bases,
    heading_of,
    heading_vector,
    obstacles,
    trooper_bases,
)
from polemos.rulesets.at43.mixing import foreign_bases
from polemos.rulesets.at43.state import At43Params, At43State, Trooper, Vehicle

if TYPE_CHECKING:
    from polemos.core.context import Context

STANDOFF = 10.0
"""cm short of an enemy that a 'toward' move stops."""
Problem = tuple[str, str]


def reach(params: At43Params, vehicle: Vehicle) -> float:
    """AT-7: M for a normal move, M + 10 cm for a rush, less what it already travelled."""
    bonus = params.rush_bonus if vehicle.mode == "rush" else 0.0
    return max(0.0, vehicle.move + bonus - vehicle.travelled)


def move_problem(params: At43Params, vehicle: Vehicle, distance: float) -> Problem | None:
    """The heading and distance are well formed (``actions``); the reach is the rule's."""
    if not vehicle.mobile:
        return "AT-5", f"{vehicle.id} is immobilised"
    if vehicle.mode not in ("normal", "rush"):
        return "AT-7", f"{vehicle.id} must declare a normal move or a rush first"
    if distance > reach(params, vehicle) + 1e-9:
        return "AT-7", (f"{vehicle.id} may move 0 to {reach(params, vehicle):g} cm "
                        f"({vehicle.mode}), not {distance}")
    return None


def move_options(state: At43State, params: At43Params, vehicle: Vehicle
                 ) -> list[tuple[float, float]]:
    """(heading, distance) pairs offered for the vehicle's declared move."""
    full = reach(params, vehicle)
    half, whole = round(full / 2, 1), round(full, 1)
    options: list[tuple[float, float]] = [(0.0, 0.0)]
    step = 360.0 / params.headings
    for k in range(params.headings):
        heading = k * step
        options += [(heading, half), (heading, whole)]
    for enemy in state.vehicles.values():
        if enemy.wreck or not enemy.side or enemy.side == vehicle.side:
            continue
        distance = min(full, gap(vehicle.base, enemy.base) - STANDOFF)
        if distance >= 1.0:
            bearing = heading_of((enemy.base.x - vehicle.base.x, enemy.base.y - vehicle.base.y))
            options.append((round(bearing, 1) % 360.0, round(distance, 1)))
    return list(dict.fromkeys(options))


def move_vehicle(state: At43State, params: At43Params, vehicle: Vehicle, heading: float,
                 distance: float, game: Context) -> None:
    """AT-7: one straight move; a rush crushes the infantry it passes over (AT-8, MIX-8)."""
    direction = heading_vector(heading)
    rush = vehicle.mode == "rush"
    blockers = afv_bases(state, [vehicle.id])
    if not rush:
        blockers += trooper_bases(state) + foreign_bases(game.world)
    start = (vehicle.base.x, vehicle.base.y)
    result = sweep([vehicle.base], direction, distance, bases=blockers,
                   obstacles=obstacles(state), table=state.table)
    apply_sweep([vehicle.base], direction, result)
    vehicle.travelled += result.travelled
    game.emit("move", unit=vehicle.id, mode=vehicle.mode, heading=heading, frm=list(start),
              to=[vehicle.base.x, vehicle.base.y], travelled=round(result.travelled, 6),
              stopped_by=result.hit_id, rule="AT-7")
    if rush:
        crush(state, params, [Pass(vehicle, start, direction, result.travelled)], game)


def march_options(params: At43Params, squad: list[Trooper]) -> list[tuple[float, float]]:
    full = min(t.move for t in squad)
    step = 360.0 / params.headings
    return [(k * step, round(full, 1)) for k in range(params.headings)]


def march_problem(squad: list[Trooper], distance: float) -> Problem | None:
    full = min(t.move for t in squad)
    if distance > full + 1e-9:
        return "AT-P1", f"the squad may move 0 to {full:g} cm, not {distance}"
    return None


def march(state: At43State, squad: list[Trooper], heading: float, distance: float,
          game: Context) -> None:
    """Infantry move together in one straight line, stopped by anything (AT-P1)."""
    direction = heading_vector(heading)
    block = [t.base for t in squad]
    ids = {b.id for b in block}
    others = [b for b in (*afv_bases(state), *trooper_bases(state)) if b.id not in ids]
    others += foreign_bases(game.world)
    result = sweep(block, direction, distance, bases=others, obstacles=obstacles(state),
                   table=state.table)
    apply_sweep(block, direction, result)
    game.emit("march", unit=state.troopers[squad[0].id].unit, heading=heading,
              travelled=round(result.travelled, 6), stopped_by=result.hit_id, rule="AT-P1")
