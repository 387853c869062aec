"""Pure rule functions: the universal table (AT-2, AT-3), damage location and spill-over
(AT-4, AT-5), impact counts and backlash (AT-15, AT-17, AT-19, AT-20, AT-34), even spreading
(AT-33), with scripted dice where dice are rolled."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from polemos.core.dice import Dice, roll_event
from polemos.core.errors import DiceExhausted
from polemos.core.table import Base
from polemos.rulesets.at43.damage import FRAME, PROPULSION, WEAPON, apply_point, location
from polemos.rulesets.at43.groups import remainder_choices, spread
from polemos.rulesets.at43.impacts import backlash_count, band, impact_count, size_bonus
from polemos.rulesets.at43.resolution import (
    AUTO_FAILURE,
    AUTO_SUCCESS,
    automatic,
    chance,
    needed,
    roll_successes,
    success,
)
from polemos.rulesets.at43.state import Vehicle


@pytest.mark.parametrize(("delta", "score"), [
    (-9, AUTO_FAILURE), (-6, AUTO_FAILURE), (-5, 6), (-4, 6), (-3, 5), (-2, 5), (-1, 4), (0, 4),
    (1, 4), (2, 3), (3, 3), (4, 2), (5, 2), (6, AUTO_SUCCESS), (12, AUTO_SUCCESS)])
def test_at2_universal_table_column_by_column(delta, score):
    """AT-2: every column of the table; AT-3: the end columns extend to ≤ −6 and ≥ +6."""
    assert needed(delta) == score


@pytest.mark.parametrize(("delta", "roll", "ok"), [(0, 3, False), (0, 4, True), (-5, 5, False),
                                                   (-5, 6, True), (5, 1, False), (5, 2, True)])
def test_at3_a_die_succeeds_exactly_when_it_reaches_the_score(delta, roll, ok):
    """AT-3 Decision: a 1 at 2+ fails and a 6 at 6 succeeds only by reaching the score; no
    other effect of 1s or 6s."""
    assert success(roll, delta) is ok


def test_at3_automatic_columns_roll_no_die():
    """AT-3: at Δ ≥ +6 every impact succeeds and at Δ ≤ −6 every impact fails, with no die (the
    empty script would raise if one were rolled)."""
    dice = Dice(script=[])
    assert automatic(6) and automatic(-6) and not automatic(5)
    assert roll_successes(dice, 3, 16, 10, purpose="t", rule="AT-18") == ([], 3)
    assert roll_successes(dice, 3, 9, 15, purpose="t", rule="AT-18") == ([], 0)
    with pytest.raises(DiceExhausted):
        roll_successes(dice, 1, 12, 12, purpose="t", rule="AT-18")


def test_at18_roll_successes_counts_dice_at_or_above_the_score():
    """AT-18: Action = attacker's Armour, Difficulty = target's; 12 vs 10 needs 3+."""
    log: list[dict] = []
    dice = Dice(script=[3, 2, 6], log=lambda *roll: log.append(roll_event(*roll)))
    assert roll_successes(dice, 3, 12, 10, purpose="impacts", rule="AT-18") == ([3, 2, 6], 2)
    assert log[0]["needed"] == 3 and log[0]["rule"] == "AT-18"


def test_chance_matches_the_table():
    assert chance(0) == pytest.approx(0.5) and chance(-6) == 0 and chance(6) == 1
    assert chance(2) == pytest.approx(4 / 6) and chance(-4) == pytest.approx(1 / 6)


@pytest.mark.parametrize(("roll", "where"), [(1, PROPULSION), (2, PROPULSION), (3, FRAME),
                                             (4, FRAME), (5, FRAME), (6, WEAPON)])
def test_at4_location_of_a_damage_point(roll, where):
    """AT-4: 1–2 Propulsion, 3–5 Frame, 6 a Weapon."""
    assert location(roll) == where


def afv(frame: int = 3, propulsion: int = 2, weapons: int = 2) -> Vehicle:
    return Vehicle("x", "red", "u", "Test", 12, 3, 20, False, frame, propulsion, [1] * weapons,
                   Base("x", 10, 10, 3), frame + propulsion + weapons)


def test_at4_weapon_point_goes_to_the_first_weapon_with_sp_left():
    """AT-4 Decision (no shooting here): the first Weapon with SP left takes the point."""
    v = afv()
    assert apply_point(v, WEAPON) == (WEAPON, 0)
    assert apply_point(v, WEAPON) == (WEAPON, 1)
    assert v.weapons == [0, 0]


def test_at5_spill_over_to_the_frame():
    """AT-5 Decision: a 6 with no Weapon left, or a point on a location at 0, goes to Frame."""
    v = afv(frame=3, propulsion=1, weapons=0)
    assert apply_point(v, WEAPON) == (FRAME, None)
    assert apply_point(v, PROPULSION) == (PROPULSION, None)
    assert v.propulsion == 0 and not v.mobile
    assert apply_point(v, PROPULSION) == (FRAME, None)
    assert v.frame == 1


def test_at5_frame_never_goes_below_zero():
    v = afv(frame=1)
    apply_point(v, FRAME)
    apply_point(v, FRAME)
    assert v.frame == 0


@pytest.mark.parametrize(("d", "expected"), [(0.1, "assault"), (20.0, "assault"),
                                             (20.000001, "charge"), (30.0, "charge"),
                                             (30.000001, None)])
def test_at15_band_by_distance_with_its_edges(d, expected):
    """AT-15 with M = 20: d ≤ M Assault; M < d ≤ M + 10 Charge; beyond, no collision."""
    assert band(d, 20.0, 10.0) == expected


def test_at17_impacts_with_size_bonus():
    """AT-15 (1 or 2) + AT-17 (+1 per Size point above the target's; none when smaller)."""
    assert impact_count("assault", 4, 3) == 2
    assert impact_count("charge", 5, 3) == 4
    assert impact_count("charge", 3, 5) == 2
    assert size_bonus(3, 5) == 0


def test_at34_one_impact_fewer_without_contact_never_below_zero():
    """AT-34: an attacker that joined without contact gives 1 impact fewer, possibly 0."""
    assert impact_count("assault", 3, 3, in_contact=False) == 0
    assert impact_count("charge", 4, 3, in_contact=False) == 2


def test_at19_backlash_count():
    """AT-19: 1 impact per damage point taken + the target's Size bonus over the attacker."""
    assert backlash_count(2, 3, 4) == 2
    assert backlash_count(1, 5, 3) == 3


def test_at20_larger_target_backlashes_even_without_damage():
    """AT-20 Decision: the Size bonus applies even when the target took no damage."""
    assert backlash_count(0, 5, 3) == 2
    assert backlash_count(0, 3, 3) == 0


def test_at33_spread_evenly_with_the_remainder_where_the_player_says():
    """AT-33: counts differ by at most 1; the active player names who gets the extra."""
    assert spread(3, ["a", "b"], ["a"]) == {"a": 2, "b": 1}
    assert spread(3, ["a", "b"], ["b"]) == {"a": 1, "b": 2}
    assert spread(4, ["a", "b", "c"], ["c"]) == {"a": 1, "b": 1, "c": 2}
    assert spread(2, ["a", "b"]) == {"a": 1, "b": 1}
    assert remainder_choices(5, ["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert remainder_choices(4, ["a", "b"]) == [()]
    with pytest.raises(ValueError):
        spread(3, ["a", "b"], [])
    with pytest.raises(ValueError):
        spread(3, ["a", "b"], ["z"])


@given(st.integers(-20, 20))
def test_at2_property_a_better_delta_never_needs_more(delta):
    """AT-2: the needed score never rises as Δ grows; the chance stays in [0, 1]."""
    assert needed(delta + 1) <= needed(delta)
    assert 0.0 <= chance(delta) <= chance(delta + 1) <= 1.0


@given(st.integers(0, 40), st.integers(1, 6), st.data())
def test_at33_property_spread_sums_and_differs_by_at_most_one(points, n, data):
    """AT-33: whatever remainder the player picks, the shares add up and differ by ≤ 1."""
    recipients = [f"v{i}" for i in range(n)]
    extra = data.draw(st.sampled_from(remainder_choices(points, recipients)))
    shares = spread(points, recipients, extra)
    assert sum(shares.values()) == points
    assert max(shares.values()) - min(shares.values()) <= 1
