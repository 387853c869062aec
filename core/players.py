"""Players: anything that answers a decision with an action.

A player receives only its own side's view (``Ruleset.view``) and the legal actions, never the
full state, so hidden orders stay hidden whoever plays (bot, terminal or web). The person at
the terminal is ``polemos.core.terminal.TerminalPlayer``.

A bot kind is a name with options, ``KIND[:OPTION=VALUE,...]`` (``mcts:budget=0.2``), the same
string wherever bots are made (``polemos play/resume/balance``, server seats, lab batches).
"random" and "greedy" are built in; a plugin adds kinds through ``polemos_bot_kinds``. A bot
that searches ahead (plugins/search) needs the game itself to fork, which its view cannot give:
whoever makes a bot for a game passes it, ``make_bot(..., game=game)``, and the bot plays that
game only (it refuses a decision of another one). It still reads nothing hidden: it searches
forks whose future dice are re-seeded and whose hidden parts are re-sampled
(``Ruleset.determinize``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

from polemos.core.actions import Action
from polemos.core.errors import PolemosInputError
from polemos.core.plugins import call_static_hook
from polemos.core.ruleset import Ruleset

if TYPE_CHECKING:
    from polemos.core.game import Game

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
"""The built-in kinds; plugins add more (``bot_kinds``)."""
DEFAULT_BOT = "greedy"
"""The kind ``polemos play`` uses unless told; the random bot stands in where a ruleset has none."""
BotMaker = Callable[[pluggy.PluginManager, str, Mapping[str, str], random.Random, "Game | None"],
                    Player]
"""``make(pm, ruleset, options, rng, game)``: a plugin's bot of its kind for ``ruleset`` with
``options`` (raw strings, checked by the maker: a bad one is a ``PolemosInputError``), drawing
on ``rng``; ``game`` is the game it will play, None when only the kind is being checked."""


def split_kind(kind: str) -> tuple[str, dict[str, str]]:
    """``"mcts:budget=0.2,depth=8"`` as ``("mcts", {"budget": "0.2", "depth": "8"})``."""
    name, colon, rest = kind.partition(":")
    options: dict[str, str] = {}
    if not colon:  # a plain kind, as every game of a batch makes its bots
        return name, options
    for item in rest.split(","):
        key, equals, value = (part.strip() for part in item.partition("="))
        if not key or not equals or not value:
            raise PolemosInputError(f"bot {kind!r}: expected KIND:OPTION=VALUE[,OPTION=VALUE...]"
                                    f", got {item!r}")
        if key in options:
            raise PolemosInputError(f"bot {kind!r}: option {key!r} given twice")
        options[key] = value
    return name, options


def bot_kinds(pm: pluggy.PluginManager) -> dict[str, BotMaker]:
    """The bot kinds plugins add (``polemos_bot_kinds``), by name."""
    makers: dict[str, BotMaker] = {}
    for found in call_static_hook(pm, "polemos_bot_kinds"):
        makers.update(found)
    return makers


def kind_names(pm: pluggy.PluginManager) -> list[str]:
    """Every bot kind's name, built-in first, for help and error messages."""
    return [*BOT_KINDS, *(name for name in bot_kinds(pm) if name not in BOT_KINDS)]


def make_bot(pm: pluggy.PluginManager, ruleset: str, kind: str, rng: random.Random, *,
             game: Game | None = None) -> Player:
    """A bot of ``kind`` (``KIND[:OPTION=VALUE,...]``) for ``ruleset``, to play ``game``.

    A plugin's kind is made by its maker (``polemos_bot_kinds``); "random" and "greedy" take no
    options. "greedy" comes from the ruleset's policy hook (``polemos_bot_policy``); a ruleset
    that has none is played by the random bot instead, silently: a new ruleset plays, and
    passes the conformance suite, before anyone writes it a bot (README). ``game`` may be left
    out by callers that only check a kind, and by those making a built-in kind.
    """
    name, options = split_kind(kind)
    makers = bot_kinds(pm)
    if name in makers:
        return makers[name](pm, ruleset, options, rng, game)
    if options:
        raise PolemosInputError(f"bot {kind!r}: the {name} bot takes no options")
    if name == "random":
        return RandomBot(rng)
    policy = call_static_hook(pm, "polemos_bot_policy", firstresult=True, ruleset=ruleset,
                              kind=name, pm=pm)
    if policy is not None:
        return PolicyBot(policy, rng)
    if name == DEFAULT_BOT:
        return RandomBot(rng)
    raise PolemosInputError(f"ruleset {ruleset!r} has no {kind!r} bot "
                            f"(bots: {', '.join(kind_names(pm))})")
