"""The worked examples of the source (AT-E1 … AT-E10), with the AT-42 test profiles.

Positions are base centres in cm in the examples' frame (``helpers.at`` shifts them onto the
table; y grows south). Dice are scripted in the order the engine rolls them: impacts per
attacker, damage locations per target, backlash per target and attacker, then whatever the push
or throw meets.
"""

from __future__ import annotations

import math

import pytest

from tests.conftest import events
from tests.rulesets.at43.helpers import (
    act,
    at,
    container,
    game,
    near,
    pos,
    ram,
    scenario,
    unit,
    v,
)

SQ2 = math.sqrt(2)


def start(target: tuple[float, float], u: tuple[float, float], reach: float
          ) -> tuple[float, float]:
    """Where an attacker starts so that its head-on approach (offset 0) arrives from
    direction ``u`` (unit, from the target's centre) after ``reach`` cm of centre travel plus
    the two radii already folded into ``reach``."""
    return target[0] + u[0] * reach, target[1] + u[1] * reach


def touching_both(a: tuple[float, float], ra: float, b: tuple[float, float], rb: float,
                  r: float, side: float) -> tuple[float, float]:
    """Centre of a base of radius ``r`` touching two bases, on the ``side`` (+1/−1) of a→b."""
    da, db = ra + r, rb + r
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    along = (da * da - db * db + d * d) / (2 * d)
    across = math.sqrt(da * da - along * along)
    ux, uy = dx / d, dy / d
    return a[0] + ux * along - side * uy * across, a[1] + uy * along + side * ux * across


def test_e1_poltergeist_assaults_easy_trike_pushes_into_container():
    """AT-E1 (AT-15, AT-17, AT-18, AT-19, AT-21 … AT-24, AT-28)."""
    g = game(scenario(unit("r", "red", v("polt", "Poltergeist", 0, 0)),
                      unit("b", "blue", v("trike", "Easy Trike", 27, 0)),
                      terrain=[container("box", 40, 0)]),
             dice=[4, 1, 3, 4, 1])
    ram(g, "polt", "trike")
    impacts = events(g, "impacts")[0]
    assert (impacts["band"], impacts["impacts"], impacts["needed"]) == ("assault", 2, 3)
    assert g.state.vehicles["trike"].frame == 1
    assert events(g, "backlash")[0]["needed"] == 5
    assert {a.kind for a in g.legal_actions()} == {"push", "no_push"}
    act(g, "push")
    push = events(g, "push")[0]
    assert push["distance"] == pytest.approx(5.0) and push["travelled"] == pytest.approx(2.5)
    assert near(pos(g, "trike"), (29.5, 0.0)) and near(pos(g, "polt"), (22.5, 0.0))
    trike = g.state.vehicles["trike"]
    assert (trike.frame, trike.propulsion, trike.mobile) == (1, 0, False)
    assert g.state.terrain["box"].frame == 4
    assert events(g, "obstacle_holds")[0]["thing"] == "box"
    assert g.state.vehicles["polt"].sp == 3 + 2 + 2


def kossak_lancelot(cobra_x: float, dice: list[int]):
    return game(scenario(unit("r", "red", v("kossak", "Kossak", 0, 0)),
                         unit("b", "blue", v("lancelot", "Lancelot", 31.5, 0)),
                         unit("b2", "blue", v("cobra", "Cobra", cobra_x, 0))), dice)


def test_e2_kossak_charges_lancelot_throw_stops_short_of_cobra():
    """AT-E2 (AT-15 charge, AT-17, AT-29, AT-30, AT-32)."""
    g = kossak_lancelot(47, [4, 5, 1, 3, 1, 1, 2])
    ram(g, "kossak", "lancelot")
    impacts = events(g, "impacts")[0]
    assert (impacts["band"], impacts["impacts"], impacts["needed"], impacts["damage"]) == \
        ("charge", 3, 4, 2)
    lancelot = g.state.vehicles["lancelot"]
    assert (lancelot.frame, lancelot.propulsion) == (2, 1)
    assert events(g, "backlash")[0]["impacts"] == 2
    assert near(pos(g, "kossak"), (24.0, 0.0))
    assert near(pos(g, "lancelot"), (36.5, 0.0))
    assert events(g, "meet") == []
    assert g.state.vehicles["cobra"].sp == 3 + 2 + 1


