"""Adjust Altitude and its checks, landing and jump troops (AI-3, AI-10, AI-15, AI-16,
AI-31, AI-32, AI-38 .. AI-42)."""

from __future__ import annotations

from polemos.core.actions import Action
from tests.conftest import events, new_game, refused
from tests.rulesets.aeronautica.helpers import (
    at,
    choose,
    duel,
    last,
    move_straight,
    offset,
    plane,
    put,
    scenario,
    to_movement,
)


def flown(speed: int, altitude: int, dice: list[int] | None = None, number: int = 1,
          throttle: int | None = None):
    """"tb" has flown Manoeuvre 1 at ``throttle`` (default ``speed``) from the middle of the
    map and stands at its altitude step."""
    game = duel(dice=[4, 2] + (dice or []))
    to_movement(game, {"tb": number}, first="imperial")
    put(game, "tb", at(), facing=0, speed=speed, altitude=altitude)
    game.step(Action("throttle", "tb", {"speed": speed if throttle is None else throttle}))
    game.step(Action("fly", "tb", {"hexes": 1, "turn": 0}))
    return game


def alt(game, change):
    game.step(Action("altitude", "tb", {"change": change}))


def test_ai38_one_level_at_speed_1_to_4_and_a_climb_costs_one_speed():
    """AI-38: at speed 4 the choices are −1..+1; climbing 1 drops speed to 3."""
    game = flown(4, 3)
    assert [a["change"] for a in game.legal_actions()] == [-1, 0, 1]
    refused(game, Action("altitude", "tb", {"change": 2}), "AI-38")
    alt(game, 1)
    model = game.state.models["tb"]
    assert (model.altitude, model.speed) == (4, 3)


def test_ai38_up_to_two_levels_at_speed_5_and_the_speed_change_applies_once():
    """AI-38 Decision: a 2-level dive at speed 5 adds 1 speed, not 2."""
    game = flown(5, 3)
    assert [a["change"] for a in game.legal_actions()] == [-2, -1, 0, 1, 2]
    alt(game, -2)
    model = game.state.models["tb"]
    assert (model.altitude, model.speed) == (1, 6)


def test_ai3_altitude_never_above_level_9():
    """AI-3 Decision: levels run 0-9; a climb from 9 is refused."""
    game = flown(5, 9)
    refused(game, Action("altitude", "tb", {"change": 1}), "AI-3")
    assert [a["change"] for a in game.legal_actions()] == [-2, -1, 0]


def test_ai16_ai39_climbing_above_max_altitude_stalls():
    """AI-16/AI-39: a Thunderbolt (Max Altitude 5) climbing to 6 gets a Stall marker."""
    game = flown(4, 5)
    alt(game, 1)
    assert game.state.models["tb"].marker == "stall"
    assert last(game, "stall")["rules"] == ["AI-39", "AI-16"]


def test_ai15_ai39_only_a_climb_takes_speed_below_min_and_that_stalls():
    """AI-15/AI-39: at Min Speed 2 a climb leaves speed 1: Stall."""
    game = flown(2, 3)
    alt(game, 1)
    model = game.state.models["tb"]
    assert (model.speed, model.marker) == (1, "stall")
    assert "speed 1 below Min Speed 2" in last(game, "stall")["why"]


def test_ai40_pull_out_on_3_plus_at_altitude_0():
    """AI-40: a dive to 0 rolls a D6; 3 pulls out at altitude 1."""
    game = flown(4, 1, dice=[3])
    alt(game, -1)
    model = game.state.models["tb"]
    assert (model.altitude, model.in_play) == (1, True)
    assert last(game, "pull_out")["roll"] == 3


def test_ai40_a_2_crashes():
    """AI-40: on 2 the aircraft crashes and is destroyed."""
    game = flown(4, 1, dice=[2])
    alt(game, -1)
    assert game.state.models["tb"].status == "destroyed"
    assert last(game, "lost")["rule"] == "AI-40"


def test_ai31_breaking_up_above_max_speed_3_plus_holds():
    """AI-31: a dive to speed 7 (Max 6) rolls: 3 holds together."""
    game = flown(6, 3, dice=[3])
    alt(game, -1)
    assert game.state.models["tb"].structure == 3
    assert last(game, "break_up") == {**last(game, "break_up"), "roll": 3, "held": True}


def test_ai31_a_2_costs_one_structure_and_the_roll_repeats_while_above_max():
    """AI-31 Decision: Speed stays above Max; every later altitude step above Max rolls again."""
    game = flown(6, 3, dice=[2, 1, 5, 2])
    alt(game, -1)
    assert game.state.models["tb"].structure == 2
    move_straight(game, "dj")
    while game.state.phase == "firing":
        game.step(game.legal_actions()[-1])
    choose(game)  # turn 2: initiative 1-5 to ork, which lets imperial move first
    game.step(Action("first", None, {"side": "imperial"}))
    put(game, "tb", at())
    game.step(Action("throttle", "tb", {"speed": 7}))
    game.step(Action("fly", "tb", {"hexes": 1, "turn": 0}))
    alt(game, 0)
    assert game.state.models["tb"].structure == 1
    assert len(events(game, "break_up")) == 2


