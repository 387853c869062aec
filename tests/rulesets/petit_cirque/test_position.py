"""Positions as data for Le Petit Cirque Volant: a game starts from any moment of a turn.

Each test sets up a position the beginning of a game cannot reach in one step — blue's fire
phase in round 3, an aircraft half-way through its move, a second damage under PCV-O4 — scripts
the dice and checks the rules take over from there.
"""

from __future__ import annotations

import pytest

from polemos.core.errors import ScenarioError
from polemos.core.position import position_scenario
from polemos.core.scenario import validate_scenario
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


def at(position: dict, *planes: dict, **extra) -> dict:
    return scenario(*planes, position=position, **extra)


def test_pcv4_a_position_in_the_fire_phase_of_round_3_starts_there_with_no_roll_off():
    """PCV-4, PCV-15: blue fires in its fire phase of round 3; no set-up event, no roll."""
    g = game(at({"round": 3, "side": "blue", "phase": "fire"},
                plane("r1", "red", 4, 4, "W"), plane("b1", "blue", 3, 4, "E")), dice=[4])
    assert [e["type"] for e in g.events] == ["start"]
    assert g.to_act() == "blue" and g.state.phase == "fire" and g.state.turn.round == 3
    fire(g, "b1", "r1")
    assert events(g, "fire")[0]["outcome"] == "damaged"  # 4+ in the 1st hex, level (PCV-15)


def test_pcv17_a_damaged_aircraft_set_up_by_position_is_destroyed_by_its_second_hit():
    """PCV-2, PCV-17: the damaged marker of a position counts; a second hit (a 5) destroys."""
    g = game(at({"side": "blue", "phase": "fire"}, plane("r1", "red", 4, 4, "W", damaged=True),
                plane("b1", "blue", 3, 4, "E"), plane("r2", "red", 9, 9)), dice=[5])
    fire(g, "b1", "r1")
    assert not g.state.planes["r1"].in_play


def test_pcv_o4_a_position_carries_damage_beyond_one():
    """PCV-O4: with 3 hits to destroy, an aircraft set up with 2 damage falls to the next hit."""
    raw = at({"side": "blue", "phase": "fire"}, plane("r1", "red", 4, 4, "W", damage=2),
             plane("b1", "blue", 3, 4, "E"), plane("r2", "red", 9, 9),
             plugins=["pcv_house_rules"], options={"pcv_house_rules": {
                 "hits_to_destroy": {"fighter": 3}}})
    g = game(raw, dice=[4])
    assert g.state.planes["r1"].damage == 2
    fire(g, "b1", "r1")
    assert not g.state.planes["r1"].in_play


def test_pcv5_a_move_begun_in_the_position_must_be_finished_with_the_mp_left():
    """PCV-5: r1 has 1 MP left of its speed 3; it must spend it before anyone else moves,
    then choose its speed (PCV-10)."""
    g = game(at({"side": "red", "moving": "r1", "mp_left": 1},
                plane("r1", "red", 2, 4, speed=3), plane("r2", "red", 2, 7),
                plane("b1", "blue", 10, 9, "W")))
    refused(g, {"kind": "step", "unit": "r2", "args": {"dir": "straight", "alt": "level"}},
            "PCV-5")
    step(g, "r1")
    assert where(g, "r1") == (3, 4) and g.state.choosing_speed
    speed(g, "r1", 1)
    assert g.state.planes["r1"].speed == 4 and g.state.moving is None


def test_pcv10_a_position_where_the_aircraft_chooses_its_speed():
    """PCV-10, PCV-11: choosing speed 0 from the position removes the aircraft at once."""
    g = game(at({"side": "red", "moving": "r1", "choosing_speed": True},
                plane("r1", "red", 2, 4, speed=1), plane("r2", "red", 5, 7),
                plane("b1", "blue", 10, 9, "W")))
    assert [a.args["change"] for a in g.legal_actions()] == [-1, 0, 1]
    speed(g, "r1", -1)
    assert not g.state.planes["r1"].in_play


def test_exported_position_of_a_game_validates_and_continues_from_the_same_turn():
    """positions as data: `polemos position` of a half-played turn is a valid scenario."""
    g = game(scenario(plane("r1", "red", 2, 4, speed=3), plane("b1", "blue", 10, 9, "W")))
    step(g, "r1")
    raw = position_scenario(g)
    assert raw["position"] == {"round": 1, "side": "red", "phase": "move", "done": [],
                               "moving": "r1", "mp_left": 2, "choosing_speed": False}
    again = game(raw)
    assert again.legal_actions() == g.legal_actions()


@pytest.mark.parametrize("position, extra, path", [
    ({"side": "green"}, {}, "position.side"),
    ({"side": "red", "done": ["b1"]}, {}, "position.done[0]"),
    ({"side": "red", "moving": "r1", "mp_left": 5}, {}, "position.mp_left"),
    ({"side": "red", "moving": "r1", "mp_left": 0}, {}, "position.mp_left"),
    ({"side": "red", "mp_left": 1}, {}, "position.moving"),
    ({"side": "red", "phase": "fire", "moving": "r1", "mp_left": 1}, {}, "position.moving"),
    ({"side": "red", "round": 31}, {}, "position.round"),
    ({"side": "red", "phase": "land"}, {}, "position.phase"),
    ({"side": "red"}, {"first_side": None}, "first_side"),
])
def test_a_position_the_rules_cannot_reach_is_refused_with_its_field(position, extra, path):
    raw = at(position, plane("r1", "red", 2, 4, speed=3), plane("b1", "blue", 10, 9, "W"),
             **extra)
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "pos.yaml", plugin_manager())
    assert any(p == path for p, _ in error.value.problems), error.value.problems


def test_two_damage_counts_that_disagree_are_refused():
    raw = scenario(plane("r1", "red", 2, 4, damaged=True, damage=2),
                   plane("b1", "blue", 10, 9, "W"))
    with pytest.raises(ScenarioError, match=r"aircraft\[0\]\.damage"):
        validate_scenario(raw, "pos.yaml", plugin_manager())


def test_pcv4_a_position_after_the_round_limit_keeps_its_result():
    """PCV-4, PCV-3: a position taken after the game ended (a shared table's PCV part can end
    before the table's last turn) starts over, with its result."""
    g = game(at({"round": 31, "side": "red", "ended": {"reason": "round limit 30 reached",
                                                       "rule": "PCV-4"}},
                plane("r1", "red", 2, 4), plane("b1", "blue", 10, 9, "W")))
    assert g.to_act() is None and g.legal_actions() == []
    result = g.result()
    assert result is not None and (result.winner, result.rule) == (None, "PCV-4")
