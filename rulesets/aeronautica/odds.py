"""The exact odds of an Aeronautica burst, for the menu line beside ``fire``.

A weapon rolls its Firepower dice for the range band (AI-47); each hits on the to-hit score
after modifiers, a natural 6 always and a natural 1 never (AI-48); each hit rolls one damage
die removing 1 Structure at or above Damage, 2 at or above Extra Damage, none on a 1 (AI-50,
AI-51, AI-2). Per to-hit die that is one distribution of Structure removed; the burst is the
convolution of its dice (``polemos.core.chances``), so "destroyed" is the exact chance of
removing at least the target's Structure left.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from polemos.core.actions import Action
from polemos.core.chances import at_least, faces, line, pool
from polemos.core.hexgrid import distance
from polemos.rulesets.aeronautica.firing import band, hits_needed, is_hit, slot_of, target_of
from polemos.rulesets.aeronautica.losses import damage_amount
from polemos.rulesets.aeronautica.state import FOREIGN, AiState, Model, Setup


def burst(setup: Setup, state: AiState, action: Action, strangers: Mapping[str, Model]
          ) -> tuple[int, int, dict[int, Fraction]] | None:
    """``(dice, lowest hitting face, {Structure removed: chance})`` of a legal ``fire``."""
    if action.kind != "fire" or action.unit not in state.models:
        return None
    firer = state.models[action.unit]
    slot = slot_of(setup, firer.id, action["weapon"])
    target = target_of(state, strangers, action["target"])
    index = None if target is None else band(setup.params, distance(firer.hex, target.hex))
    if slot is None or target is None or index is None:
        return None
    weapon = slot.weapon
    modifier, _ = hits_needed(setup, firer, weapon, target)
    hit = faces(6, lambda face: int(is_hit(setup.params, face, modifier)))
    harm = faces(6, lambda face: damage_amount(weapon, [face]))
    one = {0: hit.get(0, Fraction(0))}
    for amount, chance in harm.items():
        one[amount] = one.get(amount, Fraction(0)) + hit.get(1, Fraction(0)) * chance
    lowest = min(face for face in range(1, 7) if is_hit(setup.params, face, modifier))
    return weapon.firepower[index], lowest, pool(one, weapon.firepower[index])


def burst_odds(setup: Setup, state: AiState, action: Action, strangers: Mapping[str, Model]
               ) -> str | None:
    """"3 dice, each hits on 5+: 41 % damaged, 4 % destroyed"; None for other actions.

    Another ruleset's unit (MIX-5, MIX-6) takes what its own rules make of the Structure
    removed, so only the chance of removing some is given for it.
    """
    found = burst(setup, state, action, strangers)
    if found is None:
        return None
    dice, lowest, removed = found
    target = target_of(state, strangers, action["target"])
    assert target is not None
    head = (f"1 die, hits on {lowest}+" if dice == 1
            else f"{dice} dice, each hits on {lowest}+")
    if target.kind == FOREIGN:
        return line(head, {"Structure lost": at_least(removed, 1)})
    left = target.structure
    return line(head, {"damaged": at_least(removed, 1) - at_least(removed, left),
                       "destroyed": at_least(removed, left)})
