"""House rules PCV-O1 … PCV-O4, switched on from the scenario, and the plain rules without."""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.actions import Action
from polemos.core.errors import ScenarioError
from polemos.core.scenario import load_scenario, validate_scenario
from polemos.plugins.pcv_house_rules import PcvHouseRules, apply_house_rules
from polemos.rulesets.petit_cirque.state import PcvParams
from tests.conftest import refused
from tests.rulesets.petit_cirque.helpers import (
    cruise,
    events,
    fire,
    game,
    house,
    loop,
    plane,
    plugin_manager,
    scenario,
    speed,
    step,
    where,
)

SPARE_BLUE = plane("b9", "blue", 10, 9, "W")
SPARE_RED = plane("r9", "red", 0, 9)
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "petit-cirque"


def bomber(id_="b1", side="blue", col=4, row=4, facing="W", **kw):
    return plane(id_, side, col, row, facing, role="bomber", **kw)


def both(options, *planes, dice=()):
    """The same position with the house rules on, and with the plain rules."""
    return (game(house(options, *planes), dice=list(dice)),
            game(scenario(*planes), dice=list(dice)))


def test_listed_without_options_changes_nothing():
    """The plugin switched on with no options leaves every rule as written."""
    g = game(house({}, bomber("r1", "red", 4, 4, "E", speed=3), SPARE_BLUE))
    assert g.rules.params == PcvParams()
    assert Action("loop", "r1", {"alt": "up"}) in g.legal_actions()


def test_options_are_per_game():
    """A house-rule game does not change the rules of the next plain game."""
    game(house({"bomber_ceiling": 2, "bombers_loop": False}, bomber(altitude=2), SPARE_RED))
    assert game(scenario(bomber(), SPARE_RED)).rules.params == PcvParams()


def test_the_shipped_6v6_scenario_switches_every_option_on():
    loaded = load_scenario(SCENARIOS / "dogfight-6v6.yaml", plugin_manager())
    params = PcvParams()
    apply_house_rules(params, loaded.options["pcv_house_rules"])
    assert (params.ceiling["bomber"], params.max_speed["bomber"], params.no_loops) == (
        4, 3, {"bomber"})
    assert (params.guns["bomber"], params.hits_to_destroy["bomber"]) == ((0, 3), 3)
    assert params.ceiling["fighter"] == 6 and params.hits_to_destroy["fighter"] == 2


def test_pcv_o1_bomber_ceiling_refuses_a_climb():
    """PCV-O1: a bomber at the ceiling may not climb (step or loop); a fighter still may."""
    planes = (bomber("r1", "red", 2, 2, "E", altitude=4, speed=3),
              plane("r2", "red", 2, 6, altitude=4, speed=2), SPARE_BLUE)
    g, plain = both({"bomber_ceiling": 4}, *planes)
    error = refused(g, Action("step", "r1", {"dir": "straight", "alt": "up"}), "PCV-O1")
    assert "cannot climb above altitude 4" in error.reason
    refused(g, Action("loop", "r1", {"alt": "up"}), "PCV-O1")
    assert all(a["alt"] != "up" for a in g.legal_actions() if a.unit == "r1")
    step(g, "r1", alt="down")  # 3, then back up to the ceiling: allowed
    step(g, "r1", alt="up")
    assert g.state.planes["r1"].altitude == 4
    speed(g, "r1", 0)
    step(g, "r2", alt="up")
    assert g.state.planes["r2"].altitude == 5
    # Without the plugin the bomber climbs as any aircraft (PCV-7).
    step(plain, "r1", alt="up")
    assert plain.state.planes["r1"].altitude == 5


