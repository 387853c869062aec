"""The exact odds of a Petit Cirque Volant shot, for the menu line beside ``fire``.

One D6 against the score of PCV-15 (same altitude) or PCV-16 (one level apart); a hit rolled
as a 6 destroys, any other hit damages, and the role's last damage destroys (PCV-17, PCV-O4).
Counted face by face with ``polemos.core.chances``: 4+ at the 1st hex is 1/6 destroyed and
2/6 damaged for an undamaged two-hit aircraft.
"""

from __future__ import annotations

from fractions import Fraction

from polemos.core.actions import Action
from polemos.core.chances import line
from polemos.rulesets.petit_cirque.fire import shot
from polemos.rulesets.petit_cirque.state import PcvParams, PcvState


def fire_outcomes(state: PcvState, params: PcvParams, action: Action
                  ) -> tuple[int, dict[str, Fraction]] | None:
    """``(score needed, {"damaged": p, "destroyed": p})`` of a legal ``fire``, else None."""
    if action.kind != "fire":
        return None
    firer, target = state.planes.get(action.unit or ""), state.planes.get(action["target"])
    if firer is None or target is None:
        return None
    _, needed, _ = shot(params, firer, target)
    if needed is None:
        return None
    last = target.damage + 1 >= params.hits_to_destroy.get(target.role, 2)
    hits = Fraction(7 - needed, 6)
    six = Fraction(1, 6)
    if last:
        return needed, {"damaged": Fraction(0), "destroyed": hits}
    return needed, {"damaged": hits - six, "destroyed": six}


def shot_odds(state: PcvState, params: PcvParams, action: Action) -> str | None:
    """"needs 4+: 33 % damaged, 17 % destroyed" for a shot; None for any other action."""
    found = fire_outcomes(state, params, action)
    if found is None:
        return None
    needed, outcomes = found
    return line(f"needs {needed}+", outcomes)
