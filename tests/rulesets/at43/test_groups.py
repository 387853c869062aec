"""Group collisions beyond the worked examples (AT-33 … AT-41): joining, rammed groups, the
threshold, shared backlash, mixed bands and the choices the active player makes."""

from __future__ import annotations

import math

import pytest

from polemos.core.actions import Action
from tests.conftest import events, refused
from tests.rulesets.at43.helpers import (
    act,
    game,
    near,
    pos,
    ram,
    scenario,
    unit,
    v,
)


def test_at34_an_afv_behind_its_comrade_joins_without_contact_with_one_impact_fewer():
    """AT-34: p2's straight approach is blocked by p1: it stops touching p1 (Decision) and gives
    1 impact fewer (3 − 1 for a Charge with its Size bonus); it takes no backlash (not in
    contact). AT-39 Decision: one Charge among the attackers makes it a throw."""
    g = game(scenario(unit("r", "red", v("p1", "Poltergeist", 22.5, 40),
                           v("p2", "Poltergeist", 14.5, 40)),
                      unit("b", "blue", v("h", "Hekat", 50, 40))),
             [4, 4, 4, 1, 3, 3, 1, 1, 1, 1])
    ram(g, "p1", "h")
    act(g, "join", "p2", target="h", offset=0)
    join = events(g, "join")[0]
    assert (join["in_contact"], join["band"]) == (False, "charge") and "AT-34" in join["rules"]
    assert near(pos(g, "p2"), (34.5, 40)) and near(pos(g, "p1"), (42.5, 40))
    assert [(e["unit"], e["impacts"]) for e in events(g, "impacts")] == [("p1", 2), ("p2", 2)]
    assert [e["target"] for e in events(g, "backlash")] == ["p1"]
    assert near(pos(g, "h"), (57.5, 40))


def test_at34_a_non_contact_assault_may_give_no_impact_at_all():
    """AT-34: an Assault of equal Sizes gives 1 impact; without contact, 0."""
    g = game(scenario(unit("r", "red", v("t1", "Toad", 36, 40), v("t2", "Toad", 29, 40)),
                      unit("b", "blue", v("h", "Hekat", 50, 40))), [1, 1])
    ram(g, "t1", "h")
    act(g, "join", "t2", target="h", offset=0)
    assert [e["impacts"] for e in events(g, "impacts")] == [1, 0]
    assert events(g, "impacts")[1]["dice"] == []


def wraith_line(second_unit: str = "b", dice: list[int] | None = None):
    """A Wraith charging n1 with n2 and n3 behind it in a line, each 1 cm apart."""
    return game(scenario(unit("r", "red", v("w", "Wraith", 21, 40)),
                         unit("b", "blue", v("n1", "Nakovalny", 50, 40),
                              v("n3", "Nakovalny", 68, 40)),
                         unit(second_unit, "blue", v("n2", "Nakovalny", 59, 40))),
                dice or [4, 4, 1, 3, 3, 1, 1, 4])


def test_at35_at36_ranks_follow_contacts_along_the_path_across_units_threshold_5():
    """AT-35: the rammed group follows contacts along the throw line, whatever the unit;
    AT-36: 1 in contact + 2 × 2 ranks not in contact = 5; AT-38: 2 damage moves only n1,
    blocked at once by n2 (+1 damage)."""
    g = wraith_line("b2")
    ram(g, "w", "n1")
    group = events(g, "group")[0]
    assert group["members"] == {"n1": 0, "n2": 1, "n3": 2}
    assert (group["threshold"], group["reached"], group["moving"]) == (5, False, ["n1"])
    assert near(pos(g, "n1"), (50, 40))
    assert g.state.vehicles["n1"].frame == 4 - 2 - 1


def test_at35_a_friendly_afv_behind_the_target_is_an_obstacle_not_a_member():
    """AT-35 Decision: only enemy AFVs join the rammed group; a friend on the path is met as
    an obstacle (AT-31) and takes nothing at equal Armour."""
    g = game(scenario(unit("r", "red", v("w", "Wraith", 21, 40), v("friend", "Nakovalny", 59, 40)),
                      unit("b", "blue", v("n1", "Nakovalny", 50, 40))),
             [4, 4, 1, 3, 3, 1, 1, 4])
    ram(g, "w", "n1")
    assert events(g, "group")[0]["members"] == {"n1": 0}
    assert events(g, "obstacle_holds")[0]["thing"] == "friend"


def two_poltergeists_on_a_hekat_pair(dice: list[int]):
    h1, h2 = (50.0, 40.0), (58.5, 40.0)
    u = (math.cos(math.radians(250)), math.sin(math.radians(250)))
    g = game(scenario(unit("r", "red", v("p1", "Poltergeist", 50 - 17.5, 40),
                           v("p2", "Poltergeist", h1[0] + 17.5 * u[0], h1[1] + 17.5 * u[1])),
                      unit("b", "blue", v("h1", "Hekat", *h1), v("h2", "Hekat", *h2))), dice)
    ram(g, "p1", "h1")
    act(g, "join", "p2", target="h1", offset=0)
    return g