def test_pcv_o1_bomber_speed_cap():
    """PCV-O1: a bomber at its speed cap may not speed up; without the plugin it may (PCV-10)."""
    g, plain = both({"bomber_max_speed": 3}, bomber("r1", "red", 2, 2, "E", speed=3),
                    SPARE_BLUE)
    for each in (g, plain):
        for _ in range(3):
            step(each, "r1")
    error = refused(g, Action("speed", "r1", {"change": 1}), "PCV-O1")
    assert "cannot exceed 3" in error.reason
    assert [a["change"] for a in g.legal_actions()] == [-1, 0]
    speed(plain, "r1", 1)
    assert plain.state.planes["r1"].speed == 4


def test_pcv_o1_a_bomber_set_up_above_the_ceiling_or_cap_is_refused_at_load():
    """PCV-O1 edge: the scenario may not start a bomber above what the house rule allows."""
    raw = house({"bomber_max_speed": 3, "bomber_ceiling": 4},
                bomber("r1", "red", 2, 2, "E", speed=5, altitude=5), SPARE_BLUE)
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "house.yaml", plugin_manager())
    assert dict(error.value.problems) == {
        "aircraft[0].speed": "above the bomber speed cap 3 (PCV-O1)",
        "aircraft[0].altitude": "above the bomber ceiling 4 (PCV-O1)"}


def test_pcv_o2_no_loops_for_bombers():
    """PCV-O2: bombers may not loop; fighters still loop; without the plugin bombers loop."""
    planes = (bomber("r1", "red", 2, 2, "E", speed=3), plane("r2", "red", 2, 6, speed=3),
              SPARE_BLUE)
    g, plain = both({"bombers_loop": False}, *planes)
    error = refused(g, Action("loop", "r1", {"alt": "down"}), "PCV-O2")
    assert error.reason == "bombers may not loop"
    assert all(a.kind == "step" for a in g.legal_actions() if a.unit == "r1")
    for _ in range(3):
        step(g, "r1")
    speed(g, "r1", 0)
    loop(g, "r2", "up")
    assert (where(g, "r2"), g.state.planes["r2"].facing) == ((3, 6), 3)
    loop(plain, "r1", "down")
    assert (where(plain, "r1"), plain.state.planes["r1"].facing) == ((3, 2), 3)


def test_pcv_o3_rear_gun_fires_at_an_enemy_directly_behind():
    """PCV-O3: a bomber's rear gun hits an enemy behind it (2nd hex: 5+); the shot cites the
    option. Without the plugin there is no shot behind (PCV-14)."""
    planes = (bomber("r1", "red", 5, 4, "E"), plane("r2", "red", 0, 8, "E"),
              plane("b1", "blue", 4, 4, "E"), SPARE_BLUE)
    g, plain = both({"extra_guns": {"bomber": ["rear"]}}, *planes, dice=[5])
    for each in (g, plain):
        cruise(each)
        assert where(each, "r1") == (6, 4) and each.state.phase == "fire"
    assert Action("fire", "r1", {"target": "b1"}) in g.legal_actions()
    fire(g, "r1", "b1")
    assert events(g, "fire") == [{"unit": "r1", "target": "b1", "distance": 2, "needed": 5,
                                  "roll": 5, "outcome": "damaged",
                                  "rules": ["PCV-15", "PCV-O3", "PCV-17"]}]
    refused(plain, Action("fire", "r1", {"target": "b1"}), "PCV-14")
    assert Action("fire", "r1", {"target": "b1"}) not in plain.legal_actions()


def test_pcv_o3_guns_by_role_and_side_guns():
    """PCV-O3: side guns fire along the front-left/right hexside lines; only the role given."""
    planes = (plane("r1", "red", 1, 4, "E"), bomber("r2", "red", 1, 8, "E"),
              plane("b1", "blue", 2, 3, "W"), plane("b2", "blue", 3, 6, "W"),
              plane("b3", "blue", 2, 7, "W"))
    g = game(house({"extra_guns": {"fighter": ["left", "right"]}}, *planes), dice=[6])
    cruise(g)
    targets = {(a.unit, a["target"]) for a in g.legal_actions() if a.kind == "fire"}
    # r1's left gun sees b1 (NE line, 1st hex), its right gun b2 (SE line, 2nd hex); b3 is on
    # the NE line of r2, a bomber, which has no side guns.
    assert targets == {("r1", "b1"), ("r1", "b2")}
    fire(g, "r1", "b1")
    assert events(g, "fire")[0]["rules"] == ["PCV-15", "PCV-O3", "PCV-17"]


