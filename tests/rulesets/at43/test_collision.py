"""Damage, backlash, wrecks and obstacles (AT-4 … AT-6, AT-10, AT-18 … AT-20), the push
(AT-21 … AT-28) and the throw (AT-29 … AT-32), one rule at a time with scripted dice."""

from __future__ import annotations

from polemos.core.actions import Action
from tests.conftest import events, refused
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


def duel(attacker: str, target: str, x: float, dice: list[int], **extra):
    """``attacker`` (id a) at (0, 0) against ``target`` (id t) at (x, 0)."""
    return game(scenario(unit("r", "red", v("a", attacker, 0, 0)),
                         unit("b", "blue", v("t", target, x, 0)), **extra), dice)


def test_at19_backlash_rolled_with_roles_swapped_and_located_on_the_attacker():
    """AT-19: 2 damage → 2 backlash impacts, Action = Lancelot's 13, Difficulty = Kossak's 14
    (4+); one succeeds and is located on the Kossak (AT-4)."""
    g = duel("Kossak", "Lancelot", 31.5, [4, 4, 1, 3, 3, 5, 1, 2])
    ram(g, "a", "t")
    backlash = events(g, "backlash")[0]
    assert (backlash["impacts"], backlash["needed"], backlash["damage"]) == (2, 4, 1)
    kossak = g.state.vehicles["a"]
    assert (kossak.frame, kossak.propulsion) == (4, 1)


def test_at20_larger_target_backlashes_with_its_size_bonus_without_damage():
    """AT-20: the Wraith (Size 5) takes nothing from the Trike (6 needed, rolls 5) and still
    backlashes 2 impacts (Size 5 − 3) on 2+ (15 vs 10)."""
    g = duel("Easy Trike", "Wraith", 28, [5, 2, 1, 3])
    ram(g, "a", "t")
    backlash = events(g, "backlash")[0]
    assert (backlash["impacts"], backlash["needed"], backlash["damage"]) == (2, 2, 1)
    assert g.state.vehicles["a"].frame == 1
    assert events(g, "no_effect")[0]["rule"] == "AT-21"


def test_at20_a_target_destroyed_by_the_impacts_still_backlashes_and_at6_is_thrown_as_a_wreck():
    """AT-5/AT-6/AT-20: the Trike's Frame goes at the 2nd point (the 3rd is not located); the
    wreck backlashes 3 impacts on 6 and is thrown 7.5 cm as a wreck."""
    g = duel("Kossak", "Easy Trike", 31, [6, 6, 6, 3, 3, 6, 1, 1, 3])
    ram(g, "a", "t")
    trike = g.state.vehicles["t"]
    assert trike.wreck and trike.frame == 0
    assert len(events(g, "damage")) == 3  # 2 on the Trike, 1 backlash on the Kossak
    assert events(g, "destroyed")[0]["rules"] == ["AT-5", "AT-6"]
    assert events(g, "backlash")[0]["impacts"] == 3
    assert near(pos(g, "t"), (31 + 7.5, 0))
    assert g.state.vehicles["a"].frame == 3


def test_at6_and_at29_an_attacker_destroyed_by_the_backlash_still_throws():
    """AT-29: the Trike charges the Kossak (2 impacts on 6, both hit), the backlash (2 + 1 for
    Size) destroys it, and the throw takes place anyway."""
    g = duel("Easy Trike", "Kossak", 29, [6, 6, 3, 3, 2, 2, 2, 3, 3])
    ram(g, "a", "t")
    assert g.state.vehicles["a"].wreck
    assert near(pos(g, "t"), (29 + 5, 0))
    assert near(pos(g, "a"), (22, 0))


def test_at21_no_push_when_the_backlash_destroyed_the_attacker():
    """AT-21, AT-6: an assaulting Trike destroyed by the backlash does not push."""
    g = duel("Easy Trike", "Kossak", 19, [6, 3, 2, 2, 3, 3])
    ram(g, "a", "t")
    assert g.state.vehicles["a"].wreck
    assert events(g, "no_effect")[0]["rule"] == "AT-21"
    assert g.state.collision is None and near(pos(g, "t"), (19, 0))


