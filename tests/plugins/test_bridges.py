"""The bridges (plugins/bridges): every shipped scenario as an OpenSpiel game and a PettingZoo
environment, the dice as chance nodes, observations from one side's view only.

OpenSpiel's and PettingZoo's own conformance tests (``pyspiel.random_sim_test``,
``pettingzoo.test.api_test``) run on every shipped scenario. Without the ``bridges`` extra
those tests skip naming it, unless ``POLEMOS_REQUIRE_REAL=1`` (CI), where they fail; the
shared parts (action space, layout, chance line) are tested either way.
"""

from __future__ import annotations

import copy
import importlib
import os
import random
from types import ModuleType
from typing import Any

import numpy as np
import pluggy
import pytest

from polemos.core.catalog import scenario_catalog
from polemos.core.errors import PolemosError
from polemos.core.game import Game
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.core.serialize import to_jsonable
from polemos.plugins.bridges.chance import ChanceLine
from polemos.plugins.bridges.spec import ScenarioSpec, bridge_name, scenario_spec

REQUIRE_REAL = os.environ.get("POLEMOS_REQUIRE_REAL") == "1"
EXTRA = "the bridges extra: pip install -e '.[bridges]'"
SCENARIOS = list(scenario_catalog(make_plugin_manager()))
SIMULATIONS = 1
"""``random_sim_test`` games per scenario: one already plays each to its end (a De Bello
Gallico game is some 600 moves and dice), which keeps this file fast."""
LONG = {"de-bello-gallico/britons-ambush", "de-bello-gallico/corfinium-bridge",
        "mixed/bridge-showcase"}
"""The scenarios whose games are longest (De Bello Gallico's): OpenSpiel's serialisation checks
re-play them once more per check, so they run on the others, the same code."""


def real(module: str) -> ModuleType:
    """The third-party ``module``, or a skip naming the extra (a failure when it is required)."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        if REQUIRE_REAL:
            pytest.fail(f"{module} is not installed ({EXTRA}); POLEMOS_REQUIRE_REAL=1 requires "
                        f"it: {error}")
        pytest.skip(f"{module} is not installed ({EXTRA})")


@pytest.fixture(scope="module")
def specs(pm: pluggy.PluginManager) -> dict[str, ScenarioSpec]:
    """Every shipped scenario's spec, by scenario name (made once: each warms its layout up)."""
    return {name: scenario_spec(load_scenario(ref.path, pm), pm, bridge_name(name))
            for name, ref in scenario_catalog(pm).items()}


@pytest.fixture(scope="module")
def openspiel(pm: pluggy.PluginManager) -> Any:
    """The OpenSpiel bridge, every shipped scenario registered."""
    real("pyspiel")
    from polemos.plugins.bridges import openspiel_game

    openspiel_game.register(pm)
    return openspiel_game


def test_bridge_names() -> None:
    assert bridge_name("petit-cirque/duel") == "polemos_petit_cirque_duel"
    assert bridge_name("de-bello-gallico/britons-ambush") == \
        "polemos_de_bello_gallico_britons_ambush"


# -- what both bridges share ----------------------------------------------------------------
def test_action_space_numbers_the_legal_actions(specs: dict[str, ScenarioSpec]) -> None:
    spec = specs["petit-cirque/duel"]
    game = Game.new(spec.loaded, spec.pm, transactional=False)
    legal = game.legal_actions()
    assert spec.action(legal, 2) == legal[2]
    with pytest.raises(PolemosError, match=f"legal actions are 0 to {len(legal) - 1}"):
        spec.action(legal, len(legal))
    small = scenario_spec(spec.loaded, spec.pm, spec.name, max_actions=3)
    with pytest.raises(PolemosError, match="max_actions=3; raise it"):
        small.count(legal)
    with pytest.raises(PolemosError, match="at least 1"):
        scenario_spec(spec.loaded, spec.pm, spec.name, max_actions=0)


