"""Firing: arcs, range, to-hit, ammo, damage, jink (AI-2, AI-9, AI-17, AI-43 .. AI-52,
AI-54)."""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from tests.conftest import events, new_game, refused
from tests.rulesets.aeronautica.helpers import (
    at,
    duel,
    last,
    plane,
    put,
    scenario,
    to_firing,
)


def fire(game, unit, weapon, target):
    game.step(Action("fire", unit, {"weapon": weapon, "target": target}))


def duel_firing(dice: list[int] | None = None, dj=None, **extra):
    """tb (altitude 3, facing E) in the middle of the map fires first at dj (5 hexes ahead)."""
    game = duel(dice=[4, 2] + (dice or []), **extra)
    to_firing(game, first="imperial")
    put(game, "tb", at(), facing=0, altitude=3)
    put(game, "dj", dj or at(5, 0), facing=3, altitude=3)
    return game


# -- arcs ----------------------------------------------------------------------------------
@pytest.mark.parametrize("spot, arcs", [(at(3, 0), "front"), (at(1, 1), "front and right"),
                                        (at(2, -1), "front and left")])
def test_ai44_front_arc_60_degrees_and_its_lines(spot, arcs):
    """AI-44: 60° ahead; a hex on the line between Front and a side arc is in both."""
    game = duel_firing(dj=spot)
    assert Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"}) \
        in game.legal_actions(), arcs