def test_at21_the_push_is_optional():
    """AT-21: the controller may decline; nothing moves."""
    g = duel("Poltergeist", "Easy Trike", 27, [4, 1, 3, 4])
    ram(g, "a", "t")
    act(g, "no_push")
    assert near(pos(g, "t"), (27, 0)) and near(pos(g, "a"), (20, 0))
    assert events(g, "no_push")[0]["rule"] == "AT-21"


def test_at21_and_at29_a_push_chosen_after_a_charge_is_refused():
    """Bad input: a push chosen after a charge (AT-29: a Charge throws; outside any collision,
    AT-21: no push to choose)."""
    g = game(scenario(unit("r", "red", v("t1", "Toad", 13, 40), v("t2", "Toad", 40, 13)),
                      unit("b", "blue", v("h", "Hekat", 40, 40))), [4, 4, 1, 5])
    ram(g, "t1", "h")
    act(g, "join", "t2", target="h", offset=0)
    assert g.state.collision.stage == "split"
    refused(g, Action("push"), "AT-29")
    refused(g, Action("no_push"), "AT-29")
    g2 = duel("Kossak", "Lancelot", 31.5, [1, 1, 1])
    ram(g2, "a", "t")
    refused(g2, Action("push"), "AT-21")


def test_at22_no_push_without_normal_movement_left():
    """AT-22: the rush's +10 cm does not count; after an Assault of exactly M there is no push."""
    g = duel("Poltergeist", "Easy Trike", 32, [4, 1, 3, 4])
    ram(g, "a", "t")
    assert events(g, "no_effect")[0]["rule"] == "AT-22"
    assert g.state.collision is None


def test_at24_at25_pushed_into_a_weaker_afv_which_takes_an_impact_located_normally():
    """AT-25: the pushed Kossak (14) meets a Trike (10) 4 cm behind it after 1.5 cm: it takes
    1 point, and the Trike 1 impact on 2+ (Δ +4), located normally (AT-10: an AFV obstacle)."""
    g = game(scenario(unit("r", "red", v("a", "Wraith", 0, 0)),
                      unit("b", "blue", v("t", "Kossak", 19, 0)),
                      unit("b2", "blue", v("trike", "Easy Trike", 30, 0))),
             [4, 4, 3, 3, 1, 1, 4, 2, 3])
    ram(g, "a", "t")
    act(g, "push")
    assert near(pos(g, "t"), (19 + 1.5, 0)) and near(pos(g, "a"), (10 + 1.5, 0))
    assert g.state.vehicles["t"].frame == 4 - 2 - 1
    assert events(g, "obstacle_impact")[0]["needed"] == 2
    assert g.state.vehicles["trike"].frame == 1


def test_at10_a_terrain_obstacle_loses_sp_and_is_removed_at_zero():
    """AT-10/AT-25: a weaker crate (Armour 10, 1 SP) met by the thrown Kossak takes an impact;
    at 0 SP it is removed."""
    crate = {"name": "crate", "armour": 10, "size": 2, "frame": 1, "radius": 2}
    g = game(scenario(unit("r", "red", v("a", "Wraith", 0, 0)),
                      unit("b", "blue", v("t", "Kossak", 29, 0)),
                      terrain=[{"id": "crate", "profile": "crate", "at": at(38, 0)}],
                      profiles={"obstacles": [crate]}),
             [4, 4, 4, 1, 3, 3, 1, 1, 1, 3, 2])
    ram(g, "a", "t")
    assert g.state.terrain["crate"].removed and g.state.terrain["crate"].frame == 0
    assert events(g, "terrain_removed")[0]["rule"] == "AT-10"
    assert near(pos(g, "t"), (29.5, 0))


