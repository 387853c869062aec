"""Set-up, turn order and victory: PCV-1 … PCV-4."""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from polemos.core.hexgrid import FACING_NAMES
from tests.conftest import refused
from tests.rulesets.petit_cirque.helpers import (
    LEVEL,
    cruise,
    events,
    fire,
    game,
    hold,
    hold_all,
    plane,
    scenario,
    speed,
    step,
    where,
)

DUEL = scenario(plane("r1", "red", 2, 2), plane("r2", "red", 2, 6),
                plane("b1", "blue", 9, 2, "W"), plane("b2", "blue", 9, 6, "W"))


@pytest.mark.parametrize(("facing", "ahead"), [
    ("E", (5, 4)), ("SE", (4, 5)), ("SW", (3, 5)), ("W", (3, 4)), ("NW", (3, 3)), ("NE", (4, 3)),
])
def test_pcv1_aircraft_stands_on_a_hex_nose_to_a_hexside(facing, ahead):
    """PCV-1: each aircraft is on its hex of the cloth, its nose toward one of the six sides."""
    g = game(scenario(plane("r1", "red", 4, 4, facing), plane("b1", "blue", 9, 8, "W")))
    assert (g.state.cloth.width, g.state.cloth.height) == (12, 10)
    assert where(g, "r1") == (4, 4)
    assert g.state.planes["r1"].facing == FACING_NAMES.index(facing)
    step(g, "r1")
    assert where(g, "r1") == ahead
    assert events(g, "move")[0]["to"] == list(ahead)


def test_pcv2_altitude_speed_and_damaged_marker():
    """PCV-2: altitude and speed 1–6 and an optional damaged marker, as the scenario sets them."""
    g = game(scenario(plane("r1", "red", 1, 1, altitude=6, speed=1),
                      plane("b1", "blue", 8, 8, altitude=1, speed=6, damaged=True)))
    r1, b1 = g.state.planes["r1"], g.state.planes["b1"]
    assert (r1.altitude, r1.speed, r1.damage) == (6, 1, 0)
    assert (b1.altitude, b1.speed, b1.damage) == (1, 6, 1)
    assert r1.role == "fighter" and r1.in_play


def test_pcv3_clearing_the_table_wins():
    """PCV-3: shooting down the last enemy aircraft ends the game; its side wins."""
    g = game(scenario(plane("r1", "red", 1, 4), plane("r2", "red", 1, 8),
                      plane("b1", "blue", 3, 4, "W")), dice=[6])
    cruise(g)
    fire(g, "r1", "b1")
    assert events(g, "end") == [{"winner": "red", "reason": "red cleared the table of enemy "
                                 "aircraft", "rule": "PCV-3", "flying": {"red": 2, "blue": 0}}]
    result = g.result()
    assert (result.winner, result.rule, result.scores) == ("red", "PCV-3",
                                                            {"red": 2.0, "blue": 0.0})
    assert g.to_act() is None and g.legal_actions() == []
    error = refused(g, Action("hold", "r2"), "PCV-4")
    assert "game is over" in error.reason


def test_pcv3_hold_out_objective_wins_at_the_round_limit():
    """PCV-3 objective: the ``hold_out`` side wins if it still flies after the last round."""
    g = game(scenario(plane("r1", "red", 1, 2), plane("b1", "blue", 10, 8, "W"),
                      max_rounds=1, hold_out="blue"))
    cruise(g)
    hold_all(g)
    cruise(g)
    hold_all(g)
    assert events(g, "end") == [{"winner": "blue", "reason": "blue still flies after round 1",
                                 "rule": "PCV-3", "flying": {"red": 1, "blue": 1}}]
    assert g.result().winner == "blue"


def test_pcv4_round_limit_without_objective_is_a_draw():
    """PCV-4: a scenario's round limit ends the game; no objective met means a draw."""
    g = game(scenario(plane("r1", "red", 1, 2), plane("b1", "blue", 10, 8, "W"), max_rounds=2))
    for _ in range(3):
        cruise(g)
        hold_all(g)
    assert not g.state.over and g.state.turn.round == 2 and g.to_act() == "blue"
    cruise(g)
    hold_all(g)
    assert events(g, "end") == [{"winner": None, "reason": "round limit 2 reached",
                                 "rule": "PCV-4", "flying": {"red": 1, "blue": 1}}]
    assert g.result().winner is None
    assert [(e["side"], e["round"]) for e in events(g, "turn")] == [
        ("red", 1), ("blue", 1), ("red", 2), ("blue", 2)]