@pytest.mark.parametrize("spot", [at(-3, 0), at(0, 2), at(1, -2), at(-1, -1)])
def test_ai44_front_guns_cannot_reach_rear_or_side_arcs(spot):
    """AI-44: behind or to the side (120° arcs), a Front weapon has no shot."""
    game = duel_firing(dj=spot)
    refused(game, Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"}), "AI-44")


def bommer_firing(dice: list[int] | None = None):
    """An Eavy Bommer "eb" (facing E, altitude 3) fires first at three Thunderbolts."""
    game = new_game(scenario(
        [plane(f"tb-{n}", col=2, row=2 + 4 * n) for n in range(3)],
        [plane("eb", "eavy_bommer", col=17, row=13, facing="W", speed=3)]),
        dice=[2, 4] + (dice or []))
    to_firing(game, first="ork")
    put(game, "eb", at(), facing=0, altitude=3)
    return game


def test_ai44_side_arcs_are_120_degrees_and_down_means_same_or_lower():
    """AI-44: Starboard Big Shootas (Right, Down) reach a lower aircraft on the right, not a
    higher one, nor one on the left; Port (Left, Down) reaches the left one."""
    game = bommer_firing()
    put(game, "tb-0", at(-1, 2), altitude=2)
    put(game, "tb-1", at(0, 2), altitude=4)
    put(game, "tb-2", at(1, -2), altitude=3)
    legal = {(a["weapon"], a["target"]) for a in game.legal_actions() if a.kind == "fire"}
    assert ("starboard_big_shootas", "tb-0") in legal
    assert ("starboard_big_shootas", "tb-1") not in legal
    assert ("port_big_shootas", "tb-2") in legal
    refused(game, Action("fire", "eb", {"weapon": "starboard_big_shootas", "target": "tb-1"}),
            "AI-44")
    refused(game, Action("fire", "eb", {"weapon": "port_big_shootas", "target": "tb-0"}),
            "AI-44")


def test_ai44_up_means_same_altitude_or_higher_and_no_entry_means_any():
    """AI-44: the Dorsal Turret (All Round, Up) has no shot at a lower target; the Nose Turret
    (Front, no Up or Down) fires at any altitude (Decision)."""
    game = bommer_firing()
    put(game, "tb-0", at(-2, 0), altitude=2)
    put(game, "tb-1", at(3, 0), altitude=7)
    refused(game, Action("fire", "eb", {"weapon": "dorsal_turret", "target": "tb-0"}), "AI-44")
    legal = {(a["weapon"], a["target"]) for a in game.legal_actions() if a.kind == "fire"}
    assert {("dorsal_turret", "tb-1"), ("nose_turret", "tb-1")} <= legal


def test_ai45_weapons_sharing_an_arc_fire_at_one_enemy():
    """AI-45: the Front group (Quad Big Shootas + Rokkits) is locked on its first target."""
    game = new_game(scenario(
        [plane("tb-1", col=2, row=2), plane("tb-2", col=2, row=6)],
        [plane("fb", "fighta_bommer", col=17, row=13, facing="W", options=["rokkits"])]),
        dice=[2, 4, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1])
    to_firing(game, first="ork")
    put(game, "fb", at(), facing=0, altitude=3)
    put(game, "tb-1", at(3, 0), altitude=3)
    put(game, "tb-2", at(2, 1), altitude=3)
    fire(game, "fb", "quad_big_shootas", "tb-1")
    refused(game, Action("fire", "fb", {"weapon": "rokkits", "target": "tb-2"}), "AI-45")
    assert Action("fire", "fb", {"weapon": "rokkits", "target": "tb-1"}) in game.legal_actions()


def test_ai45_a_target_on_an_arc_line_may_be_engaged_from_both_arcs():
    """AI-45: on the Front/Right line, tb-0 takes the Nose Turret and the Starboard guns; the
    two groups may also choose different targets."""
    game = bommer_firing(dice=[1] * 4 + [1] * 6)
    put(game, "tb-0", at(1, 1), altitude=3)
    put(game, "tb-1", at(0, 2), altitude=3)
    fire(game, "eb", "nose_turret", "tb-0")
    fire(game, "eb", "starboard_big_shootas", "tb-0")
    game2 = bommer_firing(dice=[1] * 4 + [1] * 6)
    put(game2, "tb-0", at(1, 1), altitude=3)
    put(game2, "tb-1", at(0, 2), altitude=3)
    fire(game2, "eb", "nose_turret", "tb-0")
    fire(game2, "eb", "starboard_big_shootas", "tb-1")
    assert [e["target"] for e in events(game2, "fire")] == ["tb-0", "tb-1"]


# -- range and dice ------------------------------------------------------------------------
@pytest.mark.parametrize("hexes, band, dice", [(4, "short", 2), (5, "medium", 6),
                                               (7, "medium", 6)])
def test_ai47_ai1_range_bands_count_hexes(hexes, band, dice):
    """AI-47/AI-1: Short 1-4, Medium 5-7 in hexes: Quad Autocannons roll 2 then 6 dice."""
    game = duel_firing(dice=[2] * dice, dj=at(hexes, 0))
    fire(game, "tb", "quad_autocannons", "dj")
    shot = last(game, "fire")
    assert (shot["hexes"], shot["band"], len(shot["rolls"])) == (hexes, band, dice)


def test_ai47_long_is_8_to_10_and_nothing_beyond():
    """AI-47: at 10 hexes the Twin Lascannons roll their 1 Long die; at 11 nothing fires."""
    game = duel_firing(dice=[2], dj=at(10, 0))
    fire(game, "tb", "twin_lascannons", "dj")
    assert last(game, "fire")["band"] == "long"
    far = duel_firing(dj=at(11, 0))
    refused(far, Action("fire", "tb", {"weapon": "twin_lascannons", "target": "dj"}), "AI-47")


def test_ai17_no_firepower_in_a_band_means_no_shot_and_unknown_weapons_are_refused():
    """AI-17: Twin Lascannons (0-2-1) cannot fire at Short; Quad Autocannons (2-6-0) not at
    Long; a weapon the aircraft lacks is refused."""
    game = duel_firing(dj=at(3, 0))
    refused(game, Action("fire", "tb", {"weapon": "twin_lascannons", "target": "dj"}), "AI-17")
    refused(game, Action("fire", "tb", {"weapon": "lascannon", "target": "dj"}), "AI-17")
    far = duel_firing(dj=at(8, 0))
    refused(far, Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"}), "AI-17")


def test_ai48_each_die_hits_on_5_plus():
    """AI-48: six Medium dice 5, 4, 6, 1, 5, 2 at the same altitude: 3 hits."""
    game = duel_firing(dice=[5, 4, 6, 1, 5, 2, 2, 2, 2])
    fire(game, "tb", "quad_autocannons", "dj")
    shot = last(game, "fire")
    assert (shot["modifier"], shot["hits"]) == (0, 3)


def test_ai48_minus_one_per_level_and_a_natural_6_always_hits():
    """AI-48: the Dakkajet 3 levels higher: −3, so only the 6 hits (Decision: a natural 6
    always hits)."""
    game = duel_firing(dice=[6, 5, 5, 5, 4, 4, 2])
    put(game, "dj", altitude=6)
    fire(game, "tb", "quad_autocannons", "dj")
    shot = last(game, "fire")
    assert (shot["modifier"], shot["hits"]) == (-3, 1)


def test_ai48_minus_one_against_a_stalled_target():
    """AI-48: a Stalled target gives −1: a 5 misses."""
    game = duel_firing(dice=[5, 5, 5, 5, 5, 5])
    put(game, "dj", marker="stall")
    fire(game, "tb", "quad_autocannons", "dj")
    assert (last(game, "fire")["modifier"], last(game, "fire")["hits"]) == (-1, 0)


def test_ai49_ammo_is_spent_and_an_empty_weapon_cannot_fire():
    """AI-49: Skystrike missiles (Ammo 1) go to 0; a weapon at 0 is refused."""
    armed = new_game(scenario(
        [plane("tb", options=["skystrike_missiles"])],
        [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)]),
        dice=[4, 2, 1, 1])
    to_firing(armed, first="imperial")
    put(armed, "tb", at(), facing=0, altitude=3)
    put(armed, "dj", at(6, 0), altitude=3)
    fire(armed, "tb", "skystrike_missiles", "dj")
    assert armed.state.models["tb"].ammo == {"skystrike_missiles": 0}
    assert "AI-49" in last(armed, "fire")["rules"]
    empty = new_game(scenario(
        [plane("tb", options=["skystrike_missiles"])],
        [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)]), dice=[4, 2])
    to_firing(empty, first="imperial")
    put(empty, "tb", at(), facing=0, altitude=3, ammo={"skystrike_missiles": 0})
    put(empty, "dj", at(6, 0), altitude=3)
    refused(empty, Action("fire", "tb", {"weapon": "skystrike_missiles", "target": "dj"}),
            "AI-49")


