"""The odds beside a shot, counted exactly from PCV-15 … PCV-17 (``Ruleset.odds``)."""

from __future__ import annotations

from fractions import Fraction

from polemos.core.actions import Action
from polemos.rulesets.petit_cirque.odds import fire_outcomes
from tests.rulesets.petit_cirque.test_fire import ready, target

SHOT = Action("fire", "r1", {"target": "b1"})


def test_pcv15_4_plus_at_the_1st_hex_is_one_sixth_destroyed_two_sixths_damaged():
    """PCV-15: 4+ in the 1st hex; PCV-17: a 6 destroys, a 4 or 5 damages."""
    g = ready(target(3))
    assert fire_outcomes(g.state, g.rules.params, SHOT) == (
        4, {"damaged": Fraction(2, 6), "destroyed": Fraction(1, 6)})
    assert g.rules.odds(g.view("red"), SHOT) == "needs 4+: 33 % damaged, 17 % destroyed"
    assert g.rules.odds(g.view("red"), Action("hold", "r1")) is None


def test_pcv17_every_hit_on_a_damaged_target_destroys():
    """PCV-17: the second damage destroys, so each hit (5+ at the 2nd hex) is a kill."""
    g = ready(target(4))
    g.state.planes["b1"].damage = 1
    assert fire_outcomes(g.state, g.rules.params, SHOT) == (
        5, {"damaged": Fraction(0), "destroyed": Fraction(2, 6)})
    assert g.rules.odds(g.view("red"), SHOT) == "needs 5+: 33 % destroyed"


def test_pcv16_one_level_apart_counts_one_hex_more():
    """PCV-16: one level apart, the 1st hex needs 5+."""
    g = ready(target(3, altitude=2))
    assert g.rules.odds(g.view("red"), SHOT) == "needs 5+: 17 % damaged, 17 % destroyed"
