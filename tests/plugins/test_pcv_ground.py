"""Ground elements PCV-G1 … PCV-G5 (plugin pcv_ground, PCV-O5), with scripted dice.

Blue's flak battery ``flak`` (2 hit points, range 2, ceiling 4, 4+/5+/6 by distance) stands at
[5, 4] unless a test says otherwise; red starts (or the position says who is to act).
"""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from polemos.core.errors import ScenarioError
from polemos.core.position import position_scenario
from polemos.core.scenario import validate_scenario
from polemos.plugins.pcv_ground.models import ground_data
from tests.conftest import refused
from tests.rulesets.petit_cirque.helpers import (
    cruise,
    events,
    game,
    plane,
    plugin_manager,
    scenario,
)

FAR_BLUE = plane("b1", "blue", 11, 9, "W")


def element(id_: str = "flak", side: str = "blue", col: int = 5, row: int = 4,
            kind: str = "flak", **extra) -> dict:
    return {"id": id_, "side": side, "kind": kind, "hex": [col, row], **extra}


def ground(elements: list[dict], *planes: dict, **extra) -> dict:
    return scenario(*planes, plugins=["pcv_ground"],
                    options={"pcv_ground": {"elements": elements}}, **extra)


def blue_moves(*elements_and_planes: dict, elements: list[dict] | None = None) -> dict:
    """Blue to move in round 1: its fire phase, where its ground elements fire, comes next."""
    return ground(elements or [element()], *elements_and_planes, FAR_BLUE,
                  position={"side": "blue"})


def red_fires(elements: list[dict], *planes: dict) -> dict:
    return ground(elements, *planes, FAR_BLUE, position={"side": "red", "phase": "fire"})


def strafe(target: str, unit: str = "r1") -> Action:
    return Action("strafe", unit, {"target": target})


def test_the_data_defines_flak_and_balloons():
    """PCV-G2: profiles are data; the gun lists a score for each distance up to its range."""
    kinds = ground_data().kinds
    assert (kinds["flak"].hits, kinds["flak"].gun.needed) == (2, [4, 5, 6])
    assert (kinds["balloon"].hits, kinds["balloon"].gun.range) == (1, 1)


def test_pcv_g1_ground_elements_are_units_on_the_board_and_in_the_view():
    g = game(blue_moves(plane("r1", "red", 1, 1)))
    assert g.rules.units(g.state) == {"r1": "red", "b1": "blue", "flak": "blue"}
    (piece,) = [p for p in g.rules.board(g.state).pieces if p.id == "flak"]
    assert (piece.side, piece.labels, piece.markers) == ("blue", ["flak battery", "hits 2"],
                                                        ["ground"])
    assert "flak battery of blue, 2 hit(s) left (PCV-G1)" in g.rules.describe(g.state)


def test_pcv_g3_flak_fires_when_its_sides_fire_phase_begins_at_its_likeliest_target():
    """PCV-G3: r1 overhead (distance 0, 4+) rather than r2 two hexes off (6); a 4 damages as
    PCV-17 says; the aircraft of blue then fire as usual."""
    g = game(blue_moves(plane("r1", "red", 5, 4), plane("r2", "red", 7, 4, altitude=2)),
             dice=[4])
    cruise(g)
    assert events(g, "flak") == [{"unit": "flak", "target": "r1", "distance": 0, "needed": 4,
                                  "roll": 4, "outcome": "damaged",
                                  "rules": ["PCV-G3", "PCV-17"]}]
    assert g.state.planes["r1"].damage == 1
    assert g.state.phase == "fire" and g.to_act() == "blue"
    assert "  flak fires at r1, 0 hex(es) away, needs 4+, rolls 4: damaged (PCV-G3, PCV-17)" in [
        g.rules.narrate(e) for e in g.events]