def test_returns_are_zero_sum(specs: dict[str, ScenarioSpec]) -> None:
    spec = specs["petit-cirque/duel"]
    from polemos.core.ruleset import Result

    assert spec.returns(Result("blue", "shot down", "PCV-3")) == [
        1.0 if side == "blue" else -1.0 for side in spec.sides]
    assert spec.returns(Result(None, "turn limit", "PCV-3")) == [0.0, 0.0]
    assert spec.returns(None) == [0.0, 0.0]


@pytest.mark.parametrize("name", SCENARIOS)
def test_layout_is_fixed_and_named(specs: dict[str, ScenarioSpec], name: str) -> None:
    """Every view of a game, of every side, fits the one layout: same shape, the observer and
    the side to act one-hot at the front."""
    spec = specs[name]
    layout = spec.layout
    assert layout.size == 2 * len(spec.sides) + len(layout.names)
    game = Game.new(spec.loaded, spec.pm, seed=3, transactional=False)
    rng = random.Random(3)
    for _ in range(30):
        acting = game.to_act()
        if acting is None:
            break
        for index, side in enumerate(spec.sides):
            array = layout.encode(to_jsonable(game.view(side)), side, acting)
            assert array.shape == (layout.size,) and array.dtype == np.float32
            assert array[index] == 1.0 and array[:len(spec.sides)].sum() == 1.0
            assert array[len(spec.sides) + spec.sides.index(acting)] == 1.0
        game.step(rng.choice(game.legal_actions()))


def test_layout_names_what_it_holds(specs: dict[str, ScenarioSpec]) -> None:
    """PCV: a plane's altitude is a number feature, the phase a one-hot string feature."""
    spec = specs["petit-cirque/duel"]
    game = Game.new(spec.loaded, spec.pm, transactional=False)
    side = spec.sides[0]
    array = spec.layout.encode(to_jsonable(game.view(side)), side, game.to_act())
    view = game.view(side)
    names = spec.layout.names
    offset = 2 * len(spec.sides)
    altitude = names.index("planes.red-1.altitude")
    assert array[offset + altitude] == view.planes["red-1"].altitude
    assert array[offset + names.index(f"phase={view.phase}")] == 1.0


@pytest.mark.parametrize("name", ["petit-cirque/duel", "aeronautica/dogfight",
                                  "de-bello-gallico/corfinium-bridge"])
def test_chance_line_plays_the_engine_game_with_those_dice(specs: dict[str, ScenarioSpec],
                                                           name: str) -> None:
    """Dice chosen at the chance nodes, then scripted in a plain game with the same actions,
    give the same position; every chance node is a whole die (faces 1 to n)."""
    spec = specs[name]
    line = ChanceLine(spec)
    rng = random.Random(5)
    faces: list[int] = []
    actions = []
    for _ in range(60):
        if line.wanted:
            face = rng.randint(1, line.wanted)
            faces.append(face)
            line.roll(face)
            continue
        assert line.game is not None
        if line.game.to_act() is None:
            break
        action = rng.choice(line.legal())
        actions.append(action)
        line.choose(action)
    while line.wanted:  # finish the action in flight
        faces.append(1)
        line.roll(1)
    assert line.game is not None
    plain = Game.new(spec.loaded, spec.pm, dice_script=faces, transactional=False)
    for action in actions:
        plain.step(action)
    assert plain.snapshot() == line.game.snapshot()
    assert plain.dice.count == len(faces)


def test_chance_line_refuses_a_face_off_the_die(specs: dict[str, ScenarioSpec]) -> None:
    spec = specs["petit-cirque/duel"]
    line = ChanceLine(spec)
    rng = random.Random(1)
    while not line.wanted:
        line.choose(rng.choice(line.legal()))
    with pytest.raises(ValueError, match=f"no face 7 on the d{line.wanted}"):
        line.roll(7)


def test_a_clone_of_a_line_is_independent(specs: dict[str, ScenarioSpec]) -> None:
    spec = specs["petit-cirque/duel"]
    line = ChanceLine(spec)
    line.roll(6)  # the roll-off for the first turn (PCV-4): 6 against 1
    line.roll(1)
    assert line.game is not None
    before = line.game.snapshot()
    twin = copy.deepcopy(line)
    twin.choose(twin.legal()[0])
    assert line.game.snapshot() == before
    assert twin.game is not None and twin.game.snapshot() != before


