"""Crushing infantry (AT-8, AT-26, AT-31): models a moving AFV's base passes over.

Applies while rushing (approach of a ram included), pushing, being pushed and being thrown.
Infantry are never obstacles (AT-10): sweeps pass through them and this module settles their
fate afterwards, in the order the bases reached them.

Decisions: crushing does not tell friend from foe (AT-8 names no side); a model is *engaged in
melee* when it is in contact (AT-1) with an enemy model or AFV other than the moving ones; a
survivor for which no free spot is found within 30 cm is removed as a casualty.

On a shared table other rulesets' infantry passed over are crushed in the same pass, in the
order reached, by the same roll (MIX-8, ``mixing``); their survivors stay and test morale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from polemos.core.table import EPS, Base, Vec, gap, in_contact, passed_over
from polemos.core.world import INFANTRY
from polemos.rulesets.at43 import mixing
from polemos.rulesets.at43.geometry import clear_spot, free, trooper_bases
from polemos.rulesets.at43.state import At43Params, At43State, Trooper, Vehicle

if TYPE_CHECKING:
    from polemos.core.context import Context


@dataclass(frozen=True, slots=True)
class Pass:
    """One AFV's straight move, recorded before it is applied: who, from where, which way."""

    vehicle: Vehicle
    start: Vec
    direction: Vec
    travelled: float


def engaged(state: At43State, params: At43Params, trooper: Trooper, movers: set[str]) -> bool:
    """AT-8 Decision: in contact with an enemy model or AFV that is not moving now."""
    for v in state.vehicles.values():
        if (v.id not in movers and not v.wreck and v.side and v.side != trooper.side
                and in_contact(trooper.base, v.base, params.contact)):
            return True
    return any(t.alive and t.side != trooper.side
               and in_contact(trooper.base, t.base, params.contact)
               for t in state.troopers.values())


def crush(state: At43State, params: At43Params, passes: list[Pass], game: Context,
          rule: str = "AT-8") -> None:
    """Roll for every model passed over (support weapons die without a roll), then put the
    survivors back clear of the AFV that passed over them; foreign infantry (MIX-8) are rolled
    for in the same order, and their survivors test morale where they stand."""
    movers = {p.vehicle.id for p in passes}
    ground = mixing.foreign_ground(game.world)
    foreign = {mixing.key(p): p for p in ground if p.kind == INFANTRY}
    alive = trooper_bases(state) + [mixing.base_of(p) for p in foreign.values()]
    victims: list[tuple[str, Pass]] = []
    seen: set[str] = set()
    for move in passes:
        if move.travelled <= 0:
            continue
        probe = Base(move.vehicle.id, move.start[0], move.start[1], move.vehicle.base.radius)
        for base in passed_over(probe, move.direction, move.travelled, alive):
            if base.id not in seen:
                seen.add(base.id)
                victims.append((base.id, move))
    if not victims:
        return
    status = {v: mixing.engaged(foreign[v], ground) if v in foreign
              else engaged(state, params, state.troopers[v], movers) for v, _ in victims}
    survivors: list[tuple[Trooper, Pass]] = []
    shaken: list[tuple[str, str]] = []
    for victim, move in victims:
        if victim in foreign:
            if mixing.crush_foreign(params, victim, move.vehicle.id, status[victim], game, rule):
                shaken.append((victim, move.vehicle.id))
            continue
        trooper = state.troopers[victim]
        if trooper.support_weapon:
            roll, target, killed = None, None, True
        else:
            target = params.crush_engaged_needed if status[trooper.id] else params.crush_needed
            roll = game.dice.d6(purpose=f"{trooper.id} crushed by {move.vehicle.id}", rule="AT-8",
                                unit=trooper.id, needed=target)
            killed = roll >= target
        game.emit("crush", unit=trooper.id, by=move.vehicle.id, roll=roll, needed=target,
                  engaged=status[trooper.id], support_weapon=trooper.support_weapon,
                  killed=killed, rules=sorted({rule, "AT-8"}))
        if killed:
            state.kill(trooper)
        else:
            survivors.append((trooper, move))
    for trooper, move in survivors:
        _displace(state, params, trooper, move, game)
    for victim, vehicle in shaken:
        mixing.shake(victim, vehicle, game)


def _displace(state: At43State, params: At43Params, trooper: Trooper, move: Pass,
              game: Context) -> None:
    """A survivor already out of contact with the AFV's final base, on free ground, stays.
    Its new spot keeps off other rulesets' units too (MIX-8 Decision in ``mixing``)."""
    others = mixing.foreign_bases(game.world)
    if gap(trooper.base, move.vehicle.base) > params.contact + EPS and \
            free(state, trooper.base, others=others):
        return
    spot = clear_spot(state, trooper.base, move.vehicle, params.survivor_gap,
                      (move.start, move.direction), others)
    frm = [trooper.base.x, trooper.base.y]
    if spot is None:
        state.kill(trooper)
        game.emit("survivor_lost", unit=trooper.id, at=frm, rule="AT-8")
        return
    trooper.base.x, trooper.base.y = spot
    game.emit("survivor_moved", unit=trooper.id, frm=frm, to=list(spot), by=move.vehicle.id,
              rule="AT-8")