def test_at10_a_wreck_met_takes_nothing_and_impassable_terrain_has_no_armour():
    """AT-10: a wreck takes no damage (no die rolled); impassable terrain without Armour counts
    as stronger than any vehicle: the thrown vehicle takes its point, the wall nothing."""
    wall = {"id": "wall", "polygon": [at(33.5, -10), at(35.5, -10), at(35.5, 10), at(33.5, 10)]}
    g = game(scenario(unit("r", "red", v("a", "Kossak", 0, 0)),
                      unit("b", "blue", v("t", "Easy Trike", 26, 0)),
                      terrain=[wall]), [4, 4, 1, 1, 3, 1, 1, 4])
    ram(g, "a", "t")
    assert near(pos(g, "t"), (28, 0))
    holds = events(g, "obstacle_holds")[0]
    assert (holds["thing"], holds["armour"]) == ("wall", None)
    assert g.state.vehicles["t"].frame == 0

    g2 = game(scenario(unit("r", "red", v("a", "Wraith", 0, 0)),
                       unit("b", "blue", v("t", "Kossak", 19, 0)),
                       wrecks=[v("old", "Easy Trike", 32, 0)]), [4, 4, 3, 3, 1, 1, 4])
    ram(g2, "a", "t")
    act(g2, "push")
    assert events(g2, "obstacle_holds")[0]["why"] == "a wreck takes no damage"
    assert events(g2, "obstacle_impact") == []


def test_at23_an_obstacle_beside_the_path_is_ignored():
    """AT-23: only obstacles the move closes on count; a container beside the line is passed."""
    g = duel("Kossak", "Lancelot", 31.5, [4, 4, 1, 3, 3, 1, 1],
             terrain=[container("box", 36.5, 11)])
    ram(g, "a", "t")
    assert near(pos(g, "t"), (36.5, 0)) and events(g, "meet") == []


def test_at27_the_attacker_meeting_an_obstacle_stops_the_push_with_no_other_effect():
    """AT-27: a container by the Poltergeist's flank (2.24 cm, closing): the push stops at once,
    no damage to anyone."""
    g = duel("Poltergeist", "Easy Trike", 27, [4, 1, 3, 4], terrain=[container("box", 24, 10.5)])
    ram(g, "a", "t")
    act(g, "push")
    assert near(pos(g, "t"), (27, 0)) and near(pos(g, "a"), (20, 0))
    meet = events(g, "meet")[0]
    assert (meet["unit"], meet["rule"]) == ("a", "AT-27")
    assert g.state.vehicles["t"].frame == 1 and g.state.terrain["box"].frame == 4


def test_at28_the_attacker_ends_in_contact_after_a_push_into_open_ground():
    """AT-22/AT-28: pushed the rest of M (25 − 20 = 5 cm) and still in contact."""
    g = duel("Poltergeist", "Easy Trike", 27, [4, 1, 3, 4])
    ram(g, "a", "t")
    act(g, "push")
    assert near(pos(g, "t"), (32, 0)) and near(pos(g, "a"), (25, 0))
    assert g.state.vehicles["a"].travelled == 25


def test_at32_after_a_throw_the_attacker_stays_and_contact_is_lost():
    g = duel("Kossak", "Lancelot", 31.5, [4, 4, 1, 3, 3, 1, 1])
    ram(g, "a", "t")
    assert near(pos(g, "a"), (24, 0))
    assert events(g, "throw")[0]["rules"] == ["AT-29", "AT-30", "AT-32"]


def test_at31_thrown_to_the_table_edge_stops_without_damage():
    """AT-31 with the meeting Decision: the table edge stops a throw and deals nothing."""
    g = game(scenario(unit("r", "red", v("a", "Kossak", 80, 0)),
                      unit("b", "blue", v("t", "Lancelot", 111.5, 0)), width=150),
             [4, 4, 1, 3, 3, 1, 1])
    ram(g, "a", "t")
    assert near(pos(g, "t"), (150 - 3.5 - 30, 0))
    assert events(g, "meet")[0]["kind"] == "edge"
    assert g.state.vehicles["t"].frame == 1
