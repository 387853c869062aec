"""Ground assets and ground attack (AI-6, AI-7, AI-18, AI-46, AI-55 .. AI-61)."""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from polemos.rulesets.aeronautica import ground
from polemos.rulesets.aeronautica.models import WeaponProfile
from polemos.rulesets.aeronautica.state import Model
from tests.conftest import events, new_game, refused
from tests.rulesets.aeronautica.helpers import (
    asset,
    at,
    last,
    offset,
    plane,
    put,
    scenario,
    to_firing,
)


def raid(dice: list[int] | None = None, imperial: list[dict] | None = None,
         ork: list[dict] | None = None, **extra):
    """A Marauder "mr" over Ork flak ("flak", "flak-2") and a dump; imperial fires first."""
    game = new_game(scenario(
        [plane("mr", "marauder", col=2, row=2, speed=3)] + (imperial or []),
        [asset("flak", 12, 3), asset("flak-2", 15, 13)] + (ork or []),
        targets=[{"id": "dump", "side": "ork", "hex": [3, 14], "structure": 3, "vp": 20}],
        **extra), dice=[4, 2] + (dice or []))
    to_firing(game)
    return game


def fire(game, unit, weapon, target):
    game.step(Action("fire", unit, {"weapon": weapon, "target": target}))


def test_ai6_ai7_ground_assets_never_move_have_no_facing_and_fire_in_the_alternation():
    """AI-6/AI-7: the flak sits out the Movement phase; in the Firing phase it fires at an
    aircraft on any side of it (All Round)."""
    game = raid(dice=[1] * 8)
    assert not [e for e in events(game, "throttle") if e["unit"].startswith("flak")]
    put(game, "flak", at(), facing=0)
    put(game, "mr", at(-3, 0), altitude=2)
    game.step(Action("done", "mr"))
    assert game.to_act() == "ork"
    assert Action("fire", "flak", {"weapon": "guns", "target": "mr"}) in game.legal_actions()
    fire(game, "flak", "guns", "mr")
    assert last(game, "fire")["weapon"] == "Flak Platform guns"


def test_ai18_a_ground_asset_has_one_all_round_weapon_with_unlimited_ammo():
    """AI-18 Decision: Firepower, Damage and Special form one All Round weapon, no Ammo."""
    game = raid()
    spec = game.rules.setup.specs["flak"]
    (slot,) = spec.slots
    assert (slot.weapon.arc, slot.weapon.ammo, slot.weapon.firepower) == \
        (("all_round",), None, (8, 4, 2))
    assert slot.weapon.ground_to_air and slot.weapon.effective_altitude == 2
    assert game.state.models["flak"].ammo == {}


@pytest.mark.parametrize("altitude, modifier", [(1, 0), (2, 0), (3, -1), (4, -2)])
def test_ai55_ground_to_air_counts_levels_above_effective_altitude(altitude, modifier):
    """AI-55: Effective Altitude (2): −1 per level the target flies above 2."""
    game = raid(dice=[2] * 8)
    put(game, "flak", at())
    put(game, "mr", at(2, 0), altitude=altitude)
    game.step(Action("done", "mr"))
    fire(game, "flak", "guns", "mr")
    assert last(game, "fire")["modifier"] == modifier
    assert last(game, "fire")["rules"][0] == "AI-55"


def test_ai55_stalled_targets_give_one_more_and_ground_targets_are_out():
    """AI-55: a Stalled target at altitude 4: −3; a Landed aircraft cannot be targeted."""
    game = raid(dice=[2] * 8, imperial=[plane("md", "marauder_destroyer", col=2, row=6)])
    put(game, "flak", at())
    put(game, "mr", at(2, 0), altitude=4, marker="stall")
    put(game, "md", at(-2, 0), altitude=0, speed=0, landed=True)
    game.step(Action("done", "mr"))
    refused(game, Action("fire", "flak", {"weapon": "guns", "target": "md"}), "AI-55")
    fire(game, "flak", "guns", "mr")
    assert last(game, "fire")["modifier"] == -3


def test_ai55_ground_to_air_only_from_altitude_0():
    """AI-55: a Ground-to-Air weapon carried aloft has no shot."""
    weapon = WeaponProfile(name="sam", arc=("all_round",), firepower=(1, 1, 1), damage=4,
                           ground_to_air=True, effective_altitude=2)
    firer = Model("f", "a", "aircraft", 0, 0, 0, 2, 3, 3)
    target = Model("t", "b", "aircraft", 2, 0, 0, 3, 3, 3)
    assert ground.engage_problem(firer, weapon, target)[0] == "AI-55"


def test_ai56_stealth_lowers_the_effective_altitude():
    """AI-56: Stealth (−1) on the Marauder: Effective Altitude 2 becomes 1, so −3 at 4."""
    game = raid(dice=[2] * 8, profiles={"aircraft": {"marauder": {"stealth": 1}}})
    put(game, "flak", at())
    put(game, "mr", at(2, 0), altitude=4)
    game.step(Action("done", "mr"))
    fire(game, "flak", "guns", "mr")
    shot = last(game, "fire")
    assert (shot["modifier"], shot["rules"][:2]) == (-3, ["AI-55", "AI-56"])


def test_ai57_ground_attack_only_at_altitude_0_including_landed_aircraft():
    """AI-57: the Bomb Bay refuses an aircraft in the air, takes a Landed one."""
    game = raid(dice=[1] * 8, ork=[plane("dj", "dakkajet", col=17, row=2, facing="W",
                                         speed=5), plane("eb", "eavy_bommer", col=17,
                                                         row=6, facing="W", speed=2)])
    put(game, "mr", at(), facing=0, altitude=1)
    put(game, "dj", at(-2, 0), altitude=2)
    put(game, "eb", at(-1, 0), altitude=0, speed=0, landed=True)
    while game.to_act() != "imperial":
        game.step(game.legal_actions()[-1])
    refused(game, Action("fire", "mr", {"weapon": "bomb_bay", "target": "dj"}), "AI-57")
    fire(game, "mr", "bomb_bay", "eb")
    assert last(game, "fire")["rules"][0] == "AI-59"


