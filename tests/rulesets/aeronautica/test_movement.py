"""Throttle, manoeuvre templates and the Area of Engagement (AI-4, AI-5, AI-12 .. AI-15,
AI-28 .. AI-37, AI-M1 .. AI-M8)."""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from polemos.core.hexgrid import offset_to_axial
from tests.conftest import events, new_game, refused
from tests.rulesets.aeronautica.helpers import (
    asset,
    at,
    duel,
    last,
    plane,
    put,
    scenario,
    to_movement,
)


def ready(number: int, speed: int = 4, dice: list[int] | None = None, **extra):
    """The Thunderbolt "tb" in the middle of the map facing E, about to fly ``number``."""
    game = duel(dice=[4, 2] + (dice or []), **extra)
    to_movement(game, {"tb": number}, first="imperial")
    put(game, "tb", at(), facing=0, speed=speed)
    return game


def step(game, kind, **args):
    game.step(Action(kind, "tb", args))


def where(game, unit="tb"):
    model = game.state.models[unit]
    return model.hex, model.facing


# -- throttle --------------------------------------------------------------------------------
def test_ai12_ai28_throttle_changes_speed_by_up_to_its_value():
    """AI-12/AI-28: a Thunderbolt (Throttle 2) at speed 4 may take 2-6; 4 → 1 is refused."""
    game = ready(1)
    assert [a["speed"] for a in game.legal_actions() if a.unit == "tb"] == [2, 3, 4, 5, 6]
    refused(game, Action("throttle", "tb", {"speed": 1}), "AI-12")
    step(game, "throttle", speed=6)
    assert game.state.models["tb"].speed == 6
    assert last(game, "throttle") == {**last(game, "throttle"), "change": 2, "rule": "AI-28"}


def test_ai15_throttle_never_leaves_min_max_speed():
    """AI-15: at speed 6 (Max) the Throttle cannot reach 7; at 2 (Min) it cannot reach 1."""
    game = ready(1, speed=6)
    refused(game, Action("throttle", "tb", {"speed": 7}), "AI-15")
    put(game, "tb", speed=2)
    refused(game, Action("throttle", "tb", {"speed": 1}), "AI-15")
    assert [a["speed"] for a in game.legal_actions() if a.unit == "tb"] == [2, 3, 4]


def test_ai28_speed_outside_the_range_only_moves_toward_it():
    """AI-28 Decision: at speed 8 (Max 6) the Throttle gives 6-8, never 9."""
    game = ready(1, speed=8)
    assert [a["speed"] for a in game.legal_actions() if a.unit == "tb"] == [6, 7, 8]
    refused(game, Action("throttle", "tb", {"speed": 9}), "AI-28")


# -- Ace Manoeuvres ---------------------------------------------------------------------------
def test_ai13_a_manoeuvre_above_the_ace_rating_is_refused():
    """AI-13: a Thunderbolt (1-6) may not take 7; a Dakkajet (1-5) may not take 6."""
    game = duel(dice=[4, 2])
    refused(game, Action("manoeuvre", "tb", {"number": 7}), "AI-13")
    assert sorted(a["number"] for a in game.legal_actions()) == [1, 2, 3, 4, 5, 6]
    game.step(Action("manoeuvre", "tb", {"number": 6}))
    refused(game, Action("manoeuvre", "dj", {"number": 6}), "AI-13")
    refused(game, Action("manoeuvre", "dj", {"number": 9}), "AI-36")


def test_ai37_streamlined_raises_ace_by_one_never_above_eight():
    """AI-37: Streamlined gives a Thunderbolt 1-7; an ace-8 profile stays at 8."""
    game = new_game(scenario(
        [plane("tb", upgrades=["streamlined"]),
         plane("ace", "thunderbolt_fury", col=2, row=6, upgrades=["streamlined"])],
        [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)],
        profiles={"aircraft": {"thunderbolt_fury": {"ace": 8}}}))
    numbers = {unit: sorted(a["number"] for a in game.legal_actions() if a.unit == unit)
               for unit in ("tb", "ace")}
    assert numbers == {"tb": [1, 2, 3, 4, 5, 6, 7], "ace": [1, 2, 3, 4, 5, 6, 7, 8]}


# -- the templates ---------------------------------------------------------------------------
def test_ai_m1_straight():
    """AI-M1: no turn anywhere; speed 3 flies 3 hexes ahead (AI-29)."""
    game = ready(1)
    step(game, "throttle", speed=3)
    assert [a.args for a in game.legal_actions()] == [{"hexes": 1, "turn": 0},
                                                     {"hexes": 2, "turn": 0},
                                                     {"hexes": 3, "turn": 0}]
    step(game, "fly", hexes=2, turn=0)
    assert where(game) == (at(3, 0), 0)