def test_e3_cobra_close_behind_stops_the_lancelot_with_one_more_damage():
    """AT-E3 (AT-23, AT-24, AT-31): met after 2 cm at 2.5 cm, +1 damage, Cobra unharmed."""
    g = kossak_lancelot(43, [4, 5, 1, 3, 1, 1, 2, 4])
    ram(g, "kossak", "lancelot")
    assert near(pos(g, "lancelot"), (33.5, 0.0))
    assert events(g, "throw")[0]["travelled"] == pytest.approx(2.0)
    assert g.state.vehicles["lancelot"].frame == 1
    assert g.state.vehicles["cobra"].sp == 6
    assert events(g, "obstacle_holds")[0]["thing"] == "cobra"


def test_e4_snake_throws_sierp_into_krasnye_soldaty():
    """AT-E4 (AT-8, AT-31): models passed over die on 5+; dice 5, 2, 6 kill the first and
    third; the survivor goes 2.5 cm + 1 mm clear of the Sierp, on its side of the path."""
    infantry = [{"id": "ks-1", "profile": "Krasnye Soldaty", "at": at(37.5, 0)},
                {"id": "ks-2", "profile": "Krasnye Soldaty", "at": at(36.5, -3.2)},
                {"id": "ks-3", "profile": "Krasnye Soldaty", "at": at(36.5, 3.2)}]
    g = game(scenario(unit("r", "red", v("snake", "Snake", 0, 0)),
                      unit("b", "blue", v("sierp", "Sierp", 31.5, 0)),
                      unit("ks", "blue", infantry=infantry)),
             dice=[3, 3, 2, 3, 4, 1, 1, 5, 2, 6])
    ram(g, "snake", "sierp")
    impacts = events(g, "impacts")[0]
    assert (impacts["impacts"], impacts["needed"], impacts["damage"]) == (3, 3, 2)
    assert near(pos(g, "sierp"), (36.5, 0.0))
    assert [(c["unit"], c["roll"], c["killed"]) for c in events(g, "crush")] == \
        [("ks-1", 5, True), ("ks-2", 2, False), ("ks-3", 6, True)]
    alive = {t.id for t in g.state.troopers.values() if t.alive}
    assert alive == {"ks-2"}
    assert near(pos(g, "ks-2"), (36.5, -(3.5 + 2.6 + 1.5)))
    assert g.state.killed == {"blue": 2}


def two_toads_charge_one_hekat(t2: tuple[float, float]):
    """AT-E5's set-up: t1 charges the Hekat from the west, t2 joins from ``t2``; 2 + 2 impacts."""
    g = game(scenario(unit("r", "red", v("t1", "Toad", 13, 40), v("t2", "Toad", *t2)),
                      unit("b", "blue", v("h", "Hekat", 40, 40))),
             dice=[4, 4, 1, 5, 1, 3, 6, 1, 1, 1])
    ram(g, "t1", "h")
    act(g, "join", "t2", target="h", offset=0)
    assert [e["impacts"] for e in events(g, "impacts")] == [2, 2]
    return g


def test_e5_two_toads_charge_one_hekat_throw_along_the_average_direction():
    """AT-E5 (AT-39): impacts add up (2 + 2 on 4+); the throw follows (1, 1)/√2, 2.5 cm per
    damage point; the backlash is shared as the player says."""
    g = two_toads_charge_one_hekat((40, 13))
    assert {a.args["extra"] for a in g.legal_actions()} == {"t1", "t2"}
    act(g, "split", extra="t1")
    assert [e["impacts"] for e in events(g, "backlash")] == [2, 1]
    assert near(pos(g, "t1"), (33, 40)) and near(pos(g, "t2"), (40, 33))
    assert near(pos(g, "h"), (40 + 7.5 / SQ2, 40 + 7.5 / SQ2))


def three_toads_two_hekats(band_reach: float, dice: list[int], obstacle=None):
    """AT-E6: Hekats h1, h2 of one unit; t1 and t2 come from the west, t3 from the north."""
    h1, h2 = (50.0, 40.0), (50.0, 60.0)
    reach = 7 + band_reach
    toads = [v("t1", "Toad", *start(h1, (-1, 0), reach)),
             v("t2", "Toad", *start(h2, (-1, 0), reach)),
             v("t3", "Toad", *start(h1, (0, -1), reach))]
    g = game(scenario(unit("r", "red", *toads),
                      unit("b", "blue", v("h1", "Hekat", *h1), v("h2", "Hekat", *h2)),
                      terrain=obstacle or []), dice)
    ram(g, "t1", "h1")
    act(g, "join", "t2", target="h2", offset=0)
    act(g, "join", "t3", target="h1", offset=0)
    return g


