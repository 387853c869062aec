"""What a batch of games says: win rates with 95 % Wilson intervals, a test against an even
game, game length, survival, rules fired and scores — the numbers a scenario designer balances by.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from scipy import stats

from polemos.plugins.lab.batch import GameRow

CONFIDENCE = 0.95
EVEN_LEVEL = 0.05
"""Below this p-value a scenario is called favoured."""


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` of ``games``, with its Wilson interval at ``CONFIDENCE``."""

    label: str
    count: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.count / self.games if self.games else 0.0

    @property
    def margin(self) -> float:
        """Half the interval's width, for "61 % ± 3"."""
        return (self.high - self.low) / 2

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


def wilson(label: str, count: int, games: int) -> Rate:
    if games == 0:
        return Rate(label, 0, 0, 0.0, 1.0)
    interval = stats.binomtest(count, games).proportion_ci(CONFIDENCE, method="wilson")
    return Rate(label, count, games, float(interval.low), float(interval.high))


def even_p_value(wins: Sequence[int]) -> float:
    """The chance of wins at least this uneven if every side were as likely to win (draws
    left out): a binomial test for two sides, a chi-square test for more."""
    decisive = sum(wins)
    if decisive == 0 or len(wins) < 2:
        return 1.0
    if len(wins) == 2:
        return float(stats.binomtest(wins[0], decisive, 0.5).pvalue)
    return float(stats.chisquare(list(wins)).pvalue)


@dataclass(slots=True)
class Summary:
    scenario: str
    games: int
    sides: list[Rate]
    draws: Rate
    p_value: float
    verdict: str
    length: dict[str, float]
    survival: dict[str, Rate]
    rules: dict[str, int]
    scores: dict[str, dict[str, float]]
    errors: list[dict[str, Any]] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["sides"] = [{**asdict(r), "rate": r.rate} for r in self.sides]
        data["draws"] = {**asdict(self.draws), "rate": self.draws.rate}
        data["survival"] = {u: {**asdict(r), "rate": r.rate} for u, r in self.survival.items()}
        return data


def verdict(sides: list[Rate], draws: Rate, p_value: float) -> str:
    """The result in words: "blue favoured: 61 % ± 3", or "even (p = 0.41): …"."""
    shown = ", ".join(f"{r.label} {r.rate:.0%} ± {r.margin:.0%}" for r in sides)
    if draws.count == draws.games and draws.games:
        return "every game a draw"
    if p_value < EVEN_LEVEL:
        best = max(sides, key=lambda r: r.count)
        return f"{best.label} favoured: {best.rate:.0%} ± {best.margin:.0%} (p = {p_value:.2g})"
    return f"even (p = {p_value:.2g}): {shown}"


def summarise(scenario: str, rows: Sequence[GameRow], sides: Sequence[str],
              units: Sequence[str]) -> Summary:
    """The summary of finished games ``rows`` (those that raised are listed apart)."""
    played = [row for row in rows if not row.error]
    n = len(played)
    wins = Counter(row.winner for row in played)
    side_rates = [wilson(side, wins[side], n) for side in sides]
    draws = wilson("draw", wins[None], n)
    p_value = even_p_value([wins[side] for side in sides])
    lengths = [row.length for row in played] or [0]
    length = {"mean": statistics.fmean(lengths), "median": float(statistics.median(lengths)),
              "min": float(min(lengths)), "max": float(max(lengths))}
    survived = Counter(unit for row in played for unit in row.survivors)
    fired: Counter[str] = Counter()
    for row in played:
        fired.update(row.rules)
    scores: dict[str, dict[str, float]] = {}
    for side in sides:
        values = [row.scores[side] for row in played if side in row.scores]
        if values:
            scores[side] = {"mean": statistics.fmean(values), "min": min(values),
                            "max": max(values)}
    return Summary(
        scenario, n, side_rates, draws, p_value, verdict(side_rates, draws, p_value), length,
        {unit: wilson(unit, survived[unit], n) for unit in units},
        dict(sorted(fired.items(), key=lambda item: (-item[1], item[0]))), scores,
        [{"index": row.index, "seed": row.seed, "error": row.error}
         for row in rows if row.error],
        dict(Counter(row.reason for row in played).most_common()))
