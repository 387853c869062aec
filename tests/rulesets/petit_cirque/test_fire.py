"""Fire: PCV-14 … PCV-18.

Red's fighter starts on [1, 4] facing E at speed 1, so after its move it fires from [2, 4]
along row 4: the 1st hex ahead is [3, 4], the 2nd [4, 4], the 3rd [5, 4].
"""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from tests.conftest import refused
from tests.rulesets.petit_cirque.helpers import (
    cruise,
    events,
    fire,
    game,
    hold,
    plane,
    scenario,
    step,
    where,
)

SPARE_BLUE = plane("b9", "blue", 10, 9, "W")


def ready(*blue, red_altitude=3, red_extra=(), dice=(), **red_kw):
    """Red's r1 has moved to [2, 4] (facing E); red is in its fire phase."""
    g = game(scenario(plane("r1", "red", 1, 4, altitude=red_altitude, **red_kw), *red_extra,
                      *blue, SPARE_BLUE), dice=list(dice))
    cruise(g)
    assert g.state.phase == "fire" and where(g, "r1") == (2, 4)
    return g


def target(col, altitude=3, **kw):
    return plane("b1", "blue", col, 4, "W", altitude=altitude, **kw)


def shot(g):
    """The one fire event, without its sequence number."""
    (event,) = events(g, "fire")
    return event


def test_pcv14_fire_straight_ahead_up_to_three_hexes():
    """PCV-14: the legal shots are at enemies on the line ahead within 3 hexes; firing is
    optional (hold)."""
    g = ready(target(5), plane("b2", "blue", 6, 4, "W"), plane("b3", "blue", 3, 5, "W"),
              plane("b4", "blue", 0, 4, "W"))
    assert g.legal_actions() == [Action("fire", "r1", {"target": "b1"}), Action("hold", "r1")]
    error = refused(g, Action("fire", "r1", {"target": "b2"}), "PCV-14")  # 4th hex
    assert "within 3 hexes" in error.reason
    refused(g, Action("fire", "r1", {"target": "b3"}), "PCV-14")  # off the line, adjacent
    refused(g, Action("fire", "r1", {"target": "b4"}), "PCV-14")  # behind
    refused(g, Action("fire", "r1", {"target": "ghost"}), "PCV-14")
    refused(g, Action("fire", "r1", {}), "PCV-14")
    hold(g, "r1")
    assert events(g, "hold") == [{"unit": "r1", "rule": "PCV-14"}]
    assert g.to_act() == "blue" and events(g, "fire") == []


def test_pcv14_one_shot_per_aircraft_per_turn():
    """PCV-14 decision: each aircraft fires at most once a turn, at one target."""
    g = ready(target(3), plane("b2", "blue", 4, 4, "W", altitude=4),
              red_extra=[plane("r2", "red", 1, 8)], dice=[2])
    fire(g, "r1", "b1")
    refused(g, Action("fire", "r1", {"target": "b2"}), "PCV-14")
    refused(g, Action("hold", "r1"), "PCV-14")
    assert {a.unit for a in g.legal_actions()} == {"r2"}


@pytest.mark.parametrize(("col", "needed"), [(3, 4), (4, 5), (5, 6)])
def test_pcv15_same_altitude_needs_4_5_6_by_hex(col, needed):
    """PCV-15: same altitude: hit on 4+ in the 1st hex, 5+ in the 2nd, 6 in the 3rd."""
    distance = col - 2
    miss = ready(target(col), dice=[needed - 1])
    fire(miss, "r1", "b1")
    assert shot(miss) == {"unit": "r1", "target": "b1", "distance": distance, "needed": needed,
                          "roll": needed - 1, "outcome": "miss", "rules": ["PCV-15"]}
    assert miss.state.planes["b1"].damage == 0
    (roll,) = events(miss, "roll")
    assert (roll["dice"], roll["rule"], roll["purpose"]) == ([needed - 1], "PCV-15",
                                                             "r1 fires at b1")
    hit = ready(target(col), dice=[needed])
    fire(hit, "r1", "b1")
    outcome = "destroyed" if needed == 6 else "damaged"
    assert (shot(hit)["outcome"], shot(hit)["distance"]) == (outcome, distance)


def test_pcv15_a_roll_of_one_misses():
    """PCV-15 edge: a 1 never hits, even at the best odds (1st hex, same altitude)."""
    g = ready(target(3), dice=[1])
    fire(g, "r1", "b1")
    assert (shot(g)["outcome"], g.state.planes["b1"].damage) == ("miss", 0)


@pytest.mark.parametrize(("col", "needed"), [(3, 5), (4, 6)])
@pytest.mark.parametrize("altitude", [2, 4])
def test_pcv16_one_level_apart_counts_one_extra_hex(col, needed, altitude):
    """PCV-16: one level apart (above or below): 5+ in the 1st hex, 6 in the 2nd."""
    miss = ready(target(col, altitude), dice=[needed - 1])
    fire(miss, "r1", "b1")
    assert shot(miss) == {"unit": "r1", "target": "b1", "distance": col - 2, "needed": needed,
                          "roll": needed - 1, "outcome": "miss", "rules": ["PCV-16"]}
    assert events(miss, "roll")[0]["rule"] == "PCV-16"
    hit = ready(target(col, altitude), dice=[needed])
    fire(hit, "r1", "b1")
    assert shot(hit)["outcome"] in ("damaged", "destroyed") and shot(hit)["needed"] == needed


