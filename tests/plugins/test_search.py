"""The search bot (plugins/search): plays every scenario, never reads hidden information,
refuses bad options, and each ruleset's ``evaluate`` on a scripted position."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from polemos.core.catalog import scenario_catalog
from polemos.core.cli import main
from polemos.core.engine import play
from polemos.core.errors import PolemosError, PolemosInputError
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import call_hook
from polemos.core.scenario import load_scenario
from polemos.plugins.search.bot import SearchBot
from polemos.plugins.search.settings import Settings
from polemos.plugins.search.tree import Node, choice
from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis
from tests.conftest import new_game

SCENARIOS = Path(__file__).parents[2] / "scenarios"
QUICK = "mcts:iterations=3,depth=2"
"""A search small enough to play whole games in a test, but a search all the same."""


def raw(name: str) -> dict[str, Any]:
    return yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())


def shipped(pm) -> list[str]:
    return sorted(scenario_catalog(pm))


@pytest.mark.parametrize("name", ["petit-cirque/duel", "petit-cirque/dogfight-6v6",
                                  "petit-cirque/witches-and-flak", "aeronautica/dogfight",
                                  "aeronautica/bombing-run", "at43/derby",
                                  "de-bello-gallico/corfinium-bridge",
                                  "de-bello-gallico/britons-ambush", "mixed/bridge-showcase"])
def test_mcts_plays_every_shipped_scenario_to_a_result(pm, name):
    assert name in shipped(pm)  # the list above is every shipped scenario
    game = Game.new(load_scenario(SCENARIOS / f"{name}.yaml", pm), pm, seed=4,
                    transactional=False)
    sides = game.rules.sides(game.state)
    kinds = {side: QUICK if i == 0 else "greedy" for i, side in enumerate(sides)}
    players = {side: make_bot(pm, game.rules.name, kinds[side], bot_rng(4, side), game=game)
               for side in sides}
    result = play(game, players)
    assert result.rule and (result.winner is None or result.winner in sides)


def test_the_list_of_scenarios_above_is_complete(pm):
    listed = test_mcts_plays_every_shipped_scenario_to_a_result.pytestmark[0].args[1]
    assert sorted(listed) == shipped(pm)


SEALED = "mcts:iterations=40,depth=12,prior=0,keep=0"
"""No greedy prior nor keep rule: every choice is the search's, so a peek at the hidden tokens
would show."""


def ork_choices(pm, seed: int, imperial: list[tuple[str, int]]) -> list[Any]:
    """The orks' search bot's manoeuvre tokens after the imperials placed ``imperial``."""
    game = Game.new(load_scenario(SCENARIOS / "aeronautica/dogfight.yaml", pm), pm, seed=seed)
    for unit, number in imperial:
        game.step({"kind": "manoeuvre", "unit": unit, "args": {"number": number}}, "imperial")
    bot = make_bot(pm, "aeronautica", SEALED, random.Random(7), game=game)
    chosen = []
    while game.to_act() == "ork" and game.state.phase == "choose":
        action = bot.choose(game.rules, game.view("ork"), "ork", game.legal_actions())
        chosen.append(action)
        game.step(action)
    return chosen


ONE = [("thunderbolt-1", 1), ("thunderbolt-2", 2), ("fury-1", 1)]
OTHER = [("fury-1", 3), ("thunderbolt-2", 5), ("thunderbolt-1", 6)]
"""Two sets of imperial tokens, placed in two orders."""


def test_its_decisions_do_not_depend_on_hidden_orders_or_future_dice(pm):
    """AI-20: the imperial tokens are face down when the orks choose theirs; the two games
    differ in those tokens (and the order they were placed in) and in every future die."""
    first, second = ork_choices(pm, 1, ONE), ork_choices(pm, 2, OTHER)
    assert len(first) == len(raw("aeronautica/dogfight")["squadrons"]["ork"])
    assert first == second
    assert len({action["number"] for action in first}) > 1  # not one token for all


def test_a_bot_that_read_the_hidden_tokens_would_decide_otherwise(pm, monkeypatch):
    """The test above has teeth: without ``determinize`` the forks keep the true tokens."""
    monkeypatch.setattr(AeronauticaImperialis, "determinize",
                        lambda self, state, side, rng: None)
    assert ork_choices(pm, 1, ONE) != ork_choices(pm, 2, OTHER)


def test_the_search_reads_the_game_it_was_made_for_only(pm):
    game = new_game(raw("petit-cirque/duel"), pm=pm)
    other = new_game(raw("petit-cirque/duel"), pm=pm)
    bot = make_bot(pm, "petit_cirque", QUICK, random.Random(0), game=game)
    side = other.to_act()
    with pytest.raises(PolemosError, match="only in the game it was made for"):
        bot.choose(other.rules, other.view(side), side, other.legal_actions())


def test_options_are_read(pm):
    bot = make_bot(pm, "at43", "mcts:budget=0.5,depth=6,explore=1.5,rollout=greedy,prior=0.3",
                   random.Random(0))
    assert isinstance(bot, SearchBot)
    assert bot.settings == Settings(budget=0.5, iterations=None, depth=6, explore=1.5,
                                    rollout="greedy", prior=0.3)
    assert make_bot(pm, "at43", "mcts:iterations=9", random.Random(0)).settings.budget is None
    assert make_bot(pm, "at43", "mcts", random.Random(0)).settings.budget == 0.2


def searched(rewards: dict[str, list[float]], favourite: str) -> Node:
    """A root whose actions were played out with the given rewards for side ``a``."""
    root = Node()
    root.favourite["a"] = favourite
    for action, values in rewards.items():
        child = root.children[("a", action)] = Node()
        child.visits, child.value = len(values), sum(values)
        child.square = sum(v * v for v in values)
    return root


def test_the_greedy_choice_is_kept_unless_the_search_proves_another_better():
    """Noise is no proof: ``b`` leads on average but by less than two standard errors (the
    noise floor is 0.05), or on too few playouts; a clear lead wins; keep=0 takes the most
    visited action."""
    legal: list[Any] = ["g", "b"]
    close = searched({"g": [0.5] * 10, "b": [0.53] * 5}, "g")
    assert choice(close, "a", legal, 2.0) == "g"
    few = searched({"g": [0.5] * 10, "b": [0.9] * 2}, "g")
    assert choice(few, "a", legal, 2.0) == "g"
    clear = searched({"g": [0.5] * 10, "b": [0.6] * 5}, "g")
    assert choice(clear, "a", legal, 2.0) == "b"
    assert choice(clear, "a", legal, 0) == "g"  # more visits


@pytest.mark.parametrize("kind, said", [
    ("mcts:budget=fast", "option budget='fast': expected a number from 0.001 to 600"),
    ("mcts:budget=-1", "option budget='-1'"),
    ("mcts:budget=nan", "option budget='nan'"),
    ("mcts:iterations=2.5", "option iterations='2.5': expected a whole number"),
    ("mcts:iterations=0", "option iterations='0'"),
    ("mcts:depth=-3", "option depth='-3'"),
    ("mcts:speed=3", "unknown option 'speed' (options: budget, iterations, depth, explore, "
                     "rollout, prior, keep)"),
    ("mcts:rollout=clever", "option rollout='clever': expected one of greedy, random"),
    ("mcts:prior=2", "option prior='2': expected a number from 0 to 1"),
    ("mcts:keep=-1", "option keep='-1': expected a number from 0 to 100"),
    ("mcts:budget=0.2,iterations=5", "give budget (seconds) or iterations, not both"),
    ("mcts:budget", "expected KIND:OPTION=VALUE"),
    ("mcts:budget=1,budget=2", "option 'budget' given twice"),
    ("greedy:depth=2", "the greedy bot takes no options"),
    ("clever", "has no 'clever' bot (bots: random, greedy, mcts)"),
])
def test_bad_options_are_refused(pm, kind, said):
    with pytest.raises(PolemosInputError, match=said.replace("(", r"\(").replace(")", r"\)")):
        make_bot(pm, "petit_cirque", kind, random.Random(0))


@pytest.mark.parametrize("argv", [
    ["play", str(SCENARIOS / "petit-cirque/duel.yaml"), "--bots", "mcts:iterations=x"],
    ["play", str(SCENARIOS / "petit-cirque/duel.yaml"), "--bot", "red=mcts:speed=1"],
    ["balance", str(SCENARIOS / "petit-cirque/duel.yaml"), "--games", "2",
     "--bot", "blue=mcts:budget=0"],
])
def test_a_bad_option_on_the_command_line_is_exit_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "mcts" in err and "Traceback" not in err


def test_bots_mcts_plays_from_the_command_line(capsys):
    code = main(["play", str(SCENARIOS / "petit-cirque/duel.yaml"), "--bots",
                 "mcts:iterations=2,depth=1", "-q"])
    assert code == 0 and "Result:" in capsys.readouterr().out


def evaluation(pm, scenario: dict[str, Any], side: str) -> float:
    game = new_game(scenario, pm=pm)
    evaluate = call_hook(pm, "polemos_evaluate", firstresult=True, ruleset=game.rules.name,
                         pm=pm)
    return evaluate(game.rules, game.state, side)


def test_pcv_evaluate_counts_the_hits_each_aircraft_can_still_take(pm):
    """PCV-3, PCV-17: blue has one sound aircraft and one damaged (1.5 of 2)."""
    scenario = raw("petit-cirque/duel")
    assert evaluation(pm, scenario, "red") == 0.5
    scenario["aircraft"][3]["damaged"] = True
    assert evaluation(pm, scenario, "red") == pytest.approx(0.5 + 0.5 * 0.5 / 3.5)
    assert evaluation(pm, scenario, "blue") == pytest.approx(0.5 - 0.5 * 0.5 / 3.5)


def test_aeronautica_evaluate_counts_victory_points_if_the_game_ended_now(pm):
    """AI-69: a damaged enemy is worth half its cost, rounded up, over the points both sides
    fielded (AI-72); the Structure left on each side's models counts too, a fifth."""
    scenario = raw("aeronautica/dogfight")
    imperial, ork = (len(scenario["squadrons"][side]) for side in ("imperial", "ork"))
    assert evaluation(pm, scenario, "ork") == pytest.approx(
        0.5 + 0.2 * (ork - imperial) / (ork + imperial) / 2)
    for model in scenario["squadrons"]["ork"]:
        if model["id"] == "bommer-1":
            model["damage"] = 1
    game = new_game(scenario, pm=pm)
    bommer = game.rules.setup.specs["bommer-1"]
    vp = -(-bommer.cost * 50 // 100)
    fielded = sum(game.state.start_points.values())
    left = ork - 1 / bommer.structure
    expected = 0.5 + (0.8 * vp / fielded + 0.2 * (imperial - left) / (imperial + left)) / 2
    assert evaluation(pm, scenario, "imperial") == pytest.approx(expected)
    assert evaluation(pm, scenario, "ork") == pytest.approx(1 - expected)


def test_at43_evaluate_counts_mobile_afvs_and_enemy_sp_destroyed(pm):
    """AT-P2: the lead in mobile AFVs (red 4, blue 5 at set-up); AT-P3: enemy SP destroyed,
    over all there is to destroy. An immobilised trike (AT-5) evens the AFVs and scores."""
    scenario = raw("at43/derby")
    assert evaluation(pm, scenario, "red") == pytest.approx(0.5 + 0.5 * (-1 / 9) / 2)
    scenario["units"][3]["vehicles"][1]["propulsion"] = 0  # the blue trike
    game = new_game(scenario, pm=pm)
    trike = game.state.vehicles["trike"]
    at_stake = sum(v.start_sp for v in game.state.vehicles.values() if v.side) + 5
    lost = trike.start_sp - trike.sp
    assert lost > 0
    assert evaluation(pm, scenario, "red") == pytest.approx(0.5 + 0.5 * lost / at_stake / 2)


def test_dbg_evaluate_counts_fighters_and_the_bridge(pm):
    """DBG-9 Decision: fighters on the table (10 Pompeians, 13 Caesareans, a wounded one
    counting half); DBG-57: three unpinned Pompeians on the bridge are the count, held for no
    turn yet; the three nearest Caesareans stand 45, 48 and 51 cm down the table, the bridge
    ending at 37 cm (a table of 60 cm)."""
    scenario = raw("de-bello-gallico/corfinium-bridge")
    scenario["objective"]["count"] = 3  # DBG-57's count (the shipped scenario may tune it)
    for fighter, y in zip(scenario["fighters"][1:4], (26, 30, 34), strict=True):
        fighter["at"] = [30, y]
    caesareans = [f for f in scenario["fighters"] if f["side"] == "caesareans"]
    for i, fighter in enumerate(caesareans):
        fighter["at"] = [30, (45, 48, 51)[i]] if i < 3 else [4 * i - 8, 57]
    caesareans[4]["wounded"] = True
    radius = new_game(scenario, pm=pm).state.fighters[caesareans[0]["id"]].base.radius
    near = 1 - sum(1 - (y - radius - 37) / 60 for y in (45, 48, 51)) / 3
    objective = 0.4 * 1 + 0.3 * 0 - 0.4 * 0 + 0.3 * near
    expected = 0.5 + (0.5 * -2.5 / 22.5 + 0.5 * objective) / 2
    assert evaluation(pm, scenario, "pompeians") == pytest.approx(expected)
    assert evaluation(pm, scenario, "caesareans") == pytest.approx(1 - expected)


def test_dbg_evaluate_of_the_ambush_is_one_side_s_loss_the_other_s_gain(pm):
    """DBG-59: the Romans eliminated beyond the draw count for the Britons, short of it for
    the Romans; either way the two sides' evaluations sum to 1."""
    scenario = raw("de-bello-gallico/britons-ambush")
    sides = scenario["sides"]
    assert evaluation(pm, scenario, sides[0]) + evaluation(pm, scenario, sides[1]) == \
        pytest.approx(1)


def test_mixed_evaluate_weighs_the_table_and_the_parts_alike_for_both_sides(pm):
    """MIX-10: units on the table and the held area, and each part's own evaluation: what one
    side gains the other loses."""
    scenario = raw("mixed/bridge-showcase")
    first, second = (evaluation(pm, scenario, side) for side in scenario["sides"])
    assert 0 <= first <= 1 and first + second == pytest.approx(1)
