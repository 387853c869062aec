"""Movement: PCV-5 … PCV-13."""

from __future__ import annotations

from polemos.core.actions import Action
from tests.conftest import refused
from tests.rulesets.petit_cirque.helpers import (
    LEVEL,
    cruise,
    events,
    game,
    hold_all,
    loop,
    plane,
    scenario,
    speed,
    step,
    where,
)

FAR_BLUE = plane("b9", "blue", 10, 9, "W")
FAR_RED = plane("r9", "red", 0, 9)


def test_pcv5_all_mp_must_be_spent_before_anything_else():
    """PCV-5: speed 3 gives 3 MP; the move must be finished before another aircraft moves or
    the speed is set."""
    g = game(scenario(plane("r1", "red", 2, 2, speed=3), plane("r2", "red", 2, 6), FAR_BLUE))
    assert {a.unit for a in g.legal_actions()} == {"r1", "r2"}
    step(g, "r1")
    assert (g.state.moving, g.state.mp_left) == ("r1", 2)
    assert {a.unit for a in g.legal_actions()} == {"r1"}
    error = refused(g, Action("step", "r2", LEVEL), "PCV-5")
    assert "r1 must spend all its MP" in error.reason
    refused(g, Action("speed", "r1", {"change": 0}), "PCV-5")
    step(g, "r1")
    step(g, "r1")
    assert where(g, "r1") == (5, 2)
    assert [e["mp_left"] for e in events(g, "move")] == [2, 1, 0]
    assert g.state.choosing_speed
    assert [a.kind for a in g.legal_actions()] == ["speed"] * 3
    refused(g, Action("step", "r1", LEVEL), "PCV-10")
    refused(g, Action("step", "r2", LEVEL), "PCV-5")
    speed(g, "r1", 0)
    assert g.state.moving is None and g.state.done == ["r1"]
    assert {a.unit for a in g.legal_actions()} == {"r2"}


def test_pcv6_forward_level_or_descending_costs_one_mp():
    """PCV-6: 1 MP forward; 1 MP forward and one level down."""
    g = game(scenario(plane("r1", "red", 2, 2, altitude=3, speed=2), FAR_BLUE))
    step(g, "r1", alt="down")
    assert (where(g, "r1"), g.state.planes["r1"].altitude, g.state.mp_left) == ((3, 2), 2, 1)
    step(g, "r1")
    assert (where(g, "r1"), g.state.planes["r1"].altitude, g.state.mp_left) == ((4, 2), 2, 0)
    assert [(e["how"], e["rules"]) for e in events(g, "move")] == [
        ("straight/down", ["PCV-6"]), ("straight/level", ["PCV-6"])]


def test_pcv7_climb_costs_two_mp():
    """PCV-7: 2 MP forward and one level up."""
    g = game(scenario(plane("r1", "red", 2, 2, altitude=3, speed=3), FAR_BLUE))
    step(g, "r1", alt="up")
    assert (where(g, "r1"), g.state.planes["r1"].altitude, g.state.mp_left) == ((3, 2), 4, 1)
    assert events(g, "move")[0]["rules"] == ["PCV-7"]


def test_pcv7_climb_with_one_mp_left_is_refused():
    """PCV-7 edge: climbing needs 2 MP; with 1 MP left it is refused and nothing changes."""
    g = game(scenario(plane("r1", "red", 2, 2, speed=2), FAR_BLUE))
    step(g, "r1")
    error = refused(g, Action("step", "r1", {"dir": "straight", "alt": "up"}), "PCV-7")
    assert "1 MP left" in error.reason
    assert all(a["alt"] != "up" for a in g.legal_actions())
    # Speed 1: no climb from the start either.
    g = game(scenario(plane("r1", "red", 2, 2, speed=1), FAR_BLUE))
    refused(g, Action("step", "r1", {"dir": "left", "alt": "up"}), "PCV-7")


