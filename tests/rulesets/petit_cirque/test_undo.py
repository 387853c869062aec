"""Fair undo (core/undo.py) in Le Petit Cirque Volant: a move comes back, a shot does not."""

from __future__ import annotations

import pytest

from polemos.core.undo import UndoRefused, take_back
from tests.rulesets.petit_cirque.helpers import (
    cruise,
    fire,
    game,
    hold_all,
    plane,
    scenario,
    step,
    where,
)

BLUE = plane("b1", "blue", 3, 4, "W")
LEVEL_ARGS = {"alt": "level", "dir": "straight"}


def test_pcv6_a_move_of_one_hex_can_be_undone_and_replayed_identically():
    """PCV-6: a step forward reveals nothing, so red takes it back: same position, same log,
    and the game goes on exactly as if the step had never been made."""
    g = game(scenario(plane("r1", "red", 1, 4, speed=2), BLUE))
    before = g.snapshot(), list(g.events), list(g.actions)
    step(g, "r1")
    assert where(g, "r1") == (2, 4)
    undone = take_back(g, "red")
    assert undone.actions == [{"kind": "step", "unit": "r1", "args": LEVEL_ARGS}]
    assert (g.snapshot(), g.events, g.actions) == before
    step(g, "r1", "right")
    again = game(scenario(plane("r1", "red", 1, 4, speed=2), BLUE))
    step(again, "r1", "right")
    assert g.events == again.events and g.snapshot() == again.snapshot()


def test_pcv15_a_shot_that_rolled_cannot_be_undone():
    """PCV-15: the shot rolled its die; taking it back would let red roll again. Refused,
    naming the roll, and nothing changes."""
    g = game(scenario(plane("r1", "red", 1, 4), BLUE, plane("b9", "blue", 10, 9, "W")),
             dice=[2])
    cruise(g)
    fire(g, "r1", "b1")
    before = g.snapshot(), len(g.events)
    with pytest.raises(UndoRefused, match=r"dice were rolled since \(r1 fires at b1, PCV-15\)"):
        take_back(g, "red")
    assert (g.snapshot(), len(g.events)) == before


def test_pcv4_an_action_answered_by_the_other_side_cannot_be_undone():
    """PCV-4: once blue has acted, red's last action stands; a side that has not acted has
    nothing to undo."""
    g = game(scenario(plane("r1", "red", 1, 4), plane("b1", "blue", 10, 9, "W")))
    with pytest.raises(UndoRefused, match="nothing to undo: red has not acted yet"):
        take_back(g, "red")
    cruise(g)
    hold_all(g)
    assert g.to_act() == "blue"
    step(g, "b1")
    with pytest.raises(UndoRefused, match="blue has acted since red's last action"):
        take_back(g, "red")


def test_pcv14_holding_fire_with_no_target_is_forced_and_a_shot_is_not():
    """PCV-14: with nothing in range every aircraft holds, in any order alike, so the
    terminal takes the holds without asking; with a target the choice is the player's."""
    far = game(scenario(plane("r1", "red", 1, 4), plane("r2", "red", 1, 8),
                        plane("b1", "blue", 10, 9, "W")))
    cruise(far)
    legal = far.legal_actions()
    assert {a.kind for a in legal} == {"hold"} and len(legal) == 2
    assert far.rules.forced(far.view("red"), legal) == legal[0]
    near = game(scenario(plane("r1", "red", 1, 4), BLUE))
    cruise(near)
    assert near.rules.forced(near.view("red"), near.legal_actions()) is None
