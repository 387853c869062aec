"""Helpers for a ruleset's ``evaluate`` (``polemos_evaluate``): leads turned into odds.

A ruleset judges a position by what its victory rules count; these put the counts on the one
scale the search bot wants, 0.0 (lost) … 0.5 (even) … 1.0 (won), so every ruleset's
evaluation reads alike.
"""

from __future__ import annotations

from collections.abc import Mapping


def lead(values: Mapping[str, float], side: str) -> float:
    """``side``'s value less the best other side's, over their sum: from -1 to 1, 0 when both
    are 0 (nothing to tell them apart)."""
    mine = values[side]
    theirs = max((v for s, v in values.items() if s != side), default=0.0)
    total = abs(mine) + abs(theirs)
    return 0.0 if total == 0 else (mine - theirs) / total


def odds(*weighted: tuple[float, float]) -> float:
    """The weighted sum of leads (each ``(weight, lead)``, the weights summing to 1 or less)
    as an evaluation: 0.5 for no lead, clipped to [0, 1]."""
    total = sum(weight * value for weight, value in weighted)
    return min(1.0, max(0.0, 0.5 + total / 2))
