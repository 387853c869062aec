"""Shared measuring helpers: whole bot-vs-bot games on one core, timed in CPU time.

CPU time (``time.process_time``), best of several runs over the same seeds, because the
benchmarks share their cores with other work: a wall clock would time the neighbours too.
Every per-scenario figure can be set beside OpenSpiel's pure-Python ``python_tic_tac_toe``
played by a random policy in the same process, timed in turn with it (``openspiel_game``), when
``open_spiel`` is installed (the ``bench`` extra), so a figure means the same on any machine.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pluggy

from polemos.core.dice import Dice
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import LoadedScenario, load_scenario
from polemos.core.world import World

SCENARIOS = Path(__file__).parent.parent / "scenarios"
REPEATS = 3
"""Runs over the same seeds; the fastest counts (the others were slowed by something else)."""
ROUNDS = 5
"""Rounds of ``interleaved``: ratios are goals (issue 14), and this machine's speed drifts."""

GamePlay = Callable[[int], int]
"""Plays the game of one seed to its end and returns how many actions it took."""


class Sink:
    """The least a ruleset needs from a game: seeded dice, an ``emit`` that keeps nothing, and
    an empty world (no other ruleset on the table). Measures the rules without the engine."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)
        self.world = World()
        self.pm = pluggy.PluginManager("polemos")
        self.source = "benchmark"
        self.forked = False

    def emit(self, type_: str, **data: Any) -> dict[str, Any]:
        return data

    def record(self, event: dict[str, Any]) -> dict[str, Any]:
        return event

    def log(self, build: Callable[..., dict[str, Any]], /, *values: Any) -> None:
        return None


def report(name: str, value: float, unit: str) -> None:
    """One line a script can read: ``BENCH <name> <value> <unit>``."""
    print(f"BENCH {name} {value:.6g} {unit}", flush=True)


@functools.cache
def scenario(path: str) -> tuple[LoadedScenario, pluggy.PluginManager]:
    """A shipped scenario (``path`` under ``scenarios/``), loaded once per process."""
    pm = make_plugin_manager()
    return load_scenario(SCENARIOS / path, pm), pm


def engine_game(path: str, seed: int, kind: str = "random") -> int:
    """One ``kind``-bot game of a shipped scenario through the engine, as a balance run plays it
    (``transactional=False``): its number of actions."""
    loaded, pm = scenario(path)
    game = Game.new(loaded, pm, seed=seed, transactional=False)
    players = {side: make_bot(pm, game.rules.name, kind, bot_rng(seed, side))
               for side in game.rules.sides(game.state)}
    play(game, players)
    return len(game.actions)


def calibrate(game: GamePlay, seconds: float, min_games: int) -> range:
    """The seeds 0 … n-1 of as many games as take about ``seconds`` of CPU (at least
    ``min_games``), so the runs that follow time the same games."""
    games = 0
    start = time.process_time()
    while games < min_games or time.process_time() - start < seconds:
        game(games)
        games += 1
    return range(games)


def per_action_us(game: GamePlay, seeds: Sequence[int], repeats: int = REPEATS) -> float:
    """CPU µs per action over the games of ``seeds``, best of ``repeats`` runs."""
    best = math.inf
    for _ in range(repeats):
        start = time.process_time()
        actions = sum(game(seed) for seed in seeds)
        best = min(best, (time.process_time() - start) / actions)
    return best * 1e6


def bot_games(path: str, kind: str = "random", seconds: float = 2.0, min_games: int = 5
              ) -> tuple[float, float]:
    """``kind``-bot games of a shipped scenario for about ``seconds`` of CPU, best of
    ``REPEATS`` runs over the same seeds: (games/s, actions/s)."""
    seeds = calibrate(lambda seed: engine_game(path, seed, kind), seconds / REPEATS, min_games)
    best_time, actions = math.inf, 0
    for _ in range(REPEATS):
        start = time.process_time()
        actions = sum(engine_game(path, seed, kind) for seed in seeds)
        best_time = min(best_time, time.process_time() - start)
    return len(seeds) / best_time, actions / best_time


def scenario_report(name: str, path: str, seconds: float = 2.0, min_games: int = 5) -> float:
    """Random-bot games of one shipped scenario: games/s, actions/s, µs per action and, with
    OpenSpiel installed, the ratio to its ``python_tic_tac_toe`` (issue 14's yardstick), the two
    timed in turn (``interleaved``). Returns the games/s."""
    def game_of(seed: int) -> int:
        return engine_game(path, seed)

    seeds = calibrate(game_of, seconds / ROUNDS, min_games)
    actions = sum(game_of(seed) for seed in seeds)  # and every cache is warm for the rounds
    yardstick = openspiel_game()
    timed = [(game_of, seeds)] + ([yardstick] if yardstick is not None else [])
    us, *theirs = interleaved(timed)
    report(f"{name}_games_per_s", 1e6 / us * len(seeds) / actions, "games/s")
    report(f"{name}_actions_per_s", 1e6 / us, "actions/s")
    report(f"{name}_us_per_action", us, "us")
    if theirs:
        report(f"{name}_openspiel_us_per_action", theirs[0], "us")
        report(f"{name}_over_openspiel", us / theirs[0], "x")
    return 1e6 / us * len(seeds) / actions


def interleaved(timed: Sequence[tuple[GamePlay, Sequence[int]]], rounds: int = ROUNDS
                ) -> list[float]:
    """CPU µs per action of each play over the games of its seeds, best of ``rounds`` rounds
    that time them one after the other: a slow spell of the machine slows every one of them
    alike, where timing each ``rounds`` times in a row would charge it to one alone (a ratio
    to OpenSpiel's tic-tac-toe measured once per process swung between 2.4 and 4.5 for one
    De Bello Gallico scenario whose instruction count had not changed)."""
    best = [math.inf] * len(timed)
    for _ in range(rounds):
        for i, (game, seeds) in enumerate(timed):
            best[i] = min(best[i], per_action_us(game, seeds, repeats=1))
    return best


@functools.cache
def openspiel_game(seconds: float = 0.2) -> tuple[GamePlay, Sequence[int]] | None:
    """OpenSpiel's pure-Python tic-tac-toe with a uniform random policy, and the seeds of about
    ``seconds`` of its games; None (said once) when ``open_spiel`` is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        print("# open_spiel not installed (pip install '.[bench]'): no ratio to it", flush=True)
        return None
    ttt = pyspiel.load_game("python_tic_tac_toe")

    def random_game(seed: int) -> int:
        rng = random.Random(seed)
        state = ttt.new_initial_state()
        actions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
        return actions

    return random_game, calibrate(random_game, seconds, 10)
