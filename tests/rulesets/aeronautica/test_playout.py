"""The search bot's playout policy: cheap, legal, and greedy-like (nose toward the nearest enemy,
on the map, level with it, the best shot)."""

from __future__ import annotations

import random

from polemos.core.actions import Action
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.hexgrid import arcs_of, distance
from polemos.core.players import PolicyBot
from polemos.core.plugins import call_hook, make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.rulesets.aeronautica.playout import bearing, playout_policy
from tests.rulesets.aeronautica.helpers import (
    SCENARIOS,
    at,
    duel,
    policy_turn,
    put,
    to_firing,
)


def playout_turn(game: Game, unit: str) -> None:
    policy_turn(game, unit, playout_policy)


def test_the_hook_gives_the_playout_policy():
    pm = make_plugin_manager()
    assert call_hook(pm, "polemos_bot_policy", firstresult=True, ruleset="aeronautica",
                     kind="playout", pm=pm) is playout_policy


def test_bearing_counts_hexsides_from_the_nose():
    """Clockwise is positive (``turn``); straight behind is ±3."""
    assert bearing(at(), 0, at(3, 0)) == 0
    assert bearing(at(), 0, at(0, 3)) == 1
    assert bearing(at(), 0, at(-3, 0)) in (-3, 3)
    assert bearing(at(), 0, at(0, -3)) == -2
    assert bearing(at(), 3, at(-3, 0)) == 0


def test_playout_turns_toward_an_enemy_off_its_left_and_ends_with_it_in_the_front_arc():
    """The greedy bot's test position: a Dakkajet with a Thunderbolt off its left turns
    (AI-M3/AI-M4) and ends its move with the Thunderbolt in its Front arc (AI-44) at Short
    range (AI-47), level with it (AI-48)."""
    game = duel(dice=[2, 4])
    put(game, "dj", at(), facing=0, altitude=3, speed=5)
    put(game, "tb", at(2, -7), facing=0, altitude=4, speed=4)
    game.step(Action("manoeuvre", "tb", {"number": 1}))
    playout_turn(game, "dj")
    assert game.state.orders.orders["ork"]["dj"] == 4
    game.step(Action("first", None, {"side": "ork"}))
    playout_turn(game, "dj")
    tb, dj = game.state.models["tb"], game.state.models["dj"]
    assert "front" in arcs_of(dj.hex, dj.facing, tb.hex) and distance(tb.hex, dj.hex) <= 4
    assert dj.altitude == 4 and dj.marker == ""


def test_playout_stays_on_the_map():
    """A Thunderbolt two hexes from the east edge, facing it at Speed 4 with a Bank (AI-M2),
    turns off rather than fly out (AI-30)."""
    game = duel(dice=[4, 2])
    put(game, "tb", at(8, 0), facing=0, altitude=3, speed=4)
    put(game, "dj", at(12, 0), facing=3)
    game.step(Action("manoeuvre", "tb", {"number": 2}))
    game.step(Action("manoeuvre", "dj", {"number": 1}))
    game.step(Action("first", None, {"side": "imperial"}))
    playout_turn(game, "tb")
    tb = game.state.models["tb"]
    assert tb.in_play and game.rules.setup.cloth.contains(tb.hex)


def test_playout_fires_the_best_shot_then_ends_its_fire():
    """As the greedy bot: 6 hexes ahead the Quad Autocannons (6 Medium dice) are the best
    shot (AI-47, AI-48); once nothing bears it ends its fire (AI-25)."""
    game = duel(dice=[4, 2])
    to_firing(game, first="imperial")
    put(game, "tb", at(), facing=0, altitude=3)
    put(game, "dj", at(6, 0), altitude=3)
    rules = game.rules
    view = rules.view(game.state, "imperial")
    legal = game.legal_actions()
    assert playout_policy(rules, view, "imperial", legal, random.Random(0)) == Action(
        "fire", "tb", {"weapon": "quad_autocannons", "target": "dj"})
    put(game, "dj", at(-3, 0))
    legal = game.legal_actions()
    assert playout_policy(rules, view, "imperial", legal, random.Random(0)) == Action(
        "done", "tb")


def test_playout_policy_finishes_both_scenarios_with_legal_actions():
    """Every choice is one of the legal actions offered (the engine refuses any other)."""
    pm = make_plugin_manager()
    for path in sorted(SCENARIOS.glob("*.yaml")):
        game = Game.new(load_scenario(path, pm), pm, seed=7, transactional=False)
        players = {side: PolicyBot(playout_policy, random.Random(7))
                   for side in game.rules.sides(game.state)}
        result = play(game, players)
        assert result.rule in ("AI-66", "AI-67", "AI-68")

