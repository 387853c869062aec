"""Magical flyers PCV-M1 … PCV-M6 (plugin pcv_magic, PCV-O6), with scripted dice."""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from polemos.core.errors import ScenarioError
from polemos.core.position import position_scenario
from polemos.core.scenario import validate_scenario
from polemos.plugins.pcv_magic.ability import MagicAbility
from polemos.plugins.pcv_magic.models import FlyerKind, PcvMagic
from tests.conftest import refused
from tests.rulesets.petit_cirque.helpers import (
    events,
    fire,
    game,
    plane,
    plugin_manager,
    scenario,
    speed,
    step,
    where,
)

FAR_BLUE = plane("b9", "blue", 11, 9, "W")


def magic(flyers: dict[str, str], *planes: dict, **extra) -> dict:
    return scenario(*planes, plugins=["pcv_magic"], options={"pcv_magic": {"flyers": flyers}},
                    **extra)


def red_fires(flyers: dict[str, str], *planes: dict) -> dict:
    return magic(flyers, *planes, position={"side": "red", "phase": "fire"})


def pivot(g, unit: str, direction: str) -> None:
    g.step(Action("pivot", unit, {"dir": direction}))


def breathe(unit: str, target: str) -> Action:
    return Action("breathe", unit, {"target": target})


def test_pcv_m2_a_dragon_turns_on_the_spot_for_one_mp():
    """PCV-M2: left (E → NE) in its hex, 1 MP of 2; then a step NE; the turn is its move."""
    g = game(magic({"r1": "dragon"}, plane("r1", "red", 3, 4, speed=2), FAR_BLUE))
    pivot(g, "r1", "left")
    assert (where(g, "r1"), g.state.planes["r1"].facing, g.state.mp_left) == ((3, 4), 5, 1)
    assert events(g, "move") == [{"unit": "r1", "how": "pivot/left", "frm": [3, 4],
                                  "to": [3, 4], "facing": 5, "altitude": 3, "mp_left": 1,
                                  "rules": ["PCV-M2"]}]
    step(g, "r1")
    assert where(g, "r1") == (3, 3) and g.state.choosing_speed


def test_pcv_m2_pivoting_at_the_table_edge_keeps_the_dragon_on_the_cloth():
    """PCV-M2 edge: at column 0 facing W, a step would leave the cloth (PCV-13); two turns
    with its last MP face it NE, still on the cloth, choosing its speed (PCV-10)."""
    g = game(magic({"r1": "dragon"}, plane("r1", "red", 0, 4, "W", speed=2), FAR_BLUE))
    pivot(g, "r1", "right")
    pivot(g, "r1", "right")
    plane_ = g.state.planes["r1"]
    assert (where(g, "r1"), plane_.facing, plane_.in_play, g.state.choosing_speed) == (
        (0, 4), 5, True, True)
    assert [a["change"] for a in g.legal_actions()] == [-1, 0, 1]


def test_pcv_m2_only_dragons_turn_on_the_spot_and_not_in_the_fire_phase():
    g = game(magic({"r1": "dragon"}, plane("r1", "red", 3, 4), plane("r2", "red", 3, 7),
                   FAR_BLUE))
    assert "cannot turn on the spot" in refused(
        g, Action("pivot", "r2", {"dir": "left"}), "PCV-M2").reason
    refused(g, Action("pivot", "r1", {"dir": "back"}), "PCV-M2")  # the declaration
    assert {a.kind for a in g.legal_actions() if a.unit == "r2"} == {"step"}
    fired = game(red_fires({"r1": "dragon"}, plane("r1", "red", 3, 4), FAR_BLUE))
    refused(fired, Action("pivot", "r1", {"dir": "left"}), "PCV-4")


def test_pcv_m2_the_turn_costs_what_the_data_says():
    """PCV-M2 with a kind that turns for 2 MP: with 1 MP left the turn is refused."""
    g = game(magic({"r1": "dragon"}, plane("r1", "red", 3, 4, speed=2), FAR_BLUE))
    heavy = MagicAbility(PcvMagic(flyers={"r1": "heavy"}),
                         {"heavy": FlyerKind(title="heavy dragon", turn_cost=2)})
    step(g, "r1")
    assert heavy.problem(g.state, g.rules.params, g.state.planes["r1"],
                         Action("pivot", "r1", {"dir": "left"})) == (
        "PCV-M2", "r1 has 1 MP left; a turn on the spot costs 2")


