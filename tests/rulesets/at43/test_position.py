"""Positions as data (design.md): games that start from a ``position`` block and unit statuses,
a ram exported and resumed between decisions, bad positions refused with their field paths,
and the declared actions (AT-7, AT-16, AT-33) refusing what the rules never see."""

from __future__ import annotations

from typing import Any

import pytest

from polemos.core.actions import Action
from polemos.core.errors import ScenarioError
from polemos.core.game import Game
from polemos.core.position import position_scenario, rolls_since
from polemos.core.scenario import validate_scenario
from polemos.rulesets.at43.objective import scores
from tests.conftest import events, refused
from tests.rulesets.at43.helpers import (
    act,
    at,
    game,
    near,
    plugin_manager,
    pos,
    ram,
    scenario,
    unit,
    v,
)


def kossak_and_lancelot(**lancelot: Any) -> dict[str, Any]:
    """AT-E2's line-up: the Kossak 24 cm from the Lancelot's base, a Charge."""
    return scenario(unit("r", "red", v("kossak", "Kossak", 0, 0)),
                    unit("b", "blue", {**v("lancelot", "Lancelot", 31.5, 0), **lancelot}))


def problems(raw: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "bad.yaml", plugin_manager())
    return error.value.problems


def fields(raw: dict[str, Any]) -> set[str]:
    return {field for field, _ in problems(raw)}


# -- starting from statuses and a position -------------------------------------------------


def test_at4_at5_at6_located_damage_set_up_leaves_a_frame_of_1_to_a_charge():
    """AT-E2 with the Lancelot already at Frame 1: the first damage point (3: Frame) destroys
    it (AT-5); the second is not located, a wreck takes nothing (AT-6); destroyed by the
    impacts it still backlashes (AT-20: [1, 1] fail) and is thrown 5 cm as a wreck (AT-6,
    AT-30); red has the last mobile AFV (AT-P2) and all 6 SP of the Lancelot score (AT-P3)."""
    g = game(kossak_and_lancelot(frame=1), [4, 4, 1, 3, 1, 1])
    ram(g, "kossak", "lancelot")
    assert [(e["location"], e["frame"]) for e in events(g, "damage")] == [("frame", 0)]
    assert [e["unit"] for e in events(g, "destroyed")] == ["lancelot"]
    assert events(g, "backlash")[0]["dice"] == [1, 1]
    assert near(pos(g, "lancelot"), (36.5, 0)) and g.state.vehicles["lancelot"].wreck
    assert g.result().winner == "red" and g.result().scores == {"red": 6.0, "blue": 0.0}


def test_at5_an_immobilised_afv_and_a_wreck_of_a_unit_cannot_act():
    """AT-5: Propulsion 0 immobilises (its unit has no AFV able to act, so it is not offered);
    AT-6: a wrecked AFV of a unit stays as an obstacle and its SP count for the enemy."""
    raw = scenario(unit("r", "red", {**v("a", "Toad", 0, 0), "propulsion": 0},
                        v("b", "Toad", 0, 20)),
                   unit("r2", "red", {**v("c", "Toad", 0, 40), "frame": 0, "wrecked": True}),
                   unit("b1", "blue", {**v("x", "Hekat", 80, 0), "weapons": [0]}))
    g = game(raw)
    assert {a.unit for a in g.legal_actions()} == {"b"}
    refused(g, Action("declare", "a", {"mode": "rush"}), "AT-5")
    assert g.state.vehicles["c"].wreck and not g.state.vehicles["a"].mobile
    assert scores(g.state) == {"red": 1.0, "blue": 2.0 + 6.0}


def test_atp1_a_round_under_way_goes_on_without_a_roll_off():
    """AT-P1: round 3, blue began it, red's r1 has activated, it is blue's turn: no roll-off
    and no new round event; blue's x acts, then red's r2 (r1 is done), then round 4 begins."""
    raw = scenario(unit("r1", "red", {**v("a", "Toad", 0, 0), "acted": True},
                        {**v("b", "Toad", 0, 20), "acted": True, "rushed": True}),
                   unit("b1", "blue", v("x", "Hekat", 80, 0)),
                   unit("r2", "red", v("c", "Toad", 0, 40)),
                   position={"round": 3, "first": "blue", "side": "blue", "activated": ["r1"]})
    g = game(raw, [6, 1])
    assert events(g, "round") == [] and g.rules.where(g.state) == "round 3"
    assert {a.unit for a in g.legal_actions()} == {"x"}
    act(g, "hold", "x")
    assert {a.unit for a in g.legal_actions()} == {"c"}
    act(g, "hold", "c")
    assert [(e["round"], e["first"]) for e in events(g, "round")] == [(4, "red")]


