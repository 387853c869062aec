"""The ``mcts`` player: a search per decision, on forks of the one game it was made for: the
tree (``tree.py``) or, with ``horizon=stage``, the flat search to the stage's end (``flat.py``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pluggy

from polemos.core.actions import Action
from polemos.core.errors import PolemosError
from polemos.core.game import Game
from polemos.core.players import Player
from polemos.core.plugins import call_hook
from polemos.core.ruleset import Ruleset
from polemos.plugins.search.flat import stage_decision
from polemos.plugins.search.settings import Settings, settings
from polemos.plugins.search.tree import PolicyRollout, Rollout, Search, random_rollout


def even(rules: Ruleset[Any, Any], state: Any, side: str) -> float:
    """The evaluation of a ruleset that has none: every unfinished position is even, so only
    rollouts that reach the end of the game tell the search anything."""
    return 0.5


class SearchBot:
    """Searches forks of ``game`` (``make_bot(..., game=game)``) before each decision.

    It never reads what its side may not see: each fork's future dice come from a seed of the
    bot's own generator and its hidden parts are re-sampled (``Ruleset.determinize``). A
    decision with a single legal action is taken without searching.
    """

    def __init__(self, search: Search, game: Game | None) -> None:
        self.search = search
        self.game = game

    @property
    def settings(self) -> Settings:
        return self.search.settings

    def choose(self, rules: Ruleset[Any, Any], view: Any, side: str, legal: list[Action]
               ) -> Action:
        if len(legal) == 1:
            return legal[0]
        game = self.game
        if game is None or rules is not game.rules:
            raise PolemosError("the mcts bot decides only in the game it was made for "
                               "(make_bot(..., game=game))")
        resolved = self.settings.resolved(rules, game.state, side)
        if resolved.horizon == "stage":
            return stage_decision(self.search, game, side, legal, resolved)
        return self.search.decide(game, side, legal, resolved)


def make_search_bot(pm: pluggy.PluginManager, ruleset: str, options: Mapping[str, str],
                    rng: random.Random, game: Game | None) -> Player:
    """The ``mcts`` bot kind's maker (``polemos_bot_kinds``): options checked now; the
    ruleset's evaluation, greedy policy (the prior) and playout policy found once. A ruleset
    without the playout policy asked for plays its playouts at random."""
    chosen = settings(options)
    evaluate = call_hook(pm, "polemos_evaluate", firstresult=True, ruleset=ruleset, pm=pm)
    guide, playout = _policy(pm, ruleset, "greedy"), _policy(pm, ruleset, "playout")
    rollout = (guide if chosen.rollout == "greedy" else
               None if chosen.rollout == "random" else playout)
    return SearchBot(Search(chosen, evaluate or even, rollout or random_rollout, guide, rng),
                     game)


def _policy(pm: pluggy.PluginManager, ruleset: str, kind: str) -> Rollout | None:
    """The ruleset's bot policy of ``kind`` as a playout policy, or None if it has none."""
    policy = call_hook(pm, "polemos_bot_policy", firstresult=True, ruleset=ruleset, kind=kind,
                       pm=pm)
    return None if policy is None else PolicyRollout(policy)
