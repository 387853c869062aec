"""Forks and transactions per shipped scenario (issue 14, part 3).

``fork_us`` is ``Game.fork()`` (the ruleset's ``clone_state``, a forked ruleset and table, the
dice stream copied), ``fork_seeded_us`` ``Game.fork(seed=…)`` as a search bot forks (a fresh
stream), and ``deepcopy_us`` a ``copy.deepcopy`` of the same states, over the positions of
recorded random games (every ``EVERY`` actions). ``transactional_ratio`` is the CPU time per
action of those games re-played (the legal actions asked for, then the step) with
``transactional=True`` — a copy of the state every ``transaction.EVERY`` actions and the undo's
bookkeeping on every step — over the same without;
``transactional_step_ratio`` the same for the steps alone, the strictest figure.
Goals: a fork a fraction of a deep copy; a transactional step ≤ 1.3× (issue 14).
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable
from typing import Any

from benchmarks.common import REPEATS, report, scenario
from polemos.core.actions import Action
from polemos.core.game import Game

FILES = (("pcv_duel", "petit-cirque/duel.yaml"), ("pcv_6v6", "petit-cirque/dogfight-6v6.yaml"),
         ("pcv_witches", "petit-cirque/witches-and-flak.yaml"),
         ("ai_dogfight", "aeronautica/dogfight.yaml"),
         ("ai_bombing", "aeronautica/bombing-run.yaml"), ("at43_derby", "at43/derby.yaml"),
         ("dbg_corfinium", "de-bello-gallico/corfinium-bridge.yaml"),
         ("dbg_ambush", "de-bello-gallico/britons-ambush.yaml"),
         ("mixed_showcase", "mixed/bridge-showcase.yaml"))
GAMES = 4
"""Recorded games per scenario: enough positions to average over, few enough to be quick."""
EVERY = 10
"""Actions between two positions copied."""


def random_game(path: str, seed: int, stopped: list[Game]) -> list[Action]:
    """One random game (uniform over the legal actions, seeded): its actions. ``stopped``
    collects the game as it stood every ``EVERY`` actions (forks, which play no further)."""
    loaded, pm = scenario(path)
    game = Game.new(loaded, pm, seed=seed, transactional=False)
    rng = random.Random(seed)
    chosen: list[Action] = []
    while game.to_act() is not None:
        if len(chosen) % EVERY == 0:
            stopped.append(game.fork())
        legal = game.legal_actions()
        chosen.append(legal[int(rng.random() * len(legal))])
        game.step(chosen[-1])
    return chosen


def seconds(path: str, games: list[list[Action]], transactional: bool, legal: bool) -> float:
    """CPU seconds re-playing ``games`` (not their set-up): each action's step, after asking
    for the legal actions as a player would when ``legal``."""
    loaded, pm = scenario(path)
    spent = 0.0
    for seed, actions in enumerate(games):
        game = Game.new(loaded, pm, seed=seed, transactional=transactional)
        step, legal_actions = game.step, game.legal_actions
        start = time.process_time()
        if legal:
            for action in actions:
                legal_actions()
                step(action)
        else:
            for action in actions:
                step(action)
        spent += time.process_time() - start
    return spent


def transactional_ratio(path: str, games: list[list[Action]], legal: bool) -> float:
    """Transactional over plain ``seconds``, each the best of ``REPEATS`` runs taken in turn
    (plain, transactional, plain, …) so a busy neighbour slows both alike."""
    best = {False: math.inf, True: math.inf}
    for _ in range(REPEATS):
        for transactional in best:
            best[transactional] = min(best[transactional],
                                      seconds(path, games, transactional, legal))
    return best[True] / best[False]


def mean_us(games: list[Game], copy_one: Callable[[Game], Any], rounds: int) -> float:
    """CPU µs per copy over every position, best of ``REPEATS`` runs of ``rounds`` each."""
    best = math.inf
    for _ in range(REPEATS):
        start = time.process_time()
        for _ in range(rounds):
            for game in games:
                copy_one(game)
        best = min(best, (time.process_time() - start) / (rounds * len(games)))
    return best * 1e6


def main() -> None:
    for name, path in FILES:
        stopped: list[Game] = []
        games = [random_game(path, seed, stopped) for seed in range(GAMES)]
        report(f"{name}_fork_us", mean_us(stopped, lambda game: game.fork(), 20), "us")
        report(f"{name}_fork_seeded_us",
               mean_us(stopped, lambda game: game.fork(seed=1), 20), "us")
        report(f"{name}_deepcopy_us",
               mean_us(stopped, lambda game: copy.deepcopy(game.state), 2), "us")
        report(f"{name}_transactional_ratio", transactional_ratio(path, games, True), "x")
        report(f"{name}_transactional_step_ratio", transactional_ratio(path, games, False),
               "x")


if __name__ == "__main__":
    main()
