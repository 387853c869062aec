"""Fair undo (core/undo.py) in De Bello Gallico: a move comes back, a shot does not."""

from __future__ import annotations

import pytest

from polemos.core.undo import UndoRefused, take_back
from tests.conftest import events
from tests.rulesets.de_bello_gallico.helpers import RED_FIRST, act, fighter, scenario, start


def duel(pm, dice: list[int]):
    raw = scenario(fighter("r1", "red", 10, 10, troop="skirmisher"),
                   fighter("r9", "red", 55, 55), fighter("b1", "blue", 10, 24))
    game = start(raw, RED_FIRST + dice, pm)
    game.step(act("activate", "r1"))
    return game


def test_dbg11_a_move_can_be_undone_and_made_again_elsewhere(pm) -> None:
    """DBG-11: a move rolls nothing and shows nothing hidden: red takes it back, the fighter
    is where it was, and it may move elsewhere."""
    game = duel(pm, [])
    before = game.snapshot(), list(game.events)
    game.step(act("move", "r1", x=16, y=10))
    assert events(game, "move")[-1]["to"] == [16, 10]
    take_back(game, "red")
    assert (game.snapshot(), game.events) == before
    game.step(act("move", "r1", x=4, y=10))
    assert [e["to"] for e in events(game, "move")] == [[4, 10]]


def test_dbg22_a_shot_that_rolled_cannot_be_undone(pm) -> None:
    """DBG-22: the shot's die was rolled; undo is refused naming the roll, nothing changes."""
    game = duel(pm, [7, 5])
    game.step(act("shoot", "r1", target="b1"))
    before = game.snapshot(), len(game.events)
    with pytest.raises(UndoRefused, match=r"dice were rolled since \(.*DBG-22\)"):
        take_back(game, "red")
    assert (game.snapshot(), len(game.events)) == before
