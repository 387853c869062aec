"""Conformance: what every installed ruleset owes, checked over every shipped scenario.

design.md (Tests): a legal action exists until the game is over; a refused action changes
nothing; save → load → continue equals the original; the same seed gives the same event log.
A new ruleset and its scenarios get all of this for free.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.actions import Action
from polemos.core.engine import play
from polemos.core.errors import IllegalAction
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager, ruleset_registry
from polemos.core.scenario import load_scenario
from polemos.core.serialize import canonical

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").rglob("*.yaml"))
SEEDS = (1, 2)
BOGUS = Action("no-such-action", "no-such-unit", {"x": 1})


def scenario_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@pytest.fixture(scope="module")
def pm():
    return make_plugin_manager()


def new(pm, path: Path, seed: int) -> Game:
    return Game.new(load_scenario(path, pm), pm, seed=seed, transactional=False)


def random_players(game: Game) -> dict:
    return {side: RandomBot(bot_rng(game.seed, side)) for side in game.rules.sides(game.state)}


def test_every_ruleset_has_a_scenario(pm):
    shipped = {load_scenario(path, pm).model.ruleset for path in SCENARIOS}
    assert set(ruleset_registry(pm)) <= shipped


@pytest.mark.parametrize("path", SCENARIOS, ids=scenario_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_invariants(pm, path: Path, seed: int):
    """Legal actions exist until the end; refused actions (every 7th step) change nothing."""
    game = new(pm, path, seed)
    players = random_players(game)
    sides = game.rules.sides(game.state)
    steps = 0
    while (side := game.to_act()) is not None:
        legal = game.legal_actions()
        assert legal, f"no legal action for {side} at step {steps}"
        if steps % 7 == 0:
            before = game.snapshot(), len(game.events)
            with pytest.raises(IllegalAction):
                game.step(BOGUS)
            other = next(s for s in sides if s != side)
            with pytest.raises(IllegalAction):
                game.step(legal[0], side=other)
            assert (game.snapshot(), len(game.events)) == before
        action = players[side].choose(game.rules, game.view(side), side, legal)
        game.step(action)
        steps += 1
        assert steps < 200_000
    assert game.result() is not None
    assert game.legal_actions() == []


@pytest.mark.parametrize("path", SCENARIOS, ids=scenario_id)
def test_same_seed_same_log(pm, path: Path):
    logs = []
    for _ in range(2):
        game = new(pm, path, 5)
        play(game, random_players(game))
        logs.append([canonical(event) for event in game.events])
    assert logs[0] == logs[1]


@pytest.mark.parametrize("path", SCENARIOS, ids=scenario_id)
def test_save_load_continue_equals_original(pm, path: Path, tmp_path: Path):
    original = new(pm, path, 3)
    play(original, random_players(original))
    half = len(original.actions) // 2

    partial = new(pm, path, 3)
    for action in original.actions[:half]:
        partial.step(action)
    partial.save(tmp_path / "save.json")
    loaded = Game.load(tmp_path / "save.json", pm)
    assert loaded.snapshot() == partial.snapshot()
    for action in original.actions[half:]:
        loaded.step(action)
    assert [canonical(e) for e in loaded.events] == [canonical(e) for e in original.events]
    assert loaded.snapshot() == original.snapshot()


@pytest.mark.parametrize("path", SCENARIOS, ids=scenario_id)
def test_greedy_bots_finish(pm, path: Path):
    game = new(pm, path, 11)
    name = game.rules.name
    players = {side: make_bot(pm, name, "greedy", bot_rng(game.seed, side))
               for side in game.rules.sides(game.state)}
    assert play(game, players) is not None