def test_pcv7_never_above_altitude_six():
    """PCV-7 edge: an aircraft at altitude 6 cannot climb."""
    g = game(scenario(plane("r1", "red", 2, 2, altitude=6, speed=3), FAR_BLUE))
    error = refused(g, Action("step", "r1", {"dir": "straight", "alt": "up"}), "PCV-7")
    assert "above altitude 6" in error.reason
    step(g, "r1")
    assert g.state.planes["r1"].altitude == 6


def test_pcv8_loop_straight_ahead_turn_180_and_change_one_level():
    """PCV-8: 3 MP, the hex straight ahead, nose turned 180°, altitude up or down one level."""
    g = game(scenario(plane("r1", "red", 4, 4, "E", altitude=3, speed=3), FAR_BLUE))
    loop(g, "r1", "down")
    r1 = g.state.planes["r1"]
    assert (where(g, "r1"), r1.facing, r1.altitude, g.state.mp_left) == ((5, 4), 3, 2, 0)
    assert events(g, "move") == [{"unit": "r1", "how": "loop/down", "frm": [4, 4], "to": [5, 4],
                                  "facing": 3, "altitude": 2, "mp_left": 0, "rules": ["PCV-8"]}]
    assert g.state.choosing_speed


def test_pcv8_loop_is_repeatable_within_one_move():
    """PCV-8 decision: with 6 MP an aircraft loops twice, ending where it began, facing as
    before, altitude +1 then -1."""
    g = game(scenario(plane("r1", "red", 4, 3, "NE", altitude=3, speed=6), FAR_BLUE))
    loop(g, "r1", "up")
    assert (where(g, "r1"), g.state.planes["r1"].facing, g.state.planes["r1"].altitude) == (
        (5, 2), 2, 4)
    loop(g, "r1", "down")
    r1 = g.state.planes["r1"]
    assert (where(g, "r1"), r1.facing, r1.altitude, g.state.mp_left) == ((4, 3), 5, 3, 0)


def test_pcv8_loop_needs_three_mp_and_exactly_one_level():
    """PCV-8 edge: a loop with 2 MP is refused; so is a loop without an altitude change and a
    loop up from altitude 6."""
    g = game(scenario(plane("r1", "red", 4, 4, speed=3, altitude=6), FAR_BLUE))
    refused(g, Action("loop", "r1", {"alt": "level"}), "PCV-8")
    refused(g, Action("loop", "r1", {"alt": "up"}), "PCV-8")
    step(g, "r1")
    error = refused(g, Action("loop", "r1", {"alt": "down"}), "PCV-8")
    assert "2 MP left" in error.reason
    assert all(a.kind == "step" for a in g.legal_actions())


def test_pcv9_front_left_and_front_right_turn_the_nose_60_degrees():
    """PCV-9 decision: the front-left/right hexes are forward too; entering one turns the nose
    60° that way (from E: left is NE, right is SE), on even and odd rows alike."""
    g = game(scenario(plane("r1", "red", 4, 4, "E", speed=1), plane("r2", "red", 4, 7, "E",
                                                                    speed=2), FAR_BLUE))
    step(g, "r1", "left")
    assert (where(g, "r1"), g.state.planes["r1"].facing) == ((4, 3), 5)
    speed(g, "r1", 0)
    step(g, "r2", "right")
    assert (where(g, "r2"), g.state.planes["r2"].facing) == ((5, 8), 0 + 1)
    step(g, "r2", "right")
    assert (where(g, "r2"), g.state.planes["r2"].facing) == ((4, 9), 2)
    assert [e["rules"] for e in events(g, "move")] == [["PCV-6", "PCV-9"]] * 3


def test_pcv9_only_the_three_forward_hexes():
    """PCV-9: a direction other than straight, left or right is refused."""
    g = game(scenario(plane("r1", "red", 4, 4), FAR_BLUE))
    refused(g, Action("step", "r1", {"dir": "back", "alt": "level"}), "PCV-9")
    refused(g, Action("step", "r1", {"dir": "straight", "alt": "sideways"}), "PCV-6")


