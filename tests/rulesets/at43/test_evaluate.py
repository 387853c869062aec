"""The search bot's view of an AT-43 position (``evaluate``): staying power and rams on offer."""

from __future__ import annotations

import pytest

from polemos.rulesets.at43.bots import ram_value
from polemos.rulesets.at43.evaluate import durability, evaluate, rams_on_offer
from tests.rulesets.at43.helpers import container, game, scenario, unit, v


def test_durability_is_the_damage_an_afv_can_expect_to_take_while_mobile():
    """AT-4: a point goes to Propulsion on 1–2, to the Frame on 3–5 (and 6 without a Weapon);
    AT-5: either at 0 ends its mobility, so the two combine as ways to fail in parallel."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("t", "Easy Trike", 100, 0))))
    kossak, trike = g.state.vehicles["k"], g.state.vehicles["t"]
    assert durability(kossak) == pytest.approx(1 / (1 / 6 + 1 / 8))
    assert durability(trike) == pytest.approx(1 / (1 / 3 + 1 / 4))
    kossak.propulsion = 1
    assert durability(kossak) == pytest.approx(1 / (1 / 3 + 1 / 8))
    kossak.propulsion = 0
    assert durability(kossak) == 0.0


def test_rams_on_offer_count_a_charge_in_band_on_a_clear_path_only():
    """A Kossak 25 cm from a Hekat may charge it (18 < 25 ≤ 28, AT-15); the Hekat's charge back
    (20 < 25 ≤ 30) would take more backlash than it deals (Armour 12 against 14, AT-19), so it
    counts nothing. With a container between them no path is clear (AT-16)."""
    kossak, hekat = v("k", "Kossak", 10, 40), v("h", "Hekat", 42.5, 40)
    g = game(scenario(unit("r", "red", kossak), unit("b", "blue", hekat)))
    k, h = g.state.vehicles["k"], g.state.vehicles["h"]
    offer = rams_on_offer(g.rules, g.state)
    assert ram_value(h, k, "charge") < 0 < ram_value(k, h, "charge")
    assert offer == pytest.approx({"red": ram_value(k, h, "charge"), "blue": 0.0})
    assert evaluate(g.rules, g.state, "red") > 0.5 > evaluate(g.rules, g.state, "blue")
    blocked = game(scenario(unit("r", "red", kossak), unit("b", "blue", hekat),
                            terrain=[container("c", 26, 40)]))
    assert rams_on_offer(blocked.rules, blocked.state) == {"red": 0.0, "blue": 0.0}


def test_evaluate_gives_odds_that_a_hit_moves_and_later_rounds_weigh_the_score_more():
    """The odds of the two sides add up to 1; a damage point taken moves them by more than a
    hundredth of a game (AT-4: the Hekat's Frame 3 → 2); the same lead in AT-P3's score counts
    more at round 12 than at round 1, when the round limit is still far off."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("h", "Hekat", 100, 0)), max_rounds=18))
    red, blue = evaluate(g.rules, g.state, "red"), evaluate(g.rules, g.state, "blue")
    assert red + blue == pytest.approx(1.0)
    g.state.vehicles["h"].frame = 2
    hit = evaluate(g.rules, g.state, "red")
    assert hit > red + 0.01
    g.state.vehicles["h"].frame = 3
    g.state.killed["blue"] = 2  # two blue models killed: red leads the score by 2 (AT-P3)
    early = evaluate(g.rules, g.state, "red")
    g.state.round = 12
    assert evaluate(g.rules, g.state, "red") > early > red