def test_pcv_o4_a_bomber_survives_two_damages():
    """PCV-O4: hits_to_destroy 3 — two damages leave the bomber flying, the third destroys it;
    the option is cited. A fighter still dies on its second damage (PCV-17)."""
    planes = (plane("r1", "red", 1, 4, "E"), plane("r2", "red", 6, 4, "W"),
              plane("r3", "red", 2, 1, "SE"), bomber("b1", col=4, row=4),
              plane("b2", "blue", 3, 0, "W", altitude=2, damaged=True),
              plane("b3", "blue", 0, 1, "W", altitude=2, damaged=True))
    g = game(house({"hits_to_destroy": {"bomber": 3}}, *planes), dice=[5, 4, 5])
    cruise(g)
    assert (where(g, "r1"), where(g, "r2"), where(g, "r3")) == ((2, 4), (5, 4), (3, 2))
    fire(g, "r1", "b1")
    fire(g, "r2", "b1")
    assert (g.state.planes["b1"].damage, g.state.planes["b1"].in_play) == (2, True)
    fire(g, "r3", "b1")
    assert [(e["needed"], e["roll"], e["outcome"], e["rules"]) for e in events(g, "fire")] == [
        (5, 5, "damaged", ["PCV-15", "PCV-O4"]), (4, 4, "damaged", ["PCV-15", "PCV-O4"]),
        (5, 5, "destroyed", ["PCV-15", "PCV-O4"])]
    assert events(g, "lost") == [{"unit": "b1", "side": "blue", "why": "shot down by r3",
                                  "rule": "PCV-O4"}]
    # The same shots under the plain rules: the second damage destroys (PCV-17).
    plain = game(scenario(*planes), dice=[5, 4])
    cruise(plain)
    fire(plain, "r1", "b1")
    fire(plain, "r2", "b1")
    assert [(e["outcome"], e["rules"]) for e in events(plain, "fire")] == [
        ("damaged", ["PCV-15", "PCV-17"]), ("destroyed", ["PCV-15", "PCV-17"])]


@pytest.mark.parametrize(("hits", "roll", "rules"), [(3, 6, ["PCV-15", "PCV-17"]),
                                                     (1, 4, ["PCV-15", "PCV-O4"])])
def test_pcv_o4_a_six_still_destroys_and_hits_one_makes_any_hit_lethal(hits, roll, rules):
    """PCV-O4 with PCV-17: a 6 destroys whatever the hits to destroy; with hits_to_destroy 1 a
    4 on an undamaged bomber destroys it, citing the option."""
    planes = (plane("r1", "red", 1, 4, "E"), bomber("b1", col=3, row=4), SPARE_BLUE)
    g = game(house({"hits_to_destroy": {"bomber": hits}}, *planes), dice=[roll])
    cruise(g)
    fire(g, "r1", "b1")
    (event,) = events(g, "fire")
    assert (event["outcome"], event["rules"]) == ("destroyed", rules)
    assert not g.state.planes["b1"].in_play


def test_apply_house_rules_records_the_option_ids():
    """Each changed limit is cited under its option id when it refuses an action."""
    params = PcvParams()
    apply_house_rules(params, PcvHouseRules(bomber_ceiling=3, bomber_max_speed=2,
                                            bombers_loop=False,
                                            extra_guns={"bomber": ["rear", "left", "rear"]},
                                            hits_to_destroy={"bomber": 4}))
    assert params.rules == {"ceiling": "PCV-O1", "max_speed": "PCV-O1", "loops": "PCV-O2",
                            "guns": "PCV-O3", "hits": "PCV-O4"}
    assert params.guns == {"fighter": (0,), "bomber": (0, 3, 5)}