def test_pcv10_speed_changes_by_one_for_the_next_turn():
    """PCV-10: after moving, speed +1, 0 or -1 for the next turn."""
    g = game(scenario(plane("r1", "red", 2, 2, speed=2), plane("r2", "red", 2, 6, speed=2),
                      FAR_BLUE))
    cruise_plane = [("r1", 1), ("r2", -1)]
    for unit, change in cruise_plane:
        step(g, unit)
        step(g, unit)
        speed(g, unit, change)
    assert (g.state.planes["r1"].speed, g.state.planes["r2"].speed) == (3, 1)
    assert events(g, "speed") == [
        {"unit": "r1", "speed": 3, "change": 1, "rule": "PCV-10"},
        {"unit": "r2", "speed": 1, "change": -1, "rule": "PCV-10"}]


def test_pcv10_speed_six_to_seven_is_refused():
    """PCV-10 edge: speed never exceeds 6; so is a change of more than one."""
    g = game(scenario(plane("r1", "red", 2, 2, speed=6), FAR_BLUE))
    for _ in range(6):
        step(g, "r1")
    error = refused(g, Action("speed", "r1", {"change": 1}), "PCV-10")
    assert "cannot exceed 6" in error.reason
    refused(g, Action("speed", "r1", {"change": -2}), "PCV-10")
    refused(g, Action("speed", "r1", {"change": True}), "PCV-10")
    assert [a["change"] for a in g.legal_actions()] == [-1, 0]
    speed(g, "r1", 0)
    assert g.state.planes["r1"].speed == 6


def test_pcv11_descending_to_altitude_zero_lands_and_ends_the_move():
    """PCV-11 edge: the step that reaches altitude 0 removes the aircraft at once (landed),
    whatever MP it had left."""
    g = game(scenario(plane("r1", "red", 2, 2, altitude=1, speed=3), plane("r2", "red", 2, 6),
                      FAR_BLUE))
    step(g, "r1", alt="down")
    r1 = g.state.planes["r1"]
    assert (r1.in_play, r1.altitude, where(g, "r1")) == (False, 0, (3, 2))
    assert events(g, "lost") == [{"unit": "r1", "side": "red", "why": "landed (altitude 0)",
                                  "rule": "PCV-11"}]
    assert (g.state.moving, g.state.choosing_speed) == (None, False)
    assert {a.unit for a in g.legal_actions()} == {"r2"}
    refused(g, Action("step", "r1", LEVEL), "PCV-4")


def test_pcv11_speed_zero_falls_at_once_and_does_not_fire():
    """PCV-11 edge: setting speed 0 removes the aircraft before the fire phase."""
    g = game(scenario(plane("r1", "red", 2, 4, speed=1), plane("r2", "red", 2, 8),
                      plane("b1", "blue", 4, 4, "W"), FAR_BLUE))
    step(g, "r1")
    speed(g, "r1", -1)
    assert not g.state.planes["r1"].in_play
    assert events(g, "lost") == [{"unit": "r1", "side": "red", "why": "fell (speed 0)",
                                  "rule": "PCV-11"}]
    cruise(g)
    assert g.state.phase == "fire"
    assert {a.unit for a in g.legal_actions()} == {"r2"}
    refused(g, Action("fire", "r1", {"target": "b1"}), "PCV-4")


def test_pcv12_different_altitude_may_pass_through_and_stop():
    """PCV-12: passing through or stopping on a hex held at another altitude is allowed."""
    g = game(scenario(plane("r1", "red", 2, 2, altitude=3, speed=2),
                      plane("b1", "blue", 3, 2, "W", altitude=4),
                      plane("b2", "blue", 4, 2, "W", altitude=2)))
    step(g, "r1")
    step(g, "r1")
    assert where(g, "r1") == (4, 2)
    assert events(g, "collision") == [] and events(g, "lost") == []