def test_pcv_g3_a_one_misses_and_nothing_out_of_reach_is_fired_at():
    """PCV-G3 edges: above the ceiling (alt 5) or beyond range 2 (3 hexes) draws no fire; the
    one aircraft in reach (1 hex, at the ceiling 4: 5+) is missed on a 1."""
    g = game(blue_moves(plane("r1", "red", 5, 4, altitude=5), plane("r2", "red", 8, 4),
                        plane("r3", "red", 6, 4, altitude=4)), dice=[1])
    cruise(g)
    assert events(g, "flak") == [{"unit": "flak", "target": "r3", "distance": 1, "needed": 5,
                                  "roll": 1, "outcome": "miss", "rules": ["PCV-G3"]}]
    assert [p.damage for p in g.state.planes.values()] == [0, 0, 0, 0]


def test_pcv_g3_no_fire_in_the_enemys_fire_phase():
    """PCV-G3: blue's flak keeps silent while red fires (no die is rolled)."""
    g = game(ground([element()], plane("r1", "red", 4, 4), FAR_BLUE))
    cruise(g)
    assert g.state.phase == "fire" and g.to_act() == "red"
    assert events(g, "flak") == [] and events(g, "roll") == []


@pytest.mark.parametrize(("damaged", "roll"), [(True, 5), (False, 6)])
def test_pcv_g3_the_last_damage_or_a_six_shoots_down_and_the_flak_can_end_the_game(damaged,
                                                                                 roll):
    """PCV-G3 with PCV-17 and PCV-3: r1, red's last aircraft, falls to the flak; the game ends
    before blue's aircraft fire."""
    g = game(blue_moves(plane("r1", "red", 6, 4, damaged=damaged)), dice=[roll])
    cruise(g)
    assert events(g, "flak")[0]["outcome"] == "destroyed"
    assert events(g, "lost") == [{"unit": "r1", "side": "red", "why": "shot down by flak",
                                  "rule": "PCV-17"}]
    assert g.result().winner == "blue" and g.legal_actions() == []


def test_pcv_g3_each_element_fires_once_in_set_up_order():
    """PCV-G3: the flak shoots r1 down; the balloon (1 hex, alt 3: 6) then takes r2."""
    elements = [element(), element("balloon", kind="balloon", col=3, row=4)]
    g = game(blue_moves(plane("r1", "red", 5, 4, damaged=True), plane("r2", "red", 4, 4),
                        elements=elements), dice=[4, 6])
    cruise(g)
    assert [(e["unit"], e["target"], e["needed"], e["outcome"]) for e in events(g, "flak")] == [
        ("flak", "r1", 4, "destroyed"), ("balloon", "r2", 6, "destroyed")]


def test_pcv_g4_strafing_takes_a_hit_point_and_is_the_aircrafts_shot():
    """PCV-G4: from altitude 1, 2 hexes: 5+. One hit point of two goes; r1 has fired."""
    g = game(red_fires([element(col=4)], plane("r1", "red", 2, 4, altitude=1),
                       plane("r2", "red", 2, 8)), dice=[5])
    assert strafe("flak") in g.legal_actions()
    g.step(strafe("flak"))
    assert events(g, "strafe") == [{"unit": "r1", "target": "flak", "distance": 2, "needed": 5,
                                    "roll": 5, "outcome": "hit", "hits_left": 1,
                                    "rule": "PCV-G4"}]
    assert g.rules.units(g.state)["flak"] == "blue"
    refused(g, strafe("flak"), "PCV-14")  # one shot a turn (PCV-14)
    refused(g, Action("fire", "r1", {"target": "b1"}), "PCV-14")


def test_pcv_g4_the_last_hit_point_destroys_the_element():
    """PCV-G4 edge: a flak battery with 1 hit point left (a position) goes on a 5 at 1 hex
    from altitude 2; it leaves the units, the board and the targets."""
    g = game(red_fires([element(col=3, hits=1)], plane("r1", "red", 2, 4, altitude=2),
                       plane("r2", "red", 2, 8, altitude=2)), dice=[5])
    g.step(strafe("flak"))
    assert events(g, "strafe")[0]["outcome"] == "destroyed"
    assert events(g, "lost") == [{"unit": "flak", "side": "blue", "why": "destroyed by r1",
                                  "rule": "PCV-G4"}]
    assert "flak" not in g.rules.units(g.state)
    assert all(p.id != "flak" for p in g.rules.board(g.state).pieces)
    refused(g, strafe("flak", "r2"), "PCV-G4")


