"""The turn sequence: hidden tokens, initiative, alternation, phase order (AI-19 .. AI-27)."""

from __future__ import annotations

from polemos.core.actions import Action
from polemos.core.serialize import canonical
from tests.conftest import events, new_game, refused
from tests.rulesets.aeronautica.helpers import (
    at,
    choose,
    duel,
    move_straight,
    plane,
    put,
    scenario,
    to_firing,
    to_movement,
)


def two_each(dice: list[int]):
    return new_game(scenario(
        [plane("tb-1", col=3, row=3), plane("tb-2", col=3, row=9)],
        [plane("dj-1", "dakkajet", col=16, row=3, facing="W", speed=5),
         plane("dj-2", "dakkajet", col=16, row=9, facing="W", speed=5)]), dice=dice)


def test_ai20_opponent_tokens_absent_from_view_until_the_aircraft_moves():
    """AI-20: tokens are secret; the view a player (bot, terminal) gets never holds the
    enemy's token before its aircraft moves, not even in its serialized form."""
    game = two_each(dice=[4, 2])
    rules = game.rules
    game.step(Action("manoeuvre", "tb-1", {"number": 6}))
    ork_view = rules.view(game.state, "ork")
    assert '"tb-1":6' not in canonical(ork_view)
    assert ork_view.draft == {}
    game.step(Action("manoeuvre", "tb-2", {"number": 4}))
    assert game.to_act() == "ork"
    ork_view = rules.view(game.state, "ork")
    text = canonical(ork_view)
    assert '"tb-1":6' not in text and '"tb-2":4' not in text
    assert ork_view.orders.orders == {"imperial": {}}
    shown = rules.describe(ork_view)
    assert "token hidden" in shown and "token 6" not in shown and "token 4" not in shown
    game.step(Action("manoeuvre", "dj-1", {"number": 5}))
    imperial_view = rules.view(game.state, "imperial")
    assert '"dj-1":5' not in canonical(imperial_view)
    assert imperial_view.orders.orders["imperial"] == {"tb-1": 6, "tb-2": 4}
    game.step(Action("manoeuvre", "dj-2", {"number": 3}))
    # All committed (initiative 4-2 to imperial): still hidden until each aircraft moves.
    assert game.state.phase == "first"
    for side, enemy_token in (("ork", '"tb-1":6'), ("imperial", '"dj-1":5')):
        assert enemy_token not in canonical(rules.view(game.state, side))
    game.step(Action("first", None, {"side": "imperial"}))
    game.step(Action("throttle", "tb-1", {"speed": 4}))
    ork_view = rules.view(game.state, "ork")
    assert ork_view.orders.orders["imperial"] == {"tb-1": 6}
    assert '"tb-2":4' not in canonical(ork_view)
    assert events(game, "reveal")[0]["manoeuvre"] == 6
    assert all("number" not in e for e in events(game, "orders"))


def test_ai20_narration_never_names_a_hidden_token():
    """AI-20: the log a terminal player reads counts tokens, never names them."""
    game = two_each(dice=[4, 2])
    choose(game, {"tb-1": 6, "tb-2": 4, "dj-1": 5, "dj-2": 3})
    lines = [game.rules.narrate(e) for e in game.events]
    assert "  imperial places 2 hidden manoeuvre token(s) (AI-20)" in lines
    assert not any(line and "manoeuvre 6" in line for line in lines)


def test_ai20_one_token_each_and_none_for_spinning_aircraft():
    """AI-20: a token per aircraft, once; Spinning aircraft take none (AI-63)."""
    game = two_each(dice=[4, 2])
    game.step(Action("manoeuvre", "tb-1", {"number": 2}))
    refused(game, Action("manoeuvre", "tb-1", {"number": 3}), "AI-20")
    assert game.state.draft == {"tb-1": 2}
    spinning = two_each(dice=[4, 2])
    put(spinning, "tb-2", marker="spin", spin_turn=1)
    refused(spinning, Action("manoeuvre", "tb-2", {"number": 3}), "AI-20")
    spinning.step(Action("manoeuvre", "tb-1", {"number": 2}))
    assert spinning.state.orders.orders == {"imperial": {"tb-1": 2}}
    assert {a.unit for a in spinning.legal_actions()} == {"dj-1", "dj-2"}


def test_ai21_initiative_ties_are_rerolled():
    """AI-21 Decision: 3-3 is re-rolled; 2-5 gives ork the initiative."""
    game = duel(dice=[3, 3, 2, 5])
    choose(game)
    initiative = events(game, "initiative")[0]
    assert initiative["side"] == "ork" and initiative["rolls"] == {"imperial": 2, "ork": 5}
    assert [e["dice"] for e in events(game, "roll")] == [[3], [3], [2], [5]]
    assert game.state.phase == "first" and game.to_act() == "ork"


def test_ai19_phases_come_in_order():
    """AI-19: Choose Manoeuvres, Initiative, Tailing Fire, Movement, Firing, End."""
    game = duel(dice=[4, 2])
    to_firing(game)
    while game.state.phase == "firing":
        game.step(game.legal_actions()[-1])
    kinds = [e["type"] if e["type"] != "phase" else e["phase"] for e in game.events
             if e["type"] in ("turn", "orders", "initiative", "phase")]
    assert kinds == ["turn", "orders", "orders", "initiative", "tailing", "first", "movement",
                     "firing", "end", "turn"]


