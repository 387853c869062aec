"""Declaring a ram and placing the attacker in contact (AT-11 … AT-16, AT-34).

A ram is checked as a plan before anything moves, so an illegal one is refused with the rule
that forbids it and the state is untouched.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from polemos.core.table import Base, Vec, gap, sweep
from polemos.rulesets.at43.crushing import Pass, crush
from polemos.rulesets.at43.geometry import afv_bases, approach, obstacles
from polemos.rulesets.at43.impacts import band
from polemos.rulesets.at43.state import At43Params, At43State, Vehicle

if TYPE_CHECKING:
    from polemos.core.context import Context

TRAVEL_TOLERANCE = 1e-6
"""cm: an approach that stops this short of its contact point has still arrived."""
Problem = tuple[str, str]


@dataclass(frozen=True, slots=True)
class RamPlan:
    """Where the attacker ends and how it got there."""

    target: str
    band: str
    distance: float
    centre: Vec
    direction: Vec
    travel: float
    in_contact: bool


def target_problem(state: At43State, params: At43Params, attacker: Vehicle,
                   target_id: str) -> Problem | None:
    """Who may be rammed: an enemy AFV (AT-11), or any wreck by a walker (AT-12), not from
    contact (AT-11, AT-14)."""
    target = state.vehicles.get(target_id)
    if target is None or target.id == attacker.id:
        return "AT-11", f"no vehicle {target_id!r} to ram"
    if target.wreck and not attacker.walker:
        return "AT-12", f"{target.id} is a wreck: only a walker may shove or crush a wreck"
    if not target.wreck and target.side == attacker.side:
        return "AT-11", f"{target.id} is a friend; only enemy AFVs are rammed"
    if gap(attacker.base, target.base) <= params.contact + 1e-9:
        if target.wreck:
            return "AT-11", f"{attacker.id} starts in contact with {target.id}"
        return "AT-14", (f"{attacker.id} is in contact with {target.id}: it may not back off "
                         "to ram it again")
    return None


def plan_ram(state: At43State, params: At43Params, attacker: Vehicle, target_id: str,
             offset: float, comrades: Collection[str] = (), mode: str | None = None
             ) -> Problem | RamPlan:
    """The ram of ``attacker`` on ``target_id`` at contact point ``offset`` (AT-16), or why not.

    ``comrades`` are attackers already placed: a path blocked by one of them is the AT-34 case,
    where the AFV stops against its comrade and joins without contact. ``mode`` stands for the
    declared movement when it is not declared yet (a join is a rush; a bot looks ahead).
    """
    if not attacker.mobile:
        return "AT-5", f"{attacker.id} is immobilised: it cannot ram"
    if (mode or attacker.mode) != "rush":
        return "AT-11", f"{attacker.id} must declare a rush before ramming"
    problem = target_problem(state, params, attacker, target_id)
    if problem is not None:
        return problem
    target = state.vehicles[target_id]
    distance = gap(attacker.base, target.base)
    band_ = band(distance, attacker.move, params.rush_bonus)
    if band_ is None:
        return "AT-15", (f"{target.id} is {distance:.1f} cm away, beyond {attacker.id}'s "
                         f"M + 10 = {attacker.move + params.rush_bonus:g} cm: no collision (a "
                         "rush toward it brings it as close as it can)")
    path = approach(attacker.base, target.base, float(offset))
    reach = attacker.move + params.rush_bonus - attacker.travelled
    if path is None or path.length > reach + TRAVEL_TOLERANCE:
        length = 0.0 if path is None else path.length
        return "AT-16", (f"that contact point is {length:.1f} cm of travel away; "
                         f"{attacker.id} may travel {reach:g} cm")
    if not state.table.contains(Base(attacker.id, *path.centre, attacker.base.radius)):
        return "AT-16", "that contact point is off the table"
    result = sweep([attacker.base], path.direction, path.length,
                   bases=afv_bases(state, [attacker.id]), obstacles=obstacles(state),
                   table=state.table)
    if result.travelled >= path.length - TRAVEL_TOLERANCE:
        return RamPlan(target.id, band_, distance, path.centre, path.direction, path.length, True)
    blockers = {m.id for m in result.meetings}
    if comrades and blockers <= set(comrades):
        x = attacker.base.x + path.direction[0] * result.travelled
        y = attacker.base.y + path.direction[1] * result.travelled
        touching = gap(Base(attacker.id, x, y, attacker.base.radius), target.base)
        return RamPlan(target.id, band_, distance, (x, y), path.direction, result.travelled,
                       touching <= params.contact + 1e-9)
    return "AT-16", f"the path to that contact point is blocked by {result.hit_id}"


def ram_options(state: At43State, params: At43Params, vehicle: Vehicle, mode: str | None = None
                ) -> list[tuple[str, int, RamPlan]]:
    """Every offered ram: (target, offset, plan) for each reachable target (AT-15, AT-16);
    ``mode="rush"`` looks ahead for a vehicle that has not declared yet."""
    found = []
    for target in state.vehicles.values():
        if target.id == vehicle.id:
            continue
        for offset in params.approach_offsets:
            plan = plan_ram(state, params, vehicle, target.id, offset, mode=mode)
            if not isinstance(plan, RamPlan):
                if plan[0] in ("AT-11", "AT-12", "AT-14", "AT-15"):
                    break
                continue
            found.append((target.id, offset, plan))
    return found


def place(state: At43State, params: At43Params, attacker: Vehicle, plan: RamPlan,
          game: Context) -> None:
    """Move the attacker along its straight approach (AT-16); the rush crushes infantry on the
    way (AT-8)."""
    start = (attacker.base.x, attacker.base.y)
    attacker.base.x, attacker.base.y = plan.centre
    attacker.travelled += plan.travel
    attacker.rushed = True
    crush(state, params, [Pass(attacker, start, plan.direction, plan.travel)], game)
