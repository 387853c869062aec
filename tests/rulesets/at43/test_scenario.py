"""Profiles (AT-9, AT-42) and scenario set-up errors: file, field path and reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.errors import ScenarioError
from polemos.core.scenario import load_scenario, validate_scenario
from polemos.rulesets.at43.models import shipped_profiles
from tests.rulesets.at43.helpers import container, game, plugin_manager, scenario, unit, v

DERBY = Path(__file__).parents[3] / "scenarios" / "at43" / "derby.yaml"


def problems(raw: dict) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "bad.yaml", plugin_manager())
    assert str(error.value).startswith("bad.yaml: ")
    return error.value.problems


def test_at42_test_profiles_are_shipped_as_data():
    """AT-42 (Decision): the table of test profiles, value by value."""
    book = {p.name: p for p in shipped_profiles().vehicles}
    rows = {"Poltergeist": (12, 4, 25, 3, 2, 2, 4), "Easy Trike": (10, 3, 20, 2, 1, 1, 3),
            "Kossak": (14, 4, 18, 4, 2, 2, 4), "Lancelot": (13, 3, 20, 3, 2, 1, 3.5),
            "Cobra": (13, 3, 20, 3, 2, 1, 3.5), "Snake": (14, 4, 18, 4, 2, 2, 4),
            "Sierp": (12, 3, 20, 3, 2, 1, 3.5), "Toad": (12, 3, 15, 3, 2, 1, 3.5),
            "Hekat": (12, 3, 20, 3, 2, 1, 3.5), "Wraith": (15, 5, 15, 4, 2, 2, 5),
            "Nakovalny": (14, 4, 15, 4, 2, 2, 4)}
    assert set(book) == set(rows)
    for name, row in rows.items():
        p = book[name]
        assert (p.armour, p.size, p.move, p.frame, p.propulsion, p.weapons, p.radius) == row
        assert not p.walker
    box = shipped_profiles().obstacles[0]
    assert (box.name, box.armour, box.size, box.frame, box.radius) == ("container", 12, 4, 4, 5)
    soldat = shipped_profiles().infantry[0]
    assert (soldat.name, soldat.size, soldat.move, soldat.radius) == \
        ("Krasnye Soldaty", 1, 10, 1.5)


def test_at9_sizes_follow_the_decision_and_the_seed_facts():
    """AT-9 (Decision values) and the facts AT-42 must fit: the Poltergeist moves 25 cm and is
    one Size above the Easy Trike; the Kossak moves between 14 and 24 cm, one Size above the
    Lancelot; infantry are Size 1."""
    book = {p.name: p for p in shipped_profiles().vehicles}
    assert book["Poltergeist"].move == 25
    assert book["Poltergeist"].size - book["Easy Trike"].size == 1
    assert 14 < book["Kossak"].move < 24
    assert book["Kossak"].size - book["Lancelot"].size == 1
    assert {p.size for p in shipped_profiles().vehicles} <= {3, 4, 5}
    assert shipped_profiles().infantry[0].size == 1


def test_overlapping_bases_at_set_up_are_refused_with_the_field_path():
    """Bad input: two bases overlapping at set-up (AT-1)."""
    raw = scenario(unit("r", "red", v("a", "Kossak", 0, 0)),
                   unit("b", "blue", v("c", "Lancelot", 7, 0)))
    found = problems(raw)
    assert found == [("units[1].vehicles[0].at", "c overlaps a (units[0].vehicles[0]): bases "
                      "never overlap (AT-1)")]


def test_base_overlapping_terrain_is_refused():
    raw = scenario(unit("r", "red", v("a", "Kossak", 0, 0)),
                   unit("b", "blue", v("c", "Lancelot", 40, 0)),
                   terrain=[container("box", 8, 0)])
    assert problems(raw) == [("units[0].vehicles[0].at",
                              "a overlaps terrain box (terrain[0]) (AT-1, AT-10)")]


def test_unit_off_the_table_is_refused_with_the_field_path():
    """Bad input: a unit off the table (its base must lie wholly on it)."""
    raw = scenario(unit("r", "red", v("a", "Kossak", 0, 0)),
                   unit("b", "blue", v("c", "Lancelot", 40, 0)), width=100)
    raw["units"][1]["vehicles"][0]["at"] = [98, 60]
    assert problems(raw) == [("units[1].vehicles[0].at",
                              "(98, 60) with a 3.5 cm base is off the 100×120 cm table")]


def test_unknown_profile_duplicate_id_and_bad_side():
    raw = scenario(unit("r", "red", v("a", "Kossak", 0, 0), v("a", "Tiger", 20, 0)),
                   unit("b", "green", v("c", "Lancelot", 40, 0)))
    found = dict(problems(raw))
    assert "already used" in found["units[0].vehicles[1].id"]
    assert found["units[0].vehicles[1].profile"].startswith("no vehicle profile 'Tiger'")
    assert found["units[1].side"] == "'green' is not one of ['red', 'blue']"


def test_a_unit_holds_vehicles_or_infantry_and_each_side_needs_a_vehicle():
    raw = scenario(unit("r", "red", v("a", "Kossak", 0, 0)), unit("b", "blue"))
    raw["units"] = [u for u in raw["units"] if u["side"] == "red"] + [raw["units"][1]]
    found = problems(raw)
    assert ("units[1]", "a unit has either vehicles or infantry (one of the two lists, not "
            "empty)") in found
    assert ("units", "side 'blue' has no vehicle") in found


def test_infantry_profile_used_for_a_vehicle_is_refused():
    raw = scenario(unit("r", "red", v("a", "Krasnye Soldaty", 0, 0)))
    assert problems(raw)[0][0] == "units[0].vehicles[0].profile"


def test_terrain_needs_a_profile_and_position_or_a_polygon():
    raw = scenario(unit("r", "red", v("a", "Kossak", 0, 0)),
                   terrain=[{"id": "t", "profile": "container"},
                            {"id": "w", "polygon": [[0, 0], [1, 0]]}])
    found = dict(problems(raw))
    assert found["terrain[0]"].startswith("a round piece needs an obstacle profile")
    assert found["terrain[1]"] == "polygon: polygon 'w' needs at least 3 points"


def test_custom_profile_may_not_shadow_a_shipped_one():
    raw = scenario(unit("r", "red", v("a", "Kossak", 0, 0)),
                   profiles={"vehicles": [{"name": "Kossak", "armour": 1, "size": 1, "move": 1,
                                           "frame": 1, "propulsion": 1, "weapons": 0,
                                           "radius": 1}]})
    assert ("profiles", "'Kossak' is already a shipped profile (AT-42)") in problems(raw)


def test_unknown_field_is_named():
    raw = scenario(unit("r", "red", v("a", "Kossak", 0, 0)))
    raw["units"][0]["vehicles"][0]["armor"] = 3
    assert problems(raw) == [("units[0].vehicles[0].armor", "unknown field")]


def test_derby_scenario_validates_and_sets_up_wrecks_and_terrain():
    loaded = load_scenario(DERBY, plugin_manager())
    g = game(loaded.raw, dice=[6, 1])
    assert g.state.vehicles["wreck-lancelot"].wreck
    assert g.state.vehicles["strider"].walker
    assert g.state.terrain["barrier"].obstacle.armour is None
    assert g.state.terrain["container-1"].frame == 4
    assert sum(1 for t in g.state.troopers.values() if t.support_weapon) == 1
