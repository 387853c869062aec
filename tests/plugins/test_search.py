"""The search bot (plugins/search): plays every scenario, never reads hidden information,
refuses bad options, and each ruleset's ``evaluate`` on a scripted position."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from polemos.core import hookspecs
from polemos.core.actions import Action
from polemos.core.catalog import scenario_catalog
from polemos.core.cli import main
from polemos.core.engine import play
from polemos.core.errors import PolemosError, PolemosInputError
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import call_hook, make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.plugins.search.bot import SearchBot
from polemos.plugins.search.settings import Resolved, Settings
from polemos.plugins.search.tree import (
    Node,
    PolicyRollout,
    candidates,
    choice,
    random_rollout,
    rewards,
)
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


SEARCHES = [SEALED, f"{SEALED},horizon=stage"]
"""The tree, and the flat search (Aeronautica has no stages: its playouts run ``depth``)."""


def ork_choices(pm, seed: int, imperial: list[tuple[str, int]], kind: str = SEALED
                ) -> list[Any]:
    """The orks' search bot's manoeuvre tokens after the imperials placed ``imperial``."""
    game = Game.new(load_scenario(SCENARIOS / "aeronautica/dogfight.yaml", pm), pm, seed=seed)
    for unit, number in imperial:
        game.step({"kind": "manoeuvre", "unit": unit, "args": {"number": number}}, "imperial")
    bot = make_bot(pm, "aeronautica", kind, random.Random(7), game=game)
    chosen = []
    while game.to_act() == "ork" and game.state.phase == "choose":
        action = bot.choose(game.rules, game.view("ork"), "ork", game.legal_actions())
        chosen.append(action)
        game.step(action)
    return chosen


ONE = [("thunderbolt-1", 1), ("thunderbolt-2", 2), ("fury-1", 1)]
OTHER = [("fury-1", 3), ("thunderbolt-2", 5), ("thunderbolt-1", 6)]
"""Two sets of imperial tokens, placed in two orders."""


@pytest.mark.parametrize("kind", SEARCHES)
def test_its_decisions_do_not_depend_on_hidden_orders_or_future_dice(pm, kind):
    """AI-20: the imperial tokens are face down when the orks choose theirs; the two games
    differ in those tokens (and the order they were placed in) and in every future die."""
    first, second = ork_choices(pm, 1, ONE, kind), ork_choices(pm, 2, OTHER, kind)
    assert len(first) == len(raw("aeronautica/dogfight")["squadrons"]["ork"])
    assert first == second
    assert len({action["number"] for action in first}) > 1  # not one token for all


@pytest.mark.parametrize("kind", SEARCHES)
def test_a_bot_that_read_the_hidden_tokens_would_decide_otherwise(pm, monkeypatch, kind):
    """The test above has teeth: without ``determinize`` the forks keep the true tokens."""
    monkeypatch.setattr(AeronauticaImperialis, "determinize",
                        lambda self, state, side, rng: None)
    assert ork_choices(pm, 1, ONE, kind) != ork_choices(pm, 2, OTHER, kind)


def test_the_search_reads_the_game_it_was_made_for_only(pm):
    game = new_game(raw("petit-cirque/duel"), pm=pm)
    other = new_game(raw("petit-cirque/duel"), pm=pm)
    bot = make_bot(pm, "petit_cirque", QUICK, random.Random(0), game=game)
    side = other.to_act()
    with pytest.raises(PolemosError, match="only in the game it was made for"):
        bot.choose(other.rules, other.view(side), side, other.legal_actions())


def test_a_move_of_several_steps_goes_on_searching_the_tree_of_its_first_step(pm):
    """PCV-5: an aircraft spends its MP step by step, one decision each, nothing rolled in
    between: the second step's search starts from the first step's subtree; an action of
    another's, or a die, starts afresh."""
    game = new_game(raw("petit-cirque/duel"), pm=pm)
    bot = make_bot(pm, "petit_cirque", "mcts:iterations=30,depth=4", random.Random(0), game=game)
    assert isinstance(bot, SearchBot)
    side = game.to_act()
    assert side is not None
    action = bot.choose(game.rules, game.view(side), side, game.legal_actions())
    assert action.kind == "step"
    last = bot.search.last
    assert last is not None and last[3].visits > 0
    game.step(action)
    assert bot.search.reused(game, side) is last[3]
    bot.search.last = last
    game.dice.roll(purpose="a roll between the two decisions", rule="PCV-4")
    fresh = bot.search.reused(game, side)
    assert fresh is not last[3] and not fresh.children and bot.search.last is None


def test_options_are_read(pm):
    bot = make_bot(pm, "at43", "mcts:budget=0.5,depth=6,explore=1.5,rollout=greedy,prior=0.3",
                   random.Random(0))
    assert isinstance(bot, SearchBot)
    assert bot.settings == Settings(budget=0.5, iterations=None, depth=6, explore=1.5,
                                    rollout="greedy", prior=0.3)
    assert make_bot(pm, "at43", "mcts:iterations=9", random.Random(0)).settings.budget is None
    assert make_bot(pm, "at43", "mcts", random.Random(0)).settings.budget == 0.2


@pytest.mark.parametrize(("kind", "depth"), [("mcts:iterations=1", 8),
                                             ("mcts:iterations=1,depth=3", 3)])
def test_a_playout_goes_as_deep_as_the_ruleset_says_unless_told(pm, kind, depth):
    """AT-43's evaluation reads a derby best 8 actions on (``At43.search_depth``): a playout
    plays that many past its new node, or ``depth`` when the option gives it."""
    game = Game.new(load_scenario(SCENARIOS / "at43/derby.yaml", pm), pm, seed=3)
    assert type(game.rules).search_depth == 8
    bot = make_bot(pm, "at43", kind, random.Random(0), game=game)
    assert isinstance(bot, SearchBot)
    played: list[Action] = []
    rollout = bot.search.rollout

    def counted(*args: Any) -> Action:
        played.append(rollout(*args))
        return played[-1]

    bot.search.rollout = counted
    legal = game.legal_actions()
    while len(legal) == 1:  # the search starts at a real decision
        game.step(legal[0])
        legal = game.legal_actions()
    bot.choose(game.rules, game.view(game.to_act()), game.to_act(), legal)
    assert 0 < len(played) <= depth


@pytest.mark.parametrize(("scenario", "side", "kind", "resolved"), [
    ("at43/derby", "red", "mcts", Resolved(8, 2.0, "search")),
    ("at43/derby", "red", "mcts:keep=0.5,opponent=greedy", Resolved(8, 0.5, "greedy")),
    ("de-bello-gallico/britons-ambush", "britons", "mcts", Resolved(4, 1.0, "greedy")),
    ("de-bello-gallico/britons-ambush", "britons", "mcts:depth=6", Resolved(6, 1.0, "greedy")),
    ("de-bello-gallico/britons-ambush", "romans", "mcts", Resolved(8, 2.0, "greedy")),
    ("de-bello-gallico/corfinium-bridge", "pompeians", "mcts",
     Resolved(8, 1.0, "greedy", "stage")),
    ("de-bello-gallico/corfinium-bridge", "caesareans", "mcts:keep=3",
     Resolved(8, 3.0, "greedy", "stage")),
    ("de-bello-gallico/corfinium-bridge", "caesareans", "mcts:horizon=depth,depth=4",
     Resolved(4, 1.0, "greedy", "depth")),
    ("de-bello-gallico/britons-ambush", "romans", "mcts:horizon=stage",
     Resolved(8, 2.0, "greedy", "stage")),
])
def test_options_not_given_are_the_rulesets_for_the_side(pm, scenario, side, kind, resolved):
    """``Settings.resolved``: a given option wins; else the ruleset's ``search_defaults`` for
    the side (De Bello Gallico's search to the end of the phase for both sides at Corfinium,
    DBG-57, and its short search for the ambush's hunter, DBG-58), else its ``search_depth``
    and ``search_opponent``, ``KEEP`` and the tree (``horizon=depth``)."""
    game = Game.new(load_scenario(SCENARIOS / f"{scenario}.yaml", pm), pm, seed=3)
    bot = make_bot(pm, game.rules.name, kind, random.Random(0), game=game)
    assert isinstance(bot, SearchBot)
    assert bot.settings.resolved(game.rules, game.state, side) == resolved


class NoPlayout:
    """Hides every ruleset's playout policy: a ruleset that has none."""

    @hookspecs.hookimpl(wrapper=True)
    def polemos_bot_policy(self, ruleset: str, kind: str) -> Any:
        result = yield
        return None if kind == "playout" else result


def test_playouts_follow_the_rulesets_playout_policy_or_go_at_random(pm):
    """``rollout=playout`` (the default) plays a ruleset's cheap policy of kind "playout" where
    it has one, at random where it has none, and ``rollout=random`` asks for random."""
    playout = call_hook(pm, "polemos_bot_policy", firstresult=True, ruleset="petit_cirque",
                        kind="playout", pm=pm)
    assert playout is not None
    pcv = make_bot(pm, "petit_cirque", "mcts", random.Random(0))
    assert isinstance(pcv, SearchBot) and pcv.settings.rollout == "playout"
    assert isinstance(pcv.search.rollout, PolicyRollout) and pcv.search.rollout.policy is playout
    random_one = make_bot(pm, "petit_cirque", "mcts:rollout=random", random.Random(0))
    assert isinstance(random_one, SearchBot) and random_one.search.rollout is random_rollout
    bare = make_bot(make_plugin_manager([NoPlayout()]), "petit_cirque", "mcts",
                    random.Random(0))
    assert isinstance(bare, SearchBot) and bare.search.rollout is random_rollout


@pytest.mark.parametrize("opponent", ["search", "greedy"])
def test_opponent_greedy_follows_the_greedy_choice_at_the_other_sides_nodes(pm, opponent):
    """``opponent=greedy`` models the other side as the greedy bot: wherever it acts in the
    tree there is one child, the prior's favourite; ``search`` branches there too."""
    game = Game.new(load_scenario(SCENARIOS / "petit-cirque/duel.yaml", pm), pm, seed=1)
    bot = make_bot(pm, "petit_cirque", f"mcts:iterations=1,opponent={opponent}",
                   random.Random(0), game=game)
    assert isinstance(bot, SearchBot) and bot.settings.opponent == opponent
    while True:  # to the last decision before the other side's: its replies are near the root
        after = game.fork(seed=0)
        after.step(after.legal_actions()[0])
        if after.to_act() != game.to_act():
            break
        game.step(game.legal_actions()[0])
    side, root = game.to_act(), Node()
    for seed in range(100):
        bot.search.iterate(root, game.fork(seed=seed), list(game.rules.sides(game.state)), side,
                           bot.settings.resolved(game.rules, game.state, side))
    replies: list[int] = []
    stack = [root]
    while stack:
        node = stack.pop()
        movers = {mover for mover, _ in node.children}
        for mover in movers - {side}:
            tried = [a for m, a in node.children if m == mover]
            replies.append(len(tried))
            if opponent == "greedy" and mover in node.favourite:  # else a forced action
                assert tried == [node.favourite[mover]]
        stack.extend(node.children.values())
    assert replies and (max(replies) == 1) == (opponent == "greedy")


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


def test_two_sides_are_judged_by_the_searching_side_the_other_getting_the_rest(pm):
    """``polemos_evaluate``: between two sides the search asks the evaluation for its own side
    only, so a ruleset that judges each side by its own model (the Britons' ambush) is read
    through the searching side's model, whichever side that is."""
    game = new_game(raw("de-bello-gallico/britons-ambush"), pm=pm)
    asked: list[str] = []

    def evaluate(rules: Any, state: Any, side: str) -> float:
        asked.append(side)
        return {"britons": 0.75, "romans": 0.375}[side]

    sides = ["britons", "romans"]
    assert rewards(game.rules, game.state, sides, evaluate, "romans") == {
        "britons": 0.625, "romans": 0.375}
    assert rewards(game.rules, game.state, sides, evaluate, "britons") == {
        "britons": 0.75, "romans": 0.25}
    assert asked == ["romans", "britons"]


def test_a_favourite_of_a_unit_not_on_the_menu_is_not_asked_of_the_ruleset():
    """On a mixed table a favourite found while one ruleset had the turn names a unit another
    ruleset, whose turn it is now, does not know: it is left out, not checked."""

    class Strict:
        def check(self, state: Any, action: Action) -> None:
            raise KeyError(action.unit)

    legal = [Action("move", "legionary", {"to": 1})]
    assert candidates(Strict(), None, legal, Action("fly", "marauder")) == legal


