"""Players: anything that answers a decision with an action.

A player receives only its own side's view (``Ruleset.view``) and the legal actions, never the
full state, so hidden orders stay hidden whoever plays (bot, terminal or web). The person at
the terminal is ``polemos.core.terminal.TerminalPlayer``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

import pluggy

from polemos.core.actions import Action
from polemos.core.errors import PolemosInputError
from polemos.core.plugins import call_hook
from polemos.core.ruleset import Ruleset

Policy = Callable[[Ruleset[Any, Any], Any, str, list[Action], random.Random], Action]


class Player(Protocol):
    """Chooses one of ``legal`` for ``side``, seeing only ``view``."""

    def choose(self, rules: Ruleset[Any, Any], view: Any, side: str, legal: list[Action]
               ) -> Action: ...


def bot_rng(seed: int, side: str) -> random.Random:
    """A bot's own generator: seeded from the game seed and side, apart from the game dice."""
    return random.Random(f"polemos-bot:{seed}:{side}")


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, rules: Ruleset[Any, Any], view: Any, side: str, legal: list[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]


class PolicyBot:
    """Delegates to a ruleset's policy function (found once, through ``polemos_bot_policy``)."""

    def __init__(self, policy: Policy, rng: random.Random) -> None:
        self.policy = policy
        self.rng = rng

    def choose(self, rules: Ruleset[Any, Any], view: Any, side: str, legal: list[Action]) -> Action:
        return self.policy(rules, view, side, legal, self.rng)


BOT_KINDS = ("random", "greedy")
DEFAULT_BOT = "greedy"
"""The kind ``polemos play`` uses unless told; the random bot stands in where a ruleset has none."""


def make_bot(pm: pluggy.PluginManager, ruleset: str, kind: str, rng: random.Random) -> Player:
    """A bot of ``kind`` for ``ruleset``, from its policy hook (``polemos_bot_policy``).

    A ruleset that has no "greedy" policy is played by the random bot instead, silently: a new
    ruleset plays, and passes the conformance suite, before anyone writes it a bot (README).
    """
    if kind == "random":
        return RandomBot(rng)
    policy = call_hook(pm, "polemos_bot_policy", firstresult=True, ruleset=ruleset, kind=kind,
                       pm=pm)
    if policy is not None:
        return PolicyBot(policy, rng)
    if kind == DEFAULT_BOT:
        return RandomBot(rng)
    raise PolemosInputError(f"ruleset {ruleset!r} has no {kind!r} bot "
                            f"(bots: {', '.join(BOT_KINDS)})")
