"""The throw after a Charge (AT-29 … AT-32, AT-37 … AT-41).

Each thrown vehicle moves alone, straight away from the attackers in contact with it, 2.5 cm per
damage point the impacts dealt it, and meets obstacles as a pushed vehicle does (AT-31).
Members of a group thrown as a whole go one at a time, highest rank (farthest from the
attackers) first; when several are equally far the active player picks (AT-40, AT-41).

Decision (members of a thrown group, AT-37): a member's throw stops without damage at its
starting gap from a comrade already thrown, and against a comrade not thrown yet (gap 0), so
bases never overlap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.table import apply_sweep, gap, sweep
from polemos.rulesets.at43.crushing import Pass, crush
from polemos.rulesets.at43.geometry import afv_bases, obstacles
from polemos.rulesets.at43.groups import throw_direction
from polemos.rulesets.at43.meeting import resolve_meetings
from polemos.rulesets.at43.state import At43Params, At43State, Collision, Throw

if TYPE_CHECKING:
    from polemos.core.context import Context


def pair(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def setup_throws(state: At43State, params: At43Params, c: Collision, movers: list[str]) -> None:
    """AT-30, AT-37, AT-39, AT-40: every thrown vehicle's line and distance, fixed before any
    of them moves. A member not in contact goes the lowest distance of its group's members in
    contact, along that member's line (the distance its damage earned it: AT-37 reads
    "achieved" as earned, since the farther members move first)."""
    c.movers = movers
    lines = {m: (throw_direction(state, c, m), params.throw_per_damage * c.dealt.get(m, 0))
             for m in movers if c.touching.get(m) or not _contact_comrades(c, m)}
    for m in movers:
        if m in lines:
            direction, distance = lines[m]
        else:
            best = min(_contact_comrades(c, m),
                       key=lambda x: (c.dealt.get(x, 0), c.ranks[x], x))
            direction = throw_direction(state, c, best)
            distance = params.throw_per_damage * c.dealt.get(best, 0)
        if direction is None:  # held between opposed attackers (groups.held_or_mean)
            direction, distance = (0.0, 0.0), 0.0
        c.throws.append(Throw(m, list(direction), distance, c.ranks[m], c.roots[m]))
    if c.reached:
        for t in c.throws:
            for u in c.throws:
                if t.id < u.id and t.root == u.root:
                    c.start_gaps[pair(t.id, u.id)] = gap(state.vehicles[t.id].base,
                                                         state.vehicles[u.id].base)


def _contact_comrades(c: Collision, member: str) -> list[str]:
    return [x for x, root in c.roots.items() if root == c.roots[member] and c.touching.get(x)]


def candidates(c: Collision) -> list[str]:
    """Vehicles that may be thrown next: the remaining ones of the highest rank (AT-37)."""
    remaining = [t for t in c.throws if t.id not in c.thrown]
    if not remaining:
        return []
    top = max(t.rank for t in remaining)
    return [t.id for t in remaining if t.rank == top]


def throw_next(state: At43State, params: At43Params, c: Collision, game: Context,
               chosen: str | None = None) -> bool:
    """Throw the next vehicle; False when the player must first pick among equals."""
    options = candidates(c)
    if not options:
        return True
    if chosen is None:
        if len(options) > 1:
            return False
        chosen = options[0]
    throw = next(t for t in c.throws if t.id == chosen)
    _throw(state, params, c, throw, game)
    c.thrown.append(chosen)
    return True


def _throw(state: At43State, params: At43Params, c: Collision, t: Throw, game: Context) -> None:
    vehicle = state.vehicles[t.id]
    comrades = [u.id for u in c.throws if c.reached and u.root == t.root and u.id != t.id]
    gaps = {u: c.start_gaps[pair(u, t.id)] if u in c.thrown else 0.0 for u in comrades}
    start = (vehicle.base.x, vehicle.base.y)
    rules = ["AT-29", "AT-30", "AT-32"] + (["AT-37"] if comrades else [])
    if t.distance <= 0:
        game.emit("throw", unit=t.id, distance=0.0, travelled=0.0, frm=list(start),
                  to=list(start), direction=t.direction, rules=rules)
        return
    direction = (t.direction[0], t.direction[1])
    result = sweep([vehicle.base], direction, t.distance, bases=afv_bases(state, [t.id]),
                   obstacles=obstacles(state), table=state.table, stop_gap=params.contact,
                   stop_gaps=gaps)
    apply_sweep([vehicle.base], direction, result)
    game.emit("throw", unit=t.id, distance=round(t.distance, 6),
              travelled=round(result.travelled, 6), frm=list(start),
              to=[vehicle.base.x, vehicle.base.y], direction=t.direction, rules=rules)
    crush(state, params, [Pass(vehicle, start, direction, result.travelled)], game, rule="AT-31")
    resolve_meetings(state, result, [t.id], game, rule="AT-31", harmless=comrades)
