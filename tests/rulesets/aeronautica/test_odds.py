"""The odds beside a burst, counted exactly from AI-47, AI-48, AI-50 (``Ruleset.odds``)."""

from __future__ import annotations

from fractions import Fraction

from polemos.core.actions import Action
from polemos.rulesets.aeronautica.odds import burst
from tests.rulesets.aeronautica.test_firing import duel_firing

SHOT = Action("fire", "tb", {"weapon": "quad_autocannons", "target": "dj"})


def test_ai48_a_medium_range_burst_of_six_dice_against_structure_two():
    """Quad Autocannons 5 hexes away: Medium, 6 dice (AI-47), each hitting on 5+ (AI-48,
    same altitude): 1/3; each hit removes 1 Structure on 4+ (AI-50): 1/2. So each die removes
    1 with 1/6 and the burst is Binomial(6, 1/6): the Dakkajet (Structure 2) survives damaged
    with 6·5⁵/6⁶ and is shot down with 1 − 5⁶/6⁶ − 6·5⁵/6⁶."""
    game = duel_firing()
    dice, lowest, removed = burst(game.rules.setup, game.state, SHOT, {})
    assert (dice, lowest) == (6, 5)
    assert removed == {k: Fraction(n, 6 ** 6) for k, n in
                       {0: 5 ** 6, 1: 6 * 5 ** 5, 2: 15 * 5 ** 4, 3: 20 * 5 ** 3,
                        4: 15 * 5 ** 2, 5: 6 * 5, 6: 1}.items()}
    assert game.rules.odds(game.view("imperial"), SHOT) == \
        "6 dice, each hits on 5+: 40 % damaged, 26 % destroyed"


def test_ai51_extra_damage_and_a_natural_one_count_face_by_face():
    """Twin Lascannons at Medium: 2 dice hitting on 5+; a hit's die removes nothing on a 1
    (AI-2), 1 on 2-5 (Damage 2+, AI-50) and 2 on a 6 (Extra Damage 6+, AI-51). Per die:
    0 with 2/3 + 1/3·1/6 = 13/18, 1 with 4/18, 2 with 1/18; two dice reach Structure 2
    with 1 − (13/18)² − 2·13·4/18² = 51/324 and remove exactly 1 with 104/324."""
    game = duel_firing()
    shot = Action("fire", "tb", {"weapon": "twin_lascannons", "target": "dj"})
    _, _, removed = burst(game.rules.setup, game.state, shot, {})
    assert removed[0] == Fraction(169, 324) and removed[1] == Fraction(104, 324)
    assert sum(p for k, p in removed.items() if k >= 2) == Fraction(51, 324)
    assert game.rules.odds(game.view("imperial"), shot) == \
        "2 dice, each hits on 5+: 32 % damaged, 16 % destroyed"
    assert game.rules.odds(game.view("imperial"), Action("done", "tb")) is None
