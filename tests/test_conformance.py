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
from polemos.core.position import position_scenario, rolls_since
from polemos.core.scenario import load_scenario, validate_scenario
from polemos.core.serialize import canonical

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").rglob("*.yaml"))
SEEDS = (1, 2)
BOGUS = {"kind": "no-such-action", "unit": "no-such-unit", "args": {"x": 1}}


def malformed(action: Action) -> list[dict]:
    """Forms of a legal action that its ruleset's declaration must refuse (typed actions)."""
    data = action.to_json()
    args = dict(data.get("args", {}))
    forms = [{**data, "args": {**args, "zz_unknown": 1}}, {**data, "unit": "no-such-unit"},
             {**data, "extra": True}, [data]]
    for name, value in args.items():
        forms.append({**data, "args": {k: v for k, v in args.items() if k != name}})
        forms.append({**data, "args": {**args, name: [value]}})
        if isinstance(value, int | float) and not isinstance(value, bool):
            forms += [{**data, "args": {**args, name: bad}} for bad in
                      (float("nan"), float("inf"), 1e308, -1e308)]
    return forms


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
            for bad in [BOGUS, *malformed(legal[steps % len(legal)])]:
                with pytest.raises(IllegalAction):
                    game.step(bad)
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


@pytest.mark.parametrize("path", SCENARIOS, ids=scenario_id)
def test_position_round_trip_continues_identically(pm, path: Path):
    """Positions as data: the position of a game part-way, exported as a scenario and played
    on with the same dice and actions, gives the same events as the game itself."""
    original = new(pm, path, 4)
    play(original, random_players(original))
    for step in sorted({1, len(original.actions) // 3, len(original.actions) // 2}):
        partial = new(pm, path, 4)
        for action in original.actions[:step]:
            partial.step(action)
        raw = position_scenario(partial)
        loaded = validate_scenario(raw, f"{path.name} at step {step}", pm)
        dice = rolls_since(original, len(partial.events))
        resumed = Game.new(loaded, pm, dice_script=dice, transactional=False)
        assert resumed.to_act() == partial.to_act()
        assert resumed.legal_actions() == partial.legal_actions()
        start = len(resumed.events)
        for action in original.actions[step:]:
            resumed.step(action)
        assert without_seq(resumed.events[start:]) == without_seq(
            original.events[len(partial.events):])


def without_seq(events: list[dict]) -> list[str]:
    return [canonical({k: v for k, v in event.items() if k != "seq"}) for event in events]
