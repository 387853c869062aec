"""Fair undo (core/undo.py) in AT-43: a move comes back, a rush that rolled to crush does not."""

from __future__ import annotations

import pytest

from polemos.core.undo import UndoRefused, take_back
from tests.rulesets.at43.helpers import act, at, game, near, pos, scenario, unit, v


def test_at7_a_declared_move_can_be_undone_and_declared_again():
    """AT-7: declaring and making a normal move roll nothing: both come back, one undo at a
    time, and the Kossak may then rush instead."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("far", "Lancelot", 100, 60))))
    before = g.snapshot(), list(g.events)
    act(g, "declare", "k", mode="normal")
    act(g, "move", "k", heading=0, distance=10)
    assert near(pos(g, "k"), (10, 0))
    take_back(g, "red")
    assert near(pos(g, "k"), (0, 0))
    take_back(g, "red")
    assert (g.snapshot(), g.events) == before
    act(g, "declare", "k", mode="rush")
    assert (g.events[-1]["type"], g.events[-1]["mode"]) == ("declare", "rush")


def test_at8_a_rush_that_rolled_to_crush_cannot_be_undone():
    """AT-8: the rush rolled to crush the trooper passed over; undo is refused naming the
    roll, and nothing changes."""
    trooper = {"id": "s1", "profile": "Krasnye Soldaty", "at": at(10, 0)}
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("far", "Lancelot", 100, 60)),
                      unit("inf", "blue", infantry=[trooper])), [4])
    act(g, "declare", "k", mode="rush")
    act(g, "move", "k", heading=0, distance=28)
    before = g.snapshot(), len(g.events)
    with pytest.raises(UndoRefused, match=r"dice were rolled since \(.*AT-8\)"):
        take_back(g, "red")
    assert (g.snapshot(), len(g.events)) == before
