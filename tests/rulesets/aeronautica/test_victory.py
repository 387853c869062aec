"""Game end and victory points (AI-66 .. AI-71)."""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from polemos.core.hexgrid import offset_to_axial
from polemos.rulesets.aeronautica import victory
from tests.conftest import events, new_game
from tests.rulesets.aeronautica.helpers import (
    asset,
    at,
    choose,
    duel,
    last,
    move_straight,
    plane,
    put,
    scenario,
    to_firing,
)


def hold_fire(game) -> None:
    while game.state.phase == "firing":
        game.step(next(a for a in game.legal_actions() if a.kind == "done"))


def test_ai66_the_game_ends_after_turn_12():
    """AI-66: turn 12 played out, the game is over; no damage, so 0-0 is a draw (AI-70)."""
    game = duel(dice=[4, 2])
    game.state.turn = 12
    to_firing(game)
    hold_fire(game)
    assert game.state.over and game.result().rule == "AI-66"
    assert game.result().winner is None and game.result().scores == {"imperial": 0.0,
                                                                     "ork": 0.0}
    assert game.legal_actions() == []


def test_ai67_the_game_ends_when_one_side_has_nothing_in_the_air():
    """AI-67: tb shoots down the only Dakkajet; the game ends as the Firing phase ends, and
    imperial scores its 16 points (AI-69)."""
    game = duel(dice=[4, 2, 6, 6, 6, 6, 1, 1, 1, 1, 4, 4])
    to_firing(game, first="imperial")
    put(game, "tb", at(), facing=0, altitude=3)
    put(game, "dj", at(5, 0), altitude=3)
    game.step(Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"}))
    assert game.state.over
    end = last(game, "end")
    assert (end["winner"], end["rule"], end["vp"]) == ("imperial", "AI-67",
                                                      {"imperial": 16, "ork": 0})


def test_ai67_landed_aircraft_are_not_in_the_air():
    """AI-67 Decision: ork's only aircraft is Landed: the first phase to end ends the game."""
    game = duel(dice=[4, 2])
    put(game, "dj", altitude=0, speed=0, landed=True)
    choose(game)
    assert game.state.over and game.result().rule == "AI-67"
    assert game.result().reason == "only imperial still has aircraft in the air"


def test_ai67_a_side_with_only_ground_assets_does_not_end_the_game():
    """AI-67 Decision: the Orks field only flak, so the game goes on until imperial has
    nothing left in the air."""
    game = new_game(scenario([plane("tb")], [asset("flak", 12, 8)]),
                    dice=[4, 2] + [6] * 8 + [5] * 8)
    to_firing(game)
    assert not game.state.over
    put(game, "tb", at(), altitude=2)
    put(game, "flak", at(2, 0))
    game.step(Action("done", "tb"))
    game.step(Action("fire", "flak", {"weapon": "guns", "target": "tb"}))
    assert game.state.over and game.result().reason == "no aircraft in the air"
    assert game.result().scores == {"imperial": 0.0, "ork": 23.0}


def test_ai68_a_force_at_25_percent_plays_one_disengagement_turn():
    """AI-68: three of four Dakkajets are gone (16 of 64 points left, 25 %): turn 2 is the
    disengagement turn, where leaving the area is deliberate; then the game ends."""
    game = new_game(scenario(
        [plane("tb", col=2, row=2)],
        [plane(f"dj-{n}", "dakkajet", col=17, row=2 + 3 * n, facing="W", speed=5)
         for n in range(4)]), dice=[4, 2, 4, 2])
    for n in (1, 2, 3):
        put(game, f"dj-{n}", status="destroyed")
    to_firing(game, first="imperial")
    hold_fire(game)
    assert last(game, "disengagement") == {**last(game, "disengagement"), "sides": ["ork"],
                                           "turn": 2, "rule": "AI-68"}
    choose(game)
    game.step(Action("first", None, {"side": "ork"}))
    put(game, "dj-0", offset_to_axial(1, 5), facing=3)
    move_straight(game, "dj-0")
    assert game.state.models["dj-0"].status == "withdrawn"
    assert last(game, "lost")["rule"] == "AI-68"
    move_straight(game, "tb")
    assert game.state.over and game.result().rule == "AI-67"
    assert game.result().scores == {"imperial": 48.0, "ork": 0.0}


def test_ai68_the_game_ends_once_the_disengagement_turn_is_over():
    """AI-68: with aircraft still in the air on both sides, the end of turn 2 ends it."""
    game = new_game(scenario(
        [plane("tb", col=2, row=2)],
        [plane(f"dj-{n}", "dakkajet", col=17, row=2 + 3 * n, facing="W", speed=5)
         for n in range(4)]), dice=[4, 2, 4, 2])
    for n in (1, 2, 3):
        put(game, f"dj-{n}", status="destroyed")
    to_firing(game, first="imperial")
    hold_fire(game)
    to_firing(game, first="imperial")
    hold_fire(game)
    assert game.result().rule == "AI-68" and game.state.turn == 2
    assert game.result().scores == {"imperial": 48.0, "ork": 0.0}


@pytest.mark.parametrize("status, structure, vp", [
    ("destroyed", 0, 23), ("disengaged", 3, 23), ("active", 3, 0), ("active", 2, 12),
    ("withdrawn", 3, 0), ("withdrawn", 1, 6)])
def test_ai69_victory_points_by_how_the_model_ended_rounded_up(status, structure, vp):
    """AI-69: 100 % destroyed or disengaged by accident; in the area intact 0 %, damaged 50 %
    (11.5 → 12); left deliberately intact 0 %, damaged 25 % (5.75 → 6)."""
    game = duel()
    put(game, "tb", status=status, structure=structure)
    assert victory.model_vp(game.rules.setup, game.state.models["tb"]) == vp
    assert victory.scores(game.rules.setup, game.state)["ork"] == vp


def test_ai69_ground_assets_score_alike_and_ai70_objectives_add_their_vp():
    """AI-69/AI-70: a destroyed flak (9) and the destroyed dump (20) give imperial 29."""
    game = new_game(scenario(
        [plane("tb")], [asset("flak", 12, 8)],
        targets=[{"id": "dump", "side": "ork", "hex": [13, 8], "structure": 3, "vp": 20}]))
    put(game, "flak", status="destroyed", structure=0)
    put(game, "dump", status="destroyed", structure=0)
    assert victory.scores(game.rules.setup, game.state) == {"imperial": 29, "ork": 0}


def test_ai70_most_vp_wins_equal_is_a_draw():
    """AI-70 Decision: the winner has the most VP; equal VP is a draw."""
    game = duel(dice=[4, 2])
    game.state.turn = 12
    put(game, "dj", structure=1)
    to_firing(game)
    hold_fire(game)
    assert game.result().winner == "imperial" and game.result().scores["imperial"] == 8


def test_ai71_ejector_seats_make_a_destroyed_aircraft_worth_75_percent_on_5_plus():
    """AI-71: tb (23 + 1 for the seats) shot down; ejector roll 5: 75 % of 24 = 18."""
    game = new_game(scenario(
        [plane("tb", upgrades=["ejector_seats"]), plane("tb-2", col=2, row=12)],
        [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)]),
        dice=[2, 4, 6, 6, 6, 6, 1, 1, 1, 1, 5, 5, 5, 5, 5])
    to_firing(game, first="ork")
    put(game, "tb", at(), facing=0, altitude=3)
    put(game, "dj", at(-4, 0), facing=0, altitude=3)
    game.step(Action("fire", "dj", {"weapon": "quad_big_shootas", "target": "tb"}))
    assert last(game, "ejector") == {**last(game, "ejector"), "roll": 5, "worth": 75}
    assert victory.model_vp(game.rules.setup, game.state.models["tb"]) == 18
    assert [e["unit"] for e in events(game, "lost")] == ["tb"]


def test_ai71_an_ejector_roll_of_4_is_worth_full_value():
    """AI-71: on 4 the aircraft is worth its full 24."""
    game = new_game(scenario(
        [plane("tb", upgrades=["ejector_seats"]), plane("tb-2", col=2, row=12)],
        [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)]),
        dice=[2, 4, 6, 6, 6, 6, 1, 1, 1, 1, 5, 5, 5, 5, 4])
    to_firing(game, first="ork")
    put(game, "tb", at(), facing=0, altitude=3, structure=1)
    put(game, "dj", at(-4, 0), facing=0, altitude=3)
    game.step(Action("fire", "dj", {"weapon": "quad_big_shootas", "target": "tb"}))
    assert game.state.models["tb"].worth == 100
    assert victory.model_vp(game.rules.setup, game.state.models["tb"]) == 24
