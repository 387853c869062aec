"""A finished game leaves no reference cycle: a batch plays thousands of games, and each cycle
(a ruleset and its world, a state and the table that reads it) waits for the garbage collector,
whose passes over every live object cost a few per cent of each action (issue 14)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pluggy
import pytest

from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario

SCENARIOS = sorted((Path(__file__).parents[2] / "scenarios").rglob("*.yaml"))


def random_game(loaded: Any, pm: pluggy.PluginManager, seed: int) -> None:
    game = Game.new(loaded, pm, seed=seed, transactional=False)
    players = {side: make_bot(pm, game.rules.name, "random", bot_rng(seed, side))
               for side in game.rules.sides(game.state)}
    play(game, players)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_played_game_is_freed_without_the_garbage_collector(path):
    pm = make_plugin_manager()  # loaded once, as a batch does (pluggy's manager has cycles)
    loaded = load_scenario(path, pm)
    random_game(loaded, pm, 0)  # per-scenario caches are set up by the first game
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        random_game(loaded, pm, 1)
        found = gc.collect()
        kinds = sorted({type(thing).__name__ for thing in gc.garbage})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert found == 0, f"objects left in reference cycles: {', '.join(kinds)}"
