"""The End phase and Tailing Fire (AI-14, AI-22, AI-23, AI-53, AI-62 .. AI-65)."""

from __future__ import annotations

from polemos.core.actions import Action
from polemos.rulesets.aeronautica import endphase
from tests.conftest import events, new_game, refused
from tests.rulesets.aeronautica.helpers import (
    at,
    choose,
    duel,
    last,
    plane,
    put,
    scenario,
    to_firing,
)


def to_end(game) -> None:
    """Every model holds its fire: the End phase runs."""
    while game.state.phase == "firing":
        game.step(next(a for a in game.legal_actions() if a.kind == "done"))


def stalled(dice: list[int]):
    """tb Stalled at speed 4, altitude 3 after a quiet turn; imperial has the initiative."""
    game = duel(dice=[4, 2] + dice)
    to_firing(game, first="imperial")
    put(game, "tb", at(), marker="stall", altitude=3, speed=4)
    return game


def test_ai62_ai14_a_passed_stall_test_drops_speed_and_sets_max_altitude():
    """AI-62/AI-14: Handling 3+, roll 3 passes: speed 4 → 3, altitude → Max 5, marker off."""
    game = stalled([3])
    to_end(game)
    tb = game.state.models["tb"]
    assert (tb.speed, tb.altitude, tb.marker) == (3, 5, "")
    assert last(game, "stall_test")["rules"] == ["AI-62", "AI-14"]


def test_ai62_speed_never_drops_below_min():
    """AI-62: at Min Speed 2 a passed test keeps speed 2."""
    game = stalled([6])
    put(game, "tb", speed=2)
    to_end(game)
    assert game.state.models["tb"].speed == 2


def test_ai62_a_failed_stall_test_spins():
    """AI-62/AI-14: roll 2 against Handling 3 fails: the Stall marker becomes a Spin marker."""
    game = stalled([2])
    to_end(game)
    tb = game.state.models["tb"]
    assert (tb.marker, tb.spin_turn) == ("spin", 1)
    assert not events(game, "spin_recovery")


def spinning(dice: list[int]):
    """tb went into a spin at the end of turn 1; turn 2 is under way."""
    game = new_game(scenario(
        [plane("tb", col=9, row=8, altitude=3), plane("tb-2", col=2, row=13)],
        [plane("dj", "dakkajet", col=17, row=2, facing="W", speed=5)]),
        dice=[4, 2, 2] + dice)
    to_firing(game, first="imperial")
    put(game, "tb", marker="stall")
    to_end(game)
    return game


def test_ai63_a_spinning_aircraft_sits_the_next_turn_out():
    """AI-63: no token, no move, no fire; it tests only in the next End phase."""
    game = spinning([4, 2, 2])
    assert game.state.models["tb"].marker == "spin"
    choose(game)
    assert game.state.orders.orders["imperial"] == {"tb-2": 1}
    game.step(Action("first", None, {"side": "imperial"}))
    assert "tb" not in {a.unit for a in game.legal_actions()}
    refused(game, Action("throttle", "tb", {"speed": 4}), "AI-24")
    while game.state.phase == "movement":
        unit = game.legal_actions()[0].unit
        game.step(Action("throttle", unit, {"speed": game.state.models[unit].speed}))
        game.step(Action("fly", unit, {"hexes": 1, "turn": 0}))
        game.step(Action("altitude", unit, {"change": 0}))
    assert "tb" not in {a.unit for a in game.legal_actions()}
    to_end(game)
    assert last(game, "spin_recovery")["unit"] == "tb"


def test_ai64_recovery_gives_max_speed_and_a_random_facing():
    """AI-64: Handling roll 4 passes; facing die 3 turns it two hexsides clockwise (Decision)."""
    game = spinning([4, 2, 4, 3])
    facing = game.state.models["tb"].facing
    choose(game)
    game.step(Action("first", None, {"side": "imperial"}))
    while game.state.phase == "movement":
        unit = game.legal_actions()[0].unit
        game.step(Action("throttle", unit, {"speed": game.state.models[unit].speed}))
        game.step(Action("fly", unit, {"hexes": 1, "turn": 0}))
        game.step(Action("altitude", unit, {"change": 0}))
    to_end(game)
    tb = game.state.models["tb"]
    assert (tb.marker, tb.speed, tb.facing) == ("", 6, (facing + 2) % 6)


def test_ai64_a_failed_recovery_loses_a_level_and_crashes_at_0_with_no_pull_out():
    """AI-64: roll 1 fails: altitude 1 → 0 and it is destroyed; no AI-40 roll is made."""
    game = spinning([4, 2, 1])
    put(game, "tb", altitude=1)
    choose(game)
    game.step(Action("first", None, {"side": "imperial"}))
    while game.state.phase == "movement":
        unit = game.legal_actions()[0].unit
        game.step(Action("throttle", unit, {"speed": game.state.models[unit].speed}))
        game.step(Action("fly", unit, {"hexes": 1, "turn": 0}))
        game.step(Action("altitude", unit, {"change": 0}))
    to_end(game)
    assert game.state.models["tb"].status == "destroyed"
    assert last(game, "lost")["rule"] == "AI-64"
    assert "AI-40" not in [e["rule"] for e in events(game, "roll")]


