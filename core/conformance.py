"""The conformance suite: what every ruleset owes, checked over the scenarios it ships.

design.md (Tests): a legal action exists until the game is over; a refused action — malformed
data included — changes nothing; save → load → continue equals the original; the same seed
gives the same event log; bots finish; a position exported part-way plays on identically; a
fork plays on as its parent and alone, a state's clone shares nothing that changes, and a
transactional step that fails part-way changes nothing.

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
from polemos.core.clone import shared_mutables
from polemos.core.engine import play
from polemos.core.errors import DiceExhausted, IllegalAction
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
ROLLING_TRIES = 10
"""Greedy games tried for one in which an action rolls a die (a duel can end without a shot)."""
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


def greedy_players(game: Game) -> dict[str, Player]:
    """Greedy bots, or the random bot for a ruleset that has no greedy policy."""
    return {side: make_bot(game.pm, game.rules.name, "greedy", bot_rng(game.seed, side))
            for side in game.rules.sides(game.state)}


def without_seq(events: list[dict[str, Any]]) -> list[str]:
    return [canonical({k: v for k, v in event.items() if k != "seq"}) for event in events]


def static_parts(game: Game) -> list[Any]:
    """What a clone of ``game``'s state may share with it: what its rulesets hold (their
    params, scenario and set-up), which no action changes."""
    return [value for rules in game.rules.part_rules().values() for value in vars(rules).values()]


def played_to(pm: pluggy.PluginManager, path: Path, seed: int, actions: list[dict[str, Any]]
              ) -> Game:
    """A new game of ``path`` and ``seed`` that has taken ``actions``."""
    game = new(pm, path, seed)
    for action in actions:
        game.step(action)
    return game


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
        assert play(game, greedy_players(game)) is not None

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

    def test_fork_plays_on_identically_and_alone(self, pm: pluggy.PluginManager,
                                                 path: Path) -> None:
        """``Game.fork``: with the same dice and actions a fork plays on exactly as its parent
        (same events, same state), and neither game's moves change the other — the parent
        plays to the end first, then the fork does, then a fork of a fork."""
        original = new(pm, path, 6)
        play(original, random_players(original))
        for step in sorted({0, len(original.actions) // 3, 2 * len(original.actions) // 3}):
            parent = played_to(pm, path, 6, original.actions[:step])
            fork = parent.fork()
            assert fork.snapshot() == parent.snapshot(), f"the fork differs at step {step}"
            assert (fork.events, fork.actions, fork.listeners) == ([], [], [])
            start = len(parent.events)
            for action in original.actions[step:]:
                parent.step(action)
            assert without_seq(parent.events) == without_seq(original.events)
            again = fork.fork()
            for action in original.actions[step:]:
                fork.step(action)
            assert without_seq(fork.events) == without_seq(original.events[start:]), \
                f"the fork played on otherwise than its parent from step {step}"
            assert fork.snapshot() == original.snapshot()
            assert parent.snapshot() == original.snapshot(), "the fork changed its parent"
            for action in original.actions[step:]:
                again.step(action)
            assert without_seq(again.events) == without_seq(original.events[start:]), \
                f"a fork of a fork played on otherwise from step {step}"

    def test_clone_shares_nothing_that_changes(self, pm: pluggy.PluginManager,
                                               path: Path) -> None:
        """``Ruleset.clone_state`` at every step of a game: an equal state that shares no
        list, dict, set or unfrozen dataclass with the original, but what its rulesets hold
        (``static_parts``), so a step on one can never reach the other."""
        game = new(pm, path, 8)
        players = random_players(game)
        static = static_parts(game)
        while (side := game.to_act()) is not None:
            twin = game.rules.clone_state(game.state)
            assert canonical(twin) == canonical(game.state), \
                f"the clone differs after {len(game.actions)} actions"
            shared = shared_mutables(game.state, twin, static)
            assert not shared, f"the clone shares {shared[:5]} after {len(game.actions)} actions"
            game.step(players[side].choose(game.rules, game.view(side), side,
                                           game.legal_actions()))

    def test_failed_transactional_step_changes_nothing(self, pm: pluggy.PluginManager,
                                                       path: Path) -> None:
        """A transactional step whose dice run out part-way (the action of a greedy game that
        rolls the most dice, scripted one die short) leaves the game exactly as it was, and
        the game then plays on as if the step had never been tried."""
        for seed in range(9, 9 + ROLLING_TRIES):  # a game where some action rolls a die
            original = new(pm, path, seed)
            play(original, greedy_players(original))
            starts = [i for i, e in enumerate(original.events) if e["type"] == "action"]
            ends = [*starts[1:], len(original.events)]
            rolls = [len(rolls_since(original, a)) - len(rolls_since(original, b))
                     for a, b in zip(starts, ends, strict=True)]
            if any(rolls):
                break
        else:
            pytest.skip(f"no action rolls a die in {ROLLING_TRIES} games")
        index = rolls.index(max(rolls))
        script = rolls_since(original, 0)
        short = script[:len(script) - len(rolls_since(original, starts[index])) + rolls[index] - 1]
        game = Game.new(load_scenario(path, pm), pm, seed=seed, dice_script=short)
        for action in original.actions[:index]:
            game.step(action)
        before = game.snapshot(), canonical(game.events), len(game.actions), game.dice.mark()
        with pytest.raises(DiceExhausted):
            game.step(original.actions[index])
        after = game.snapshot(), canonical(game.events), len(game.actions), game.dice.mark()
        assert after == before, f"the failed action {index} changed the game"
        game.dice.script = script
        for action in original.actions[index:]:
            game.step(action)
        assert without_seq(game.events) == without_seq(original.events), \
            "the game played on otherwise after the failed step"
