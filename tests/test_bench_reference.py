"""The bare Petit Cirque Volant loop of ``benchmarks/bench_reference.py`` plays the same games
as the engine with random bots (PCV-3, PCV-4 … PCV-18, PCV-O1 … PCV-O4): same length and same
winner, seed by seed, in both scenarios it is timed on. Without that its ratio would compare
different games. The engine's layers timed beside them play those games too."""

from __future__ import annotations

import pytest

from benchmarks.bench_reference import FILES, LAYERS, bare_game, layered_game, load
from benchmarks.common import SCENARIOS, engine_game, scenario
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng

SEEDS = range(20)


@pytest.mark.parametrize("path", [path for _, path in FILES])
def test_bare_loop_plays_the_engines_games(path: str) -> None:
    loaded, pm = scenario(path)
    bare = load(SCENARIOS / path)
    for seed in SEEDS:
        game = Game.new(loaded, pm, seed=seed, transactional=False)
        players = {side: RandomBot(bot_rng(seed, side)) for side in game.rules.sides(game.state)}
        result = play(game, players)
        assert bare_game(bare, seed) == (len(game.actions), result.winner), f"seed {seed}"


def test_bare_loop_refuses_what_it_does_not_play() -> None:
    witches = SCENARIOS / "petit-cirque/witches-and-flak.yaml"
    with pytest.raises(ValueError, match="plain Petit Cirque Volant only"):
        load(witches)


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize("path", [path for _, path in FILES])
def test_each_layer_of_the_engine_plays_the_engines_games(path: str, layer: str) -> None:
    assert [layered_game(path, seed, layer) for seed in SEEDS] == \
        [engine_game(path, seed) for seed in SEEDS]
