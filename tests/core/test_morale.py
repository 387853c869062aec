"""Generic morale mechanics (core/morale.py), with the DBG rules that first use them."""

from __future__ import annotations

import pytest

from polemos.core.dice import Dice, roll_event
from polemos.core.errors import DiceExhausted
from polemos.core.morale import (
    FORBIDS,
    Act,
    Morale,
    MoraleShock,
    break_point_crossed,
    characteristic_test,
    flee,
    flight_direction,
    forbidden,
    losses_reached,
    one_test_per_unit,
    rally_test,
    substitute_groups,
)
from polemos.core.table import Base, PolygonObstacle, Table


def scripted(*faces: int) -> tuple[Dice, list[dict]]:
    log: list[dict] = []
    return Dice(script=list(faces), log=lambda *roll: log.append(roll_event(*roll))), log


# --- states ----------------------------------------------------------------------------------


def test_states_forbid_what_the_skirmish_rules_say() -> None:
    """DBG-12/15/17/27/31/38: retreating, pinned and frenzied each forbid their acts."""
    assert forbidden([Morale.STEADY]) == frozenset()
    assert Act.ACTIVATE in forbidden([Morale.RETREATING])
    assert Act.ENTER_CONTACT in forbidden([Morale.RETREATING])
    assert Act.MORALE_TEST in forbidden([Morale.RETREATING])
    assert Act.RETREAT_MOVE in forbidden([Morale.PINNED])
    assert Act.RETREAT_MOVE not in forbidden([Morale.RETREATING])
    assert forbidden([Morale.FRENZIED]) == {Act.SHOOT, Act.HOLD}
    both = forbidden([Morale.PINNED, Morale.RETREATING])
    assert both == FORBIDS[Morale.PINNED] | FORBIDS[Morale.RETREATING]


def test_a_ruleset_may_pass_its_own_table() -> None:
    table = {**FORBIDS, Morale.FRENZIED: frozenset({Act.SHOOT})}
    assert Act.HOLD not in forbidden([Morale.FRENZIED], table)


# --- tests -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "passed"), [(4, False), (5, True), (1, False), (10, True)])
def test_characteristic_test_total_against_difficulty(face: int, passed: bool) -> None:
    """DBG-2: die + characteristic + modifiers ≥ difficulty; no automatic result."""
    dice, log = scripted(face)
    result = characteristic_test(dice, 5, 10, purpose="morale", rule="DBG-25", unit="a")
    assert (result.die, result.total, result.passed) == (face, face + 5, passed)
    assert log == [{"type": "roll", "dice": [face], "purpose": "morale", "rule": "DBG-25",
                    "sides": 10, "value": 5, "modifier": 0, "difficulty": 10, "unit": "a"}]


def test_a_one_is_no_automatic_failure_and_the_die_is_configurable() -> None:
    """DBG-2: a 1 passes when the total is enough; a D20 serves the same difficulties."""
    dice, _ = scripted(1, 20)
    assert characteristic_test(dice, 9, 10, purpose="m", rule="DBG-2").passed
    high = characteristic_test(dice, 0, 14, sides=20, modifier=-1, purpose="m", rule="DBG-2")
    assert (high.sides, high.total, high.passed) == (20, 19, True)


def test_a_d10_script_refuses_an_eleven() -> None:
    dice, _ = scripted(11)
    with pytest.raises(DiceExhausted):
        characteristic_test(dice, 0, 10, purpose="m", rule="DBG-2")


def test_parity_reads_the_raw_face() -> None:
    """DBG-4: odd or even is the face before modifiers."""
    dice, _ = scripted(3, 8)
    assert characteristic_test(dice, 2, 10, purpose="m", rule="DBG-4").odd
    assert not characteristic_test(dice, 1, 10, purpose="m", rule="DBG-4").odd


# --- break point -----------------------------------------------------------------------------


def test_break_point_at_half_with_integer_maths() -> None:
    """DBG-32: 50 % of the starting combatants; 5 of 11 is not yet half."""
    assert not losses_reached(11, 5)
    assert losses_reached(11, 6)
    assert losses_reached(10, 5)
    assert not losses_reached(0, 0)
    assert break_point_crossed(10, 4, 5)
    assert break_point_crossed(10, 0, 10)
    assert not break_point_crossed(10, 5, 7), "only the turn the threshold is crossed"
    assert not break_point_crossed(10, 2, 4)
    assert break_point_crossed(4, 0, 1, percent=25)


# --- substitution and rally ------------------------------------------------------------------


def test_substitution_first_named_leader_covers_the_overlap() -> None:
    """DBG-33: an officer's single test covers friends within reach; the first named wins."""
    reach = {("o1", "a"), ("o1", "b"), ("o2", "b"), ("o2", "c"), ("o2", "o1")}
    groups, alone = substitute_groups(["o2", "o1"], ["a", "o1", "b", "c", "d", "o2"],
                                      lambda lead, m: (lead, m) in reach)
    assert groups == {"o2": ["b", "c"], "o1": ["a"]}
    assert alone == ["d"]


def test_rally_test_rallies_everyone_on_success_and_no_one_on_failure() -> None:
    """DBG-35 (difficulty 12) and DBG-37 (one combatant, difficulty 10)."""
    dice, log = scripted(6, 5)
    result, rallied = rally_test(dice, 6, 12, ["a", "b"], purpose="rally", rule="DBG-35")
    assert result.passed and rallied == ["a", "b"]
    result, rallied = rally_test(dice, 6, 12, ["a"], purpose="rally", rule="DBG-35")
    assert not result.passed and rallied == []
    assert [e["difficulty"] for e in log] == [12, 12]


