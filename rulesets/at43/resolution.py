"""The universal resolution table (AT-2, AT-3) as pure functions.

Δ = Action value − Difficulty; one D6 must reach the score the table gives. Outside the end
columns the result is automatic and no die is rolled (AT-3 Decision: a 1 or a 6 has no other
special effect).
"""

from __future__ import annotations

from polemos.core.dice import Dice

AUTO_SUCCESS = 1
"""'needed' for Δ ≥ +6: every die would do, so none is rolled."""
AUTO_FAILURE = 7
"""'needed' for Δ ≤ −6: no die can do, so none is rolled."""


def needed(delta: int) -> int:
    """AT-2: the D6 score needed for Δ (1 = automatic success, 7 = automatic failure, AT-3)."""
    if delta <= -6:
        return AUTO_FAILURE
    if delta >= 6:
        return AUTO_SUCCESS
    # Δ −5..+5 in steps of two columns: −5,−4 → 6; −3,−2 → 5; −1,0,+1 → 4; +2,+3 → 3; +4,+5 → 2
    if delta <= -4:
        return 6
    if delta <= -2:
        return 5
    if delta <= 1:
        return 4
    if delta <= 3:
        return 3
    return 2


def automatic(delta: int) -> bool:
    """AT-3: the end columns need no die."""
    return needed(delta) in (AUTO_SUCCESS, AUTO_FAILURE)


def success(roll: int, delta: int) -> bool:
    """AT-2/AT-3: the die succeeds exactly when it reaches the needed score."""
    return roll >= needed(delta)


def chance(delta: int) -> float:
    """Probability that one roll succeeds (the greedy bot's expected damage)."""
    return max(0.0, min(1.0, (7 - needed(delta)) / 6))


def roll_successes(dice: Dice, n: int, action: int, difficulty: int, *, purpose: str,
                   rule: str, **context: object) -> tuple[list[int], int]:
    """Roll ``n`` dice on the table for Action vs Difficulty; returns the dice and successes.

    Automatic columns roll nothing (AT-3): all succeed or all fail.
    """
    delta = action - difficulty
    if n <= 0:
        return [], 0
    if automatic(delta):
        return [], n if needed(delta) == AUTO_SUCCESS else 0
    rolls = dice.roll(n, purpose=purpose, rule=rule, sides=6, needed=needed(delta), **context)
    return rolls, sum(1 for r in rolls if success(r, delta))