def test_pcv16_third_hex_one_level_apart_is_no_shot():
    """PCV-16 edge: one level apart, the 3rd hex is out of reach."""
    g = ready(target(5, 4))
    error = refused(g, Action("fire", "r1", {"target": "b1"}), "PCV-16")
    assert "3rd hex" in error.reason
    assert g.legal_actions() == [Action("hold", "r1")]


@pytest.mark.parametrize("altitude", [1, 5])
def test_pcv16_two_levels_apart_is_no_shot(altitude):
    """PCV-16 edge: two or more levels apart, even in the 1st hex, there is no shot."""
    g = ready(target(3, altitude))
    error = refused(g, Action("fire", "r1", {"target": "b1"}), "PCV-16")
    assert "two or more altitude levels" in error.reason


def test_pcv16_target_in_the_firers_own_hex_is_refused():
    """PCV-16 decision: a target in the firer's own hex (another altitude) is not ahead."""
    g = ready(target(2, 4))
    error = refused(g, Action("fire", "r1", {"target": "b1"}), "PCV-16")
    assert "own hex" in error.reason


def test_pcv17_a_six_destroys_outright():
    """PCV-17 edge: a hit rolled as a 6 destroys an undamaged target."""
    g = ready(target(3), dice=[6])
    fire(g, "r1", "b1")
    assert shot(g)["outcome"] == "destroyed" and shot(g)["rules"] == ["PCV-15", "PCV-17"]
    assert not g.state.planes["b1"].in_play
    assert events(g, "lost") == [{"unit": "b1", "side": "blue", "why": "shot down by r1",
                                  "rule": "PCV-17"}]
    fire_event = next(e for e in g.events if e["type"] == "fire")
    assert g.rules.narrate(fire_event) == (
        "  r1 fires at b1, 1st hex, needs 4+, rolls 6: destroyed (PCV-15, PCV-17)")


def test_pcv17_other_hits_damage_and_a_second_damage_destroys():
    """PCV-17 edge: a 5 damages; the next hit (a 4) on the damaged target destroys it."""
    r2 = plane("r2", "red", 6, 4, "W")  # moves to [5, 4]; b1 is its 1st hex
    g = ready(target(4), red_extra=[r2], dice=[5, 4])
    fire(g, "r1", "b1")
    assert shot(g)["outcome"] == "damaged" and shot(g)["rules"] == ["PCV-15", "PCV-17"]
    assert (g.state.planes["b1"].damage, g.state.planes["b1"].in_play) == (1, True)
    assert events(g, "lost") == []
    fire(g, "r2", "b1")
    second = events(g, "fire")[1]
    assert (second["needed"], second["roll"], second["outcome"]) == (4, 4, "destroyed")
    assert second["rules"] == ["PCV-15", "PCV-17"]
    assert (g.state.planes["b1"].damage, g.state.planes["b1"].in_play) == (2, False)


def test_pcv17_an_already_damaged_aircraft_is_destroyed_by_any_hit():
    """PCV-17: a target that starts damaged (PCV-2 marker) dies on its next hit."""
    g = ready(target(4, damaged=True), dice=[5])
    fire(g, "r1", "b1")
    assert shot(g)["outcome"] == "destroyed" and not g.state.planes["b1"].in_play


def test_pcv18_friends_are_not_targets():
    """PCV-18 decision: only enemy aircraft are targets."""
    g = ready(target(5), red_extra=[plane("r2", "red", 2, 6), plane("r3", "red", 3, 4, "E",
                                                                      altitude=4, speed=2)])
    assert where(g, "r3") == (5, 4) and g.state.planes["r3"].altitude == 4
    error = refused(g, Action("fire", "r1", {"target": "r3"}), "PCV-18")
    assert "friend" in error.reason
    assert Action("fire", "r1", {"target": "r3"}) not in g.legal_actions()


def test_pcv18_aircraft_in_between_do_not_block():
    """PCV-18 decision: a friend and an enemy on the line before the target do not block it."""
    g = ready(plane("b2", "blue", 3, 4, "W", altitude=4), target(5),
              red_extra=[plane("r2", "red", 3, 4, "E", altitude=2, speed=1)], dice=[6])
    assert where(g, "r2") == (4, 4)
    fire(g, "r1", "b1")
    assert (shot(g)["distance"], shot(g)["outcome"]) == (3, "destroyed")


def test_pcv18_a_damaged_aircraft_moves_and_fires_normally():
    """PCV-18 decision: the damaged marker changes nothing about moving or firing."""
    g = game(scenario(plane("r1", "red", 0, 4, speed=2, damaged=True), target(3, 4),
                      SPARE_BLUE), dice=[5])
    step(g, "r1", alt="up")
    assert (where(g, "r1"), g.state.planes["r1"].altitude) == ((1, 4), 4)
    speeds = [a for a in g.legal_actions() if a.kind == "speed"]
    assert [a["change"] for a in speeds] == [-1, 0, 1]
    g.step(speeds[1])
    fire(g, "r1", "b1")
    assert shot(g) == {"unit": "r1", "target": "b1", "distance": 2, "needed": 5, "roll": 5,
                       "outcome": "damaged", "rules": ["PCV-15", "PCV-17"]}
