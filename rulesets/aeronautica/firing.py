"""Firing: arcs, range, targeting, to-hit, ammo and damage (AI-17, AI-43 .. AI-51, AI-54).

A model fires one weapon at a time (``fire`` {weapon, target}); the weapons of one arc group
are then locked on that target (AI-45), so "any or all" weapons may fire and ammunition can be
saved. Every check lives in ``shot_problem`` so ``check`` and ``legal_actions`` agree.

On a shared table the targets also include other rulesets' units, as the stand-ins
``mixing.strangers`` builds (``strangers``, by name): the same checks and rolls apply, and what
would be lost in Structure is handed to their owner (MIX-5, MIX-6).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from polemos.core.hexgrid import arcs_of, axial_to_offset, distance, neighbour
from polemos.rulesets.aeronautica import ground, mixing
from polemos.rulesets.aeronautica.losses import damage, damage_amount
from polemos.rulesets.aeronautica.models import WeaponProfile
from polemos.rulesets.aeronautica.movement import occupant
from polemos.rulesets.aeronautica.state import (
    AIRCRAFT,
    FOREIGN,
    AiParams,
    AiState,
    Exchange,
    Model,
    Setup,
    Slot,
    Volley,
)

if TYPE_CHECKING:
    from polemos.core.context import Context

Problem = tuple[str, str] | None
BANDS = ("short", "medium", "long")


def band(params: AiParams, hexes: int) -> int | None:
    """AI-47: 0 Short (1-4, and 0 by AI-46), 1 Medium (5-7), 2 Long (8-10), else None."""
    for index, last in enumerate(params.bands):
        if hexes <= last:
            return index
    return None


def sight(firer: Model, target: Model) -> frozenset[str] | None:
    """The firer's horizontal arcs that hold the target (AI-44), or None when every arc does
    (ground weapons, AI-7) and "same" for a shared hex (AI-46)."""
    if firer.q == target.q and firer.r == target.r:
        return frozenset({"same"})
    if firer.kind != AIRCRAFT:
        return None
    return arcs_of(firer.hex, firer.facing, target.hex)


def bears(firer: Model, weapon: WeaponProfile, target: Model, seen: frozenset[str] | None
          ) -> bool:
    """Whether ``weapon`` bears on ``target`` given ``seen = sight(firer, target)``.

    AI-44: a hex on an arc line is in both arcs; All Round and Ground-to-Air weapons fire every
    way (AI-55); Up and Down compare altitudes. AI-46: in a shared hex the ground asset always
    has the aircraft in arc, and the aircraft has the Altitude 0 model in its Rear arc.
    """
    if seen is None or weapon.ground_to_air or "all_round" in weapon.arc:
        horizontal = True
    elif "same" in seen:
        horizontal = "rear" in weapon.arc
    else:
        horizontal = not seen.isdisjoint(weapon.arc)
    if not horizontal:
        return False
    if "up" in weapon.arc and target.altitude < firer.altitude:
        return False
    return not ("down" in weapon.arc and target.altitude > firer.altitude)


def in_arc(firer: Model, weapon: WeaponProfile, target: Model) -> bool:
    return bears(firer, weapon, target, sight(firer, target))


def slot_of(setup: Setup, model_id: str, slot_id: object) -> Slot | None:
    for slot in setup.specs[model_id].slots:
        if slot.id == slot_id:
            return slot
    return None


def target_of(state: AiState, strangers: Mapping[str, Model], target_id: object
              ) -> Model | None:
    """An Aeronautica model, or another ruleset's unit's stand-in (MIX-5, MIX-6)."""
    if not isinstance(target_id, str):
        return None
    return state.models.get(target_id) or strangers.get(target_id)


def shot_problem(setup: Setup, state: AiState, volley: Volley, slot_id: object,
                 target_id: object, strangers: Mapping[str, Model] = mixing.NOBODY) -> Problem:
    """Why the volley's model may not fire ``slot_id`` at ``target_id`` now, or None."""
    firer = state.models[volley.unit]
    slot = slot_of(setup, firer.id, slot_id)
    if slot is None:
        names = ", ".join(s.id for s in setup.specs[firer.id].slots) or "none"
        return "AI-17", f"{firer.id} has no weapon {slot_id!r} (weapons: {names})"
    weapon = slot.weapon
    if slot.id in volley.fired:
        return "AI-25", f"{firer.id}'s {weapon.name} has already fired"
    if volley.mode == "return" and not weapon.tail_gunner:
        return "AI-53", f"only Tail Gunner weapons fire back, not {weapon.name}"
    if firer.ammo.get(slot.id, 1) <= 0:
        return "AI-49", f"{firer.id}'s {weapon.name} is out of ammo"
    target = target_of(state, strangers, target_id)
    if target is None or not target.in_play or target.side == firer.side:
        return "AI-43", f"no enemy model {target_id!r} in play"
    if volley.only is not None and target.id != volley.only:
        rule = "AI-53" if volley.mode == "return" else "AI-23"
        return rule, f"this volley may only target {volley.only}"
    problem = ground.engage_problem(firer, weapon, target)
    if problem is not None:
        return problem
    if not in_arc(firer, weapon, target):
        rule = "AI-46" if firer.hex == target.hex else "AI-44"
        return rule, f"{target.id} is outside the {'/'.join(weapon.arc)} arc of {weapon.name}"
    hexes = distance(firer.hex, target.hex)
    index = band(setup.params, hexes)
    if index is None:
        return "AI-47", f"{target.id} is {hexes} hexes away, beyond Long range"
    if weapon.firepower[index] == 0:
        return "AI-17", f"{weapon.name} has no Firepower at {BANDS[index]} range ({hexes} hexes)"
    locked = volley.locks.get(slot.group)
    if locked is not None and locked != target.id:
        return "AI-45", (f"{weapon.name} shares its arc with weapons already firing at "
                         f"{locked}; one target per arc")
    return None


