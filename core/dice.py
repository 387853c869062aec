"""Dice: one seeded generator per game, or a scripted sequence, and every roll is an event.

The log callback receives each roll with its purpose and rule id, so a replay or a referee can
see why every die was thrown. Rolls use ``random.Random`` (Mersenne Twister), whose output for a
given seed is stable across CPython versions, which keeps event logs byte-identical.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from polemos.core.errors import DiceExhausted

RollLog = Callable[[list[int], str, str, int, dict[str, Any]], None]
"""Told of every roll as its parts — the dice, purpose, rule, sides and the rest of the
event's fields — rather than as the event: ``roll_event(*parts)`` makes it. A game keeps the
parts and makes the dict only when its log is read (``polemos.core.game.Game.log``), as for a
ruleset's commonest events: most simulations never read theirs (issue 14)."""


def roll_event(dice: list[int], purpose: str, rule: str, sides: int, context: dict[str, Any]
               ) -> dict[str, Any]:
    """The "roll" event of a roll's parts (``RollLog``); a D6's leaves ``sides`` out."""
    event: dict[str, Any] = {"type": "roll", "dice": dice, "purpose": purpose, "rule": rule}
    if sides != 6:
        event["sides"] = sides
    event.update(context)
    return event


def natural_one_fails(roll: int, modified: int, target: int) -> bool:
    """A target-number check where a natural 1 always fails (PCV, AI-2)."""
    return roll != 1 and modified >= target


class Dice:
    """The game's source of chance.

    ``script`` makes the dice deterministic for rule tests and for referees ("what if I roll 6,
    2"): values are served in order and running out is an error, never a silent fallback.
    """

    __slots__ = ("seed", "script", "_rng", "_pos", "log", "count")

    def __init__(self, seed: int = 0, script: Sequence[int] | None = None,
                 log: RollLog | None = None) -> None:
        self.seed = seed
        self.script = list(script) if script is not None else None
        self._rng = random.Random(seed)
        self._pos = 0
        self.log = log
        """Told of every roll (``RollLog``: the game logs it as an event); None: nobody."""
        self.count = 0

    def _one(self, sides: int, purpose: str, rule: str) -> int:
        if self.script is None:
            return int(self._rng.random() * sides) + 1
        if self._pos >= len(self.script):
            raise DiceExhausted(
                f"scripted dice ran out after {len(self.script)} rolls "
                f"(wanted a d{sides} for {purpose}, {rule})", sides)
        value = self.script[self._pos]
        self._pos += 1
        if not 1 <= value <= sides:
            raise DiceExhausted(
                f"scripted die {value} is not a d{sides} result ({purpose}, {rule})")
        return value

    def roll(self, n: int = 1, *, purpose: str, rule: str, sides: int = 6,
             **context: Any) -> list[int]:
        """Roll ``n`` dice of ``sides`` faces; logs one event for the pool."""
        dice = [self._one(sides, purpose, rule) for _ in range(n)]
        self.count += n
        if self.log is not None:
            self.log(dice, purpose, rule, sides, context)
        return dice

    def d6(self, *, purpose: str, rule: str, **context: Any) -> int:
        """One six-sided die: ``roll(1, ...)[0]``, the same draw and event, in one call (the
        commonest roll of every ruleset)."""
        if self.script is None:
            value = int(self._rng.random() * 6) + 1
        else:
            value = self._one(6, purpose, rule)
        self.count += 1
        if self.log is not None:
            self.log([value], purpose, rule, 6, context)
        return value

    def check(self, target: int, *, purpose: str, rule: str, modifier: int = 0,
              **context: Any) -> tuple[int, bool]:
        """A D6 target-number check: passes on roll + modifier ≥ target; a natural 1 fails."""
        roll = self.d6(purpose=purpose, rule=rule, target=target, modifier=modifier, **context)
        return roll, natural_one_fails(roll, roll + modifier, target)

    def mark(self) -> tuple[int, int]:
        """Where the dice stand now, to ``rewind`` to if an action is undone.

        Only counts, so a transactional step pays nothing for it: the generator has drawn
        exactly ``count`` numbers since it was seeded (one per die), which is all ``rewind``
        needs to bring it back.
        """
        return self._pos, self.count

    def rewind(self, mark: tuple[int, int]) -> None:
        """Back to ``mark`` (of these dice, or of dice with the same seed and script): the
        generator is re-seeded and draws its ``count`` numbers again — a cost only when dice
        were rolled since the mark, which an undo or a failed action rarely has."""
        self._pos, count = mark
        if count != self.count:
            self._rng.seed(self.seed)
            draw = self._rng.random
            for _ in range(count):
                draw()
            self.count = count

    def fork(self) -> Dice:
        """Dice that go on exactly as these would, rolling on their own from now on (and
        logging to nobody until given a ``log``)."""
        twin = Dice.__new__(Dice)  # not __init__: seeding a generator only to overwrite it
        twin.seed, twin.script, twin.log = self.seed, self.script, None  # scripts never change
        twin._pos, twin.count = self._pos, self.count
        twin._rng = random.Random.__new__(random.Random)
        twin._rng.setstate(self._rng.getstate())
        return twin


def roll_off(dice: Dice, sides: Sequence[str], *, purpose: str, rule: str,
             bonus: dict[str, int] | None = None) -> tuple[str, dict[str, int]]:
    """Opposed roll: each side rolls a D6 (+ bonus); the highest wins, ties are re-rolled.

    Returns the winner and the winning round's totals. Used for PCV-4 (first player), AI-21
    (initiative) and DBG-10 (the chiefs' initiative).
    """
    bonus = bonus or {}
    while True:  # loops, not comprehensions: each would make a function and its closure
        totals = {}  # (Python 3.11), and most short games start with a roll-off
        for side in sides:
            totals[side] = dice.d6(purpose=purpose, rule=rule, side=side) + bonus.get(side, 0)
        best = max(totals.values())
        leaders = []
        for side, total in totals.items():
            if total == best:
                leaders.append(side)
        if len(leaders) == 1:
            return leaders[0], totals
