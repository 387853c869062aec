"""Fair undo (core/undo.py) in Aeronautica: a token face down comes back, a revealed one not."""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from polemos.core.undo import UndoRefused, take_back
from tests.rulesets.aeronautica.helpers import duel, to_movement


def test_ai20_a_token_still_face_down_can_be_undone():
    """AI-20: the token is placed face down; the "orders" event tells the ork only that the
    imperial player has chosen, not what, so the choice may still be taken back."""
    g = duel(dice=[6, 5])
    before = g.snapshot(), list(g.events)
    g.step(Action("manoeuvre", "tb", {"number": 2}))
    assert [e["type"] for e in g.events[len(before[1]):]] == ["action", "orders"]
    take_back(g, "imperial")
    assert (g.snapshot(), g.events) == before
    g.step(Action("manoeuvre", "tb", {"number": 1}))
    assert g.to_act() == "ork"


def test_ai20_a_revealed_token_cannot_be_undone():
    """AI-20: the Throttle reveals the aircraft's token to the ork; taking it back would hide
    it again. Refused, naming the reveal, and nothing changes."""
    g = duel(dice=[6, 5])
    to_movement(g, first="imperial")
    g.step(Action("throttle", "tb", {"speed": 4}))
    assert g.events[-2]["type"] == "reveal"
    before = g.snapshot(), len(g.events)
    with pytest.raises(UndoRefused, match=r"tb was revealed since \(AI-20, AI-M1\)"):
        take_back(g, "imperial")
    assert (g.snapshot(), len(g.events)) == before


def test_ai21_orders_followed_by_the_initiative_roll_cannot_be_undone():
    """AI-21: the ork's last token starts the initiative roll-off; the dice have spoken."""
    g = duel(dice=[6, 5])
    g.step(Action("manoeuvre", "tb", {"number": 1}))
    g.step(Action("manoeuvre", "dj", {"number": 1}))
    with pytest.raises(UndoRefused, match=r"dice were rolled since \(initiative, AI-21\)"):
        take_back(g, "ork")
    with pytest.raises(UndoRefused, match="ork has acted since imperial's last action"):
        take_back(g, "imperial")