def shots(setup: Setup, state: AiState, volley: Volley,
          strangers: Mapping[str, Model] = mixing.NOBODY) -> list[tuple[str, str]]:
    """Every (weapon slot, target) the volley's model may fire now, in a stable order:
    Aeronautica's models, then other rulesets' units.

    Exactly the pairs ``shot_problem`` accepts (a test holds them to it), found without asking
    it pair by pair: what depends on the weapon alone or on the target alone (its side, arcs
    and range band) is worked out once, not once per weapon and target.
    """
    firer = state.models[volley.unit]
    targets = []
    for target_id in (*state.models, *strangers):
        target = target_of(state, strangers, target_id)
        if target is None or not target.in_play or target.side == firer.side:
            continue
        if volley.only is not None and target.id != volley.only:
            continue
        targets.append((target_id, target, sight(firer, target),
                        band(setup.params, distance(firer.hex, target.hex))))
    found = []
    for listed in setup.specs[volley.unit].slots:
        slot = slot_of(setup, firer.id, listed.id)
        assert slot is not None, "a listed slot is found by its id"
        weapon = slot.weapon
        if (slot.id in volley.fired or (volley.mode == "return" and not weapon.tail_gunner)
                or firer.ammo.get(slot.id, 1) <= 0):
            continue
        locked = volley.locks.get(slot.group)
        for target_id, target, seen, index in targets:
            if (index is not None and weapon.firepower[index] != 0
                    and (locked is None or locked == target.id)
                    and ground.engage_problem(firer, weapon, target) is None
                    and bears(firer, weapon, target, seen)):
                found.append((listed.id, target_id))
    return found


def hits_needed(setup: Setup, firer: Model, weapon: WeaponProfile, target: Model
                ) -> tuple[int, list[str]]:
    """The to-hit modifier; another ruleset's unit has no Stealth (mixing Decision)."""
    stealth = setup.specs[target.id].stealth if target.kind != FOREIGN else 0
    return ground.modifier(firer, weapon, target, stealth)


def is_hit(params: AiParams, roll: int, modifier: int) -> bool:
    """AI-48 Decision: a natural 1 misses and a natural 6 hits, whatever the modifiers."""
    return roll == 6 or (roll != 1 and roll + modifier >= params.to_hit)