def test_pcv4_first_side_named_by_the_scenario_rolls_no_dice():
    """PCV-4 decision: the scenario's ``first_side`` starts; no roll-off is made."""
    g = game(scenario(plane("r1", "red", 1, 2), plane("b1", "blue", 10, 8, "W"),
                      first_side="blue"))
    assert g.to_act() == "blue"
    assert events(g, "roll") == []
    assert events(g, "turn") == [{"side": "blue", "round": 1, "rule": "PCV-4"}]
    assert {a.unit for a in g.legal_actions()} == {"b1"}


def test_pcv4_roll_off_tie_is_rerolled():
    """PCV-4 decision: without ``first_side`` a D6 roll-off decides; a tie (3, 3) is re-rolled."""
    g = game(scenario(plane("r1", "red", 1, 2), plane("b1", "blue", 10, 8, "W"),
                      first_side=None), dice=[3, 3, 2, 5])
    assert [(e["side"], e["dice"], e["rule"]) for e in events(g, "roll")] == [
        ("red", [3], "PCV-4"), ("blue", [3], "PCV-4"), ("red", [2], "PCV-4"),
        ("blue", [5], "PCV-4")]
    assert g.to_act() == "blue"
    assert events(g, "turn") == [{"side": "blue", "round": 1, "rule": "PCV-4"}]
    # The round still has one turn of each side: after blue, red plays round 1.
    cruise(g)
    hold_all(g)
    assert (g.to_act(), g.state.turn.round) == ("red", 1)


def test_pcv4_roll_off_winner_first():
    """PCV-4: the higher roll-off die starts (5 against 2: red)."""
    g = game(scenario(plane("r1", "red", 1, 2), plane("b1", "blue", 10, 8, "W"),
                      first_side=None), dice=[5, 2])
    assert g.to_act() == "red"


def test_pcv4_side_moves_all_then_fires_all_then_hands_over():
    """PCV-4: a side moves all its aircraft, then fires with all, then hands over."""
    g = game(DUEL)
    step(g, "r1")
    speed(g, "r1", 0)
    assert (g.state.phase, g.to_act()) == ("move", "red")
    error = refused(g, Action("hold", "r1"), "PCV-4")
    assert "after all" in error.reason
    refused(g, Action("step", "r1", LEVEL), "PCV-4")  # r1 has moved already
    step(g, "r2")
    speed(g, "r2", 0)
    assert g.state.phase == "fire"
    assert events(g, "phase") == [{"side": "red", "phase": "fire", "rule": "PCV-14"}]
    refused(g, Action("step", "r2", LEVEL), "PCV-4")
    hold(g, "r1")
    refused(g, Action("hold", "r1"), "PCV-14")  # one shot (or hold) each
    hold(g, "r2")
    assert (g.to_act(), g.state.phase, g.state.turn.round) == ("blue", "move", 1)
    assert events(g, "turn")[-1] == {"side": "blue", "round": 1, "rule": "PCV-4"}


def test_pcv4_acting_out_of_turn_or_with_an_enemy_aircraft_is_refused():
    """PCV-4: only the side to act acts, and only with its own aircraft."""
    g = game(DUEL)
    error = refused(g, Action("step", "b1", LEVEL), "PCV-4")
    assert "blue's" in error.reason
    refused(g, Action("step", "b1", LEVEL), "PCV-4", side="blue")
    refused(g, Action("step", "r1", LEVEL), "PCV-4", side="blue")
    refused(g, Action("step", "nobody", LEVEL), "PCV-4")
    refused(g, Action("barrel-roll", "r1"), "PCV-4")


def test_pcv_actions_take_exactly_their_arguments():
    """PCV-6, PCV-14: an extra or missing argument is refused, never recorded in the log."""
    g = game(scenario(plane("r1", "red", 2, 2), plane("b1", "blue", 8, 8, "W")))
    refused(g, Action("step", "r1", {"dir": "straight", "alt": "level", "extra": 1}), "PCV-6")
    refused(g, Action("hold", "r1", {"target": "b1"}), "PCV-14")
    refused(g, Action("loop", "r1", {}), "PCV-8")