# -- OpenSpiel ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", SCENARIOS)
def test_openspiel_random_sim_test(openspiel: Any, specs: dict[str, ScenarioSpec],
                                   name: str) -> None:
    """OpenSpiel's own checks of a game, on one whole random game of each scenario; with its
    serialisation checks (each re-plays the game) but for the longest games (``LONG``)."""
    pyspiel = real("pyspiel")
    game = pyspiel.load_game(bridge_name(name))
    assert game.num_distinct_actions() == openspiel.MAX_ACTIONS
    assert game.max_chance_outcomes() == specs[name].loaded.model.largest_die()
    pyspiel.random_sim_test(game, num_sims=SIMULATIONS, serialize=name not in LONG,
                            verbose=False)


def test_openspiel_state_round_trips(openspiel: Any) -> None:
    pyspiel = real("pyspiel")
    game = pyspiel.load_game("polemos_aeronautica_dogfight", {"max_actions": 40})
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    again_game, again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert again_game.num_distinct_actions() == 40
    assert again.history() == state.history()
    assert str(again) == str(state)
    assert [again.information_state_string(p) for p in (0, 1)] == \
        [state.information_state_string(p) for p in (0, 1)]


def test_openspiel_declares_what_it_hides(openspiel: Any) -> None:
    pyspiel = real("pyspiel")
    information = pyspiel.GameType.Information
    assert pyspiel.load_game("polemos_petit_cirque_duel").get_type().information == \
        information.PERFECT_INFORMATION
    for hiding in ("polemos_aeronautica_dogfight", "polemos_mixed_bridge_showcase"):
        assert pyspiel.load_game(hiding).get_type().information == \
            information.IMPERFECT_INFORMATION


def test_openspiel_dice_are_chance_nodes(openspiel: Any) -> None:
    """PCV duel: the game starts with the roll-off for the first turn (PCV-4), one D6 per side,
    each a chance node of even odds; the seed plays no part."""
    pyspiel = real("pyspiel")
    state = pyspiel.load_game("polemos_petit_cirque_duel").new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [action for action, _ in outcomes] == [0, 1, 2, 3, 4, 5]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "d6=4"
    state.apply_action(5)  # the first side rolls a 6
    assert state.is_chance_node()
    state.apply_action(0)  # the second a 1
    assert state.current_player() == 0 and "6" in state.information_state_string(1)


def test_openspiel_max_game_length_is_enforced(openspiel: Any) -> None:
    pyspiel = real("pyspiel")
    state = pyspiel.load_game("polemos_petit_cirque_duel", {"max_game_length": 3}
                              ).new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(Exception, match="max_game_length=3"):
        state.apply_action(state.legal_actions()[0])


def test_openspiel_mcts_plays(openspiel: Any) -> None:
    """OpenSpiel's own MCTS bot plays a few moves of the PCV duel, dice as chance nodes."""
    pyspiel = real("pyspiel")
    mcts = real("open_spiel.python.algorithms.mcts")
    game = pyspiel.load_game("polemos_petit_cirque_duel")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=12, evaluator=evaluator,
                       random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while moves < 4 and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 4


# -- hidden information -----------------------------------------------------------------------
def sealed_pair(spec: ScenarioSpec) -> tuple[Game, Game, str, str]:
    """Two Aeronautica games that differ only in the first side's sealed manoeuvre (AI-20):
    the games, the side that chose and the other."""
    games = []
    for choice in (0, 1):
        game = Game.new(spec.loaded, spec.pm, seed=2, transactional=False)
        while game.legal_actions()[0].kind != "manoeuvre":
            game.step(game.legal_actions()[0])
        chooser = game.to_act()
        game.step(game.legal_actions()[choice])
        games.append(game)
    assert chooser is not None
    other = next(side for side in spec.sides if side != chooser)
    return games[0], games[1], chooser, other


