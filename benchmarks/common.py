"""Shared measuring helpers: whole bot-vs-bot games on one core, timed with perf_counter."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pluggy

from polemos.core.dice import Dice
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.core.world import World

SCENARIOS = Path(__file__).parent.parent / "scenarios"


class Sink:
    """The least a ruleset needs from a game: seeded dice, an ``emit`` that keeps nothing, and
    an empty world (no other ruleset on the table). Measures the rules without the engine."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)
        self.world = World()
        self.pm = pluggy.PluginManager("polemos")
        self.source = "benchmark"

    def emit(self, type_: str, **data: Any) -> dict[str, Any]:
        return data


def report(name: str, value: float, unit: str) -> None:
    """One line a script can read: ``BENCH <name> <value> <unit>``."""
    print(f"BENCH {name} {value:.6g} {unit}", flush=True)


def bot_games(scenario: str, kind: str = "random", seconds: float = 3.0, min_games: int = 5
              ) -> tuple[float, float]:
    """Play ``kind``-bot games of ``scenario`` for about ``seconds``: (games/s, actions/s)."""
    pm = make_plugin_manager()
    loaded = load_scenario(SCENARIOS / scenario, pm)
    games = actions = 0
    start = time.perf_counter()
    while games < min_games or time.perf_counter() - start < seconds:
        game = Game.new(loaded, pm, seed=games, transactional=False)
        players = {side: make_bot(pm, game.rules.name, kind, bot_rng(games, side))
                   for side in game.rules.sides(game.state)}
        play(game, players)
        games += 1
        actions += len(game.actions)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed
