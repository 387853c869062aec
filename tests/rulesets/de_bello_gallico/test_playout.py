"""The search bot's playout policy (``polemos_bot_policy(ruleset="de_bello_gallico",
kind="playout")``): legal, and greedy-like — charge the weakened, shoot the nearest, walk at
the goal, officers back to their men."""

from __future__ import annotations

import math
import random
from pathlib import Path

import yaml

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.rulesets.de_bello_gallico.playout import playout_policy
from tests.conftest import new_game
from tests.rulesets.de_bello_gallico.helpers import RED_FIRST, act, fighter, scenario, start

SCENARIOS = Path(__file__).parents[3] / "scenarios" / "de-bello-gallico"


def choose(game: Game) -> Action:
    side = game.to_act()
    assert side is not None
    return playout_policy(game.rules, game.state, side, game.legal_actions(), random.Random(0))


def test_the_hook_gives_the_playout_policy_for_de_bello_gallico_only(pm) -> None:
    assert pm.hook.polemos_bot_policy(ruleset="de_bello_gallico", kind="playout",
                                      pm=pm) is playout_policy
    assert pm.hook.polemos_bot_policy(ruleset="pcv", kind="playout", pm=pm) is not \
        playout_policy


def test_every_playout_choice_of_a_whole_corfinium_game_is_on_the_menu(pm) -> None:
    """A playout picks from the menu it is given; the game runs to DBG-57's end."""
    raw = yaml.safe_load((SCENARIOS / "corfinium-bridge.yaml").read_text())
    game = new_game(raw, seed=5, pm=pm)
    rng = random.Random(5)
    while game.to_act() is not None:
        side = game.to_act()
        assert side is not None
        legal = game.legal_actions()
        action = playout_policy(game.rules, game.state, side, legal, rng)
        assert action in legal
        game.step(action)
    result = game.result()
    assert result is not None and result.rule == "DBG-57"


def test_playout_activates_the_fighter_within_reach_of_an_enemy_first(pm) -> None:
    """DBG-14: r1 stands 4 cm from b1, within its Mouvement; r2 has no enemy near."""
    raw = scenario(fighter("r2", "red", 10, 10), fighter("r1", "red", 30, 30),
                   fighter("b1", "blue", 36, 30), fighter("b2", "blue", 55, 55))
    game = start(raw, RED_FIRST, pm)
    assert choose(game) == act("activate", "r1")


def test_playout_charges_the_weakened_enemy(pm) -> None:
    """DBG-14, DBG-18: b2 is wounded, so its duel is worth more than fresh b1's."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 16, 10),
                   fighter("b2", "blue", 10, 16, wounded=True))
    game = start(raw, RED_FIRST, pm)
    game.step(act("activate", "r1"))
    action = choose(game)
    assert (action.kind, action.args) == ("charge", {"target": "b2"})


def test_playout_shoots_the_nearest_target(pm) -> None:
    """DBG-22: the slinger's shot at b1 (8 cm) is easier than at b2 (12 cm)."""
    raw = scenario(fighter("r1", "red", 10, 30, troop="skirmisher", items=["sling"]),
                   fighter("b2", "blue", 10, 44), fighter("b1", "blue", 10, 20))
    game = start(raw, RED_FIRST, pm)
    game.step(act("activate", "r1"))
    action = choose(game)
    assert (action.kind, action.args) == ("shoot", {"target": "b1"})


def test_playout_walks_its_whole_mouvement_at_a_far_enemy(pm) -> None:
    """DBG-11: 40 cm off, the legionary takes the menu's longest step toward the enemy."""
    raw = scenario(fighter("r1", "red", 10, 30), fighter("b1", "blue", 55, 30))
    game = start(raw, RED_FIRST, pm)
    game.step(act("activate", "r1"))
    action = choose(game)
    assert action.kind == "move"
    assert math.dist((action["x"], action["y"]), (10, 30)) == game.state.fighters["r1"].move
    assert action["x"] > 10


def test_playout_officer_walks_back_to_its_men(pm) -> None:
    raw = scenario(fighter("ro", "red", 10, 10, rank="officer"), fighter("r1", "red", 40, 40),
                   fighter("r2", "red", 44, 40), fighter("b1", "blue", 55, 5))
    game = start(raw, RED_FIRST, pm)
    game.step(act("activate", "ro"))
    action = choose(game)
    assert action.kind == "move"
    assert math.dist((action["x"], action["y"]), (42, 40)) < math.dist((10, 10), (42, 40)) - 5
