"""The greedy bot: front arc at short range, no stalls, best expected damage."""

from __future__ import annotations

import random

from polemos.core.actions import Action
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.hexgrid import arcs_of, distance
from polemos.core.players import RandomBot, bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.rulesets.aeronautica import firing
from polemos.rulesets.aeronautica.bots import expected, greedy_policy
from tests.rulesets.aeronautica.helpers import (
    SCENARIOS,
    at,
    choose,
    duel,
    policy_turn,
    put,
    to_firing,
)


def greedy_turn(game, unit: str) -> None:
    """The greedy bot plays ``unit``'s decisions until another unit or side must act."""
    policy_turn(game, unit, greedy_policy)


def test_the_hook_gives_the_greedy_policy():
    pm = make_plugin_manager()
    bot = make_bot(pm, "aeronautica", "greedy", random.Random(0))
    assert bot.policy is greedy_policy


def test_greedy_manoeuvre_brings_the_enemy_into_its_front_arc_at_short_range():
    """A Dakkajet (Quad Big Shootas 8-4-0: best at Short range) with a Thunderbolt off its
    left picks a token and a move that end with the Thunderbolt ahead within 4 hexes."""
    game = duel(dice=[2, 4])
    put(game, "dj", at(), facing=0, altitude=3, speed=5)
    put(game, "tb", at(2, -7), facing=0, altitude=3, speed=4)
    game.step(Action("manoeuvre", "tb", {"number": 1}))
    greedy_turn(game, "dj")
    assert game.state.orders.orders["ork"]["dj"] in (3, 4, 5)  # it must turn left
    game.step(Action("first", None, {"side": "ork"}))
    greedy_turn(game, "dj")
    tb, dj = game.state.models["tb"], game.state.models["dj"]
    assert "front" in arcs_of(dj.hex, dj.facing, tb.hex) and distance(tb.hex, dj.hex) <= 4


def test_greedy_avoids_stalling():
    """At Min Speed 2 and Max Altitude the bot neither climbs nor flies a template it lacks
    the hexes for."""
    game = duel(dice=[4, 2])
    put(game, "tb", at(), facing=0, altitude=5, speed=2)
    put(game, "dj", at(6, -6), facing=3, altitude=5)
    greedy_turn(game, "tb")
    game.step(Action("manoeuvre", "dj", {"number": 1}))
    game.step(Action("first", None, {"side": "imperial"}))
    greedy_turn(game, "tb")
    tb = game.state.models["tb"]
    assert tb.marker == "" and tb.altitude <= 5 and tb.speed >= 2


def test_greedy_fires_where_the_expected_damage_is_best():
    """The Dakkajet 6 hexes ahead is worth a shot with the Quad Autocannons (6 Medium dice,
    the best weapon there); once it is behind, nothing bears and the bot ends its fire."""
    game = duel(dice=[4, 2])
    to_firing(game, first="imperial")
    put(game, "tb", at(), facing=0, altitude=3)
    put(game, "dj", at(6, 0), altitude=3)
    rules = game.rules
    legal = game.legal_actions()
    action = greedy_policy(rules, rules.view(game.state, "imperial"), "imperial", legal,
                           random.Random(0))
    assert action == Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"})
    put(game, "dj", at(-3, 0))
    legal = game.legal_actions()
    assert greedy_policy(rules, rules.view(game.state, "imperial"), "imperial", legal,
                         random.Random(0)) == Action("done", "tb")


def test_greedy_lets_the_opponent_move_first():
    """With the initiative it makes the enemy reveal its moves first (AI-24)."""
    game = duel(dice=[4, 2])
    choose(game)
    rules = game.rules
    action = greedy_policy(rules, rules.view(game.state, "imperial"), "imperial",
                           game.legal_actions(), random.Random(0))
    assert action == Action("first", None, {"side": "ork"})


def test_bots_finish_both_scenarios():
    """Random bots and greedy bots play every shipped scenario to a result."""
    pm = make_plugin_manager()
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for kind in ("random", "greedy"):
            game = Game.new(load_scenario(path, pm), pm, seed=7, transactional=False)
            players = {side: (RandomBot(bot_rng(7, side)) if kind == "random" else
                              make_bot(pm, "aeronautica", kind, bot_rng(7, side)))
                       for side in game.rules.sides(game.state)}
            result = play(game, players)
            assert result.rule in ("AI-66", "AI-67", "AI-68")
            assert set(result.scores) == {"imperial", "ork"}


def test_remembered_volleys_are_the_volleys_the_rules_expect():
    """``expected`` remembers ``firing.expected`` by where the target stands from the firer's
    nose: the Thunderbolt's volley at a Dakkajet is the same from any hex and facing with the
    Dakkajet at the same bearing (AI-44) and range (AI-47), and nothing beyond Long range."""
    game = duel()
    setup, models = game.rules.setup, game.state.models
    tb, dj = models["tb"], models["dj"]
    put(game, "tb", at(), facing=0, altitude=3)
    put(game, "dj", at(3, 0), altitude=3)
    ahead = expected(setup, tb, dj)
    assert ahead == firing.expected(setup, tb, dj) > 0
    put(game, "tb", at(5, 5), facing=1)
    put(game, "dj", at(5, 8), altitude=3)  # three hexes along facing 1 (SE)
    assert expected(setup, tb, dj) == firing.expected(setup, tb, dj) == ahead
    put(game, "dj", at(5, 5 + 3 + setup.params.bands[-1]))
    assert expected(setup, tb, dj) == firing.expected(setup, tb, dj) == 0.0
