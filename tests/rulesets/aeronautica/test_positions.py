"""Positions as data: rule tests that start from a ``position:`` block with unit statuses, and
bad positions refused with their field paths."""

from __future__ import annotations

from typing import Any

import pytest

from polemos.core.actions import Action
from polemos.core.errors import ScenarioError
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import validate_scenario
from tests.conftest import events, new_game, refused
from tests.rulesets.aeronautica.helpers import at, offset, plane, scenario

NEAR = offset(at(6, 0))
"""Six hexes east of the middle of the map: Medium range (AI-47), in a Front arc facing E."""


def position(imperial: list[dict], ork: list[dict], **block: Any) -> dict:
    return scenario(imperial, ork, position=block)


def tb(**extra: Any) -> dict:
    return plane("tb", col=9, row=8, **extra)


def dj(**extra: Any) -> dict:
    return plane("dj", "dakkajet", col=NEAR[0], row=NEAR[1], **{"facing": "W", "speed": 5,
                                                                **extra})


def problems(raw: dict) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "test", make_plugin_manager())
    return error.value.problems


def paths(raw: dict) -> list[str]:
    return [path for path, _ in problems(raw)]


# -- rule tests from a position --------------------------------------------------------------
def test_ai62_a_stalled_aircraft_tests_in_the_end_phase_the_position_reaches():
    """AI-62: the Firing phase is over (nobody left to act): the End phase runs at once; the
    Stalled Thunderbolt passes its Handling 3+ test on a 3 — Speed −1 (not below Min 2),
    Altitude to its Max 5, marker off — and turn 4 begins (AI-19)."""
    game = new_game(position([tb(marker="stall", altitude=5, speed=2)], [dj()], turn=3,
                             phase="firing", initiative="imperial", to_activate={}), dice=[3])
    test = events(game, "stall_test")[0]
    assert (test["roll"], test["passed"], test["speed"], test["altitude"]) == (3, True, 2, 5)
    assert game.state.models["tb"].marker == ""
    assert events(game, "turn")[-1]["turn"] == 4 and game.state.phase == "choose"


def test_ai63_ai20_a_spinning_aircraft_takes_no_token_and_tests_in_the_next_end_phase():
    """AI-63: a Dakkajet Spinning since last turn (with Speed 2, below its Min 4, as a
    position may have it, AI-39) takes no token (AI-20): the Orks commit none, the initiative
    is rolled (AI-21: 2 against 6) and only the Thunderbolt moves (AI-24)."""
    game = new_game(position([tb()], [dj(marker="spin", speed=2)], turn=2, phase="choose",
                             orders={"imperial": {"tb": 1}}), dice=[2, 6])
    assert events(game, "orders")[-1] == {**events(game, "orders")[-1], "side": "ork",
                                          "tokens": 0}
    assert game.state.initiative == "ork" and game.to_act() == "imperial"
    assert {a.unit for a in game.legal_actions()} == {"tb"}


def test_ai49_an_aircraft_out_of_ammo_cannot_fire_that_weapon():
    """AI-49: a position's Skystrike missiles at Ammo 0 are refused; its guns still fire."""
    game = new_game(position([tb(options=["skystrike_missiles"], altitude=3,
                                 ammo={"skystrike_missiles": 0})],
                             [dj(altitude=3)], turn=2, phase="firing", initiative="imperial"))
    assert game.to_act() == "imperial"
    refused(game, Action("fire", "tb", {"weapon": "skystrike_missiles", "target": "dj"}),
            "AI-49")
    assert Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"}) in \
        game.legal_actions()


