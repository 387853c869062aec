"""AT-43 on a shared table (docs/mixing.md): what the others see, what their hits do, and AFVs
running over their infantry.

AFVs show as ``vehicle`` and infantry models as ``infantry``, at their base centres (MIX-3);
another ruleset's hit is located damage on an AFV and death for a model (MIX-4); an AFV that
rushes, pushes or is pushed or thrown over another ruleset's infantry crushes it by AT-8 (MIX-8).

Decisions (the contract leaves them to this ruleset):

- *Engaged* (MIX-8): AT-8's "engaged in melee" has no meaning for another ruleset's troops, so a
  foreign model counts as engaged when its base is within ``ENGAGED_CM`` of a foreign ground unit
  of another side (base contact, as De Bello Gallico's melee has it).
- *Survivors stay* (MIX-8): AT-43 never moves another ruleset's troops — their owner moves
  them. A foreign survivor stays where it stands and only tests its morale, through the
  ``World.shake`` (MIX-9); the AFV may end its move over its base.
- *Blocking* (AT-10): a foreign ground unit is not an obstacle; it bars what AT's own infantry
  bar (a normal move, an infantry march, a survivor's new spot) and nothing else. Only
  ``infantry`` are crushed; other foreign ground units are passed over without effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.morale import MoraleShock
from polemos.core.table import EPS, Base, gap
from polemos.core.world import AIRCRAFT, INFANTRY, VEHICLE, Hit, Outcome, Presence, World
from polemos.rulesets.at43.damage import damage_vehicle, wreck
from polemos.rulesets.at43.state import At43Params, At43State

if TYPE_CHECKING:
    from polemos.core.context import Context

RULESET = "at43"
HIT_RULE = "MIX-4"
CRUSH_RULE = "MIX-8"
ENGAGED_CM = 0.1
"""MIX-8 Decision: a foreign model this close to a foreign unit of another side is engaged."""


def presences(state: At43State) -> list[Presence]:
    """MIX-3: every AFV (not the wrecks: scenery, AT-6) and every living infantry model, at its
    base centre with its base radius, on the ground."""
    found = [Presence(v.id, RULESET, v.side, VEHICLE, v.base.x, v.base.y, v.base.radius)
             for v in state.vehicles.values() if v.side and not v.wreck]
    found += [Presence(t.id, RULESET, t.side, INFANTRY, t.base.x, t.base.y, t.base.radius)
              for t in state.troopers.values() if t.alive]
    return found


# -- other rulesets' units on the ground ----------------------------------------------------


def foreign_ground(world: World) -> list[Presence]:
    """Other rulesets' units standing on the table (aircraft in the air are out of reach)."""
    return [p for p in world.presences(exclude=RULESET) if p.kind != AIRCRAFT and p.altitude == 0]


def key(presence: Presence) -> str:
    """A foreign unit's base id in AT-43's geometry: its ids may repeat AT-43's own."""
    return f"{presence.ruleset}:{presence.unit}"


def base_of(presence: Presence) -> Base:
    return Base(key(presence), presence.x, presence.y, presence.radius)


def foreign_bases(world: World) -> list[Base]:
    """Foreign ground units as bases, for what AT's own infantry bar (module Decision)."""
    return [base_of(p) for p in foreign_ground(world)]


def find(world: World, unit_key: str) -> Presence | None:
    """The foreign unit as it stands now, or None once it has left play."""
    return next((p for p in foreign_ground(world) if key(p) == unit_key), None)


def engaged(presence: Presence, ground: list[Presence]) -> bool:
    """MIX-8 Decision: in base contact (within 0.1 cm) with a foreign unit of another side."""
    base = base_of(presence)
    return any(p.side != presence.side and gap(base, base_of(p)) <= ENGAGED_CM + EPS
               for p in ground if key(p) != base.id)


# -- MIX-8: crushing foreign infantry --------------------------------------------------------


def crush_foreign(params: At43Params, unit_key: str, vehicle: str, is_engaged: bool, game: Context,
                  rule: str) -> bool:
    """AT-8 through MIX-8: a D6, killed on 5+ (3+ engaged); the kill is a lethal hit handed to
    the owner. Returns whether the model lives on (a model that left play before its roll —
    fled at a comrade's death — is not rolled for and does not live on)."""
    presence = find(game.world, unit_key)
    if presence is None:
        return False
    needed = params.crush_engaged_needed if is_engaged else params.crush_needed
    roll = game.dice.d6(purpose=f"{presence.unit} crushed by {vehicle}", rule=CRUSH_RULE,
                        unit=presence.unit, needed=needed)
    killed = roll >= needed
    game.emit("crush", unit=presence.unit, by=vehicle, roll=roll, needed=needed,
              engaged=is_engaged, support_weapon=False, killed=killed, foreign=presence.ruleset,
              rules=sorted({rule, "AT-8", CRUSH_RULE}))
    if killed:
        game.world.hit(presence, Hit(vehicle, RULESET, "crush", 1, CRUSH_RULE, lethal=True), game)
    return not killed


def shake(unit_key: str, vehicle: str, game: Context) -> None:
    """MIX-8, MIX-9: a foreign survivor stays where it is and tests its morale by its own rules
    (the hook's owner rolls; no owner answering means no test)."""
    presence = find(game.world, unit_key)
    if presence is None:
        return
    game.emit("crush_shock", unit=presence.unit, foreign=presence.ruleset, by=vehicle,
              rule=CRUSH_RULE)
    game.world.shake(MoraleShock(presence.unit, f"crushed past by {vehicle}", CRUSH_RULE,
                                 source=vehicle), game)


# -- MIX-4: another ruleset's hit --------------------------------------------------------------


def take_hit(state: At43State, unit: str, hit: Hit, game: Context) -> Outcome:
    """MIX-4: each damage point on an AFV is located by a D6 (AT-4: a 6 on the first Weapon
    still working, AT-5 spill-over) and a lethal hit takes its Frame to 0; the AFV whose Frame
    is gone is a wreck (AT-5, AT-6). Any damage kills an infantry model."""
    if unit in state.troopers:
        trooper = state.troopers[unit]
        if not trooper.alive:
            return Outcome(unit, 0, False, "already dead")
        _struck(unit, hit, game)
        if not hit.lethal and hit.damage <= 0:
            return Outcome(unit, 0, False, "unharmed")
        state.kill(trooper)
        game.emit("killed", unit=unit, side=trooper.side, rules=[hit.rule, HIT_RULE])
        return Outcome(unit, hit.damage, True, "killed")
    vehicle = state.vehicles[unit]
    if vehicle.wreck:
        return Outcome(unit, 0, False, "already a wreck")
    _struck(unit, hit, game)
    if hit.lethal:
        vehicle.frame = 0
        wreck(vehicle, game)
        return Outcome(unit, hit.damage, True, "destroyed: a wreck")
    located = damage_vehicle(vehicle, hit.damage, game, cause=f"{hit.cause} by {hit.source}",
                             rule=hit.rule)
    if vehicle.wreck:
        effect = "destroyed: a wreck"
    elif not vehicle.mobile:
        effect = "immobilised"
    else:
        effect = "damaged" if located else "unharmed"
    return Outcome(unit, located, vehicle.wreck, effect)


def _struck(unit: str, hit: Hit, game: Context) -> None:
    game.emit("struck", unit=unit, source=hit.source, cause=hit.cause, damage=hit.damage,
              lethal=hit.lethal, rules=[hit.rule, HIT_RULE])
