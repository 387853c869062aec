"""The exact odds of a De Bello Gallico shot, for the menu line beside ``shoot``.

DBG-22: one die (the scenario's, a D10 by default) + Tir against 10 + 1 per full 10 cm, +1 for
cover (DBG-23); no automatic success or failure (DBG-2). A hit wounds a healthy target and
takes a wounded one out of action (DBG-7), unless a Tough fighter shrugs off its first wound
(DBG-43). Counted face by face with ``polemos.core.chances``.
"""

from __future__ import annotations

from fractions import Fraction

from polemos.core.actions import Action
from polemos.core.chances import faces, line
from polemos.rulesets.de_bello_gallico.shooting import shot_difficulty
from polemos.rulesets.de_bello_gallico.state import DbgState


def shot_outcome(state: DbgState, action: Action) -> tuple[int, str, Fraction] | None:
    """``(score needed on the die, what a hit does, chance of a hit)`` of a ``shoot``."""
    if action.kind != "shoot" or action.unit not in state.fighters:
        return None
    shooter, target = state.fighters[action.unit], state.fighters.get(action["target"])
    if target is None or shooter.shoot is None:
        return None
    difficulty, _ = shot_difficulty(state, shooter, target)
    tir = shooter.shoot
    hit = faces(state.die, lambda face: int(face + tir >= difficulty)).get(1, Fraction(0))
    if target.has("tough") and not target.tough_used:
        effect = "wound shrugged off (Tough)"
    else:
        effect = "wounded" if target.wounds == 0 else "out of action"
    return difficulty - tir, effect, hit


def shot_odds(state: DbgState, action: Action) -> str | None:
    """"needs 6+ on the D10: 50 % wounded"; None for other actions."""
    found = shot_outcome(state, action)
    if found is None:
        return None
    score, effect, hit = found
    return line(f"needs {max(score, 1)}+ on the D{state.die}", {effect: hit})