def test_pcv_m3_the_breath_hits_the_hexes_ahead_and_one_level_apart():
    """PCV-M3: b1 in the hex ahead, one level up, needs 4: a 4 damages (PCV-17); b2, in the
    dragon's own hex one level down, is a target too."""
    g = game(red_fires({"r1": "dragon"}, plane("r1", "red", 3, 4), plane("r2", "red", 3, 8),
                       plane("b1", "blue", 4, 4, "W", altitude=4),
                       plane("b2", "blue", 3, 4, "W", altitude=2)), dice=[4])
    assert {a["target"] for a in g.legal_actions() if a.kind == "breathe"} == {"b1", "b2"}
    g.step(breathe("r1", "b1"))
    assert events(g, "breath") == [{"unit": "r1", "target": "b1", "needed": 4, "roll": 4,
                                    "outcome": "damaged", "rules": ["PCV-M3", "PCV-17"]}]
    assert g.state.planes["b1"].damage == 1 and "r1" in g.state.done
    assert g.rules.narrate({"type": "breath", **events(g, "breath")[0]}) == (
        "  r1 breathes fire at b1, needs 4+, rolls 4: damaged (PCV-M3, PCV-17)")


@pytest.mark.parametrize(("roll", "damaged", "outcome", "rules"), [
    (1, False, "miss", ["PCV-M3"]), (2, False, "miss", ["PCV-M3"]),
    (3, True, "destroyed", ["PCV-M3", "PCV-17"]), (6, False, "destroyed", ["PCV-M3", "PCV-17"])])
def test_pcv_m3_same_altitude_needs_three(roll, damaged, outcome, rules):
    """PCV-M3 edges: a 1 or a 2 misses; the last damage or a 6 burns the target down."""
    g = game(red_fires({"r1": "dragon"}, plane("r1", "red", 3, 4),
                       plane("b1", "blue", 3, 3, "W", damaged=damaged), FAR_BLUE), dice=[roll])
    g.step(breathe("r1", "b1"))
    assert [(e["needed"], e["outcome"], e["rules"]) for e in events(g, "breath")] == [
        (3, outcome, rules)]
    if outcome == "destroyed":
        assert events(g, "lost") == [{"unit": "b1", "side": "blue", "why": "burnt by r1",
                                      "rule": "PCV-17"}]


def test_pcv_m3_out_of_reach_or_by_a_non_dragon_is_refused_and_changes_nothing():
    g = game(red_fires({"r1": "dragon"}, plane("r1", "red", 3, 4), plane("r2", "red", 3, 7),
                       plane("b1", "blue", 5, 4, "W"), plane("b2", "blue", 4, 4, "W", altitude=5),
                       plane("b3", "blue", 4, 7, "W")))
    assert "neither in r1's hex nor in a forward hex" in refused(
        g, breathe("r1", "b1"), "PCV-M3").reason
    assert "2 levels away" in refused(g, breathe("r1", "b2"), "PCV-M3").reason
    assert "breathes no fire" in refused(g, breathe("r2", "b3"), "PCV-M3").reason
    assert "a friend" in refused(g, breathe("r1", "r2"), "PCV-M3").reason


def test_pcv_m4_a_dragon_has_no_guns():
    """PCV-M4: the gun shot the rules would allow (PCV-15) is refused and not offered; another
    aircraft still fires."""
    g = game(red_fires({"r1": "dragon"}, plane("r1", "red", 3, 4), plane("r2", "red", 3, 7),
                       plane("b1", "blue", 5, 4, "W"), plane("b2", "blue", 5, 7, "W")), dice=[5])
    assert "no guns" in refused(g, Action("fire", "r1", {"target": "b1"}), "PCV-M4").reason
    assert {(a.unit, a.kind) for a in g.legal_actions()} == {("r1", "hold"), ("r2", "fire"),
                                                              ("r2", "hold")}
    fire(g, "r2", "b2")
    assert events(g, "fire")[0]["outcome"] == "damaged"