def test_at7_at22_an_afv_part_way_through_its_rush_has_what_is_left():
    """AT-7: the Toad declared a rush (M + 10 = 25 cm) and its centre has travelled 10 cm of
    it; it must move or ram now, 15 cm at most."""
    raw = scenario(unit("r", "red", {**v("t", "Toad", 0, 0), "mode": "rush", "rushed": True,
                                     "travelled": 10.0}),
                   unit("b", "blue", v("h", "Hekat", 80, 0)),
                   position={"active_unit": "r", "acting": "t"})
    g = game(raw)
    assert {a.kind for a in g.legal_actions()} == {"move"}
    assert max(a["distance"] for a in g.legal_actions()) == 15.0
    refused(g, Action("move", "t", {"heading": 0.0, "distance": 15.5}), "AT-7")
    refused(g, Action("hold", "t"), "AT-7")
    act(g, "move", "t", heading=0.0, distance=15.0)
    assert near(pos(g, "t"), (15, 0))


def test_at8_dead_models_are_out_of_play_and_count_for_the_enemy():
    """AT-8: a dead model is removed (its base may lie under a living one); AT-P3: it counts 1
    for the other side; the living ones still march."""
    squad = [{"id": "s1", "profile": "Krasnye Soldaty", "at": at(40, 40)},
             {"id": "s2", "profile": "Krasnye Soldaty", "at": at(40, 40), "dead": True}]
    g = game(scenario(unit("inf", "red", infantry=squad), unit("b", "blue",
                                                                 v("h", "Hekat", 90, 0))))
    assert "s2" not in g.rules.units(g.state) and scores(g.state)["blue"] == 1.0
    act(g, "march", "inf", heading=0.0, distance=10.0)
    assert near(pos(g, "s1"), (50, 40)) and near(pos(g, "s2"), (40, 40))


def test_at34_a_ram_awaiting_joins_is_set_up_by_hand():
    """AT-34: t1 has rammed h (an Assault, placed in contact); the collision waits at the join
    stage: t2 may join or the player strikes. Striking rolls t1's 1 impact (AT-18: 4+, 12 vs
    12): a 4 is 1 damage, located 3 (Frame 3 → 2); h's backlash of 1 on 4+ fails (1)."""
    collision = {"side": "red", "unit": "r", "stage": "join", "attackers": [
        {"id": "t1", "target": "h", "band": "assault", "distance": 10.0, "travel": [1.0, 0.0],
         "travelled": 10.0}]}
    raw = scenario(unit("r", "red", {**v("t1", "Toad", 43, 40), "mode": "rush",
                                     "rushed": True, "travelled": 10.0},
                        v("t2", "Toad", 40, 13)),
                   unit("b", "blue", v("h", "Hekat", 50, 40)),
                   position={"active_unit": "r", "acting": "t1", "collision": collision})
    g = game(raw, [4, 3, 1])
    assert g.rules.where(g.state) == "round 1, r activating"
    legal = g.legal_actions()
    assert Action("strike") in legal and {a.unit for a in legal if a.kind == "join"} == {"t2"}
    act(g, "strike")
    assert [e["damage"] for e in events(g, "impacts")] == [1]
    assert g.state.vehicles["h"].frame == 2 and events(g, "backlash")[0]["damage"] == 0
    assert g.state.collision.stage == "push"


def test_at39_a_ram_waiting_for_the_backlash_split_exports_and_resumes_identically():
    """AT-39 Decision: two Toads ram a Hekat; it takes 3 damage, so its 3 backlash impacts are
    split between them at the player's choice. The position there, exported as a scenario and
    played on with the same dice and choices, gives the same events as the game itself."""
    raw = scenario(unit("r", "red", v("t1", "Toad", 13, 40), v("t2", "Toad", 40, 13)),
                   unit("b", "blue", v("h", "Hekat", 40, 40)))
    dice = [4, 4, 1, 5, 3, 3, 3, 1, 1, 1, 1, 1, 6]
    original = game(raw, dice)
    ram(original, "t1", "h")
    act(original, "join", "t2", target="h", offset=0)
    assert original.state.collision.stage == "split"
    mark = len(original.events)
    exported = position_scenario(original)
    assert exported["position"]["collision"]["stage"] == "split"
    choice = original.legal_actions()[0]
    act(original, choice.kind, None, **choice.args)
    resumed = Game.new(validate_scenario(exported, "at split", plugin_manager()),
                       plugin_manager(), dice_script=rolls_since(original, mark))
    start = len(resumed.events)
    resumed.step(choice.to_json())
    strip = [{k: x for k, x in e.items() if k != "seq"} for e in resumed.events[start:]]
    assert strip == [{k: x for k, x in e.items() if k != "seq"}
                     for e in original.events[mark:]]


# -- bad positions, refused with their field paths -------------------------------------------