def test_pcv12_same_altitude_collision_while_passing_through():
    """PCV-12 edge: entering a hex held at the same altitude, even with MP left, removes both
    aircraft and ends the move at once."""
    g = game(scenario(plane("r1", "red", 2, 2, altitude=3, speed=3), plane("r2", "red", 2, 6),
                      plane("b1", "blue", 3, 2, "W", altitude=3), FAR_BLUE))
    step(g, "r1")
    assert events(g, "collision") == [{"units": ["r1", "b1"], "hex": [3, 2], "altitude": 3,
                                       "rule": "PCV-12"}]
    assert [(e["unit"], e["rule"]) for e in events(g, "lost")] == [("b1", "PCV-12"),
                                                                  ("r1", "PCV-12")]
    assert not g.state.planes["r1"].in_play and not g.state.planes["b1"].in_play
    assert (g.state.moving, g.state.mp_left) == (None, 0)
    assert {a.unit for a in g.legal_actions()} == {"r2"}


def test_pcv12_collision_with_a_friend():
    """PCV-12: friend or foe, a same-altitude collision removes both."""
    g = game(scenario(plane("r1", "red", 2, 2, altitude=3, speed=2),
                      plane("r2", "red", 3, 2, altitude=3), FAR_RED, FAR_BLUE))
    step(g, "r1")
    assert events(g, "collision")[0]["units"] == ["r1", "r2"]
    assert [p.id for p in g.state.planes.values() if p.in_play] == ["r9", "b9"]
    assert {a.unit for a in g.legal_actions()} == {"r9"}


def test_pcv12_altitude_on_entry_is_after_the_step_change():
    """PCV-12 decision: the hex is checked at the altitude after the step's climb or descent."""
    # Descending out of the other's level: no collision.
    g = game(scenario(plane("r1", "red", 2, 2, altitude=3, speed=2),
                      plane("b1", "blue", 3, 2, "W", altitude=3), FAR_BLUE))
    step(g, "r1", alt="down")
    assert g.state.planes["b1"].in_play and where(g, "r1") == (3, 2)
    # Climbing into the other's level: collision.
    g = game(scenario(plane("r1", "red", 2, 2, altitude=2, speed=3),
                      plane("b1", "blue", 3, 2, "W", altitude=3), FAR_BLUE))
    step(g, "r1", alt="up")
    assert events(g, "collision")[0]["altitude"] == 3


def test_pcv12_loop_into_an_occupied_hex_collides():
    """PCV-12 with PCV-8: the loop's hex is entered at the new altitude."""
    g = game(scenario(plane("r1", "red", 2, 2, altitude=3, speed=3),
                      plane("b1", "blue", 3, 2, "W", altitude=2), FAR_BLUE))
    loop(g, "r1", "down")
    assert events(g, "collision") == [{"units": ["r1", "b1"], "hex": [3, 2], "altitude": 2,
                                       "rule": "PCV-12"}]


def test_pcv13_leaving_the_cloth_is_lost():
    """PCV-13 decision: an aircraft that leaves the cloth is out of play at once."""
    g = game(scenario(plane("r1", "red", 11, 2, speed=2), plane("r2", "red", 2, 6), FAR_BLUE))
    step(g, "r1")
    assert events(g, "move")[0]["to"] == [12, 2]
    assert events(g, "lost") == [{"unit": "r1", "side": "red", "why": "left the cloth",
                                  "rule": "PCV-13"}]
    assert g.state.moving is None and not g.state.planes["r1"].in_play


def test_pcv13_the_last_aircraft_leaving_the_cloth_loses_the_game():
    """PCV-13 with PCV-3: a side whose last aircraft left the cloth has lost."""
    g = game(scenario(plane("r1", "red", 0, 2, "W"), FAR_BLUE))
    step(g, "r1")
    assert g.result().winner == "blue"


def test_an_aircraft_that_does_not_move_cannot_skip():
    """PCV-4/PCV-5: every aircraft of the side must move; there is no action that skips it."""
    g = game(scenario(plane("r1", "red", 2, 2), FAR_BLUE))
    assert {a.kind for a in g.legal_actions()} == {"step"}
    cruise(g)
    hold_all(g)
    assert g.to_act() == "blue"