def test_pcv_m5_a_witch_hovers_instead_of_moving():
    """PCV-M5: she stays on her hex and altitude, spends no MP, then sets her speed; a plain
    aircraft has no such action."""
    g = game(magic({"r1": "witch"}, plane("r1", "red", 3, 4, speed=2), plane("r2", "red", 3, 7),
                   FAR_BLUE))
    assert "cannot hover" in refused(g, Action("hover", "r2"), "PCV-M5").reason
    g.step(Action("hover", "r1"))
    assert events(g, "hover") == [{"unit": "r1", "hex": [3, 4], "altitude": 3,
                                   "rule": "PCV-M5"}]
    assert g.state.choosing_speed and g.state.moving == "r1"
    speed(g, "r1", 0)
    assert (where(g, "r1"), g.state.planes["r1"].in_play, g.state.done) == ((3, 4), True, ["r1"])
    refused(g, Action("hover", "r1"), "PCV-4")  # she has moved this turn


def test_pcv_m5_no_hover_once_her_move_has_begun():
    g = game(magic({"r1": "witch"}, plane("r1", "red", 3, 4, speed=2), FAR_BLUE))
    step(g, "r1")
    assert "must spend her MP" in refused(g, Action("hover", "r1"), "PCV-M5").reason
    assert all(a.kind != "hover" for a in g.legal_actions())


def test_pcv_m5_a_witch_never_slows_to_a_stall_but_an_aircraft_falls():
    """PCV-M5 against PCV-11: at speed 1 she may not slow to 0; a plain aircraft may, and falls."""
    g = game(magic({"r1": "witch"}, plane("r1", "red", 3, 4), plane("r2", "red", 3, 7),
                   FAR_BLUE))
    step(g, "r1")
    assert "never slows to a stall" in refused(g, Action("speed", "r1", {"change": -1}),
                                               "PCV-M5").reason
    assert [a["change"] for a in g.legal_actions()] == [0, 1]
    speed(g, "r1", 0)
    step(g, "r2")
    speed(g, "r2", -1)
    assert events(g, "lost") == [{"unit": "r2", "side": "red", "why": "fell (speed 0)",
                                  "rule": "PCV-11"}]


def test_without_the_plugin_there_is_no_magic():
    plain = game(scenario(plane("r1", "red", 3, 4), FAR_BLUE))
    refused(plain, Action("hover", "r1"), "PCV-4")
    refused(plain, Action("pivot", "r1", {"dir": "left"}), "PCV-4")


def test_pcv_m1_flyers_must_be_aircraft_of_a_known_kind():
    raw = magic({"r1": "dragon", "ghost": "witch", "r2": "unicorn"}, plane("r1", "red", 1, 1),
                plane("r2", "red", 1, 3), FAR_BLUE)
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "bad.yaml", plugin_manager())
    assert error.value.problems == [
        ("options.pcv_magic.flyers.ghost", "no aircraft 'ghost' in the scenario (PCV-M1)"),
        ("options.pcv_magic.flyers.r2", "unknown flyer 'unicorn'; kinds: dragon, witch (PCV-M1)")]


def test_pcv_m6_a_position_keeps_the_flyers_in_play_and_a_dragon_mid_move():
    """PCV-M6: the dragon shot down is left out; a witch's position, then a dragon half-way
    through its move, resume with the same choices."""
    g = game(magic({"r1": "dragon", "r2": "witch", "r3": "dragon"},
                   plane("r1", "red", 3, 4, speed=3), plane("r2", "red", 3, 7),
                   plane("r3", "red", 0, 0, "W"), FAR_BLUE))
    step(g, "r3")  # off the cloth (PCV-13)
    pivot(g, "r1", "right")
    raw = position_scenario(g)
    assert raw["options"]["pcv_magic"] == {"flyers": {"r1": "dragon", "r2": "witch"}}
    assert (raw["position"]["moving"], raw["position"]["mp_left"]) == ("r1", 2)
    resumed = game(raw)
    assert resumed.legal_actions() == g.legal_actions()
    pivot(resumed, "r1", "right")
    assert resumed.state.planes["r1"].facing == 2 and resumed.state.mp_left == 1
