"""Squadrons, profiles and scenario files: bad input is named by file, field path and rule
(AI-1, AI-3, AI-4, AI-8, AI-10, AI-11, AI-15 .. AI-18, AI-36, AI-72 .. AI-77)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from polemos.core.cli import main
from polemos.core.errors import ScenarioError
from polemos.rulesets.aeronautica.catalogue import build_catalogue
from polemos.rulesets.aeronautica.models import WeaponProfile
from tests.conftest import new_game
from tests.rulesets.aeronautica.helpers import SCENARIOS, asset, duel, plane, scenario


def problems(raw: dict) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as error:
        new_game(raw)
    return error.value.problems


def one(imperial: list[dict], **extra) -> dict:
    return scenario(imperial, [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)],
                    **extra)


def test_ai72_an_over_budget_squadron_is_refused_with_its_path():
    """AI-72: five Thunderbolts cost 115 points, over a 100-point limit."""
    raw = one([plane(f"tb-{n}", col=2, row=2 + 2 * n) for n in range(5)], points=100)
    assert problems(raw) == [("squadrons.imperial",
                              "costs 115 points, over the 100-point limit (AI-72)")]


def test_ai72_ai73_ai75_cost_is_profile_plus_options_plus_upgrades():
    """AI-72: 23 + Skystrike option 2 (AI-73) + Streamlined 1 (AI-75) = 26 > 25."""
    raw = one([plane("tb", options=["skystrike_missiles"], upgrades=["streamlined"])],
              points={"imperial": 25, "ork": 25})
    assert problems(raw) == [("squadrons.imperial",
                              "costs 26 points, over the 25-point limit (AI-72)")]
    raw["points"]["imperial"] = 26
    assert new_game(raw).rules.setup.specs["tb"].cost == 26


def test_ai8_an_unknown_aircraft_is_refused():
    """AI-8: the squadron names a profile the tables lack."""
    found = problems(one([plane("tb", "spitfire")]))
    assert found[0][0] == "squadrons.imperial[0].aircraft"
    assert found[0][1].startswith("unknown aircraft 'spitfire' (known: thunderbolt, ")


def test_ai73_an_unknown_or_unlisted_option_weapon_is_refused():
    """AI-73: options must exist and be listed for the aircraft."""
    raw = scenario([plane("tb", options=["lasgun"])],
                   [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5,
                          options=["skystrike_missiles"])])
    found = problems(raw)
    assert found[0][0] == "squadrons.imperial[0].options[0]"
    assert found[0][1].startswith("unknown weapon 'lasgun'")
    assert found[1] == ("squadrons.ork[0].options[0]",
                        "Dakkajet cannot take 'skystrike_missiles' (its options: rokkits) "
                        "(AI-73)")


def test_ai75_upgrades_exist_and_are_taken_once():
    """AI-75: unknown upgrades and a second Streamlined are refused."""
    found = problems(one([plane("tb", upgrades=["armour", "streamlined", "streamlined"])]))
    assert found[0][0] == "squadrons.imperial[0].upgrades[0]"
    assert found[1] == ("squadrons.imperial[0].upgrades[2]",
                        "'streamlined' is taken twice; each at most once (AI-75)")


def test_ai76_category_limits_are_checked_per_side():
    """AI-76: the scenario allows imperial no bombers."""
    raw = one([plane("mr", "marauder")], category_limits={"imperial": {"bomber": {"max": 0}}})
    assert problems(raw) == [("squadrons.imperial", "fields 1 bomber aircraft; the scenario "
                              "allows 0 to 0 (AI-76)")]


def test_ai1_ai4_ai6_positions_on_the_area_and_shared_hexes():
    """AI-1: inside the Area of Engagement; AI-4: one aircraft per hex; ground models too."""
    raw = scenario([plane("tb", col=25, row=2), plane("tb-2", col=3, row=3),
                    plane("tb-3", col=3, row=3)],
                   [asset("flak", 5, 5), asset("flak-2", 5, 5),
                    plane("dj", "dakkajet", col=5, row=5, speed=5)])
    assert problems(raw) == [
        ("squadrons.imperial[0].hex", "[25, 2] is outside the 20×16 Area of Engagement (AI-1)"),
        ("squadrons.imperial[2].hex", "tb-2 already stands on [3, 3] (AI-4, AI-6)"),
        ("squadrons.ork[1].hex", "flak already stands on [5, 5] (AI-4, AI-6)")]


def test_ai3_ai15_ai16_starting_altitude_and_speed_fit_the_profile():
    """AI-3: levels 0-9; AI-15: speed within Min-Max; AI-16: altitude up to Max Altitude."""
    found = problems(one([plane("tb", speed=7, altitude=6), plane("tb-2", row=6, altitude=10)]))
    assert found == [("squadrons.imperial[1].altitude",
                      "Input should be less than or equal to 9 (got 10)")]
    found = problems(one([plane("tb", speed=7, altitude=6)]))
    assert found == [
        ("squadrons.imperial[0].speed", "7 is outside Thunderbolt's speed 2-6 (AI-15)"),
        ("squadrons.imperial[0].altitude", "6 is outside 1-5, Thunderbolt's Max Altitude "
                                           "(AI-16)")]


def test_ai36_profile_overrides_are_validated_with_their_path():
    """AI-36: a scenario's corrections are data; a bad one names profiles.<table>.<key>."""
    raw = one([plane("tb")], profiles={
        "aircraft": {"thunderbolt": {"handling": 9, "weapons": ["grot_bomms"]}},
        "manoeuvres": {3: {"hexes": [[4]]}}})
    assert problems(raw) == [
        ("profiles.manoeuvres[3]", "turns are hexsides from -3 to 3"),
        ("profiles.aircraft.thunderbolt.handling",
         "Input should be less than or equal to 6 (got 9)")]


