"""Exact chances of a roll, for the odds a menu shows beside an action (``Ruleset.odds``).

Rulesets count faces, never sample: a die's outcomes are exact fractions, a pool of dice is
their convolution, and the line a person reads rounds only at the end ("needs 5+: 33 %
damaged, 17 % destroyed").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from polemos.core.wording import percent


def faces(sides: int, outcome: Callable[[int], int]) -> dict[int, Fraction]:
    """The distribution of ``outcome(face)`` over a fair die of ``sides`` faces."""
    found: dict[int, Fraction] = {}
    for face in range(1, sides + 1):
        value = outcome(face)
        found[value] = found.get(value, Fraction(0)) + Fraction(1, sides)
    return found


def pool(one: Mapping[int, Fraction], n: int) -> dict[int, Fraction]:
    """The distribution of the sum of ``n`` independent dice each distributed as ``one``."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(n):
        step: dict[int, Fraction] = {}
        for have, p in total.items():
            for add, q in one.items():
                step[have + add] = step.get(have + add, Fraction(0)) + p * q
        total = step
    return total


def at_least(distribution: Mapping[int, Fraction], value: int) -> Fraction:
    """The chance of ``value`` or more."""
    return sum((p for v, p in distribution.items() if v >= value), Fraction(0))


def line(head: str, outcomes: Mapping[str, Fraction]) -> str:
    """``head`` and each outcome with a chance above 0, in order: "needs 4+: 33 % damaged,
    17 % destroyed"; "no chance" when every outcome is impossible."""
    shown = [f"{percent(float(p))} {name}" for name, p in outcomes.items() if p > 0]
    return f"{head}: {', '.join(shown) if shown else 'no chance'}"
