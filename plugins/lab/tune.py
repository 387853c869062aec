"""``polemos tune``: search scenario fields ("knobs") for the setting closest to an even game.

Each setting plays rounds of games (``polemos balance``'s batches, the same seeds for every
setting, so settings are compared on the same dice). Sequential testing stops a setting early
once its 95 % interval lies clear of an even game by ``HOPELESS`` — a far-off setting costs a
round, not the whole budget. The best setting is the one whose first-side win rate (among
decisive games) is closest to 50 % with an interval that contains 50 %, among settings where
most games end with a winner (one that makes nearly every game a draw balances nothing).
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pluggy
import yaml

from polemos.core.errors import PolemosInputError, ScenarioError
from polemos.core.scenario import validate_scenario
from polemos.core.scenario_model import Knob
from polemos.plugins.lab.batch import BatchSpec, GameRow
from polemos.plugins.lab.stats import Rate, wilson

HOPELESS = 0.15
"""A setting whose interval lies entirely beyond 50 % ± this is dropped early."""
MAX_SETTINGS = 40
DRAWISH = 0.5
"""A setting with more draws than this share of its games ranks after every other."""
_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def parse_knob(text: str) -> Knob:
    """``PATH=LOW..HIGH`` (or ``PATH=LOW..HIGH:STEP``) as a knob."""
    match = re.fullmatch(r"([^=]+)=(-?[\d.]+)\.\.(-?[\d.]+)(?::([\d.]+))?", text.strip())
    if match is None:
        raise PolemosInputError(f"--knob {text!r}: expected PATH=LOW..HIGH (e.g. "
                                "max_turns=4..8, or aircraft[0].altitude=2..5)")
    path, low, high, step = match.groups()
    try:
        knob = Knob(path=path, low=float(low), high=float(high), step=float(step or 1))
    except ValueError as error:
        raise PolemosInputError(f"--knob {text!r}: {error}") from None
    if knob.low > knob.high:
        raise PolemosInputError(f"--knob {text!r}: LOW is above HIGH")
    return knob


def steps(path: str) -> list[str | int]:
    """``parts.at43.vehicles[0].x`` → ``["parts", "at43", "vehicles", 0, "x"]``."""
    found: list[str | int] = []
    for name, index in _PART.findall(path):
        found.append(int(index) if index else name)
    if not found or "".join(f".{p}" if isinstance(p, str) else f"[{p}]" for p in found
                            ).lstrip(".") != path:
        raise PolemosInputError(f"knob path {path!r}: expected names and [index]es "
                                "separated by dots")
    return found


def with_value(raw: dict[str, Any], path: str, value: float) -> dict[str, Any]:
    """A copy of the scenario with the field at ``path`` set to ``value`` (an int when whole);
    a path ending in ``[i]`` is a presence: 0 removes that element."""
    changed = copy.deepcopy(raw)
    parts = steps(path)
    target: Any = changed
    try:
        for part in parts[:-1]:
            target = target[part]
        last = parts[-1]
        if isinstance(last, int):
            if value == 0:
                del target[last]
            else:
                target[last]  # noqa: B018  # must exist to be present
        else:
            target[last] = int(value) if float(value).is_integer() else value
    except (KeyError, IndexError, TypeError):
        raise PolemosInputError(f"knob path {path!r}: no such field in the scenario") from None
    return changed


def values(knob: Knob) -> list[float]:
    count = int((knob.high - knob.low) / knob.step + 1e-9) + 1
    return [round(knob.low + i * knob.step, 9) for i in range(count)]


def settings(knobs: Sequence[Knob]) -> list[tuple[float, ...]]:
    """Every combination of the knobs' values, thinned evenly to at most ``MAX_SETTINGS``."""
    every = list(itertools.product(*(values(k) for k in knobs)))
    if len(every) <= MAX_SETTINGS:
        return every
    stride = len(every) / MAX_SETTINGS
    return [every[int(i * stride)] for i in range(MAX_SETTINGS)]


@dataclass(slots=True)
class Trial:
    setting: tuple[float, ...]
    raw: dict[str, Any]
    rows: list[GameRow] = field(default_factory=list)
    stopped_early: bool = False

    def rate(self, side: str) -> Rate:
        decisive = [row for row in self.rows if row.winner is not None and not row.error]
        return wilson(side, sum(row.winner == side for row in decisive), len(decisive))

    @property
    def drawish(self) -> bool:
        """Most games drawn: "even" only because nobody wins, which balances nothing."""
        played = [row for row in self.rows if not row.error]
        return sum(row.winner is None for row in played) > DRAWISH * len(played)


Runner = Callable[[BatchSpec, range], list[GameRow]]
"""Plays the games of the given indices of a batch."""


def tune(raw: dict[str, Any], source: str, knobs: Sequence[Knob], bots: dict[str, str],
         first_side: str, games: int, seed: int, run: Runner, pm: pluggy.PluginManager,
         report: Callable[[Trial, int], None] | None = None) -> list[Trial]:
    """Play every setting (validated first: a range the scenario refuses is bad input) in
    rounds, dropping hopeless ones early; the trials, best first."""
    trials = []
    for setting in settings(knobs):
        changed = raw
        for knob, value in zip(knobs, setting, strict=True):
            changed = with_value(changed, knob.path, value)
        try:
            validate_scenario(changed, source, pm)
        except ScenarioError as error:
            named = ", ".join(f"{k.path}={v:g}" for k, v in zip(knobs, setting, strict=True))
            raise PolemosInputError(f"knob setting {named} is not a valid scenario:\n{error}"
                                    ) from None
        trials.append(Trial(setting, changed))
    per_round = max(20, games // 5)
    for trial in trials:
        while len(trial.rows) < games:
            count = min(per_round, games - len(trial.rows))
            spec = BatchSpec(trial.raw, source, bots, seed)
            trial.rows += run(spec, range(len(trial.rows), len(trial.rows) + count))
            rate = trial.rate(first_side)
            if rate.games and (rate.high < 0.5 - HOPELESS or rate.low > 0.5 + HOPELESS):
                trial.stopped_early = len(trial.rows) < games
                break
        if report:
            report(trial, games)
    return sorted(trials, key=lambda t: (t.drawish, not t.rate(first_side).contains(0.5),
                                         t.stopped_early,
                                         abs(t.rate(first_side).rate - 0.5)))


def yaml_change(knobs: Sequence[Knob], trial: Trial) -> str:
    """The chosen setting as YAML to paste into the scenario: each top-level field a knob
    changed, whole, as it is with the setting."""
    fields = {str(steps(knob.path)[0]) for knob in knobs}
    changed = {key: value for key, value in trial.raw.items() if key in fields}
    named = ", ".join(f"{k.path} = {v:g}" for k, v in zip(knobs, trial.setting, strict=True))
    return f"# {named}\n" + yaml.safe_dump(changed, sort_keys=False,
                                            default_flow_style=None).rstrip()