def test_at37_threshold_reached_the_group_is_pushed_as_one_block():
    """AT-37: 3 damage ≥ 1 + 2: both Hekats and both Poltergeists move as one block along the
    mean travel direction, for the 15 cm of normal movement left (AT-22, AT-40)."""
    g = two_poltergeists_on_a_hekat_pair([4, 4, 4, 1, 3, 3, 1, 1, 1, 1])
    act(g, "split", extra="p1")
    assert events(g, "group")[0]["reached"] is True
    travel = [(e["to"][0] - e["frm"][0], e["to"][1] - e["frm"][1])
              for e in events(g, "ram") + events(g, "join")]
    units = [(x / math.hypot(x, y), y / math.hypot(x, y)) for x, y in travel]
    mean = (units[0][0] + units[1][0], units[0][1] + units[1][1])
    mean = (mean[0] / math.hypot(*mean), mean[1] / math.hypot(*mean))
    before = {i: pos(g, i) for i in ("p1", "p2", "h1", "h2")}
    act(g, "push")
    assert events(g, "push")[0]["distance"] == pytest.approx(15)
    for i, (x, y) in before.items():
        assert near(pos(g, i), (x + 15 * mean[0], y + 15 * mean[1]))


def test_at40_push_distance_is_the_least_normal_movement_left():
    """AT-40 Decision: t1 travelled 5 cm (10 left), t2 12 cm (3 left): the block moves 3 cm."""
    g = game(scenario(unit("r", "red", v("t1", "Toad", 38, 40), v("t2", "Toad", 50, 21)),
                      unit("b", "blue", v("h", "Hekat", 50, 40))), [4, 4, 3, 3, 1, 1])
    ram(g, "t1", "h")
    act(g, "join", "t2", target="h", offset=0)
    act(g, "push")
    push = events(g, "push")[0]
    assert push["distance"] == pytest.approx(3) and "AT-40" in push["rules"]
    d = 3 / math.sqrt(2)
    assert near(pos(g, "h"), (50 + d, 40 + d))


def test_at33_at39_bad_allotments_and_splits_are_refused():
    """AT-33: the remainder goes to exactly the right number of distinct recipients; AT-39:
    likewise for the backlash; AT-37: only the farthest may be thrown next."""
    g = game(scenario(unit("r", "red", v("t1", "Toad", 13, 40), v("t2", "Toad", 40, 13)),
                      unit("b", "blue", v("h", "Hekat", 40, 40))), [4, 4, 1, 5])
    ram(g, "t1", "h")
    refused(g, Action("split", None, {"extra": "t1"}), "AT-39")
    act(g, "join", "t2", target="h", offset=0)
    for extra in ("", "t1,t2", "t1,t1", "h", 3):
        refused(g, Action("split", None, {"extra": extra}), "AT-39")
    refused(g, Action("allot", None, {"extra": "h"}), "AT-33")
    refused(g, Action("throw", None, {"target": "h"}), "AT-29")


def test_at34_joins_are_refused_out_of_turn_for_outsiders_and_after_the_strike():
    g = game(scenario(unit("r", "red", v("t1", "Toad", 13, 40), v("t2", "Toad", 40, 13)),
                      unit("r2", "red", v("other", "Toad", 80, 60)),
                      unit("b", "blue", v("h", "Hekat", 40, 40)),
                      unit("b2", "blue", v("far", "Hekat", 100, 20))), [4, 4, 1, 5])
    ram(g, "t1", "h")
    refused(g, Action("join", "other", {"target": "h", "offset": 0}), "AT-34")
    refused(g, Action("join", "t2", {"target": "far", "offset": 0}), "AT-41")
    act(g, "join", "t2", target="h", offset=0)
    assert g.state.collision.stage == "split"
    refused(g, Action("join", "t2", {"target": "h", "offset": 0}), "AT-34")
    refused(g, Action("strike"), "AT-34")
    refused(g, Action("declare", "other", {"mode": "rush"}), "AT-P1")


def test_at41_separate_melees_each_attacker_chooses_its_target_and_throw_order_is_chosen():
    """AT-41: two targets of different units (in contact, so the second may be joined against),
    one attacker each: damage stays with each target; the attacker picks the throw order (both
    equally near)."""
    g = game(scenario(unit("r", "red", v("t1", "Toad", 27, 40), v("t2", "Toad", 73, 49)),
                      unit("b", "blue", v("h", "Hekat", 50, 40)),
                      unit("b2", "blue", v("k", "Hekat", 50, 49))),
             [4, 4, 4, 1, 3, 3, 3, 1, 1, 1, 1])
    ram(g, "t1", "h")
    act(g, "join", "t2", target="k", offset=0)
    assert [e["allotted"] for e in events(g, "allot")] == [{"h": 2}, {"k": 1}]
    assert "AT-41" in events(g, "allot")[1]["rules"]
    assert {a.args["target"] for a in g.legal_actions()} == {"h", "k"}
    act(g, "throw", target="k")
    assert near(pos(g, "k"), (47.5, 49))
    # h's line passes t2 (an AFV outside the thrown vehicle is an obstacle, AT-10, AT-31):
    # it stops where its gap to t2 is 2.5 cm and takes 1 point; t2 (12 ≥ 12) nothing.
    assert near(pos(g, "h"), (57 - math.sqrt(9.5 ** 2 - 9 ** 2), 40))
    assert (g.state.vehicles["h"].frame, g.state.vehicles["h"].propulsion) == (1, 1)