def test_pcv_g4_a_one_misses():
    g = game(red_fires([element(col=3)], plane("r1", "red", 2, 4, altitude=1)), dice=[1])
    g.step(strafe("flak"))
    assert (events(g, "strafe")[0]["outcome"], g.state.abilities["pcv_ground"]["flak"].hits) == (
        "miss", 2)


def test_pcv_g4_illegal_strafing_is_refused_with_its_rule_and_changes_nothing():
    elements = [element(col=4), element("mine", "red", col=3, row=4),
                element("aside", col=2, row=6)]
    g = game(red_fires(elements, plane("r1", "red", 2, 4, altitude=1),
                       plane("r2", "red", 2, 2, altitude=3)))
    assert "too high to strafe" in refused(g, strafe("flak", "r2"), "PCV-G4").reason
    assert "a friend" in refused(g, strafe("mine"), "PCV-G4").reason
    assert "not on r1's line of fire" in refused(g, strafe("aside"), "PCV-G4").reason
    assert "no ground element 'b1'" in refused(g, strafe("b1"), "PCV-G4").reason
    refused(g, strafe("nowhere"), "PCV-G4")  # not a unit of the scenario: the declaration
    refused(g, Action("fire", "r1", {"target": "flak"}), "PCV-14")  # guns fire at aircraft
    assert {a["target"] for a in g.legal_actions() if a.kind == "strafe"} == {"flak"}


def test_pcv_g4_no_strafing_in_the_move_phase_nor_without_the_plugin():
    raw = ground([element(col=4)], plane("r1", "red", 2, 4, altitude=1), FAR_BLUE)
    refused(game(raw), strafe("flak"), "PCV-4")
    plain = game(scenario(plane("r1", "red", 2, 4, altitude=1), FAR_BLUE,
                          position={"side": "red", "phase": "fire"}))
    assert "unknown action kind 'strafe'" in refused(plain, strafe("flak"), "PCV-4").reason


def test_pcv_g1_bad_elements_are_refused_with_their_field_paths():
    """PCV-G1, PCV-G2: on the cloth (the table edge), one to a hex, unique ids, known kinds,
    sides and hit points."""
    elements = [element(col=12), element("r1", col=2), element("twin", col=2),
                element("odd", "green", col=3, kind="tank"), element("big", col=4, hits=3)]
    with pytest.raises(ScenarioError) as error:
        validate_scenario(ground(elements, plane("r1", "red", 1, 1), FAR_BLUE), "bad.yaml",
                          plugin_manager())
    where = "options.pcv_ground.elements"
    assert dict(error.value.problems) == {
        f"{where}[0].hex": "[12, 4] is off the cloth (PCV-G1)",
        f"{where}[1].id": "'r1' is already a unit's id (PCV-G1)",
        f"{where}[2].hex": "r1 already stands on [2, 4] (PCV-G1)",
        f"{where}[3].side": "'green' is not one of ['red', 'blue']",
        f"{where}[3].kind": "unknown ground element 'tank'; kinds: flak, balloon (PCV-G2)",
        f"{where}[4].hits": "a flak has 2 hit points, not 3 (PCV-G2)"}


def test_pcv_g5_a_position_keeps_the_hit_points_left_and_leaves_the_destroyed_out():
    elements = [element(col=4), element("spent", col=3, hits=1)]
    g = game(red_fires(elements, plane("r1", "red", 2, 4, altitude=1),
                       plane("r2", "red", 2, 2, altitude=1, facing="SE")), dice=[5, 5])
    g.step(strafe("flak"))
    g.step(strafe("spent", "r2"))
    raw = position_scenario(g)
    assert raw["options"]["pcv_ground"] == {"elements": [
        {"id": "flak", "side": "blue", "kind": "flak", "hex": [4, 4], "hits": 1}]}
    resumed = game(raw)
    assert resumed.state.abilities == {"pcv_ground": {
        "flak": g.state.abilities["pcv_ground"]["flak"]}}
    assert resumed.legal_actions() == g.legal_actions() and resumed.to_act() == "blue"
