"""``polemos odds``: what one action leads to from a position, exactly where the dice allow.

The position is a scenario (positions as data); the action is played from it again and again
with scripted dice. Exact: every sequence of die faces the action can roll is enumerated —
each run asks for one more die than its script holds (``DiceExhausted`` says which die), and
the script is extended with each face in turn — so each outcome's probability is the product of
its dice's 1/faces. Sampled: when the tree is larger than ``EXACT_LIMIT`` outcomes, ``samples``
seeded games estimate the same figures, with their standard error.

An outcome is what changed, unit by unit, in the position the ruleset exports
(``Ruleset.export_position``): destroyed (no longer in play), or each status that changed
(damage, morale, place — with the distance in centimetres where units stand at x, y).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pluggy

from polemos.core.actions import Action
from polemos.core.errors import DiceExhausted, PolemosInputError
from polemos.core.game import Game
from polemos.core.scenario import LoadedScenario

EXACT_LIMIT = 20_000
"""The most outcomes enumerated exactly before sampling instead."""
SKIPPED = {"id", "side"}
PLACE = {"at", "x", "y"}
"""Fields of a unit's place in cm, said as the distance moved."""


def unit_entries(exported: Any) -> dict[str, dict[str, Any]]:
    """Every unit of an exported position, by id: any mapping with an ``id`` (units, terrain
    that can be destroyed), outside the ``position`` block (the turn, not the units)."""
    found: dict[str, dict[str, Any]] = {}
    if isinstance(exported, Mapping):
        for key, value in exported.items():
            if key != "position":
                found.update(unit_entries(value))
        if isinstance(exported.get("id"), str) and not found:  # a group is not a unit
            found[exported["id"]] = dict(exported)
    elif isinstance(exported, list):
        for value in exported:
            found.update(unit_entries(value))
    return found


def change(before: dict[str, Any], after: dict[str, Any] | None) -> str:
    """One unit's fate in words: "destroyed", "unchanged", or the statuses that changed."""
    if after is None:
        return "destroyed"
    parts = []
    was, now = _point(before), _point(after)
    if was is not None and now is not None and math.dist(was, now) > 1e-9:
        parts.append(f"moved {math.dist(was, now):.1f} cm")
    for key in sorted(set(before) | set(after)):
        if key in SKIPPED or key in PLACE and was is not None and now is not None:
            continue
        if before.get(key) != after.get(key):
            parts.append(f"{key} {_shown(before.get(key))}→{_shown(after.get(key))}")
    return ", ".join(parts) or "unchanged"


def _point(entry: dict[str, Any]) -> tuple[float, float] | None:
    """Where a unit stands in cm (``at: [x, y]``, or ``x`` and ``y``), if it says."""
    at = entry.get("at")
    if isinstance(at, list | tuple) and len(at) == 2 and all(isinstance(v, int | float)
                                                            for v in at):
        return float(at[0]), float(at[1])
    if isinstance(entry.get("x"), int | float) and isinstance(entry.get("y"), int | float):
        return float(entry["x"]), float(entry["y"])
    return None


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def fates(game: Game, before: dict[str, dict[str, Any]]) -> dict[str, str]:
    after = unit_entries(game.rules.export_position(game.state))
    return {unit: change(entry, after.get(unit)) for unit, entry in before.items()}


@dataclass(slots=True)
class Odds:
    """The distribution of each unit's fate after the action."""

    method: str
    """"exact" or "sampled"."""
    outcomes: int
    """Dice outcomes enumerated, or games sampled."""
    fates: dict[str, dict[str, float]]
    error: float = 0.0
    """The largest standard error of a sampled probability (0 when exact)."""

    def lines(self) -> list[str]:
        lines = []
        for unit, shares in self.fates.items():
            if list(shares) == ["unchanged"]:
                continue
            shown = "; ".join(f"{fate} {share:.1%}" for fate, share in
                              sorted(shares.items(), key=lambda item: -item[1]))
            lines.append(f"  {unit}: {shown}")
        return lines or ["  nothing changes, whatever the dice"]


def exact(new: Callable[[list[int] | None, int], Game], action: Any,
          before: dict[str, dict[str, Any]], limit: int = EXACT_LIMIT) -> Odds | None:
    """Enumerate every die sequence ``action`` can roll; None once past ``limit`` outcomes."""
    shares: dict[str, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    leaves = 0
    while stack:
        script, chance = stack.pop()
        game = new(script, 0)
        try:
            game.step(action)
        except DiceExhausted as wanted:
            if wanted.sides < 1:
                raise
            stack += [([*script, face], chance / wanted.sides)
                      for face in range(wanted.sides, 0, -1)]
            continue
        leaves += 1
        if leaves > limit:
            return None
        for unit, fate in fates(game, before).items():
            shares[unit][fate] += chance
    return Odds("exact", leaves, {unit: {fate: float(p) for fate, p in fate_shares.items()}
                                  for unit, fate_shares in shares.items()})


def sampled(new: Callable[[list[int] | None, int], Game], action: Any,
            before: dict[str, dict[str, Any]], samples: int) -> Odds:
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for seed in range(samples):
        game = new(None, seed)
        game.step(action)
        for unit, fate in fates(game, before).items():
            counts[unit][fate] += 1
    shares = {unit: {fate: n / samples for fate, n in found.items()}
              for unit, found in counts.items()}
    error = max((math.sqrt(p * (1 - p) / samples) for found in shares.values()
                 for p in found.values()), default=0.0)
    return Odds("sampled", samples, shares, error)


def odds(loaded: LoadedScenario, pm: pluggy.PluginManager, action: Any, samples: int,
         limit: int = EXACT_LIMIT) -> Odds:
    """The fate of every unit after ``action`` from the position ``loaded`` (checked first:
    an action not legal there is refused with its rule, as in a game)."""

    def new(script: list[int] | None, seed: int) -> Game:
        return Game.new(loaded, pm, seed=seed, dice_script=script, transactional=False)

    probe = new(None, 0)
    before = unit_entries(probe.rules.export_position(probe.state))
    parsed = action if isinstance(action, Action) else probe.rules.parse_action(probe.state,
                                                                               action)
    probe.rules.check(probe.state, parsed)
    found = exact(new, parsed, before, limit)
    return found if found is not None else sampled(new, parsed, before, samples)


def chosen_action(text: str, game: Game) -> Any:
    """``--action``: a legal action's number in the menu (1, 2, …) or the action as JSON."""
    import json

    if text.strip().isdigit():
        legal = game.legal_actions()
        number = int(text)
        if not 1 <= number <= len(legal):
            raise PolemosInputError(f"--action {text}: choose 1 to {len(legal)}")
        return legal[number - 1]
    try:
        return json.loads(text)
    except ValueError:
        raise PolemosInputError(f"--action: not a number nor JSON: {text[:80]!r}") from None
