"""Determinized Monte Carlo tree search: many playouts of forks, one tree of actions tried.

Every iteration forks the game with a fresh dice seed drawn from the bot's own generator (the
future dice are sampled, never read) and lets the ruleset re-sample what the searching side
may not see (``Ruleset.determinize``). It then walks the tree from the root, adds one node,
plays on for at most ``depth`` actions and scores the position: the result if the game ended,
else the ruleset's ``evaluate`` for each side.

Selection is PUCT (the AlphaZero variant of UCT) with the ruleset's greedy policy as the
prior: at each node the action that policy would take gets ``prior`` of the prior weight, the
others share the rest. So with little time the bot plays about as the greedy bot, and with
more it departs from it where playouts say so. One tree serves every determinization, so a
node's children are keyed by (side to act, action) — whoever acts and what is legal may
differ from one sample to the next (a die decides who moves first, a sealed order guessed
otherwise) — and the exploration term counts the visits of the children legal now
(information-set MCTS). Sealed and simultaneous phases, and a side deciding several times in
a row, need nothing special: each decision is a node whose mover is the side the rules name.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from polemos.core.actions import Action
from polemos.core.errors import IllegalAction
from polemos.core.game import Game
from polemos.core.players import Policy
from polemos.core.ruleset import Result, Ruleset
from polemos.plugins.search.settings import Resolved, Settings

Evaluate = Callable[[Ruleset[Any, Any], Any, str], float]
"""``evaluate(rules, state, side)``: 0.0 lost … 0.5 even … 1.0 won (``polemos_evaluate``)."""
Rollout = Callable[[Ruleset[Any, Any], Any, str, list[Action], random.Random], Action]
"""``rollout(rules, state, side, legal, rng)``: the action a side takes in a playout, or the
favourite of the prior, from the full (determinized) state of a fork."""


def random_rollout(rules: Ruleset[Any, Any], state: Any, side: str, legal: list[Action],
                   rng: random.Random) -> Action:
    """Any legal action, uniformly: the cheapest playout."""
    return legal[int(rng.random() * len(legal))]


class PolicyRollout:
    """A bot policy (the ruleset's greedy or playout one) choosing from each side's own view of
    the fork: a ``Rollout``."""

    __slots__ = ("policy",)

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def __call__(self, rules: Ruleset[Any, Any], state: Any, side: str, legal: list[Action],
                 rng: random.Random) -> Action:
        return self.policy(rules, rules.view(state, side), side, legal, rng)


class Node:
    """A decision reached by the actions on the path to it, over all determinizations.

    ``value`` sums the rewards, for the side that took the action leading here, of the
    playouts through it; ``favourite`` is the prior's choice for each side that acted here.
    """

    __slots__ = ("children", "favourite", "square", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[str, Action], Node] = {}
        self.favourite: dict[str, Action | None] = {}
        self.visits = 0
        self.value = 0.0
        self.square = 0.0

    def mean(self) -> float:
        return self.value / self.visits

    def spread(self) -> float:
        """The squared standard error of ``mean``, never below ``NOISE``'s: a handful of
        equal rewards is no proof that the next one will be equal too."""
        mean = self.mean()
        variance = max(self.square / self.visits - mean * mean, NOISE * NOISE)
        return variance / self.visits


NOISE = 0.05
"""The least standard deviation of a node's rewards assumed by the keep rule."""
LEAST_VISITS = 3
"""Fewer playouts than this through an action are no evidence against the greedy choice."""


class Search:
    """What a bot searches with at each decision: its settings, the ruleset's evaluation, the
    playout policy and the prior's (None: a uniform prior), and the bot's own generator."""

    def __init__(self, settings: Settings, evaluate: Evaluate, rollout: Rollout,
                 guide: Rollout | None, rng: random.Random) -> None:
        self.settings = settings
        self.evaluate = evaluate
        self.rollout = rollout
        self.guide = guide
        self.rng = rng
        self.last: tuple[Game, int, int, Node] | None = None
        """The game, its action count and dice count after the bot's last choice, and the
        subtree of that choice: the next decision starts from it if nothing else happened."""

    def reused(self, game: Game, side: str) -> Node:
        """The subtree of the bot's last choice if that choice is all that happened since —
        no other side's action (perhaps a sealed one), no die rolled — and ``side`` acts
        again (a move of several steps, a volley after a move): its playouts went through
        exactly this position, whoever they found acting next. Otherwise a new root."""
        last, self.last = self.last, None
        if last is not None:
            played, actions, rolls, node = last
            if played is game and len(game.actions) == actions + 1 and game.dice.count == rolls:
                return node
        return Node()

    def decide(self, game: Game, side: str, legal: list[Action], resolved: Resolved
               ) -> Action:
        """The action of ``legal`` chosen by a search of ``game`` for ``side`` (``choice``)
        with the options settled for this decision (``Settings.resolved``)."""
        root = self.reused(game, side)
        root.favourite.clear()
        settings, rng = self.settings, self.rng
        if self.guide is not None:
            root.favourite[side] = self.guide(game.rules, game.state, side, legal, rng)
        sides = list(game.rules.sides(game.state))
        deadline = (time.process_time() + settings.budget if settings.budget is not None
                    else math.inf)
        limit = settings.iterations if settings.iterations is not None else math.inf
        done = 0
        while done < limit and (done == 0 or time.process_time() < deadline):
            fork = game.fork(seed=rng.getrandbits(62))
            fork.rules.determinize(fork.state, side, rng)
            self.iterate(root, fork, sides, side, resolved)
            done += 1
        chosen = choice(root, side, candidates(game.rules, game.state, legal,
                                               root.favourite.get(side)), resolved.keep)
        child = root.children.get((side, chosen))
        if child is not None:
            self.last = (game, len(game.actions), game.dice.count, child)
        return chosen

    def iterate(self, root: Node, fork: Game, sides: list[str], side: str, resolved: Resolved
                ) -> None:
        """One selection, expansion, playout and back-propagation on ``fork`` for ``side``,
        with the depth and opponent settled for this decision (``Settings.resolved``)."""
        rules, rng = fork.rules, self.rng
        modelled = resolved.opponent == "greedy" and self.guide is not None
        node = root
        path: list[tuple[Node, str]] = []
        expanded = False
        while not expanded:
            mover = rules.to_act(fork.state)
            if mover is None:
                break
            legal = rules.legal_actions(fork.state)
            action, node, expanded = self.select(node, rules, fork.state, mover, legal,
                                                 modelled and mover != side)
            path.append((node, mover))
            fork.step(action, offered=legal)
        for _ in range(resolved.depth if expanded else 0):
            mover = rules.to_act(fork.state)
            if mover is None:
                break
            legal = rules.legal_actions(fork.state)
            fork.step(legal[0] if len(legal) == 1 else
                      self.rollout(rules, fork.state, mover, legal, rng), offered=legal)
        reward = rewards(rules, fork.state, sides, self.evaluate, side)
        for child, mover in path:
            child.visits += 1
            child.value += reward[mover]
            child.square += reward[mover] * reward[mover]

    def select(self, node: Node, rules: Ruleset[Any, Any], state: Any, mover: str,
               legal: list[Action], modelled: bool) -> tuple[Action, Node, bool]:
        """PUCT's choice at ``node`` among the ``legal`` actions (and the prior's favourite,
        checked by the step), or the favourite itself where the mover is ``modelled`` (an
        opponent played as the greedy bot): the child, and whether it is new (the playout
        starts there)."""
        if len(legal) == 1:
            return self._child(node, mover, legal[0])
        if mover not in node.favourite:
            node.favourite[mover] = (None if self.guide is None else
                                     self.guide(rules, state, mover, legal, self.rng))
        favourite = node.favourite[mover]
        legal = candidates(rules, state, legal, favourite)
        if modelled and favourite in legal:
            return self._child(node, mover, favourite)
        children = node.children
        found = [children.get((mover, action)) for action in legal]
        visits = sum(child.visits for child in found if child is not None)
        value = sum(child.value for child in found if child is not None)
        first = value / visits if visits else 0.5
        """An untried action is first taken to be as good as the tried ones on average."""
        weight = self.settings.prior if favourite in legal else 1 / len(legal)
        others = (1 - weight) / (len(legal) - 1)
        scale = self.settings.explore * math.sqrt(visits + 1)
        best, best_score = 0, -math.inf
        for i, (action, child) in enumerate(zip(legal, found, strict=True)):
            prior = weight if action == favourite else others
            if child is None or child.visits == 0:
                score = first + scale * prior
            else:
                score = child.value / child.visits + scale * prior / (1 + child.visits)
            if score > best_score:
                best, best_score = i, score
        return self._child(node, mover, legal[best])

    @staticmethod
    def _child(node: Node, mover: str, action: Action) -> tuple[Action, Node, bool]:
        child = node.children.get((mover, action))
        if child is None:
            child = node.children[(mover, action)] = Node()
        return action, child, child.visits == 0


def choice(root: Node, side: str, legal: list[Action], keep: float) -> Action:
    """The greedy policy's choice unless the search found one better by ``keep`` standard
    errors of the difference of their mean rewards: with the few playouts of 0.2 s the search
    is noisy, and a noisy departure from greedy loses to greedy. ``keep=0`` (or no greedy
    choice, or none searched) takes the most visited action, the prior's favourite on ties."""
    children, favourite = root.children, root.favourite.get(side)
    kept = children.get((side, favourite)) if favourite is not None else None

    def rank(action: Action) -> tuple[int, bool, float]:
        child = children.get((side, action))
        if child is None:
            return 0, action == favourite, 0.0
        return child.visits, action == favourite, child.value

    if keep == 0 or kept is None or kept.visits == 0:
        return max(legal, key=rank)
    assert favourite is not None
    best, margin = favourite, 0.0
    for action in legal:
        child = children.get((side, action))
        if action == favourite or child is None or child.visits < LEAST_VISITS:
            continue
        gain = (child.mean() - kept.mean()) / math.sqrt(child.spread() + kept.spread())
        if gain > max(keep, margin):
            best, margin = action, gain
    return best


def candidates(rules: Ruleset[Any, Any], state: Any, legal: list[Action],
               favourite: Action | None) -> list[Action]:
    """The legal actions, and the prior's favourite if it is not among them but allowed here:
    a policy may choose finer than the menu (a heading in degrees where the menu offers every
    45°), and a favourite found in one determinization may be illegal in another — even one of
    a unit the menu does not offer now (on a mixed table, another ruleset's turn), which is
    never asked of a ruleset that knows no such unit."""
    if favourite is None or favourite in legal or all(a.unit != favourite.unit for a in legal):
        return legal
    try:
        rules.check(state, favourite)
    except IllegalAction:
        return legal
    return [*legal, favourite]


def rewards(rules: Ruleset[Any, Any], state: Any, sides: list[str], evaluate: Evaluate,
            judge: str) -> Mapping[str, float]:
    """Each side's reward in [0, 1]: 1 for a win, 0 for a loss, ½ each for a draw once the game
    is over; ``evaluate`` of the position otherwise — of ``judge`` (the searching side) only
    when there are two, the other's being what is left of 1: the search sees the game through
    its own side's judgement, which a ruleset may fit to each side apart
    (``polemos_evaluate``)."""
    result: Result | None = rules.result(state) if rules.to_act(state) is None else None
    if result is not None:
        if result.winner is None:
            return dict.fromkeys(sides, 0.5)
        return {s: 1.0 if s == result.winner else 0.0 for s in sides}
    if len(sides) == 2:  # zero-sum (``polemos_evaluate``): one call instead of two
        value = evaluate(rules, state, judge)
        return {s: value if s == judge else 1.0 - value for s in sides}
    return {s: evaluate(rules, state, s) for s in sides}
