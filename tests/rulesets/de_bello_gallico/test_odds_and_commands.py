"""At the table: a shot's exact odds (DBG-22, DBG-7) and a destination typed as numbers,
turned into DBG-11's ``move`` {x, y} and checked like a menu move."""

from __future__ import annotations

from fractions import Fraction

import pytest

from polemos.core.table import gap
from polemos.rulesets.de_bello_gallico.odds import shot_outcome
from tests.conftest import refused
from tests.rulesets.de_bello_gallico.helpers import act, f
from tests.rulesets.de_bello_gallico.test_shooting import range_game


def test_dbg22_a_shot_at_12_cm_needs_7_on_the_d10(pm):
    """DBG-22: 12 cm away the difficulty is 11; Tir 4 needs 7+ on the D10: 4 faces of 10.
    A healthy target is wounded (DBG-7), a wounded one put out of action."""
    game = range_game(pm, 24, [])
    shoot = act("shoot", "r1", target="b1")
    assert shot_outcome(game.state, shoot) == (7, "wounded", Fraction(4, 10))
    assert game.rules.odds(game.view("red"), shoot) == "needs 7+ on the D10: 40 % wounded"
    f(game, "b1").wounds = 1
    assert game.rules.odds(game.view("red"), shoot) == "needs 7+ on the D10: 40 % out of action"
    assert game.rules.odds(game.view("red"), act("end", "r1")) is None


def test_dbg11_a_typed_point_moves_there_or_is_refused_with_the_rule(pm):
    """``move to X Y`` moves the activated fighter's centre to the point (DBG-11); a point
    beyond its Mouvement is refused by DBG-11 and nothing changes."""
    game = range_game(pm, 40, [])
    view = game.view("red")
    far = game.rules.parse_command(view, "move to 50 10")
    assert far == act("move", "r1", x=50.0, y=10.0)
    refused(game, far, "DBG-11")
    typed = game.rules.parse_command(view, "move r1 to 14.5, 10")
    game.step(typed)
    assert (f(game, "r1").base.x, f(game, "r1").base.y) == (14.5, 10)


def test_dbg11_toward_a_fighter_stops_the_gap_short(pm):
    """``toward b1 stop 2``: straight at b1, ending 2 cm edge to edge from its base."""
    game = range_game(pm, 24, [])
    typed = game.rules.parse_command(game.view("red"), "toward b1 stop 2")
    game.step(typed)
    assert gap(f(game, "r1").base, f(game, "b1").base) == pytest.approx(2, abs=0.01)
    assert game.rules.parse_command(game.view("red"), "shoot b1") is None
