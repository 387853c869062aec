"""How well a side stands in an AT-43 derby, for the search bot (``polemos_evaluate``).

Two things decide: AT-P2, the last side with a mobile AFV wins at once (AT-5: neither a wreck
nor immobilised), and AT-P3, at the round limit the most enemy SP destroyed (infantry killed
count 1 each) wins. The position counts both: the lead in mobile AFVs, and the lead in the
AT-P3 score over everything there was to destroy.
"""

from __future__ import annotations

from typing import Any

from polemos.core.evaluation import lead, odds
from polemos.rulesets.at43 import objective
from polemos.rulesets.at43.state import At43State

MOBILE_WEIGHT = 0.5
"""AT-P2 ends the game at once; AT-P3 only at the round limit, but it counts every hit."""


def mobile(state: At43State) -> dict[str, float]:
    """Each side's mobile AFVs (AT-5, AT-P2)."""
    counts = dict.fromkeys(state.sides, 0.0)
    for vehicle in state.vehicles.values():
        if vehicle.side and vehicle.mobile:
            counts[vehicle.side] += 1
    return counts


def evaluate(rules: Any, state: At43State, side: str) -> float:
    """``side``'s lead in mobile AFVs (AT-P2) and in enemy SP destroyed (AT-P3)."""
    scores = objective.scores(state)
    at_stake = max(sum(v.start_sp for v in state.vehicles.values() if v.side)
                   + len(state.troopers), 1)
    theirs = max(v for s, v in scores.items() if s != side)
    return odds((MOBILE_WEIGHT, lead(mobile(state), side)),
                (1 - MOBILE_WEIGHT, (scores[side] - theirs) / at_stake))