def test_ai32_pull_out_comes_before_breaking_up():
    """AI-32 Decision: at altitude 0 and speed 7: pull-out roll (4), then break-up roll (2)."""
    game = flown(6, 1, dice=[4, 2])
    alt(game, -1)
    purposes = [e["rule"] for e in events(game, "roll")][2:]
    assert purposes == ["AI-40", "AI-31"]
    model = game.state.models["tb"]
    assert (model.altitude, model.structure, model.marker) == (1, 2, "")


def lander(dice: list[int], **extra):
    """A Marauder Destroyer (Transport 1) "md" next to imperial's landing zone."""
    return new_game(scenario(
        [plane("md", "marauder_destroyer", col=2, row=2, speed=2),
         plane("tb", col=2, row=12)],
        [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)],
        landing_zones=[{"side": "imperial", "hexes": [offset(at(2, 0))], "troop_vp": 10}],
        **extra), dice=dice)


def test_ai41_landing_at_min_speed_in_the_zone_then_taking_off():
    """AI-41 Decision: a transport at Min Speed in its landing zone dives to 0 and lands — no
    crash roll — and its troops score; later it takes off as Manoeuvre 1 to Altitude 1."""
    game = lander(dice=[4, 2, 4, 2])
    to_movement(game, first="imperial")
    put(game, "md", at(), facing=0, altitude=1)
    game.step(Action("throttle", "md", {"speed": 2}))
    game.step(Action("fly", "md", {"hexes": 1, "turn": 0}))
    assert Action("land", "md") in game.legal_actions()
    game.step(Action("land", "md"))
    md = game.state.models["md"]
    assert (md.altitude, md.speed, md.landed, md.troops) == (0, 0, True, 0)
    assert game.state.troop_vp == {"imperial": 10}
    assert [e["rule"] for e in events(game, "roll")] == ["AI-21", "AI-21"]
    while game.state.phase != "choose":
        move_straight(game, game.legal_actions()[0].unit) if game.state.phase == "movement" \
            else game.step(game.legal_actions()[-1])
    assert "md" not in {a.unit for a in game.legal_actions()}  # AI-20: no token when Landed
    to_movement(game, first="imperial")
    assert {a.kind for a in game.legal_actions() if a.unit == "md"} == {"take_off", "stay"}
    refused(game, Action("throttle", "md", {"speed": 2}), "AI-41")
    game.step(Action("take_off", "md"))
    game.step(Action("fly", "md", {"hexes": 2, "turn": 0}))
    assert [a.args for a in game.legal_actions()] == [{"change": 1}]
    game.step(Action("altitude", "md", {"change": 1}))
    assert (md.altitude, md.speed, md.landed, md.hex) == (1, 2, False, at(4, 0))


def test_ai41_landing_is_refused_above_min_speed_or_outside_the_zone():
    """AI-41: at speed 3 (Min 2) no landing; a Thunderbolt (no Transport) never lands."""
    game = lander(dice=[4, 2])
    to_movement(game, first="imperial")
    put(game, "md", at(), facing=0, altitude=1, speed=3)
    game.step(Action("throttle", "md", {"speed": 3}))
    game.step(Action("fly", "md", {"hexes": 1, "turn": 0}))
    refused(game, Action("land", "md"), "AI-41")
    game.step(Action("altitude", "md", {"change": 0}))
    move_straight(game, "dj")
    put(game, "tb", at(), facing=0, altitude=1, speed=2)
    game.step(Action("throttle", "tb", {"speed": 2}))
    game.step(Action("fly", "tb", {"hexes": 1, "turn": 0}))
    refused(game, Action("land", "tb"), "AI-41")


def test_ai42_ai10_jump_troops_roll_above_altitude_plus_speed():
    """AI-42: an Eavy Bommer (Transport 2, AI-10) passing over the zone at altitude 1, speed 2
    drops both points: rolls 4 and 3 against "more than 3": one lands safely."""
    game = new_game(scenario(
        [plane("tb", col=2, row=12)],
        [plane("eb", "eavy_bommer", col=17, row=2, facing="W", speed=2)],
        landing_zones=[{"side": "ork", "hexes": [offset(at(1, 0))], "troop_vp": 7}]),
        dice=[2, 4, 4, 3])
    to_movement(game, first="ork")
    put(game, "eb", at(), facing=0, altitude=1)
    game.step(Action("throttle", "eb", {"speed": 2}))
    game.step(Action("fly", "eb", {"hexes": 1, "turn": 0}))
    assert [a.args for a in game.legal_actions() if a.kind == "drop"] == [{"points": 1},
                                                                        {"points": 2}]
    game.step(Action("drop", "eb", {"points": 2}))
    drop = last(game, "drop")
    assert (drop["rolls"], drop["safe"], drop["vp"]) == ([4, 3], 1, 7)
    assert game.state.models["eb"].troops == 0
    refused(game, Action("drop", "eb", {"points": 1}), "AI-42")
    game.step(Action("altitude", "eb", {"change": 0}))
    assert game.state.troop_vp == {"ork": 7}


def test_ai42_no_drop_without_troops_or_away_from_the_zone():
    """AI-42: a Thunderbolt carries none (Transport –, AI-10); off the zone nobody drops."""
    game = flown(4, 3)
    refused(game, Action("drop", "tb", {"points": 1}), "AI-42")