# -- tailing -------------------------------------------------------------------------------
def chase(dice: list[int], ork: list[dict] | None = None):
    """tb three hexes behind dj, both facing E: at the End phase tb tails dj."""
    game = new_game(scenario(
        [plane("tb", col=2, row=2)],
        [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)] + (ork or [])),
        dice=[4, 2] + dice)
    to_firing(game, first="imperial")
    put(game, "tb", at(), facing=0, altitude=3)
    put(game, "dj", at(3, 0), facing=0, altitude=3)
    return game


def test_ai65_tailing_needs_the_quarry_in_front_and_the_tailer_entirely_in_its_rear():
    """AI-65: tb has dj in its Front arc and sits strictly in dj's Rear arc: Tailing."""
    game = chase([])
    to_end(game)
    assert last(game, "tailing") == {**last(game, "tailing"), "unit": "tb", "target": "dj"}
    assert game.state.models["tb"].tailing == "dj"


def test_ai65_not_on_an_arc_line_not_beyond_10_hexes_not_a_spinning_quarry():
    """AI-65: on dj's Rear/side line, 11 hexes away, or dj Spinning: no tailing."""
    setup = chase([]).rules.setup
    game = chase([])
    tb, dj = game.state.models["tb"], game.state.models["dj"]
    assert endphase.tails(setup, tb, dj)
    put(game, "dj", at(1, 1), facing=0)
    assert not endphase.tails(setup, tb, dj)  # tb on dj's rear/left line
    put(game, "dj", at(11, 0), facing=0)
    assert not endphase.tails(setup, tb, dj)
    put(game, "dj", at(3, 0), facing=0, marker="spin")
    assert not endphase.tails(setup, tb, dj)


def test_ai65_an_aircraft_tailing_several_marks_one():
    """AI-65 Decision: tb tails dj and dj-2; imperial marks dj-2; other choices refused."""
    game = chase([], ork=[plane("dj-2", "dakkajet", col=17, row=2, facing="W", speed=5)])
    put(game, "dj-2", at(4, 0), facing=0, altitude=4)
    to_end(game)
    assert game.state.phase == "end" and game.to_act() == "imperial"
    assert {a["target"] for a in game.legal_actions()} == {"dj", "dj-2"}
    refused(game, Action("tail", "tb", {"target": "tb"}), "AI-65")
    game.step(Action("tail", "tb", {"target": "dj-2"}))
    assert game.state.models["tb"].tailing == "dj-2" and game.state.turn == 2


def test_ai22_ai23_the_tailer_fires_a_bonus_volley_at_its_quarry_only():
    """AI-22/AI-23: in turn 2's Tailing Fire, tb fires at dj only (dj-2 is refused), with the
    normal rules (Short range: Quad Autocannons 2 dice); markers go after the phase."""
    game = chase([4, 2, 6, 6, 4, 4],
                 ork=[plane("dj-2", "dakkajet", col=17, row=2, facing="W", speed=5)])
    put(game, "dj-2", at(4, 1), facing=3, altitude=3)
    to_end(game)
    choose(game)
    assert game.state.phase == "tailing" and game.to_act() == "imperial"
    refused(game, Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj-2"}),
            "AI-23")
    game.step(Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"}))
    assert game.state.models["dj"].status == "destroyed"
    assert game.state.phase == "first"
    assert game.state.models["tb"].tailing is None


def test_ai22_spinning_aircraft_neither_fire_nor_are_fired_at_in_tailing_fire():
    """AI-22: tb's quarry is Spinning: no Tailing volley; the marker still goes."""
    game = chase([4, 2])
    to_end(game)
    put(game, "dj", marker="spin", spin_turn=1)
    choose(game)
    assert game.state.phase == "movement" and not events(game, "fire")
    assert game.state.models["tb"].tailing is None


def test_ai53_the_tail_gunner_fires_back_and_damage_is_simultaneous():
    """AI-53: the Fighta Bommer tailed by tb fires back with its Tail Gunner weapons even
    though tb's volley destroys it: both damages land after both have rolled."""
    game = new_game(scenario(
        [plane("tb", col=2, row=2)],
        [plane("fb", "fighta_bommer", col=17, row=13, facing="W", speed=4)]),
        dice=[4, 2, 4, 2, 6, 6, 6, 6, 6, 6, 6, 5, 5, 5, 1])
    to_firing(game, first="imperial")
    put(game, "tb", at(), facing=0, altitude=3)
    put(game, "fb", at(2, 0), facing=0, altitude=3, structure=2)
    to_end(game)
    choose(game)
    game.step(Action("fire", "tb", {"weapon": "quad_autocannons", "target": "fb"}))
    assert game.state.models["fb"].in_play and game.to_act() == "ork"
    assert last(game, "return_fire")["rule"] == "AI-53"
    refused(game, Action("fire", "fb", {"weapon": "quad_big_shootas", "target": "tb"}),
            "AI-53")
    game.step(Action("fire", "fb", {"weapon": "turret_big_shootas", "target": "tb"}))
    game.step(Action("fire", "fb", {"weapon": "tail_gun", "target": "tb"}))
    assert game.state.models["fb"].status == "destroyed"
    assert game.state.models["tb"].status == "destroyed"
    assert [e["rules"] for e in events(game, "damage")] == [["AI-53", "AI-50"]] * 2