def test_e6_three_toads_against_two_hekats_damage_pooled_and_push_en_bloc():
    """AT-E6 (AT-33, AT-40): 3 damage spread 2 and 1 as the player chooses; the push moves both
    Hekats and the Toads as one block along the Toads' average travel direction and stops when
    one Hekat meets a container."""
    u = (2 / math.sqrt(5), 1 / math.sqrt(5))
    box = (50 + 15 * u[0], 60 + 15 * u[1])  # h2 meets it, head-on, after 4 cm
    g = three_toads_two_hekats(7, [4, 4, 4, 3, 3, 3, 1, 1, 1, 4],
                               [container("box", *box)])
    assert {a.args["extra"] for a in g.legal_actions()} == {"h1", "h2"}
    act(g, "allot", extra="h1")
    assert events(g, "allot")[0]["allotted"] == {"h1": 2, "h2": 1}
    assert g.state.collision.stage == "push"
    before = {i: pos(g, i) for i in ("t1", "t2", "t3", "h1", "h2")}
    act(g, "push")
    push = events(g, "push")[0]
    assert push["distance"] == pytest.approx(8.0)
    assert push["travelled"] == pytest.approx(4.0)
    for i, (x, y) in before.items():
        assert near(pos(g, i), (x + 4 * u[0], y + 4 * u[1]))
    assert [m["unit"] for m in events(g, "meet")] == ["h2"]
    assert g.state.vehicles["h2"].frame == 3 - 1 - 1
    assert g.state.vehicles["h1"].frame == 3 - 2


def test_e6_throw_each_hekat_its_own_direction_in_the_order_chosen():
    """AT-E6 (AT-40): in a throw the attacker picks the order; each Hekat is thrown from the
    Toads in contact with it, 2.5 cm per damage point it took."""
    g = three_toads_two_hekats(23, [4, 1, 4, 1, 4, 1, 3, 3, 3, 1, 1, 1])
    act(g, "allot", extra="h1")
    assert {a.args["target"] for a in g.legal_actions()} == {"h1", "h2"}
    act(g, "throw", target="h2")
    assert near(pos(g, "h2"), (52.5, 60.0))
    assert near(pos(g, "h1"), (50 + 5 / SQ2, 40 + 5 / SQ2))
    assert [e["unit"] for e in events(g, "throw")] == ["h2", "h1"]


def polt_and_hekat(reach: float, dice: list[int]):
    """AT-E7: a Poltergeist and a Hekat of different units side by side (gap 1 cm), rammed by
    three Toads from the south; the central Toad touches both and chooses the Poltergeist."""
    p, h = (60.0, 40.0), (68.5, 40.0)
    central = touching_both(p, 4, h, 3.5, 3.5, side=1)
    u_c = ((central[0] - p[0]) / 7.5, (central[1] - p[1]) / 7.5)
    u_l = (math.cos(math.radians(120)), math.sin(math.radians(120)))
    u_r = (1 / SQ2, 1 / SQ2)
    toads = [v("tc", "Toad", *start(p, u_c, 7.5 + reach)),
             v("tl", "Toad", *start(p, u_l, 7.5 + reach)),
             v("tr", "Toad", *start(h, u_r, 7 + reach))]
    g = game(scenario(unit("r", "red", *toads), unit("bp", "blue", v("p", "Poltergeist", *p)),
                      unit("bh", "blue", v("h", "Hekat", *h))), dice)
    ram(g, "tc", "p")
    act(g, "join", "tl", target="p", offset=0)
    act(g, "join", "tr", target="h", offset=0)
    assert all(e["in_contact"] for e in events(g, "join"))
    return g


def unit_vector(x: float, y: float) -> tuple[float, float]:
    length = math.hypot(x, y)
    return x / length, y / length


