"""Dice: seeded, scripted, logged; target checks where a natural 1 fails; roll-offs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from polemos.core.dice import Dice, natural_one_fails, roll_event, roll_off
from polemos.core.errors import DiceExhausted


def test_same_seed_same_rolls():
    a, b = Dice(42), Dice(42)
    assert [a.d6(purpose="t", rule="-") for _ in range(50)] == \
        [b.d6(purpose="t", rule="-") for _ in range(50)]


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=20))
def test_rolls_are_in_range(seed: int, n: int):
    assert all(1 <= d <= 6 for d in Dice(seed).roll(n, purpose="t", rule="-"))


def test_every_roll_is_an_event_with_purpose_and_rule():
    events = []
    dice = Dice(script=[4, 2], log=lambda *roll: events.append(roll_event(*roll)))
    assert dice.roll(2, purpose="fire", rule="PCV-15", unit="red-1") == [4, 2]
    assert events == [{"type": "roll", "dice": [4, 2], "purpose": "fire", "rule": "PCV-15",
                       "unit": "red-1"}]


def test_script_running_out_is_a_clear_error():
    dice = Dice(script=[6])
    dice.d6(purpose="first", rule="X-1")
    with pytest.raises(DiceExhausted, match="ran out after 1 rolls.*second.*X-2"):
        dice.d6(purpose="second", rule="X-2")


def test_script_value_outside_the_die_is_refused():
    with pytest.raises(DiceExhausted, match="not a d6"):
        Dice(script=[7]).d6(purpose="p", rule="r")


def test_natural_one_always_fails_whatever_the_modifier():
    assert not natural_one_fails(1, 1 + 10, 4)
    roll, ok = Dice(script=[1]).check(2, purpose="p", rule="r", modifier=5)
    assert (roll, ok) == (1, False)
    assert Dice(script=[3]).check(5, purpose="p", rule="r", modifier=2) == (3, True)
    assert Dice(script=[3]).check(5, purpose="p", rule="r", modifier=1) == (3, False)


def test_roll_off_rerolls_ties():
    events = []
    dice = Dice(script=[3, 3, 2, 5], log=lambda *roll: events.append(roll_event(*roll)))
    winner, totals = roll_off(dice, ["red", "blue"], purpose="first", rule="PCV-4")
    assert winner == "blue" and totals == {"red": 2, "blue": 5}
    assert [e["dice"][0] for e in events] == [3, 3, 2, 5]


def test_roll_off_bonus():
    winner, totals = roll_off(Dice(script=[2, 4]), ["a", "b"], purpose="i", rule="DBG-10",
                              bonus={"a": 3})
    assert (winner, totals) == ("a", {"a": 5, "b": 4})


def test_mark_and_rewind_restore_the_generator():
    dice = Dice(9)
    mark = dice.mark()
    first = dice.roll(5, purpose="p", rule="r")
    dice.rewind(mark)
    assert dice.roll(5, purpose="p", rule="r") == first
