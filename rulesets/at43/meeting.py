"""What happens when a pushed or thrown vehicle meets an obstacle (AT-23 … AT-25, AT-27, AT-31).

The sweep (``polemos.core.table.sweep`` with a 2.5 cm stop gap) already stopped the move at the
first meeting, exactly as AT-23 defines it; this module applies the consequences.

Decisions: the table edge stops a push or throw without damage (it is not a piece of terrain);
a vehicle that meets several obstacles at once takes its 1 damage point once, and each weaker
obstacle takes its impact; no impact is rolled against a wreck or an indestructible piece, which
take no damage anyway (AT-10).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from polemos.core.table import Sweep
from polemos.rulesets.at43.damage import armour_of, damage_terrain, damage_vehicle
from polemos.rulesets.at43.resolution import needed, roll_successes
from polemos.rulesets.at43.state import At43State, Vehicle

if TYPE_CHECKING:
    from polemos.core.context import Context


def resolve_meetings(state: At43State, result: Sweep, movers: Collection[str], game: Context, *,
                     rule: str, harmless: Collection[str] = ()) -> None:
    """Apply every meeting of a push or throw.

    ``movers`` take damage when they meet something (the pushed or thrown vehicles); any other
    block member is a pushing attacker, whose meeting just stops the push (AT-27). ``harmless``
    names things met without effect (members of one thrown group, AT-37).
    """
    met: dict[str, list[str]] = {}
    for meeting in result.meetings:
        if meeting.kind == "edge":
            game.emit("meet", unit=meeting.mover_id, thing=meeting.id, kind="edge",
                      effect="stops at the table edge", rule="AT-23")
        elif meeting.id in harmless:
            game.emit("meet", unit=meeting.mover_id, thing=meeting.id, kind=meeting.kind,
                      effect="stops at its starting gap from a comrade of its group",
                      rule="AT-37")
        elif meeting.mover_id not in movers:
            game.emit("meet", unit=meeting.mover_id, thing=meeting.id, kind=meeting.kind,
                      effect="the pushing attacker meets an obstacle: the push stops",
                      rule="AT-27")
        else:
            met.setdefault(meeting.mover_id, []).append(meeting.id)
    for mover_id, things in met.items():
        mover = state.vehicles[mover_id]
        rules = list(dict.fromkeys(["AT-23", rule, "AT-24"]))
        if mover.wreck:
            game.emit("meet", unit=mover_id, thing=things[0], things=things, kind="obstacle",
                      effect="stops (a wreck takes no damage)", rules=rules + ["AT-6"])
        else:
            game.emit("meet", unit=mover_id, thing=things[0], things=things, kind="obstacle",
                      effect="stops and takes 1 damage point", rules=rules)
            damage_vehicle(mover, 1, game, cause=f"met {', '.join(things)}", rule="AT-24")
        for thing in things:
            obstacle_impact(state, mover, thing, game)


def obstacle_impact(state: At43State, mover: Vehicle, thing: str, game: Context) -> None:
    """AT-25: an obstacle with Armour below the mover's takes 1 impact (Action = mover's Armour,
    Difficulty = obstacle's); AT-24, AT-31: one with Armour ≥ the mover's takes nothing."""
    armour = armour_of(state, thing)
    if armour is None or armour >= mover.armour:
        game.emit("obstacle_holds", unit=mover.id, thing=thing, armour=armour,
                  rules=["AT-24", "AT-31"])
        return
    if thing in state.vehicles:
        target = state.vehicles[thing]
        if target.wreck:
            game.emit("obstacle_holds", unit=mover.id, thing=thing, armour=armour,
                      why="a wreck takes no damage", rules=["AT-6", "AT-10"])
            return
    elif state.terrain[thing].frame is None:
        game.emit("obstacle_holds", unit=mover.id, thing=thing, armour=armour,
                  why="indestructible terrain", rules=["AT-10"])
        return
    rolls, hits = roll_successes(game.dice, 1, mover.armour, armour,
                                 purpose=f"impact of {mover.id} on obstacle {thing}",
                                 rule="AT-25", unit=mover.id, target=thing)
    game.emit("obstacle_impact", unit=mover.id, thing=thing, needed=needed(mover.armour - armour),
              dice=rolls, damage=hits, rule="AT-25")
    if not hits:
        return
    if thing in state.vehicles:
        damage_vehicle(state.vehicles[thing], hits, game, cause=f"met by {mover.id}",
                       rule="AT-25")
    else:
        damage_terrain(state.terrain[thing], hits, game, cause=f"met by {mover.id}")