# --- shocks ----------------------------------------------------------------------------------


def test_one_test_per_unit_keeps_the_hardest_shock() -> None:
    """DBG-27: several triggers from one event make one test, at the hardest difficulty."""
    shocks = [MoraleShock("a", "officer fell", "DBG-26"),
              MoraleShock("b", "aquila lost", "DBG-48"),
              MoraleShock("a", "eagle lost", "DBG-48"),
              MoraleShock("a", "terror", "XX-1", difficulty=12),
              MoraleShock("b", "terror", "XX-1", difficulty=12),
              MoraleShock("b", "worse", "XX-2", difficulty=12)]
    kept = one_test_per_unit(shocks)
    assert [(s.unit, s.rule) for s in kept] == [("a", "XX-1"), ("b", "XX-1")]


def test_one_test_per_unit_first_of_equals() -> None:
    kept = one_test_per_unit([MoraleShock("a", "x", "R-1"), MoraleShock("a", "y", "R-2")])
    assert kept == [MoraleShock("a", "x", "R-1")]


# --- flight ----------------------------------------------------------------------------------

TABLE = Table(60, 40)


def test_flight_runs_for_the_edge_when_that_opens_the_gap() -> None:
    """DBG-29: the nearest edge (north, 5 cm off) is away from an enemy to the south."""
    me = Base("me", 30, 6, 1)
    enemy = Base("foe", 30, 12, 1)
    direction, how, foe = flight_direction(me, 5, TABLE, [enemy])
    assert (direction, how, foe) == ((0.0, -1.0), "edge", "foe")


def test_flight_runs_straight_away_when_the_edge_is_behind_the_enemy() -> None:
    """DBG-29: the nearest edge (north) lies past the enemy: run along enemy → me instead."""
    me = Base("me", 30, 10, 1)
    enemy = Base("foe", 30, 6, 1)
    direction, how, _ = flight_direction(me, 5, TABLE, [enemy])
    assert how == "away" and direction == pytest.approx((0.0, 1.0))


def test_flight_with_no_enemy_goes_for_the_edge() -> None:
    direction, how, foe = flight_direction(Base("me", 58, 20, 1), 5, TABLE, [])
    assert (direction, how, foe) == ((1.0, 0.0), "edge", None)


def test_flee_leaves_the_table_when_the_rim_reaches_the_edge() -> None:
    """DBG-29/DBG-31: reaching the edge, it leaves the table."""
    me = Base("me", 30, 5, 1)
    flight = flee(me, 5, TABLE, enemies=[Base("foe", 30, 12, 1)], bases=[])
    assert flight.left_by == "north"
    assert flight.travelled == pytest.approx(4.0)
    assert (me.x, me.y) == pytest.approx((30, 1))


def test_flee_exactly_to_the_edge_leaves() -> None:
    """The table edge: a flight of exactly the distance to the edge still leaves."""
    me = Base("me", 30, 6, 1)
    assert flee(me, 5, TABLE, enemies=[Base("foe", 30, 12, 1)], bases=[]).left_by == "north"
    short = Base("me", 30, 6.01, 1)
    assert flee(short, 5, TABLE, enemies=[Base("foe", 30, 12, 1)], bases=[]).left_by is None


def test_flee_stops_before_a_base_a_zone_of_control_and_terrain() -> None:
    """DBG-29: stops at the last legal point before a base, an enemy ZOC or impassable ground."""
    enemy = Base("foe", 30, 30, 1)
    friend = Base("pal", 30, 14, 1)
    me = Base("me", 30, 20, 1)
    flight = flee(me, 10, Table(60, 60), enemies=[enemy], bases=[friend, enemy])
    assert flight.how == "edge" and flight.stopped_by is not None
    assert flight.stopped_by.id == "pal"
    assert me.y == pytest.approx(16.0)

    other = Base("foe2", 30, 10, 1)
    me = Base("me", 30, 20, 1)
    flight = flee(me, 10, Table(60, 60), enemies=[enemy, other], bases=[enemy, other],
                  stop_gaps={"foe2": 2.0, "foe": 2.0})
    assert flight.stopped_by is not None and flight.stopped_by.id == "foe2"
    assert me.y == pytest.approx(14.0)

    river = PolygonObstacle("river", ((0, 8), (60, 8), (60, 12), (0, 12)))
    me = Base("me", 30, 20, 1)
    flight = flee(me, 10, Table(60, 60), enemies=[enemy], bases=[enemy], obstacles=[river])
    assert flight.stopped_by is not None and flight.stopped_by.kind == "obstacle"
    assert me.y == pytest.approx(13.0)


def test_flee_may_leave_a_zone_it_starts_in() -> None:
    """DBG-16: a unit inside an enemy ZOC may leave it (only crossing is stopped)."""
    enemy = Base("foe", 30, 30, 1)
    me = Base("me", 30, 27.5, 1)
    flight = flee(me, 5, Table(60, 60), enemies=[enemy], bases=[enemy], stop_gaps={"foe": 2.0})
    assert flight.travelled == pytest.approx(5.0) and flight.stopped_by is None