def test_ai_m2_bank_turns_one_hexside_or_none():
    """AI-M2: 0 or ±1 at the manoeuvre hex; ±2 is refused."""
    game = ready(2)
    step(game, "throttle", speed=4)
    refused(game, Action("fly", "tb", {"hexes": 2, "turn": 2}), "AI-M2")
    step(game, "fly", hexes=2, turn=1)
    assert where(game) == (at(2, 2), 1)


def test_ai_m3_turn_must_turn():
    """AI-M3: the manoeuvre hex must turn ±1."""
    game = ready(3)
    step(game, "throttle", speed=4)
    refused(game, Action("fly", "tb", {"hexes": 1, "turn": 0}), "AI-M3")
    step(game, "fly", hexes=3, turn=-1)
    assert where(game) == (at(4, -1), 5)


def test_ai_m4_hard_turn_up_to_two_hexsides():
    """AI-M4: ±1 or ±2; two hexsides left from E is NW."""
    game = ready(4)
    step(game, "throttle", speed=4)
    refused(game, Action("fly", "tb", {"hexes": 1, "turn": 3}), "AI-M4")
    step(game, "fly", hexes=1, turn=-2)
    assert where(game) == (at(1, -3), 4)


def test_ai_m5_reversal_turns_about():
    """AI-M5: no initial turn (confirmed), then 180° in the manoeuvre hex."""
    game = ready(5)
    step(game, "throttle", speed=3)
    refused(game, Action("fly", "tb", {"hexes": 1, "turn": 2}), "AI-M5")
    step(game, "fly", hexes=1, turn=3)
    assert where(game) == (at(-1, 0), 3)


def test_ai_m6_scissors_starts_with_a_turn_and_has_two_manoeuvre_hexes():
    """AI-M6: ±1 before moving (confirmed), ±1 at each of two manoeuvre hexes; AI-34 keeps a
    hex for the second one."""
    game = ready(6)
    step(game, "throttle", speed=4)
    assert game.state.flight.stage == "facing"
    refused(game, Action("facing", "tb", {"turn": 0}), "AI-M6")
    step(game, "facing", turn=1)
    refused(game, Action("fly", "tb", {"hexes": 4, "turn": -1}), "AI-34")
    step(game, "fly", hexes=1, turn=-1)
    assert where(game) == (at(0, 1), 0)
    step(game, "fly", hexes=2, turn=1)
    assert where(game) == (at(2, 2), 1)
    assert [e["point"] for e in events(game, "manoeuvre_hex")] == [1, 2]


def test_ai_m7_wingover():
    """AI-M7: initial 0/±1, first manoeuvre hex 0..±2, second ±1."""
    game = ready(7, speed=5, profiles={"aircraft": {"thunderbolt": {"ace": 7}}})
    step(game, "throttle", speed=5)
    step(game, "facing", turn=-1)
    refused(game, Action("fly", "tb", {"hexes": 1, "turn": 3}), "AI-M7")
    step(game, "fly", hexes=1, turn=0)
    refused(game, Action("fly", "tb", {"hexes": 1, "turn": 0}), "AI-M7")
    step(game, "fly", hexes=2, turn=1)
    assert where(game) == (at(5, -3), 0)


def test_ai_m8_stall_turn_any_facing():
    """AI-M8: any of the six facings before moving and at the manoeuvre hex."""
    game = ready(8, speed=3, profiles={"aircraft": {"thunderbolt": {"ace": 8}}})
    step(game, "throttle", speed=3)
    assert sorted(a["turn"] for a in game.legal_actions()) == [-2, -1, 0, 1, 2, 3]
    step(game, "facing", turn=3)
    step(game, "fly", hexes=1, turn=3)
    assert where(game) == (at(1, 0), 0)


def test_ai33_ai34_the_turn_may_come_in_the_last_hex_never_before_a_straight_hex():
    """AI-33: at least 1 hex before a manoeuvre hex; AI-34: the last hex may be it."""
    game = ready(3)
    step(game, "throttle", speed=3)
    refused(game, Action("fly", "tb", {"hexes": 0, "turn": 1}), "AI-33")
    step(game, "fly", hexes=3, turn=1)
    assert where(game) == (at(3, 0), 1)
    assert game.state.flight.stage == "altitude"


def test_ai36_templates_are_data_a_scenario_may_replace():
    """AI-36: a club corrects template 3 in its scenario, without code."""
    game = ready(3, profiles={"manoeuvres": {3: {"hexes": [[-2, 2]]}}})
    step(game, "throttle", speed=3)
    assert sorted(a["turn"] for a in game.legal_actions()) == [-2, -2, -2, 2, 2, 2]
    refused(game, Action("fly", "tb", {"hexes": 1, "turn": 1}), "AI-M3")


