"""Flat Monte Carlo search to the end of the stage of play (the ``mcts`` option
``horizon=stage``): every candidate played on, with the same dice, until the ruleset's stage
of play changes (``Ruleset.search_stage``), and judged there.

Why: in De Bello Gallico a movement phase is some fifty activations and rolls no die but a
few shots, and what a move is worth shows when the melee starts: who touches whom, who stands
on the bridge unpinned. The tree search's playouts of a few actions judge positions halfway
through the phase, where the fitted evaluation tells one move from another by hundredths, and
as often wrongly as not. A whole phase takes 10–15 ms to play, but a decision is mostly taken
well into it: what is left of the phase averages 10 actions and 1.7 ms (measured over turns 1–3
of a Corfinium game), so 0.2 s would play each of a decision's 4–10 legal actions on 15 to 65
times (fewer for a move, whose menu is longest, more for the last activations of a phase).

Each round draws one dice seed and plays every candidate with it, the greedy policy's choice
first (common random numbers): two candidates then differ by what the action changes, not by
the dice. The other sides play as the tree would treat them (``opponent``: the greedy policy,
or the playout policy like the bot's own later decisions). The bot leaves the greedy choice
only for a candidate whose paired gain over it, averaged over the rounds both were played
on, is above ``MARGIN`` and ``keep`` standard errors; the best such gain wins. From the
sixth round on, a candidate that could not clear ``MARGIN`` even two standard errors above
its mean gain drops out of the race (``RACE_FROM``): the rounds go to the close calls, and
the decision ends once the greedy choice is alone. Most end so: in a Corfinium game 104 of
the Caesareans' 183 decisions ended at the sixth round and a tenth went past 17, where
without the race each ran the whole budget; the Caesareans won 56 of 96 games against the
greedy bot, 54 of 96 before (issue 14, budget 0.2): as strong, and faster.
"""

from __future__ import annotations

import math
import time
from typing import Any

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.plugins.search.settings import Resolved
from polemos.plugins.search.tree import Search, candidates, rewards

MARGIN = 0.01
"""The least gain in the evaluation's winning chance for which the bot leaves the greedy
choice: a hundredth is what the evaluation's rounding of one position to the next is worth."""
RACE_FROM, RACE_WIDTH = 6, 2.0
"""From the sixth round on, a candidate whose paired gain over the greedy choice could not
reach ``MARGIN`` within two standard errors is played no more: its rounds go to those still
in the race (and the greedy choice, which they are paired with), so a close call between two
of them is settled on more rounds than a menu's worth of clear losers leave."""
STAGE_ACTIONS = 1000
"""A guard on a stage that never ends: no phase of a real game comes near it."""


def stage_decision(search: Search, game: Game, side: str, legal: list[Action],
                   resolved: Resolved) -> Action:
    """The action of ``legal`` chosen by playing each candidate on to the end of the stage
    (module docstring), within the bot's budget or iterations (each playout counts one)."""
    rules, state, rng, settings = game.rules, game.state, search.rng, search.settings
    search.last = None  # no tree to go on from at the next decision
    favourite = (search.guide(rules, state, side, legal, rng) if search.guide is not None
                 else legal[0])
    tried = [favourite, *(a for a in candidates(rules, state, legal, favourite)
                          if a != favourite)]
    deadline = (time.process_time() + settings.budget if settings.budget is not None
                else math.inf)
    limit = settings.iterations if settings.iterations is not None else math.inf
    opponent = search.guide if resolved.opponent == "greedy" and search.guide else search.rollout
    sides = list(rules.sides(state))
    start = rules.search_stage(state)
    longest = resolved.depth if start is None else STAGE_ACTIONS
    values: list[list[float]] = [[] for _ in tried]
    racing = list(range(len(tried)))
    done = rounds = 0
    while done < limit:
        seed = rng.getrandbits(62)
        for index in racing:
            if done and (done >= limit or time.process_time() >= deadline):
                return _best(tried, values, resolved.keep)
            fork = game.fork(seed=seed)
            fork.rules.determinize(fork.state, side, rng)
            fork.step(tried[index])
            _play_stage(fork, side, start, longest, search, opponent)
            values[index].append(rewards(rules, fork.state, sides, search.evaluate, side)[side])
            done += 1
        rounds += 1
        if rounds >= RACE_FROM:
            racing = [index for index in racing
                      if not index or _upper(values[index], values[0]) > MARGIN]
            if len(racing) == 1:
                break  # the greedy choice alone: nothing left to compare it with
    return _best(tried, values, resolved.keep)


def _play_stage(fork: Game, side: str, start: Any, longest: int, search: Search,
                opponent: Any) -> None:
    """Play ``fork`` on while the stage is ``start``, at most ``longest`` actions: ``side`` by
    the playout policy, the others by ``opponent``'s."""
    rules, rng = fork.rules, search.rng
    for _ in range(longest):
        mover = rules.to_act(fork.state)
        if mover is None or rules.search_stage(fork.state) != start:
            return
        legal = rules.legal_actions(fork.state)
        policy = search.rollout if mover == side else opponent
        fork.step(legal[0] if len(legal) == 1 else policy(rules, fork.state, mover, legal, rng),
                  offered=legal)


def _gain(found: list[float], kept: list[float]) -> tuple[float, float]:
    """The mean paired gain of ``found`` over ``kept`` (the greedy choice's values of the same
    rounds) and its standard error."""
    gains = [mine - theirs for mine, theirs in zip(found, kept, strict=False)]
    mean = sum(gains) / len(gains)
    spread = (math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
              if len(gains) > 1 else 0.0)
    return mean, spread


def _upper(found: list[float], kept: list[float]) -> float:
    """How high ``found``'s paired gain may yet turn out: ``RACE_WIDTH`` standard errors above
    its mean."""
    mean, spread = _gain(found, kept)
    return mean + RACE_WIDTH * spread


def _best(tried: list[Action], values: list[list[float]], keep: float) -> Action:
    """The greedy choice (``tried[0]``) unless another's mean paired gain over it clears
    ``MARGIN`` and ``keep`` standard errors; the largest such gain."""
    kept = values[0]
    best, margin = tried[0], MARGIN
    for action, found in zip(tried[1:], values[1:], strict=True):
        if not found:
            continue
        mean, spread = _gain(found, kept)
        if mean > margin and mean > keep * spread:
            best, margin = action, mean
    return best