def test_ai9_a_damaged_aircraft_goes_down_with_its_last_structure_point():
    """AI-9, AI-50: a Dakkajet that has lost 1 of its 2 Structure is shot down by one damage."""
    game = new_game(position([tb(altitude=3)], [dj(altitude=3, damage=1)], turn=2,
                             phase="firing", initiative="imperial"), dice=[6, 1, 1, 1, 1, 1, 5])
    assert game.state.models["dj"].structure == 1
    game.step(Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"}))
    assert game.state.models["dj"].status == "destroyed"


def test_ai20_a_sealed_token_already_given_stays_hidden_from_the_opponent():
    """AI-20: the referee's position holds Imperial's token; the Ork player's view hides it
    until the aircraft moves, and the Orks choose now."""
    game = new_game(position([tb()], [dj()], turn=2, phase="choose",
                             orders={"imperial": {"tb": 3}}))
    assert game.to_act() == "ork"
    assert game.view("ork").orders.orders["imperial"] == {}
    assert game.view("imperial").orders.orders["imperial"] == {"tb": 3}


def test_ai21_ai22_the_initiative_winner_and_a_tailing_marker_start_tailing_fire():
    """AI-22: the position's Tailing marker (AI-65) gives the Thunderbolt a volley at the
    Dakkajet, the one aircraft it may target (AI-23), in the phase the position names."""
    game = new_game(position([tb(altitude=3, tailing="dj")], [dj(facing="E", altitude=3)],
                             turn=2, phase="tailing", initiative="imperial"))
    assert game.to_act() == "imperial"
    fires = [a for a in game.legal_actions() if a.kind == "fire"]
    assert fires and {a["target"] for a in fires} == {"dj"}


def test_ai27_ai33_a_flight_part_way_flies_on_from_its_manoeuvre_hex():
    """AI-33: a Thunderbolt that has turned to its initial facing flies its revealed token
    (manoeuvre 1) with the 4 hexes it has left."""
    game = new_game(position([tb()], [dj()], turn=2, phase="movement", initiative="imperial",
                             orders={"imperial": {"tb": 1}, "ork": {"dj": 1}},
                             revealed=["tb"], to_activate={"imperial": ["tb"], "ork": ["dj"]},
                             flight={"unit": "tb", "manoeuvre": 1, "stage": "fly", "point": 1,
                                     "hexes_left": 4}))
    assert {a.kind for a in game.legal_actions()} == {"fly"}
    assert max(a["hexes"] for a in game.legal_actions()) == 4


# -- bad positions ----------------------------------------------------------------------------
def test_a_stalled_aircraft_at_altitude_0_is_refused():
    """AI-39, AI-40: Stalled means in the air; at altitude 0 it pulls out or crashes first."""
    found = paths(position([tb(marker="stall", altitude=0)], [dj()], turn=2, phase="choose"))
    assert "squadrons.imperial[0].marker" in found
    assert "squadrons.imperial[0].altitude" in found


def test_a_phase_that_does_not_exist_is_refused():
    assert paths(position([tb()], [dj()], turn=2, phase="lunch")) == ["position.phase"]


def test_a_unit_listed_to_activate_that_does_not_exist_is_refused():
    found = problems(position([tb()], [dj()], turn=2, phase="firing", initiative="imperial",
                              to_activate={"imperial": ["nobody"]}))
    assert found[0][0] == "position.to_activate.imperial[0]"


@pytest.mark.parametrize(("unit", "block", "path"), [
    ({"damage": 3}, {}, "squadrons.imperial[0].damage"),
    ({"tailing": "dj"}, {"phase": "movement", "initiative": "imperial"},
     "squadrons.imperial[0].tailing"),
    ({"ammo": {"twin_lascannons": 1}}, {}, "squadrons.imperial[0].ammo.twin_lascannons"),
    ({"ejected": True}, {}, "squadrons.imperial[0].ejected"),
    ({}, {"orders": {"imperial": {"tb": 7}}}, "position.orders.imperial.tb"),
    ({}, {"phase": "firing"}, "position.initiative"),
    ({}, {"draft": {"dj": 1}}, "position.draft.dj"),
    ({}, {"turn": 2, "disengagement_turn": 5}, "position.disengagement_turn"),
    ({}, {"phase": "end", "initiative": "imperial", "flight": {
        "unit": "tb", "manoeuvre": 1, "stage": "fly"}}, "position.flight"),
])
def test_bad_statuses_and_positions_are_refused_naming_the_field(unit: dict, block: dict,
                                                                path: str):
    """AI-9 (no Structure left is destroyed), AI-23 (tailing markers go after Tailing Fire),
    AI-49 (Ammo of a weapon with none), AI-71, AI-13, AI-21, AI-20, AI-68, AI-24."""
    raw = position([tb(**unit)], [dj()], **{"turn": 2, "phase": "choose", **block})
    assert path in paths(raw)