@pytest.mark.parametrize("kind, said", [
    ("mcts:budget=fast", "option budget='fast': expected a number from 0.001 to 600"),
    ("mcts:budget=-1", "option budget='-1'"),
    ("mcts:budget=nan", "option budget='nan'"),
    ("mcts:iterations=2.5", "option iterations='2.5': expected a whole number"),
    ("mcts:iterations=0", "option iterations='0'"),
    ("mcts:depth=-3", "option depth='-3'"),
    ("mcts:speed=3", "unknown option 'speed' (options: budget, iterations, depth, explore, "
                     "rollout, prior, keep, opponent, horizon)"),
    ("mcts:rollout=clever", "option rollout='clever': expected one of playout, greedy, random"),
    ("mcts:opponent=me", "option opponent='me': expected one of search, greedy"),
    ("mcts:horizon=far", "option horizon='far': expected one of depth, stage"),
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
    assert evaluation(pm, scenario, "red") == pytest.approx(0.5 + 0.75 * 0.5 / 3.5 / 2)
    assert evaluation(pm, scenario, "blue") == pytest.approx(0.5 - 0.75 * 0.5 / 3.5 / 2)


def test_pcv_evaluate_counts_aim_a_little(pm):
    """PCV-14, PCV-15: blue-1 flies two hexes ahead of red-1, at its altitude and away from it:
    red-1 hits on 5+; but blue-1 flies on before red-1 fires, so being on its tail counts
    more, half a sure hit; red-2, three rows below, has it within 60° of its nose too. Aim is a
    quarter of the evaluation, per aircraft. A level lower and a hex off to red-1's front-right,
    blue-1 is in red-1's reach only (two levels from red-2); behind red-1, red-1 is on its nose.
    """
    scenario = raw("petit-cirque/duel")
    scenario["aircraft"][2].update(hex=[3, 3], facing="E", altitude=3)
    assert evaluation(pm, scenario, "red") == pytest.approx(0.5 + 0.25 * 1.0 / 4 / 2)
    assert evaluation(pm, scenario, "blue") == pytest.approx(0.5 - 0.25 * 1.0 / 4 / 2)
    scenario["aircraft"][2].update(hex=[3, 4], altitude=2)
    assert evaluation(pm, scenario, "red") == pytest.approx(0.5 + 0.25 * 0.5 / 4 / 2)
    scenario["aircraft"][2].update(hex=[0, 3], altitude=3)
    assert evaluation(pm, scenario, "red") == pytest.approx(0.5 - 0.25 * 0.5 / 4 / 2)


def test_at43_evaluate_counts_staying_power_and_enemy_sp_destroyed(pm):
    """AT-P2: each side's mobile AFVs by the damage points each can still expect to take
    (Propulsion ×3, Frame ×2, as parallel ways to fail, AT-4, AT-5); AT-P3: enemy SP destroyed,
    weighed by how near the round limit is (round 1 of 18); the two as log-odds of winning. No
    ram is on offer 80 cm apart (AT-15). An immobilised trike (AT-5) takes its staying power off
    blue and scores for red."""
    from math import exp

    from polemos.rulesets.at43.evaluate import SCORE, STAYING_POWER, rams_on_offer

    def odds(logit: float) -> float:
        return 1 / (1 + exp(-logit))

    scenario = raw("at43/derby")
    heavy, light, trike = 1 / (1 / 6 + 1 / 8), 1 / (1 / 6 + 1 / 6), 1 / (1 / 3 + 1 / 4)
    strider = 1 / (1 / 6 + 1 / 12)  # P2, F6 in the derby
    red = 2 * heavy + 2 * light  # Nakovalny, Kossak (P2, F4); two Sierps (P2, F3)
    blue = light + trike + light + light + strider  # Poltergeist, Trike, Toad, Hekat, Strider
    game = new_game(scenario, pm=pm)
    assert rams_on_offer(game.rules, game.state) == {"red": 0.0, "blue": 0.0}
    assert evaluation(pm, scenario, "red") == pytest.approx(
        odds(STAYING_POWER * (red - blue) / (red + blue)))
    scenario["units"][3]["vehicles"][1]["propulsion"] = 0  # the blue trike
    game = new_game(scenario, pm=pm)
    lost = game.state.vehicles["trike"].start_sp - game.state.vehicles["trike"].sp
    assert lost > 0
    blue -= trike
    assert evaluation(pm, scenario, "red") == pytest.approx(
        odds(STAYING_POWER * (red - blue) / (red + blue) + SCORE * lost / 18))


def test_mixed_evaluate_weighs_the_table_and_the_parts_alike_for_both_sides(pm):
    """MIX-10: units on the table and the held area, and each part's own evaluation: what one
    side gains the other loses."""
    scenario = raw("mixed/bridge-showcase")
    first, second = (evaluation(pm, scenario, side) for side in scenario["sides"])
    assert 0 <= first <= 1 and first + second == pytest.approx(1)
