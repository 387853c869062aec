"""Starting a collision (AT-1, AT-5, AT-7, AT-11 … AT-16) and the rams refused, each with the
forbidding rule id and the state unchanged."""

from __future__ import annotations

import math

import pytest

from polemos.core.actions import Action
from tests.conftest import events, refused
from tests.rulesets.at43.helpers import (
    act,
    container,
    game,
    near,
    pos,
    ram,
    scenario,
    unit,
    v,
)


def kossak_and_lancelot(lancelot_x: float, dice: list[int] | None = None, terrain=None,
                        wrecks=None):
    """Kossak (M 18, r 4) at (0, 0); Lancelot (r 3.5) on the x axis: d = x − 7.5."""
    return game(scenario(unit("r", "red", v("kossak", "Kossak", 0, 0)),
                         unit("b", "blue", v("lancelot", "Lancelot", lancelot_x, 0)),
                         terrain=terrain, wrecks=wrecks), dice)


def test_at11_a_ram_without_a_declared_rush_is_refused():
    """Bad input: a ram with no movement declared (AT-11: it must declare a rush first)."""
    g = kossak_and_lancelot(30)
    refused(g, Action("ram", "kossak", {"target": "lancelot", "offset": 0}), "AT-11")


def test_at11_a_ram_after_declaring_a_normal_move_is_refused():
    """Bad input: a ram declared without a rush (AT-11)."""
    g = kossak_and_lancelot(30)
    act(g, "declare", "kossak", mode="normal")
    assert not any(a.kind == "ram" for a in g.legal_actions())
    refused(g, Action("ram", "kossak", {"target": "lancelot", "offset": 0}), "AT-11")


def test_at14_a_ram_from_contact_is_refused_at_exactly_2_5_cm():
    """Bad input: a ram from contact. AT-1: bases 2.5 cm apart are in contact; AT-14: an AFV
    in contact with an enemy AFV may not back off to ram it again."""
    g = kossak_and_lancelot(10.0)
    act(g, "declare", "kossak", mode="rush")
    assert not any(a.kind == "ram" for a in g.legal_actions())
    refused(g, Action("ram", "kossak", {"target": "lancelot", "offset": 0}), "AT-14")


def test_at1_just_beyond_contact_a_ram_is_allowed():
    """AT-1: at 2.6 cm the bases are not in contact, so the ram goes ahead (AT-11)."""
    g = kossak_and_lancelot(10.1, [1, 1])
    ram(g, "kossak", "lancelot")
    assert events(g, "ram")[0]["distance"] == pytest.approx(2.6)
    assert events(g, "no_effect")[0]["rule"] == "AT-21"


def test_at11_a_walker_may_not_start_in_contact_with_a_wreck():
    g = game(scenario(unit("r", "red", v("w", "Strider", 0, 0)),
                      unit("b", "blue", v("l", "Lancelot", 60, 0)),
                      wrecks=[v("wreck", "Sierp", 9, 0)],
                      profiles={"vehicles": [STRIDER]}))
    act(g, "declare", "w", mode="rush")
    refused(g, Action("ram", "w", {"target": "wreck", "offset": 0}), "AT-11")


def test_at11_a_friend_is_not_a_target_and_at12_only_walkers_ram_wrecks():
    g = game(scenario(unit("r", "red", v("kossak", "Kossak", 0, 0), v("ally", "Cobra", 0, 20)),
                      unit("b", "blue", v("l", "Lancelot", 60, 0)),
                      wrecks=[v("wreck", "Sierp", 20, 0)]))
    act(g, "declare", "kossak", mode="rush")
    refused(g, Action("ram", "kossak", {"target": "ally", "offset": 0}), "AT-11")
    refused(g, Action("ram", "kossak", {"target": "wreck", "offset": 0}), "AT-12")
    refused(g, Action("ram", "kossak", {"target": "nobody", "offset": 0}), "AT-11")


STRIDER = {"name": "Strider", "armour": 13, "size": 4, "move": 15, "frame": 3, "propulsion": 2,
           "weapons": 1, "radius": 4, "walker": True}


def test_at12_a_walker_shoves_a_wreck_damage_only_moves_it():
    """AT-12: a walker rams a wreck (Armour 12): 2 impacts (Size 4 vs 3) on 4+; the points
    only allow the push: no SP, no backlash (AT-6)."""
    g = game(scenario(unit("r", "red", v("w", "Strider", 0, 0)),
                      unit("b", "blue", v("l", "Lancelot", 90, 60)),
                      wrecks=[v("wreck", "Sierp", 17.5, 0)],
                      profiles={"vehicles": [STRIDER]}), [4, 4])
    ram(g, "w", "wreck")
    assert events(g, "wreck_shoved")[0]["damage"] == 2
    assert events(g, "backlash") == [] and events(g, "damage") == []
    act(g, "push")
    assert near(pos(g, "wreck"), (17.5 + 5, 0)) and near(pos(g, "w"), (10 + 5, 0))


