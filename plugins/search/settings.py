"""The options of the ``mcts`` bot kind, checked once when the bot is made.

``budget`` is CPU seconds per decision (``time.process_time``: a busy machine slows the search
down, not its strength per second of its own); ``iterations`` a fixed number of searches per
decision instead, which makes the bot deterministic (tests). ``depth`` caps a rollout's actions
past the tree before ``evaluate`` judges the position; ``explore`` is UCT's constant;
``rollout`` plays those actions by the ruleset's cheap playout policy (``playout``, the default
when the ruleset has one: ``polemos_bot_policy`` of kind "playout"), at random (the default
otherwise) or by its greedy policy (strong but dear: every playout action is a greedy
decision); ``prior`` is the share of PUCT's prior that goes to the greedy policy's choice;
``keep`` is how many standard errors better another action's playouts must score before the
bot leaves the greedy policy's choice (0: the most visited action, whatever greedy says);
``opponent`` is how the tree treats the other sides' decisions (the ruleset's
``search_opponent`` unless given): ``search`` branches on them as on the bot's own (each side's
best reply, by its own rewards), ``greedy`` follows the greedy policy's choice there (the
opponent modelled as that bot: the playouts all go to the bot's own alternatives).
``horizon`` is how far a playout looks: ``depth`` (the default) grows the tree and plays
``depth`` actions past it (``tree.py``); ``stage`` plays every legal action on to the end of
the ruleset's stage of play (``Ruleset.search_stage``, a phase of De Bello Gallico's turn)
with the same dice for all, and compares them there (``flat.py``).

``depth``, ``keep``, ``opponent`` and ``horizon`` not given are the ruleset's, asked at each
decision (``resolved``): ``depth``, ``keep`` and ``horizon`` its ``search_defaults`` for the
position and the bot's side, else its ``search_depth``, ``KEEP`` and ``depth``; ``opponent``
its ``search_opponent``. A side may play best with a search its enemy plays worse with, and a
given option always wins.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from polemos.core.errors import PolemosInputError
from polemos.core.ruleset import Ruleset

MAX_BUDGET = 600.0
"""Ten minutes per decision: anything longer is a typo (``budget=200`` for 0.2)."""
MAX_ITERATIONS = 10_000_000
MAX_DEPTH = 10_000
BUDGET, EXPLORE, ROLLOUT, PRIOR, KEEP = 0.2, 1.0, "playout", 0.5, 2.0
"""The defaults: 0.2 CPU seconds per decision is the issue's measure."""
ROLLOUTS = ("playout", "greedy", "random")
OPPONENTS = ("search", "greedy")
HORIZONS = ("depth", "stage")
OPTIONS = ("budget", "iterations", "depth", "explore", "rollout", "prior", "keep", "opponent",
           "horizon")


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard the bot searches; exactly one of ``budget`` and ``iterations`` is set."""

    budget: float | None = BUDGET
    iterations: int | None = None
    depth: int | None = None
    """None: the ruleset's ``Ruleset.search_defaults``, else its ``Ruleset.search_depth``."""
    explore: float = EXPLORE
    rollout: str = ROLLOUT
    prior: float = PRIOR
    keep: float | None = None
    """None: the ruleset's ``Ruleset.search_defaults``, else ``KEEP``."""
    opponent: str | None = None
    """None: the ruleset's ``Ruleset.search_opponent``."""
    horizon: str | None = None
    """None: the ruleset's ``Ruleset.search_defaults``, else ``depth``."""

    def resolved(self, rules: Ruleset[Any, Any], state: Any, side: str) -> Resolved:
        """What one decision of ``side`` at ``state`` searches with: these settings, the
        ruleset's where they leave it to the ruleset (module docstring)."""
        defaults = rules.search_defaults(state, side)
        return Resolved(
            self.depth if self.depth is not None
            else int(defaults.get("depth", rules.search_depth)),
            self.keep if self.keep is not None else float(defaults.get("keep", KEEP)),
            self.opponent or rules.search_opponent,
            self.horizon or str(defaults.get("horizon", HORIZONS[0])))


@dataclass(frozen=True, slots=True)
class Resolved:
    """The options of ``Settings`` a decision may take from the ruleset, settled."""

    depth: int
    keep: float
    opponent: str
    horizon: str = HORIZONS[0]


def _number(kind: str, key: str, text: str, cast: Callable[[str], Any], low: float,
            high: float) -> Any:
    """``text`` as a number in [low, high], or the input error naming the option."""
    try:
        value = cast(text)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value) or not low <= value <= high:
        what, span = (("a whole number", f"{low:.0f} to {high:.0f}") if cast is int
                      else ("a number", f"{low:g} to {high:g}"))
        raise PolemosInputError(f"bot {kind!r}: option {key}={text!r}: expected {what} "
                                f"from {span}")
    return value


def _word(kind: str, key: str, text: str, words: tuple[str, ...]) -> str:
    """``text`` if it is one of ``words``, or the input error naming the option."""
    if text not in words:
        raise PolemosInputError(f"bot {kind!r}: option {key}={text!r}: expected one of "
                                f"{', '.join(words)}")
    return text


def settings(options: Mapping[str, str]) -> Settings:
    """The settings ``options`` ask for; an unknown option or a bad value is bad input."""
    kind = "mcts:" + ",".join(f"{k}={v}" for k, v in options.items())
    for key in options:
        if key not in OPTIONS:
            raise PolemosInputError(f"bot {kind!r}: unknown option {key!r} (options: "
                                    f"{', '.join(OPTIONS)})")
    if "budget" in options and "iterations" in options:
        raise PolemosInputError(f"bot {kind!r}: give budget (seconds) or iterations, not both")
    rollout = _word(kind, "rollout", options.get("rollout", ROLLOUT), ROLLOUTS)
    opponent = (_word(kind, "opponent", options["opponent"], OPPONENTS) if "opponent" in options
                else None)
    horizon = (_word(kind, "horizon", options["horizon"], HORIZONS) if "horizon" in options
               else None)
    iterations = (_number(kind, "iterations", options["iterations"], int, 1, MAX_ITERATIONS)
                  if "iterations" in options else None)
    budget = (None if iterations is not None else
              _number(kind, "budget", options.get("budget", str(BUDGET)), float, 0.001,
                      MAX_BUDGET))
    return Settings(
        budget, iterations,
        (_number(kind, "depth", options["depth"], int, 0, MAX_DEPTH) if "depth" in options
         else None),
        _number(kind, "explore", options.get("explore", str(EXPLORE)), float, 0, 100),
        rollout,
        _number(kind, "prior", options.get("prior", str(PRIOR)), float, 0, 1),
        (_number(kind, "keep", options["keep"], float, 0, 100) if "keep" in options
         else None),
        opponent, horizon)