def test_ai50_ai9_damage_dice_at_the_weapons_damage_and_the_last_point_shoots_down():
    """AI-50: Quad Autocannons (Damage 4+) hit twice; damage dice 4 and 3 remove 1 Structure;
    AI-9: a second volley's damage 5 takes the Dakkajet's last point."""
    game = duel_firing(dice=[6, 6, 1, 1, 1, 1, 4, 3, 6, 1, 5])
    fire(game, "tb", "quad_autocannons", "dj")
    assert last(game, "damage")["structure"] == 1
    assert game.state.models["dj"].structure == 1
    fire(game, "tb", "twin_lascannons", "dj")
    assert game.state.models["dj"].status == "destroyed"
    assert last(game, "lost")["rule"] == "AI-9"


def test_ai51_extra_damage_removes_two():
    """AI-51: Twin Lascannons (Damage 2+, Extra Damage 6+): damage dice 6 and 2 remove 3."""
    game = duel_firing(dice=[6, 6, 6, 2])
    put(game, "dj", structure=4)
    fire(game, "tb", "twin_lascannons", "dj")
    assert last(game, "fire")["damage"] == 3
    assert game.state.models["dj"].structure == 1


def test_ai2_ai43_a_natural_1_fails_and_the_sequence_is_targeting_hit_ammo_damage():
    """AI-2: a damage die of 1 never damages (Damage 2+); AI-43: to-hit dice, then damage
    dice, then the result."""
    game = duel_firing(dice=[6, 6, 1, 2])
    fire(game, "tb", "twin_lascannons", "dj")
    tail = [e["type"] if e["type"] != "roll" else e["rule"] for e in game.events][-4:]
    assert tail == ["AI-48", "AI-50", "fire", "damage"]
    assert last(game, "fire")["damage"] == 1


def test_ai43_only_enemies_in_play_are_targets():
    """AI-43: targeting picks an enemy model in play."""
    game = duel_firing()
    refused(game, Action("fire", "tb", {"weapon": "quad_autocannons", "target": "tb"}),
            "AI-43")
    refused(game, Action("fire", "tb", {"weapon": "quad_autocannons", "target": "nobody"}),
            "AI-43")


def test_ai52_aerial_attack_only_at_altitude_1_or_more():
    """AI-52: the Dorsal Turret (Aerial Attack) cannot fire at a Landed aircraft."""
    game = bommer_firing()
    put(game, "tb-0", at(-2, 0), altitude=0, landed=True)
    refused(game, Action("fire", "eb", {"weapon": "dorsal_turret", "target": "tb-0"}), "AI-52")


# -- jink ----------------------------------------------------------------------------------
def jinker(dice=None):
    return duel_firing(dice=dice, profiles={"aircraft": {"thunderbolt": {"jink": True}}})


def test_ai54_jink_moves_one_hex_before_targeting_keeping_facing_speed_altitude():
    """AI-54: the Thunderbolt jinks from 5 hexes away to 4 and fires at Short range."""
    game = jinker(dice=[1, 1])
    game.step(Action("jink", "tb", {"dir": 0}))
    tb = game.state.models["tb"]
    assert (tb.hex, tb.facing, tb.altitude, tb.speed) == (at(1, 0), 0, 3, 4)
    refused(game, Action("jink", "tb", {"dir": 0}), "AI-54")
    fire(game, "tb", "quad_autocannons", "dj")
    assert last(game, "fire")["band"] == "short"


def test_ai54_no_jink_into_an_occupied_hex_off_the_area_or_after_firing():
    """AI-54: not into the Dakkajet's hex, not off the map, not once it has fired; and only
    aircraft with the rule jink."""
    game = jinker(dice=[1, 1])
    put(game, "dj", at(1, 0))
    refused(game, Action("jink", "tb", {"dir": 0}), "AI-54")
    plain = duel_firing()
    refused(plain, Action("jink", "tb", {"dir": 1}), "AI-54")
    edge = jinker()
    put(edge, "tb", at(-9, 0))
    refused(edge, Action("jink", "tb", {"dir": 3}), "AI-54")
    after = jinker(dice=[1, 1, 1, 1, 1, 1])
    fire(after, "tb", "quad_autocannons", "dj")
    refused(after, Action("jink", "tb", {"dir": 1}), "AI-54")