def test_e7_different_units_thrown_hekat_blocked_by_the_poltergeist():
    """AT-E7 (AT-41): separate melees per unit; the Hekat thrown first toward the Poltergeist
    is blocked at once and takes 1 more damage point (the Poltergeist, 12 ≥ 12, nothing); then
    the Poltergeist is thrown."""
    g = polt_and_hekat(20, [4, 1, 4, 4, 4, 4,      # impacts: tc 1 and tl 2 on p, tr 2 on h
                            3, 1, 6, 3, 1,          # locations: p F, P, W; h F, P
                            1, 1, 1, 1, 1, 1, 1,    # backlash: p→tc 1+1, p→tl 2+1, h→tr 2
                            3])                     # h blocked: its extra point, Frame
    assert [e["allotted"] for e in events(g, "allot")] == [{"p": 3}, {"h": 2}]
    act(g, "split", extra="tl")
    assert [(e["target"], e["impacts"]) for e in events(g, "backlash")] == \
        [("tc", 2), ("tl", 3), ("tr", 2)]
    assert {a.args["target"] for a in g.legal_actions()} == {"p", "h"}
    p_before = pos(g, "p")
    line = unit_vector(p_before[0] - pos(g, "tc")[0] + p_before[0] - pos(g, "tl")[0],
                       p_before[1] - pos(g, "tc")[1] + p_before[1] - pos(g, "tl")[1])
    act(g, "throw", target="h")
    assert near(pos(g, "h"), (68.5, 40.0))
    assert g.state.vehicles["h"].frame == 3 - 1 - 1
    assert events(g, "obstacle_holds")[0]["thing"] == "p"
    assert near(pos(g, "p"), (p_before[0] + 7.5 * line[0], p_before[1] + 7.5 * line[1]))
    assert (g.state.vehicles["p"].frame, g.state.vehicles["p"].propulsion) == (2, 1)


def test_e7_push_moves_both_targets_as_one_block():
    """AT-E7 (AT-40, AT-41): damage resolved per target, then one block push across units, along
    the Toads' average travel direction, for the 5 cm of movement they have left."""
    g = polt_and_hekat(10, [4, 4, 4, 3, 3, 3, 1, 1, 1, 1, 1])
    assert [e["allotted"] for e in events(g, "allot")] == [{"p": 2}, {"h": 1}]
    travel = [e["to"] for e in events(g, "ram") + events(g, "join")]
    starts = [e["frm"] for e in events(g, "ram") + events(g, "join")]
    dirs = [unit_vector(t[0] - s[0], t[1] - s[1]) for s, t in zip(starts, travel, strict=True)]
    mean = unit_vector(sum(d[0] for d in dirs), sum(d[1] for d in dirs))
    before = {i: pos(g, i) for i in ("tc", "tl", "tr", "p", "h")}
    act(g, "push")
    for i, (x, y) in before.items():
        assert near(pos(g, i), (x + 5 * mean[0], y + 5 * mean[1]))


def hekat_pair(reach: float, dice: list[int]):
    """AT-E8: h1 in contact with the Toads, h2 right behind it (gap 1.5 cm), same unit."""
    h1, h2 = (50.0, 40.0), (58.5, 40.0)
    u2 = (math.cos(math.radians(250)), math.sin(math.radians(250)))
    g = game(scenario(unit("r", "red", v("t1", "Toad", *start(h1, (-1, 0), 7 + reach)),
                           v("t2", "Toad", *start(h1, u2, 7 + reach))),
                      unit("b", "blue", v("h1", "Hekat", *h1), v("h2", "Hekat", *h2))), dice)
    ram(g, "t1", "h1")
    act(g, "join", "t2", target="h1", offset=0)
    return g


def test_e8_two_damage_moves_only_the_front_hekat_which_is_blocked_at_once():
    """AT-E8 (AT-35, AT-36, AT-38): moving both needs 1 + 2 = 3; with 2 only the damaged front
    Hekat is pushed, it is within 2.5 cm of its comrade on the path: blocked, +1 damage."""
    g = hekat_pair(13, [4, 4, 3, 3, 1, 1, 3])
    group = events(g, "group")[0]
    assert group["members"] == {"h1": 0, "h2": 1}
    assert (group["threshold"], group["damage"], group["reached"]) == (3, 2, False)
    assert group["moving"] == ["h1"]
    before = {i: pos(g, i) for i in ("t1", "t2", "h1", "h2")}
    act(g, "push")
    assert {i: pos(g, i) for i in before} == before
    assert g.state.vehicles["h1"].frame == 3 - 2 - 1 == 0 and g.state.vehicles["h1"].wreck
    assert g.state.vehicles["h2"].sp == 6


def test_e8_throw_with_two_damage_is_blocked_by_the_comrade_too():
    """AT-E8 as a Charge (AT-38, AT-31): the thrown front Hekat is blocked at once."""
    g = hekat_pair(20, [4, 4, 1, 1, 3, 1, 1, 1, 4])
    assert events(g, "group")[0]["reached"] is False
    assert near(pos(g, "h1"), (50.0, 40.0)) and near(pos(g, "h2"), (58.5, 40.0))
    assert events(g, "throw")[0]["travelled"] == 0
    assert g.state.vehicles["h1"].frame == 3 - 1 - 1


