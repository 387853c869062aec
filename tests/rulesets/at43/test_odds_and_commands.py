"""At the table: a ram's exact odds (AT-15, AT-17, AT-18) and a destination typed as numbers,
turned into AT-7's ``move`` {heading, distance} and checked like a menu move."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from polemos.core.actions import Action
from polemos.core.errors import PolemosInputError
from polemos.core.table import gap
from polemos.rulesets.at43.odds import ram_damage
from tests.conftest import refused
from tests.rulesets.at43.helpers import act, game, pos, scenario, unit, v
from tests.rulesets.at43.test_turn import three_units


def test_at18_a_charge_of_three_impacts_on_4_plus_is_binomial():
    """The worked duel: the Kossak charges the Lancelot (AT-15: 2 impacts, AT-17: +1 for
    Size), each impact succeeding on 4+ (AT-18, AT-2: Armour against Armour, Δ in −1 … +1):
    0, 1, 2 or 3 damage points with 1/8, 3/8, 3/8, 1/8."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("l", "Lancelot", 31.5, 0))), [4, 4, 1, 3, 3, 1, 1])
    act(g, "declare", "k", mode="rush")
    ram = Action("ram", "k", {"target": "l", "offset": 0})
    assert ram_damage(g.state, g.rules.params, ram) == (
        "charge", 3, 4, {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8),
                         3: Fraction(1, 8)})
    assert g.rules.odds(g.view("red"), ram) == \
        "charge, 3 impacts on 4+: 12 % 0 damage, 38 % 1 damage, 38 % 2 damage, 12 % 3 damage"
    assert g.rules.odds(g.view("red"), Action("move", "k", {"heading": 0, "distance": 0})) \
        is None


def test_at7_a_typed_point_is_a_heading_and_a_distance_checked_by_the_rules():
    """``move b to X Y`` is AT-7's move toward the point; beyond the declared reach the rules
    refuse it (AT-7) and nothing changes; within it the AFV ends on the point."""
    g = three_units()
    act(g, "declare", "b", mode="normal")
    base = g.state.vehicles["b"].base
    view = g.view("red")
    far = g.rules.parse_command(view, f"to ({base.x:g}, {base.y + 80:g}) cm")
    assert far == Action("move", "b", {"heading": 90.0, "distance": 80.0})
    refused(g, far, "AT-7")
    typed = g.rules.parse_command(view, f"move b to {base.x + 5:g} {base.y:g}")
    assert typed == Action("move", "b", {"heading": 0.0, "distance": 5.0})
    g.step(typed)
    assert pos(g, "b") == pytest.approx((5, 20))


def test_at7_toward_a_unit_stops_the_gap_short_and_bad_words_say_the_grammar():
    """``toward x stop 2``: straight at x's centre, ending 2 cm edge to edge from it."""
    g = three_units()
    act(g, "declare", "a", mode="rush")
    mover, other = g.state.vehicles["a"].base, g.state.vehicles["x"].base
    typed = g.rules.parse_command(g.view("red"), "toward x stop 2")
    assert typed is not None and typed.unit == "a"
    assert typed["distance"] == pytest.approx(gap(mover, other) - 2, abs=0.01)
    assert typed["heading"] == pytest.approx(math.degrees(math.atan2(other.y - mover.y,
                                                                     other.x - mover.x)) % 360)
    assert g.rules.parse_command(g.view("red"), "hold") is None
    for bad in ("to 41.5", "to x y", "toward x stop -1", "toward ghost"):
        with pytest.raises(PolemosInputError):
            g.rules.parse_command(g.view("red"), bad)
