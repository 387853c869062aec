"""How many impacts a collision and its backlash roll (AT-15, AT-17, AT-19, AT-20, AT-34)."""

from __future__ import annotations

from polemos.rulesets.at43.state import ASSAULT, CHARGE


def band(distance: float, move: float, rush_bonus: float) -> str | None:
    """AT-15: Assault when d ≤ M, Charge when M < d ≤ M + 10, else no collision (None)."""
    if distance <= move:
        return ASSAULT
    if distance <= move + rush_bonus:
        return CHARGE
    return None


def size_bonus(larger: int, smaller: int) -> int:
    """AT-17, AT-19: +1 impact per point by which one Size exceeds the other."""
    return max(0, larger - smaller)


def impact_count(band_: str, attacker_size: int, target_size: int, in_contact: bool = True
                 ) -> int:
    """AT-15 (1 for an Assault, 2 for a Charge) + AT-17 (Size bonus); AT-34: one fewer for an
    attacker that joined without contact, never below 0."""
    count = (1 if band_ == ASSAULT else 2) + size_bonus(attacker_size, target_size)
    return count if in_contact else max(0, count - 1)


def backlash_count(damage_taken: int, target_size: int, attacker_size: int) -> int:
    """AT-19: 1 impact per damage point just taken + the target's Size bonus; AT-20: the bonus
    applies even when the target took no damage (and when the impacts destroyed it)."""
    return damage_taken + size_bonus(target_size, attacker_size)