def test_ai77_autonomous_weapons_are_not_in_the_tables():
    """AI-77: Grot Bomms are out of scope: an aircraft carrying them is refused."""
    raw = one([plane("tb")], profiles={"aircraft": {"thunderbolt": {"weapons": ["grot_bomms"]}}})
    (path, reason), *_ = problems(raw)
    assert path == "profiles.aircraft.thunderbolt.weapons[0]"
    assert reason.startswith("unknown weapon 'grot_bomms'")


def test_ai17_weapon_profiles_are_validated():
    """AI-17: a weapon needs a horizontal arc and cannot be both Ground and Aerial Attack."""
    with pytest.raises(ValidationError, match="horizontal entry"):
        WeaponProfile(name="x", arc=("up",), firepower=(1, 1, 1), damage=4)
    with pytest.raises(ValidationError, match="both ground_attack and aerial_attack"):
        WeaponProfile(name="x", arc=("front",), firepower=(1, 1, 1), damage=4,
                      ground_attack=True, aerial_attack=True)


def test_ai74_ai8_ai10_the_shipped_profiles():
    """AI-74: standard loadouts; AI-8: categories; AI-10: Transport (– = 0); the data files
    validate without a problem."""
    catalogue, found = build_catalogue()
    assert found == []
    assert catalogue.aircraft["thunderbolt"].weapons == ("twin_lascannons", "quad_autocannons")
    assert catalogue.aircraft["marauder"].weapons == ("lascannon", "dorsal_turret",
                                                      "rear_turret_marauder", "bomb_bay")
    assert {k: p.category for k, p in catalogue.aircraft.items()}["eavy_bommer"] == "bomber"
    assert (catalogue.aircraft["thunderbolt"].transport,
            catalogue.aircraft["marauder_destroyer"].transport) == (0, 1)
    assert sorted(catalogue.manoeuvres) == list(range(1, 9))


def test_ai11_fuel_is_stored_and_has_no_effect():
    """AI-11 Decision: a Fuel value is accepted; the game is the same with or without it."""
    plain, fuelled = duel(seed=3), duel(profiles={"aircraft": {"thunderbolt": {"fuel": 1}}})
    assert fuelled.rules.scenario.catalogue().aircraft["thunderbolt"].fuel == 1
    assert plain.rules.setup.specs == fuelled.rules.setup.specs


def test_the_shipped_scenarios_validate_and_bad_files_exit_with_code_2(tmp_path, capsys):
    """A malformed scenario gets a clear error: file, field path, reason; exit code 2."""
    for path in sorted(SCENARIOS.glob("*.yaml")):
        assert main(["validate", str(path)]) == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text((SCENARIOS / "dogfight.yaml").read_text().replace("thunderbolt_fury",
                                                                    "thunderbolt_furry"))
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: squadrons.imperial[2].aircraft: unknown aircraft 'thunderbolt_furry'" in err


def test_the_scenario_schema_includes_aeronautica(capsys):
    assert main(["schema"]) == 0
    assert "AiScenario" in capsys.readouterr().out
