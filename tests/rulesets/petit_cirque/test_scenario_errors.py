"""Scenario bad input (issue 2, "Bad input"): each refused with file, field path and reason."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from polemos.core.errors import ScenarioError
from polemos.core.scenario import load_scenario, validate_scenario
from tests.rulesets.petit_cirque.helpers import house, plane, plugin_manager, scenario

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "petit-cirque"


def good():
    return scenario(plane("r1", "red", 1, 1), plane("b1", "blue", 5, 5, "W"))


def problems(raw):
    """The ``(field path, reason)`` pairs of a refused scenario; the message names the file."""
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "bad.yaml", plugin_manager())
    for path, reason in error.value.problems:
        assert f"bad.yaml: {path}: {reason}" in str(error.value)
    return error.value.problems


def changed(edit):
    raw = copy.deepcopy(good())
    edit(raw)
    return raw


def test_the_good_scenario_and_the_shipped_files_validate():
    validate_scenario(good(), "good.yaml", plugin_manager())
    files = sorted(SCENARIOS.glob("*.yaml"))
    assert files
    for path in files:
        assert load_scenario(path, plugin_manager()).model.ruleset == "petit_cirque"


def test_missing_field():
    assert problems(changed(lambda r: r.pop("map"))) == [("map", "field required")]
    assert problems(changed(lambda r: r["aircraft"][0].pop("speed"))) == [
        ("aircraft[0].speed", "field required")]


def test_unknown_field():
    assert problems(changed(lambda r: r.update(colour="red"))) == [("colour", "unknown field")]
    assert problems(changed(lambda r: r["aircraft"][1].update(fuel=3))) == [
        ("aircraft[1].fuel", "unknown field")]


def test_wrong_type():
    (path, reason), = problems(changed(lambda r: r["aircraft"][0].update(altitude="high")))
    assert path == "aircraft[0].altitude" and "valid integer" in reason and "'high'" in reason
    (path, reason), = problems(changed(lambda r: r["aircraft"][0].update(hex=[1, "a"])))
    assert path == "aircraft[0].hex[1]"
    (path, reason), = problems(changed(lambda r: r["aircraft"][1].update(facing="N")))
    assert path == "aircraft[1].facing" and "'N'" in reason


@pytest.mark.parametrize("field", ["speed", "altitude"])
@pytest.mark.parametrize(("value", "bound"), [(0, "greater than or equal to 1"),
                                              (7, "less than or equal to 6")])
def test_pcv2_speed_or_altitude_out_of_1_to_6(field, value, bound):
    """PCV-2: altitude and speed run from 1 to 6."""
    (path, reason), = problems(changed(lambda r: r["aircraft"][1].update({field: value})))
    assert path == f"aircraft[1].{field}" and bound in reason and f"got {value}" in reason


def test_pcv12_two_aircraft_on_one_hex_and_altitude_at_the_start():
    """PCV-12: two aircraft may share a hex only at different altitudes."""
    assert problems(changed(lambda r: r["aircraft"].append(plane("r2", "red", 1, 1)))) == [
        ("aircraft[2].hex", "r1 already stands on [1, 1] at altitude 3 (PCV-12)")]
    validate_scenario(changed(lambda r: r["aircraft"].append(plane("r2", "red", 1, 1,
                                                                   altitude=4))),
                      "ok.yaml", plugin_manager())


@pytest.mark.parametrize("hex_", [[12, 3], [-1, 3], [4, 10]])
def test_pcv1_aircraft_off_the_map(hex_):
    """PCV-1: every aircraft stands on the cloth (12 × 10 here, columns and rows from 0)."""
    assert problems(changed(lambda r: r["aircraft"][1].update(hex=hex_))) == [
        ("aircraft[1].hex", f"[{hex_[0]}, {hex_[1]}] is off the 12×10 cloth (PCV-1)")]


def test_unknown_ruleset_lists_the_installed_ones():
    (path, reason), = problems(changed(lambda r: r.update(ruleset="chess")))
    assert path == "ruleset"
    assert reason.startswith("unknown ruleset 'chess'; installed:") and "petit_cirque" in reason


def test_unknown_plugin_lists_the_installed_ones():
    (path, reason), = problems(changed(lambda r: r.update(plugins=["nope"])))
    assert path == "plugins[0]"
    assert reason.startswith("cannot import plugin module 'nope'") and "pcv_house_rules" in reason


def test_bad_plugin_options():
    """PCV-O1 … PCV-O4 options are validated with their field paths."""
    planes = (plane("r1", "red", 1, 1), plane("b1", "blue", 5, 5, "W"))
    (path, reason), = problems(house({"bomber_ceiling": 9}, *planes))
    assert path == "options.pcv_house_rules.bomber_ceiling" and "less than or equal to 6" in reason
    assert problems(house({"bomber_floor": 2}, *planes)) == [
        ("options.pcv_house_rules.bomber_floor", "unknown field")]
    (path, _), = problems(house({"extra_guns": {"bomber": ["up"]}}, *planes))
    assert path == "options.pcv_house_rules.extra_guns.bomber[0]"
    (path, _), = problems(house({"hits_to_destroy": {"bomber": 0}}, *planes))
    assert path == "options.pcv_house_rules.hits_to_destroy.bomber"
    assert problems(changed(lambda r: r.update(options={"pcv_house_rules": {}}))) == [
        ("options.pcv_house_rules", "options for a plugin not listed in `plugins`")]


def test_cross_field_problems():
    """Sides, ids and the PCV-4 / PCV-3 side names must agree."""
    assert problems(changed(lambda r: r.update(first_side="green"))) == [
        ("first_side", "'green' is not one of the sides ['red', 'blue']")]
    assert problems(changed(lambda r: r.update(hold_out="green"))) == [
        ("hold_out", "'green' is not one of the sides ['red', 'blue']")]
    assert problems(changed(lambda r: r["aircraft"][1].update(id="r1"))) == [
        ("aircraft[1].id", "'r1' is used twice")]
    assert problems(changed(lambda r: r["aircraft"][1].update(side="green"))) == [
        ("aircraft[1].side", "'green' is not one of ['red', 'blue']"),
        ("aircraft", "side 'blue' has no aircraft")]