def test_layout_never_holds_what_a_side_may_not_see(specs: dict[str, ScenarioSpec]) -> None:
    spec = specs["aeronautica/dogfight"]
    first, second, chooser, other = sealed_pair(spec)
    assert first.snapshot() != second.snapshot()

    def seen(game: Game, side: str) -> Any:
        return spec.layout.encode(to_jsonable(game.view(side)), side, game.to_act())

    assert np.array_equal(seen(first, other), seen(second, other))
    assert not np.array_equal(seen(first, chooser), seen(second, chooser))


def test_openspiel_observations_hide_sealed_orders(openspiel: Any) -> None:
    """Aeronautica: the other side's observation and information state are the same whichever
    manoeuvre was sealed; the chooser's differ."""
    pyspiel = real("pyspiel")
    game = pyspiel.load_game("polemos_aeronautica_dogfight")
    states = []
    for choice in (0, 1):
        state = game.new_initial_state()
        while state.is_chance_node() or \
                "manoeuvre" not in state.action_to_string(state.current_player(), 0):
            state.apply_action(state.legal_actions()[0])
        chooser = state.current_player()
        state.apply_action(choice)
        states.append(state)
    other = 1 - chooser
    first, second = states
    assert first.observation_string(other) == second.observation_string(other)
    assert first.observation_tensor(other) == second.observation_tensor(other)
    assert first.information_state_string(other) == second.information_state_string(other)
    assert first.information_state_string(chooser) != second.information_state_string(chooser)


# -- PettingZoo -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:We recommend agents to be named")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test(specs: dict[str, ScenarioSpec], name: str) -> None:
    """PettingZoo's own checks of an AEC environment, on each scenario. Its advice is not
    followed on purpose: agents are the scenario's sides by name (not ``player_0``), and an
    observation is a dict of the array and the action mask, as PettingZoo's classic games."""
    api_test = real("pettingzoo.test").api_test
    from polemos.plugins.bridges.pettingzoo_env import PolemosEnv

    api_test(PolemosEnv(specs[name]), num_cycles=100)


def test_pettingzoo_plays_a_seeded_game_to_its_result(specs: dict[str, ScenarioSpec]) -> None:
    """The masked random policy plays the PCV duel to its end; the same seed, the same game;
    the rewards are the result's."""
    real("pettingzoo")
    from polemos.plugins.bridges.pettingzoo_env import PolemosEnv

    def play(seed: int) -> tuple[str, dict[str, float]]:
        env = PolemosEnv(specs["petit-cirque/duel"])
        env.reset(seed=seed)
        rng = random.Random(seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(list(legal))))
        assert env.game is not None
        return env.game.snapshot(), totals

    snapshot, totals = play(11)
    assert (snapshot, totals) == play(11)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_pettingzoo_refuses_an_illegal_action(specs: dict[str, ScenarioSpec]) -> None:
    real("pettingzoo")
    from polemos.plugins.bridges.pettingzoo_env import PolemosEnv

    env = PolemosEnv(specs["petit-cirque/duel"])
    env.reset(seed=1)
    assert env.game is not None
    before = env.game.snapshot()
    legal = int(env.observe(env.agent_selection)["action_mask"].sum())
    with pytest.raises(PolemosError, match=f"action {legal} is not legal here"):
        env.step(legal)
    assert env.game.snapshot() == before


def test_pettingzoo_observation_hides_sealed_orders(specs: dict[str, ScenarioSpec]) -> None:
    real("pettingzoo")
    from polemos.plugins.bridges.pettingzoo_env import PolemosEnv

    spec = specs["aeronautica/dogfight"]
    first, second, chooser, other = sealed_pair(spec)
    observed = []
    for game in (first, second):
        env = PolemosEnv(spec)
        env.reset(seed=0)
        env.game = game
        observed.append((env.observe(other)["observation"], env.observe(chooser)["observation"]))
    assert np.array_equal(observed[0][0], observed[1][0])
    assert not np.array_equal(observed[0][1], observed[1][1])
