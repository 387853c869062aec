"""The conformance suite: what every ruleset owes, checked over the scenarios it ships.

design.md (Tests): a legal action exists until the game is over; a refused action — malformed
data included — changes nothing; save → load → continue equals the original; the same seed
gives the same event log; bots finish; a position exported part-way plays on identically.

It ships in the package as a pytest plugin (entry point ``pytest11``, name ``polemos``), so an
outside package runs it on its own rulesets with no copy of Polemos's tests: one test module

    from polemos.core.conformance import ConformanceTests

    class TestConformance(ConformanceTests):
        \"\"\"The Polemos conformance suite, on this package's rulesets.\"\"\"

and, in its pytest configuration, ``polemos_rulesets = ["mine"]`` to play only the scenarios
of those rulesets (default: every installed scenario). The scenarios are the ones the
installed plugins list through ``polemos_scenarios`` (``polemos.core.catalog``), wherever the
packages are installed. Pytest collects only the subclass: the base class is not named
``Test…``, so importing it runs nothing twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pluggy
import pytest

from polemos.core.actions import Action
from polemos.core.catalog import ScenarioRef, scenario_catalog
from polemos.core.engine import play
from polemos.core.errors import IllegalAction
from polemos.core.game import Game
from polemos.core.players import Player, RandomBot, bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager, ruleset_registry
from polemos.core.position import position_scenario, rolls_since
from polemos.core.scenario import load_scenario, read_yaml, validate_scenario
from polemos.core.serialize import canonical

INI_RULESETS = "polemos_rulesets"
SEEDS = (1, 2)
BOGUS = {"kind": "no-such-action", "unit": "no-such-unit", "args": {"x": 1}}
MAX_STEPS = 200_000
_SELECTED = pytest.StashKey[list[ScenarioRef]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(INI_RULESETS, type="args", default=[],
                  help="Polemos conformance suite: play only the scenarios of these rulesets "
                  "(default: every installed scenario)")


def selected_rulesets(config: pytest.Config) -> list[str]:
    """The rulesets the ini option names; none (every ruleset) when the plugin is not loaded."""
    try:
        return [str(name) for name in config.getini(INI_RULESETS)]
    except ValueError:  # `-p no:polemos`: the option is not declared
        return []


def conformance_scenarios(pm: pluggy.PluginManager, rulesets: list[str]) -> list[ScenarioRef]:
    """The installed scenarios of ``rulesets`` (all when empty); naming a ruleset that is not
    installed is a usage error, so a package that forgot to install itself does not pass on
    zero tests."""
    registry = ruleset_registry(pm)
    missing = [name for name in rulesets if name not in registry]
    if missing:
        raise pytest.UsageError(f"{INI_RULESETS}: {', '.join(missing)} not installed "
                                f"(installed rulesets: {', '.join(sorted(registry))})")
    refs = list(scenario_catalog(pm).values())
    if not rulesets:
        return refs
    return [ref for ref in refs if read_yaml(ref.path).get("ruleset") in rulesets]


def _scenarios(config: pytest.Config) -> list[ScenarioRef]:
    if _SELECTED not in config.stash:
        config.stash[_SELECTED] = conformance_scenarios(make_plugin_manager(),
                                                        selected_rulesets(config))
    return config.stash[_SELECTED]


def malformed(action: Action) -> list[Any]:
    """Forms of a legal action that its ruleset's declaration must refuse (typed actions)."""
    data = action.to_json()
    args = dict(data.get("args", {}))
    forms: list[Any] = [{**data, "args": {**args, "zz_unknown": 1}},
                        {**data, "unit": "no-such-unit"}, {**data, "extra": True}, [data]]
    for name, value in args.items():
        forms.append({**data, "args": {k: v for k, v in args.items() if k != name}})
        forms.append({**data, "args": {**args, name: [value]}})
        if isinstance(value, int | float) and not isinstance(value, bool):
            forms += [{**data, "args": {**args, name: bad}} for bad in
                      (float("nan"), float("inf"), 1e308, -1e308)]
    return forms


def new(pm: pluggy.PluginManager, path: Path, seed: int) -> Game:
    return Game.new(load_scenario(path, pm), pm, seed=seed, transactional=False)


def random_players(game: Game) -> dict[str, Player]:
    return {side: RandomBot(bot_rng(game.seed, side)) for side in game.rules.sides(game.state)}