def test_statuses_a_profile_cannot_have_are_refused_with_the_field_path():
    """AT-4, AT-5, AT-42: SP above the profile, a Frame of 0 that is not a wreck, a wreck with
    Frame left, a Weapon list of the wrong length, a move declared by an AFV that has acted."""
    raw = scenario(unit("r", "red", {**v("a", "Toad", 0, 0), "frame": 4},
                        {**v("b", "Toad", 0, 20), "frame": 0},
                        {**v("c", "Toad", 0, 40), "wrecked": True, "frame": 2},
                        {**v("d", "Toad", 0, 60), "weapons": [1, 1], "acted": True,
                         "mode": "normal"}),
                   unit("b1", "blue", v("h", "Hekat", 90, 0)))
    found = dict(problems(raw))
    assert set(found) == {"units[0].vehicles[0].frame", "units[0].vehicles[1].wrecked",
                          "units[0].vehicles[2].frame", "units[0].vehicles[3].weapons",
                          "units[0].vehicles[3].mode"}
    assert "AT-4" in found["units[0].vehicles[0].frame"]


def test_bad_position_blocks_are_refused_with_the_field_path():
    """A round past the limit (AT-P3), an unknown activated unit, an active unit of the side
    not to act, an acting AFV that declared nothing (AT-7), a stage that does not exist."""
    raw = scenario(unit("r", "red", v("a", "Toad", 0, 0)),
                   unit("b", "blue", v("h", "Hekat", 90, 0)), max_rounds=4,
                   position={"round": 5, "side": "red", "activated": ["nobody"],
                             "active_unit": "b", "acting": "h"})
    assert fields(raw) == {"position.round", "position.activated[0]", "position.active_unit",
                           "position.acting"}
    raw["position"] = {"collision": {"side": "red", "unit": "r", "stage": "impacts",
                                     "attackers": []}}
    assert {"position.collision.stage", "position.collision.attackers"} <= fields(raw)


def test_a_collision_naming_the_wrong_vehicles_is_refused():
    """AT-34: an attacker must be an AFV of the attacking unit; AT-11: it rams a vehicle."""
    collision = {"side": "blue", "unit": "r", "stage": "push", "attackers": [
        {"id": "h", "target": "r", "band": "assault", "distance": 1.0, "travel": [1, 0],
         "travelled": 1.0}]}
    raw = scenario(unit("r", "red", v("a", "Toad", 0, 0)),
                   unit("b", "blue", v("h", "Hekat", 90, 0)), position={"collision": collision})
    assert fields(raw) == {"position.collision.side", "position.collision.attackers[0].id",
                           "position.collision.attackers[0].target"}


def test_without_first_side_a_position_says_who_began_the_round():
    """AT-P1: no roll-off mid-round, so the position names the first side."""
    raw = scenario(unit("r", "red", v("a", "Toad", 0, 0)),
                   unit("b", "blue", v("h", "Hekat", 90, 0)), position={"round": 2})
    del raw["first_side"]
    assert fields(raw) == {"position.first"}


def test_terrain_sp_left_is_bounded_by_its_frame():
    """AT-10: a piece loses SP from its single Frame; an indestructible one has none."""
    raw = scenario(unit("r", "red", v("a", "Toad", 0, 0)),
                   unit("b", "blue", v("h", "Hekat", 90, 0)),
                   terrain=[{"id": "box", "profile": "container", "at": at(40, 40),
                             "sp_left": 5},
                            {"id": "wall", "polygon": [at(60, 0), at(62, 0), at(62, 9)],
                             "sp_left": 1}])
    assert fields(raw) == {"terrain[0].sp_left", "terrain[1].sp_left"}


# -- declared actions ------------------------------------------------------------------------


def test_at7_a_heading_of_1e308_and_extra_arguments_are_refused_by_the_declaration():
    """The declaration bounds headings to [0, 360) and distances to the largest table, and
    knows every argument (AT-7 for a move, AT-16 for a contact point, AT-33 for an allotment);
    nothing changes."""
    g = game(scenario(unit("r", "red", v("a", "Toad", 0, 0)),
                      unit("b", "blue", v("h", "Hekat", 30, 0))))
    act(g, "declare", "a", mode="rush")
    for args in ({"heading": 1e308, "distance": 1.0}, {"heading": 360.0, "distance": 1.0},
                 {"heading": 0.0, "distance": 1e308}, {"heading": 0.0, "distance": -1.0},
                 {"heading": 0.0, "distance": 1.0, "speed": 3}):
        refused(g, {"kind": "move", "unit": "a", "args": args}, "AT-7")
    refused(g, {"kind": "ram", "unit": "a", "args": {"target": "h", "offset": 1e308}}, "AT-16")
    refused(g, {"kind": "allot", "args": {"extra": "h,nobody"}}, "AT-33")
    refused(g, {"kind": "push", "unit": "a"}, "AT-P1")