def test_ai24_initiative_player_chooses_who_moves_first_then_alternation():
    """AI-24: the initiative player (imperial, 4-2) lets ork move first; then they alternate,
    and out of turn is refused."""
    game = two_each(dice=[4, 2])
    choose(game)
    assert game.to_act() == "imperial"
    game.step(Action("first", None, {"side": "ork"}))
    assert game.to_act() == "ork"
    refused(game, Action("throttle", "tb-1", {"speed": 4}), "AI-19")
    move_straight(game, "dj-2")
    assert game.to_act() == "imperial"
    move_straight(game, "tb-1")
    refused(game, Action("throttle", "tb-1", {"speed": 4}), "AI-19")
    move_straight(game, "dj-1")
    refused(game, Action("throttle", "tb-1", {"speed": 4}), "AI-24")
    move_straight(game, "tb-2")
    assert game.state.phase == "firing"
    assert events(game, "phase")[-1]["first"] == "ork"


def test_ai24_uneven_numbers_the_other_side_finishes():
    """AI-24 Decision: once imperial has no one left to move, ork moves all its others."""
    game = new_game(scenario(
        [plane("tb", col=3, row=3)],
        [plane(f"dj-{n}", "dakkajet", col=16, row=2 + 3 * n, facing="W", speed=5)
         for n in range(3)]), dice=[4, 2])
    to_movement(game, first="imperial")
    move_straight(game, "tb")
    for unit in ("dj-2", "dj-0", "dj-1"):
        assert game.to_act() == "ork"
        move_straight(game, unit)
    assert game.state.phase == "firing"


def test_ai25_the_side_that_moved_first_fires_first_and_units_alternate():
    """AI-25: ork moved first, so ork fires first; each model fires once."""
    game = two_each(dice=[4, 2])
    to_firing(game, first="ork")
    assert game.to_act() == "ork"
    game.step(Action("done", "dj-1"))
    refused(game, Action("done", "dj-2"), "AI-19")
    game.step(Action("done", "tb-1"))
    refused(game, Action("done", "dj-1"), "AI-25")
    game.step(Action("done", "dj-2"))
    game.step(Action("done", "tb-2"))
    assert game.state.phase == "choose" and game.state.turn == 2


def test_ai26_end_phase_initiative_player_first_at_each_step():
    """AI-26: ork has the initiative, so its stall test is rolled before imperial's."""
    game = duel(dice=[1, 6, 5, 5])
    to_firing(game)
    put(game, "tb", marker="stall")
    put(game, "dj", marker="stall")
    game.step(Action("done", "dj"))
    game.step(Action("done", "tb"))
    tests = events(game, "stall_test")
    assert [t["unit"] for t in tests] == ["dj", "tb"]


def test_ai27_a_move_goes_throttle_manoeuvre_altitude():
    """AI-27: the move starts with the Throttle; altitude comes after the manoeuvre."""
    game = duel(dice=[4, 2])
    to_movement(game, first="imperial")
    put(game, "tb", at())
    refused(game, Action("fly", "tb", {"hexes": 1, "turn": 0}), "AI-27")
    refused(game, Action("altitude", "tb", {"change": 0}), "AI-27")
    game.step(Action("throttle", "tb", {"speed": 4}))
    refused(game, Action("altitude", "tb", {"change": 0}), "AI-27")
    refused(game, Action("throttle", "tb", {"speed": 5}), "AI-27")
    game.step(Action("fly", "tb", {"hexes": 1, "turn": 0}))
    assert game.state.flight.stage == "altitude"
    refused(game, Action("manoeuvre", "tb", {"number": 1}), "AI-24")


def test_malformed_arguments_are_refused_before_any_rule():
    """Actions from outside (terminal, saves) carry exactly their arguments, as numbers or
    names: a boolean speed or an extra argument is refused by the declaration (citing the
    argument's rule, or the action's) and changes nothing."""
    game = duel(dice=[4, 2])
    refused(game, Action("manoeuvre", "tb", {"number": True}), "AI-36")
    refused(game, Action("manoeuvre", "tb", {"number": 1.0}), "AI-36")
    refused(game, Action("manoeuvre", "tb", {"number": 10}), "AI-36")
    to_movement(game, first="imperial")
    refused(game, Action("throttle", "tb", {"speed": 4, "extra": 1}), "AI-28")
    refused(game, Action("first", None, {"side": "imperial"}), "AI-24")


def test_ai24_first_names_a_side_not_a_unit():
    """AI-24: the initiative player names a side to move first; a unit id is no side."""
    game = duel(dice=[4, 2])
    choose(game)
    assert game.state.phase == "first"
    error = refused(game, {"kind": "first", "args": {"side": "tb"}}, "AI-24")
    assert error.field == "args.side"
    refused(game, {"kind": "first", "unit": "tb", "args": {"side": "imperial"}}, "AI-19")