def fire(setup: Setup, state: AiState, volley: Volley, slot_id: str, target_id: str,
         game: Context, strangers: Mapping[str, Model] = mixing.NOBODY) -> None:
    """AI-43: to-hit dice for the range band, ammo spent, then the damage dice; at another
    ruleset's unit the Structure they would remove lands as a hit (MIX-5, MIX-6)."""
    firer, target = state.models[volley.unit], target_of(state, strangers, target_id)
    assert target is not None
    slot = slot_of(setup, firer.id, slot_id)
    assert slot is not None
    weapon = slot.weapon
    hexes = distance(firer.hex, target.hex)
    index = band(setup.params, hexes)
    assert index is not None
    modifier, rules = hits_needed(setup, firer, weapon, target)
    volley.locks[slot.group] = target.id
    volley.fired.append(slot.id)
    volley.jink = False
    rolls = game.dice.roll(weapon.firepower[index], purpose=f"{firer.id} {weapon.name} to hit",
                           rule=rules[0], unit=firer.id)
    hits = sum(1 for roll in rolls if is_hit(setup.params, roll, modifier))
    if slot.id in firer.ammo:
        firer.ammo[slot.id] -= 1
        rules.append("AI-49")
    damage_rolls = game.dice.roll(hits, purpose=f"{firer.id} {weapon.name} damage",
                                  rule="AI-50", unit=firer.id) if hits else []
    amount = damage_amount(weapon, damage_rolls)
    rules += ["AI-47", "AI-50"] + (["AI-51"] if weapon.extra_damage else [])
    if target.kind == FOREIGN:
        rules.append(mixing.cause(weapon)[1])
    game.emit("fire", unit=firer.id, weapon=weapon.name, slot=slot.id, target=target.id,
              hexes=hexes, band=BANDS[index], modifier=modifier, rolls=rolls, hits=hits,
              damage_rolls=damage_rolls, damage=amount, rules=rules)
    if state.exchange is not None:
        pending = state.exchange.pending
        pending[target.id] = pending.get(target.id, 0) + amount
        return
    scatters = hits > 0 and ground.bombing(weapon, target)
    near = ground.foreign_near(game.world, target) if scatters else []
    if target.kind == FOREIGN:
        mixing.strike(game, target.id, amount, firer.id, weapon)
    else:
        damage(setup, state, target, amount, firer.id, ["AI-50"], game)
    if scatters:
        ground.scatter(setup, state, firer, weapon, target, near, game)


def settle_exchange(setup: Setup, state: AiState, exchange: Exchange, game: Context) -> None:
    """AI-53: the Tailing Fire exchange is simultaneous — damage lands after both rolled."""
    for unit, amount in exchange.pending.items():
        damage(setup, state, state.models[unit], amount, exchange.tailer if unit ==
               exchange.target else exchange.target, ["AI-53", "AI-50"], game)


# -- jink (AI-54) --------------------------------------------------------------------------
def jink_problem(setup: Setup, state: AiState, volley: Volley, direction: int) -> Problem:
    model = state.models[volley.unit]
    if not setup.specs[model.id].jink:
        return "AI-54", f"{model.id} does not have the Jink rule"
    if volley.mode != "fire" or not volley.jink:
        return "AI-54", "Jink comes when chosen to fire in the Firing phase, before targeting"
    to = neighbour(model.hex, direction)
    if not setup.cloth.contains(to):
        return "AI-54", f"{model.id} cannot jink off the Area of Engagement"
    if occupant(state, to, model.id) is not None:
        return "AI-54", f"{model.id} cannot jink into an occupied hex"
    return None


def jink(state: AiState, volley: Volley, direction: int, game: Context) -> None:
    """AI-54: 1 hex in any direction, keeping facing, Speed and Altitude."""
    model = state.models[volley.unit]
    start = model.hex
    to = neighbour(start, direction)
    model.q, model.r = to.q, to.r
    volley.jink = False
    game.emit("jink", unit=model.id, frm=list(axial_to_offset(start)),
              to=list(axial_to_offset(to)), rule="AI-54")


# -- expectations (bots) -------------------------------------------------------------------
def hit_chance(params: AiParams, modifier: int) -> float:
    return sum(1 for roll in range(1, 7) if is_hit(params, roll, modifier)) / 6


@cache
def damage_per_hit(weapon: WeaponProfile) -> float:
    return damage_amount(weapon, list(range(1, 7))) / 6


def expected(setup: Setup, firer: Model, target: Model,
             slots: tuple[Slot, ...] | None = None) -> float:
    """Mean Structure the firer's loaded weapons (or just ``slots``) remove from ``target``
    from where both stand, each weapon on its own (0 where it has no shot)."""
    seen = sight(firer, target)
    index = band(setup.params, distance(firer.hex, target.hex))
    if index is None:
        return 0.0
    total = 0.0
    for slot in setup.specs[firer.id].slots if slots is None else slots:
        weapon = slot.weapon
        if weapon.firepower[index] == 0 or firer.ammo.get(slot.id, 1) <= 0:
            continue
        if ground.engage_problem(firer, weapon, target) is not None:
            continue
        if not bears(firer, weapon, target, seen):
            continue
        modifier, _ = hits_needed(setup, firer, weapon, target)
        total += weapon.firepower[index] * hit_chance(setup.params, modifier) * \
            damage_per_hit(weapon)
    return total