def test_e8_three_damage_throws_the_whole_group_rear_hekat_first():
    """AT-E8 / AT-37: with 3 damage points both Hekats go, the rear one (rank 1, not in
    contact) first, the front one's distance (7.5 cm) along the front one's line; the front one
    then stops at its starting gap (1.5 cm) from its comrade: both move 7.5 cm."""
    g = hekat_pair(20, [4, 4, 4, 1, 1, 1, 6, 1, 1, 1])
    act(g, "split", extra="t1")
    group = events(g, "group")[0]
    assert (group["threshold"], group["damage"], group["reached"]) == (3, 3, True)
    assert [e["unit"] for e in events(g, "throw")] == ["h2", "h1"]
    t1, t2 = pos(g, "t1"), pos(g, "t2")
    line = unit_vector(50 - t1[0] + 50 - t2[0], 40 - t1[1] + 40 - t2[1])
    assert near(pos(g, "h2"), (58.5 + 7.5 * line[0], 40 + 7.5 * line[1]))
    assert near(pos(g, "h1"), (50 + 7.5 * line[0], 40 + 7.5 * line[1]))
    assert g.state.vehicles["h2"].sp == 6 and not g.state.vehicles["h1"].mobile


def wraith_and_nakovalny(wraith: tuple[float, float], dice: list[int]):
    return game(scenario(unit("r", "red", v("w", "Wraith", *wraith)),
                         unit("b", "blue", v("right", "Nakovalny", 50, 48.5),
                              v("left", "Nakovalny", 50, 40)), height=150), dice)


def test_e9_wraith_throws_the_first_nakovalny_clear_of_the_other():
    """AT-E9 (case 2a): the line passes clear of the comrade beside it: the full 7.5 cm."""
    g = wraith_and_nakovalny((50 - 9 - 20, 48.5), [4, 4, 4, 3, 3, 1, 1, 1, 1])
    ram(g, "w", "right")
    assert events(g, "impacts")[0]["impacts"] == 3 and events(g, "impacts")[0]["needed"] == 4
    assert events(g, "group")[0]["members"] == {"right": 0}
    assert near(pos(g, "right"), (57.5, 48.5)) and near(pos(g, "left"), (50, 40))


@pytest.mark.parametrize(("impact_dice", "moved"), [([1, 1, 1], False), ([4, 1, 1], False),
                                                     ([4, 4, 1], False)])
def test_e10_under_three_damage_nobody_moves(impact_dice, moved):
    """AT-E10 (case 2b): 1 in contact + 1 rank: threshold 3. With 1 or 2 damage only the hit
    Nakovalny is thrown, blocked at once by its comrade (+1 damage, the comrade nothing);
    with 0 there is no throw."""
    damage = sum(1 for d in impact_dice if d >= 4)
    dice = impact_dice + [3] * damage + [1] * damage + ([3] if damage else [])
    g = wraith_and_nakovalny((50, 48.5 + 9 + 20), dice)
    ram(g, "w", "right")
    assert near(pos(g, "w"), (50, 57.5))
    assert near(pos(g, "right"), (50, 48.5)) and near(pos(g, "left"), (50, 40))
    right = g.state.vehicles["right"]
    assert right.frame == 4 - damage - (1 if damage else 0)
    assert g.state.vehicles["left"].sp == 8
    if damage:
        assert events(g, "group")[0]["threshold"] == 3
        assert events(g, "obstacle_holds")[0]["thing"] == "left"
    else:
        assert events(g, "no_effect")[0]["rule"] == "AT-29"


def test_e10_three_damage_throws_both_left_first_each_7_5_cm():
    """AT-E10 (AT-37): both thrown, farthest (rank 1) first, each 7.5 cm; the right one ends
    at its starting gap (0.5 cm) from the left one."""
    g = wraith_and_nakovalny((50, 48.5 + 9 + 20), [4, 4, 4, 3, 3, 1, 1, 1, 1])
    ram(g, "w", "right")
    assert [e["unit"] for e in events(g, "throw")] == ["left", "right"]
    assert near(pos(g, "left"), (50, 32.5)) and near(pos(g, "right"), (50, 41))
    assert events(g, "meet")[0]["rule"] == "AT-37"


def test_opposed_toads_charge_one_hekat_which_is_held_between_them():
    """AT-39 Decision (opposed attackers): the E5 charge with t2 coming from the east instead
    of the north — the attack directions cancel, so the Hekat takes the damage and stays put."""
    g = two_toads_charge_one_hekat((67, 40))
    act(g, "split", extra="t1")
    throw = events(g, "throw")[0]
    assert (throw["unit"], throw["distance"], throw["travelled"]) == ("h", 0.0, 0.0)
    assert near(pos(g, "h"), (40, 40))