def test_ai58_bombing_and_firing_at_an_aircraft_in_one_activation():
    """AI-58: the Bomb Bay bombs the flak behind while the Rear Turret, same Rear arc, fires at
    a Dakkajet: the bombing target does not count for AI-45."""
    game = raid(dice=[1] * 8 + [1] * 3, ork=[plane("dj", "dakkajet", col=17, row=2,
                                                   facing="W", speed=5)])
    put(game, "mr", at(), facing=0, altitude=2)
    put(game, "flak", at(-1, 0))
    put(game, "dj", at(-3, 0), altitude=2)
    while game.to_act() != "imperial":
        game.step(game.legal_actions()[-1])
    fire(game, "mr", "bomb_bay", "flak")
    fire(game, "mr", "rear_turret_marauder", "dj")
    assert [e["target"] for e in events(game, "fire")][-2:] == ["flak", "dj"]


@pytest.mark.parametrize("levels, modifier", [(1, 1), (2, 0), (3, -1), (4, -2), (5, -3)])
def test_ai59_bombing_modifier_by_altitude_above_the_target(levels, modifier):
    """AI-59: +1, 0, −1, −2 for 1-4 levels; Decision: −3 for 5 or more."""
    game = raid(dice=[2] * 8)
    put(game, "mr", at(), facing=0, altitude=levels)
    put(game, "flak", at(-1, 0))
    fire(game, "mr", "bomb_bay", "flak")
    shot = last(game, "fire")
    assert (shot["modifier"], shot["rules"][0]) == (modifier, "AI-59")


def test_ai59_ai2_a_natural_1_misses_even_with_plus_one():
    """AI-59 with AI-48's extreme rolls (AI-2): from altitude 1, 4 hits (+1), 1 misses."""
    game = raid(dice=[1, 4, 1, 1, 1, 1, 1, 1, 2])
    put(game, "mr", at(), facing=0, altitude=1)
    put(game, "flak", at(-1, 0))
    fire(game, "mr", "bomb_bay", "flak")
    assert last(game, "fire")["hits"] == 1


def test_ai46_an_aircraft_over_a_ground_asset():
    """AI-46: the Marauder over the flak: the flak always has it in arc, at Short range (range
    0, Decision); the Marauder has the flak in its Rear arc, not its Front."""
    game = raid(dice=[2] * 8 + [2] * 8)
    put(game, "mr", at(), facing=0, altitude=1)
    put(game, "flak", at())
    refused(game, Action("fire", "mr", {"weapon": "lascannon", "target": "flak"}), "AI-46")
    fire(game, "mr", "bomb_bay", "flak")
    assert (last(game, "fire")["hexes"], last(game, "fire")["band"]) == (0, "short")
    assert game.to_act() == "ork"  # nothing else of the Marauder's bears: its fire is over
    fire(game, "flak", "guns", "mr")
    assert last(game, "fire")["band"] == "short"


def test_ai60_a_bombing_hit_scatters_onto_adjacent_ground_targets_friends_included():
    """AI-60: the dump is hit; an adjacent imperial Hydra (4) and the adjacent flak (5) take a
    damage die each (2, and 6 for Extra Damage 5+ → 2); the far flak-2 rolls nothing."""
    game = raid(dice=[6, 1, 1, 1, 1, 1, 1, 1, 3, 4, 2, 5, 6],
                imperial=[asset("hydra", 2, 10, ground="hydra_flak_battery")])
    put(game, "mr", at(), facing=0, altitude=2)
    put(game, "dump", at(-1, 0))
    put(game, "flak", at(-2, 0))
    put(game, "hydra", at(-1, 1))
    fire(game, "mr", "bomb_bay", "dump")
    scatter = events(game, "scatter")
    assert [(e["target"], e["roll"], e["damage"]) for e in scatter] == [("hydra", 4, 1),
                                                                        ("flak", 5, 2)]
    assert game.state.models["hydra"].structure == 1
    assert game.state.models["flak"].status == "destroyed"


def test_ai60_no_scatter_without_a_hit():
    """AI-60 Decision: a bombing attack that scores no hit does not scatter."""
    game = raid(dice=[1] * 8)
    put(game, "mr", at(), facing=0, altitude=2)
    put(game, "dump", at(-1, 0))
    put(game, "flak", at(-2, 0))
    fire(game, "mr", "bomb_bay", "dump")
    assert not events(game, "scatter")


def test_ai61_strafing_from_altitude_1_at_5_plus_with_no_altitude_modifier():
    """AI-61: Quad Autocannons strafe the flak from altitude 1 on 5+; from 2 they cannot."""
    game = raid(dice=[5, 4, 3], imperial=[plane("tb", col=2, row=9)])
    put(game, "mr", at(-6, -6))
    put(game, "tb", at(), facing=0, altitude=2)
    put(game, "flak", at(3, 0))
    game.step(Action("done", "mr"))
    game.step(Action("done", "flak"))
    refused(game, Action("fire", "tb", {"weapon": "quad_autocannons", "target": "flak"}),
            "AI-61")
    put(game, "tb", altitude=1)
    fire(game, "tb", "quad_autocannons", "flak")
    shot = last(game, "fire")
    assert (shot["modifier"], shot["hits"], shot["rules"][0]) == (0, 1, "AI-61")
    assert offset(at(3, 0)) == [12, 8]