def test_at15_ram_beyond_movement_plus_10_is_refused():
    """Bad input: a ram beyond M + 10 cm (AT-15: no collision; a rush toward it instead)."""
    g = kossak_and_lancelot(7.5 + 28.01)
    act(g, "declare", "kossak", mode="rush")
    refused(g, Action("ram", "kossak", {"target": "lancelot", "offset": 0}), "AT-15")
    assert any(a.kind == "move" for a in g.legal_actions())


@pytest.mark.parametrize(("d", "band", "impacts"), [(18.0, "assault", 2), (28.0, "charge", 3)])
def test_at15_band_edges_d_equal_to_m_and_to_m_plus_10(d, band, impacts):
    """AT-15: d = M is an Assault; d = M + 10 is still a Charge (AT-17: +1 for Size 4 vs 3)."""
    g = kossak_and_lancelot(7.5 + d, [1] * impacts)
    ram(g, "kossak", "lancelot")
    event = events(g, "impacts")[0]
    assert (event["band"], event["impacts"]) == (band, impacts)
    assert near(pos(g, "kossak"), (d, 0))


def test_at16_the_attacker_chooses_its_contact_point_and_at30_throws_along_the_centre_line():
    """AT-16: offset 30° puts the Kossak on the Lancelot's rim 30° round from the direct line,
    gap 0; AT-30: the throw follows the line of centres, not the travel direction."""
    g = kossak_and_lancelot(31.5, [4, 4, 1, 3, 3, 1, 1])
    ram(g, "kossak", "lancelot", offset=30)
    c = (31.5 - 7.5 * math.cos(math.radians(30)), -7.5 * math.sin(math.radians(30)))
    assert near(pos(g, "kossak"), c)
    assert events(g, "ram")[0]["travelled"] == pytest.approx(math.hypot(*c))
    line = ((31.5 - c[0]) / 7.5, (0 - c[1]) / 7.5)
    assert near(pos(g, "lancelot"), (31.5 + 5 * line[0], 5 * line[1]))
    assert near(pos(g, "kossak"), c)


def test_at16_a_contact_point_beyond_the_rush_is_refused():
    """AT-16: at 60° the centre would travel 28.5 cm > M + 10 = 28 cm."""
    g = kossak_and_lancelot(31.5)
    act(g, "declare", "kossak", mode="rush")
    refused(g, Action("ram", "kossak", {"target": "lancelot", "offset": 60}), "AT-16")
    offsets = {a.args["offset"] for a in g.legal_actions() if a.kind == "ram"}
    assert offsets == {0, 30, -30}


def test_at16_a_blocked_path_is_refused():
    """AT-16: the straight line must be clear; a container on it blocks the ram."""
    g = kossak_and_lancelot(31.5, terrain=[container("box", 12, 0)])
    act(g, "declare", "kossak", mode="rush")
    refused(g, Action("ram", "kossak", {"target": "lancelot", "offset": 0}), "AT-16")
    refused(g, Action("ram", "kossak", {"target": "lancelot", "offset": 400}), "AT-16")


def test_at5_an_immobilised_afv_cannot_declare_a_move():
    g = kossak_and_lancelot(31.5)
    g.state.vehicles["kossak"].propulsion = 0
    refused(g, Action("declare", "kossak", {"mode": "rush"}), "AT-5")


def test_at7_and_at13_rush_and_collision_flags():
    """AT-7: a rushing AFV may not shoot (``rushed``); AT-13: an AFV that made a collision may
    not make melee attacks this turn (``collided``), cited when the collision ends."""
    g = kossak_and_lancelot(31.5, [1, 1, 1])
    ram(g, "kossak", "lancelot")
    kossak = g.state.vehicles["kossak"]
    assert kossak.rushed and kossak.collided and kossak.acted
    assert events(g, "collision_over")[0]["rule"] == "AT-13"
    assert events(g, "declare")[0]["rule"] == "AT-7"


def test_at11_no_attack_roll_the_first_dice_are_the_impacts():
    """AT-11: vehicles never dodge: the first dice rolled are the impacts (AT-18)."""
    g = kossak_and_lancelot(31.5, [1, 1, 1])
    ram(g, "kossak", "lancelot")
    rolls = events(g, "roll")
    assert rolls[0]["rule"] == "AT-18" and len(rolls) == 1