def without_seq(events: list[dict[str, Any]]) -> list[str]:
    return [canonical({k: v for k, v in event.items() if k != "seq"}) for event in events]


class ConformanceTests:
    """The suite as test methods: subclass it as ``TestConformance`` in a test module.

    Every method taking ``path`` runs once per selected scenario, with the scenario's name as
    its test id (``petit-cirque/duel``), so ``pytest -k petit-cirque`` picks one ruleset's.
    """

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        if "path" in metafunc.fixturenames:
            refs = _scenarios(metafunc.config)
            metafunc.parametrize("path", [ref.path for ref in refs],
                                 ids=[ref.name for ref in refs])

    @pytest.fixture(scope="class")
    @classmethod
    def pm(cls) -> pluggy.PluginManager:
        """One plugin manager for the class's tests, with every installed plugin."""
        return make_plugin_manager()

    def test_every_ruleset_has_a_scenario(self, pm: pluggy.PluginManager,
                                          request: pytest.FixtureRequest) -> None:
        rulesets = set(selected_rulesets(request.config) or ruleset_registry(pm))
        shipped = {load_scenario(ref.path, pm).model.ruleset
                   for ref in scenario_catalog(pm).values()}
        assert rulesets <= shipped, \
            f"rulesets listing no scenario (polemos_scenarios): {sorted(rulesets - shipped)}"

    @pytest.mark.parametrize("seed", SEEDS)
    def test_random_game_invariants(self, pm: pluggy.PluginManager, path: Path,
                                    seed: int) -> None:
        """Legal actions exist until the end; refused actions (every 7th step) change
        nothing."""
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
                assert (game.snapshot(), len(game.events)) == before, \
                    f"a refused action changed the game at step {steps}"
            action = players[side].choose(game.rules, game.view(side), side, legal)
            game.step(action)
            steps += 1
            assert steps < MAX_STEPS, f"no result after {steps} actions"
        assert game.result() is not None, "the game is over but has no result"
        assert game.legal_actions() == [], "legal actions after the end of the game"

    def test_same_seed_same_log(self, pm: pluggy.PluginManager, path: Path) -> None:
        logs = []
        for _ in range(2):
            game = new(pm, path, 5)
            play(game, random_players(game))
            logs.append([canonical(event) for event in game.events])
        assert logs[0] == logs[1], "the same seed gave two different event logs"

    def test_save_load_continue_equals_original(self, pm: pluggy.PluginManager, path: Path,
                                                tmp_path: Path) -> None:
        original = new(pm, path, 3)
        play(original, random_players(original))
        half = len(original.actions) // 2

        partial = new(pm, path, 3)
        for action in original.actions[:half]:
            partial.step(action)
        partial.save(tmp_path / "save.json")
        loaded = Game.load(tmp_path / "save.json", pm)
        assert loaded.snapshot() == partial.snapshot(), "the loaded game differs from the saved"
        for action in original.actions[half:]:
            loaded.step(action)
        assert [canonical(e) for e in loaded.events] == [canonical(e) for e in original.events]
        assert loaded.snapshot() == original.snapshot(), "save → load → continue differs"

    def test_greedy_bots_finish(self, pm: pluggy.PluginManager, path: Path) -> None:
        """Greedy bots, or the random bot for a ruleset that has no greedy policy."""
        game = new(pm, path, 11)
        name = game.rules.name
        players = {side: make_bot(pm, name, "greedy", bot_rng(game.seed, side))
                   for side in game.rules.sides(game.state)}
        assert play(game, players) is not None

    def test_position_round_trip_continues_identically(self, pm: pluggy.PluginManager,
                                                        path: Path) -> None:
        """Positions as data: the position of a game part-way, exported as a scenario and
        played on with the same dice and actions, gives the same events as the game itself."""
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
            assert resumed.to_act() == partial.to_act(), f"another side to act at step {step}"
            assert resumed.legal_actions() == partial.legal_actions(), \
                f"other legal actions at step {step}"
            start = len(resumed.events)
            for action in original.actions[step:]:
                resumed.step(action)
            assert without_seq(resumed.events[start:]) == without_seq(
                original.events[len(partial.events):]), f"other events from step {step} on"
        ended = Game.new(validate_scenario(position_scenario(original), f"{path.name} at the "
                                           "end", pm), pm, transactional=False)
        assert ended.to_act() is None and ended.result() == original.result(), \
            "the position of a finished game keeps its result"