def test_ai35_short_of_hexes_stalls_but_makes_the_turns_it_reaches():
    """AI-35: Scissors needs 2 hexes; at speed 1 it stalls, turning before and at hex 1."""
    game = ready(6, speed=1)
    step(game, "throttle", speed=1)
    assert game.state.models["tb"].marker == "stall"
    assert last(game, "stall")["rules"] == ["AI-35", "AI-39"]
    step(game, "facing", turn=-1)
    step(game, "fly", hexes=1, turn=1)
    assert where(game) == (at(1, -1), 0)
    assert game.state.flight.stage == "altitude"


def test_ai29_speed_zero_does_not_move_and_stalls():
    """AI-29 Decision: at speed 0 the aircraft stays put and gets a Stall marker."""
    game = ready(4, speed=0)
    step(game, "throttle", speed=0)
    assert game.state.models["tb"].marker == "stall"
    assert [a.args for a in game.legal_actions()] == [{"change": 0}]
    step(game, "altitude", change=0)
    assert where(game) == (at(), 0)


# -- occupied hexes and the edge ---------------------------------------------------------------
def test_ai4_never_ends_in_an_occupied_hex_whatever_the_altitude():
    """AI-4: the Dakkajet 3 levels higher sits on the end hex: one hex more, same direction."""
    game = ready(1)
    put(game, "dj", at(3, 0), altitude=6)
    step(game, "throttle", speed=3)
    step(game, "fly", hexes=1, turn=0)
    assert where(game) == (at(4, 0), 0)
    assert last(game, "crowded")["rule"] == "AI-4"


def test_ai4_the_extra_hex_may_take_it_off_the_area():
    """AI-4 then AI-30: the extra hex is off the east edge: disengaged by accident."""
    game = ready(1)
    put(game, "tb", offset_to_axial(16, 8))
    put(game, "dj", offset_to_axial(19, 8))
    step(game, "throttle", speed=3)
    step(game, "fly", hexes=1, turn=0)
    assert game.state.models["tb"].status == "disengaged"
    assert game.state.flight is None


def test_ai5_passing_through_an_occupied_hex_has_no_effect():
    """AI-5: flying through the Dakkajet's hex needs no roll and changes nothing."""
    game = ready(1)
    put(game, "dj", at(1, 0), altitude=3)
    step(game, "throttle", speed=3)
    step(game, "fly", hexes=1, turn=0)
    assert where(game) == (at(3, 0), 0)
    assert game.state.models["dj"].in_play and not events(game, "crowded")
    assert [e for e in game.events if e["type"] == "roll"][2:] == []


def test_ai6_a_ground_asset_hex_is_not_occupied():
    """AI-6: the aircraft may end its move over a flak platform."""
    game = new_game(scenario([plane("tb")], [asset("flak", 12, 8)]), dice=[4, 2])
    to_movement(game, {"tb": 1})
    put(game, "tb", at(), facing=0, speed=3)
    step(game, "throttle", speed=3)
    step(game, "fly", hexes=1, turn=0)
    assert game.state.models["tb"].hex == game.state.models["flak"].hex
    assert not events(game, "crowded")


def test_ai30_leaving_the_area_by_accident_is_disengaged():
    """AI-30: the move stops at the first hex outside; scored as destroyed (AI-69)."""
    game = ready(1)
    put(game, "tb", offset_to_axial(18, 8))
    step(game, "throttle", speed=4)
    step(game, "fly", hexes=1, turn=0)
    model = game.state.models["tb"]
    assert model.status == "disengaged" and list(offset_to_axial(20, 8)) == [model.q, model.r]
    assert last(game, "lost")["rule"] == "AI-30"


def test_ai30_leaving_by_an_edge_the_scenario_opens_is_deliberate():
    """AI-30: the scenario lets imperial leave by the east edge: withdrawn, not disengaged."""
    game = ready(1, exits={"imperial": ["E"]})
    put(game, "tb", offset_to_axial(18, 8))
    step(game, "throttle", speed=4)
    step(game, "fly", hexes=1, turn=0)
    assert game.state.models["tb"].status == "withdrawn"


@pytest.mark.parametrize("edge, col, row, facing", [("W", 1, 8, 3), ("N", 9, 1, 5)])
def test_ai30_names_the_edge_crossed(edge, col, row, facing):
    """AI-30: the event names the edge (N, E, S, W) the aircraft crossed."""
    game = ready(1)
    put(game, "tb", offset_to_axial(col, row), facing=facing)
    step(game, "throttle", speed=4)
    step(game, "fly", hexes=1, turn=0)
    assert f"the {edge} edge" in last(game, "lost")["why"]
