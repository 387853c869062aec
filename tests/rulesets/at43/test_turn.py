"""The turn (AT-P1), movement (AT-5, AT-7), the objective (AT-P2) and the round limit (AT-P3),
and how the game reads at the terminal."""

from __future__ import annotations

import pytest

from polemos.core.actions import Action
from polemos.rulesets.at43 import objective
from tests.conftest import events, refused
from tests.rulesets.at43.helpers import (
    act,
    game,
    near,
    pos,
    ram,
    scenario,
    unit,
    v,
)


def three_units(**extra):
    return game(scenario(unit("r1", "red", v("a", "Toad", 0, 0), v("b", "Toad", 0, 20)),
                         unit("b1", "blue", v("x", "Hekat", 80, 0)),
                         unit("r2", "red", v("c", "Toad", 0, 40)), **extra), extra.pop("dice", []))


def test_atp1_units_alternate_and_a_unit_finishes_its_activation():
    """AT-P1: red activates r1 (both its AFVs), then blue, then red's r2; then a new round."""
    g = three_units()
    assert {a.unit for a in g.legal_actions()} == {"a", "b", "c"}
    act(g, "hold", "a")
    assert {a.unit for a in g.legal_actions()} == {"b"}
    refused(g, Action("declare", "c", {"mode": "normal"}), "AT-P1")
    refused(g, Action("hold", "a"), "AT-P1")
    act(g, "declare", "b", mode="normal")
    act(g, "move", "b", heading=0, distance=15)
    assert g.to_act() == "blue"
    refused(g, Action("hold", "c"), "AT-P1")
    act(g, "hold", "x")
    assert g.to_act() == "red" and {a.unit for a in g.legal_actions()} == {"c"}
    act(g, "hold", "c")
    assert g.state.round == 2 and events(g, "round")[-1]["first"] == "red"


def test_atp1_without_a_first_side_a_roll_off_each_round():
    raw = scenario(unit("r1", "red", v("a", "Toad", 0, 0)),
                   unit("b1", "blue", v("x", "Hekat", 80, 0)))
    del raw["first_side"]
    g = game(raw, [2, 5, 6, 1])
    assert g.to_act() == "blue"
    act(g, "hold", "x")
    act(g, "hold", "a")
    assert g.to_act() == "red"
    assert [e["rule"] for e in events(g, "roll")] == ["AT-P1"] * 4


def test_at7_normal_move_reaches_m_and_a_rush_m_plus_10():
    g = three_units()
    act(g, "declare", "a", mode="normal")
    refused(g, Action("move", "a", {"heading": 0, "distance": 15.5}), "AT-7")
    refused(g, Action("hold", "a"), "AT-7")
    act(g, "move", "a", heading=0, distance=15)
    assert near(pos(g, "a"), (15, 0))
    act(g, "declare", "b", mode="rush")
    refused(g, Action("move", "b", {"heading": 0, "distance": 25.5}), "AT-7")
    act(g, "move", "b", heading=270, distance=25)
    assert near(pos(g, "b"), (0, -5))
    assert g.state.vehicles["b"].rushed and not g.state.vehicles["a"].rushed


def test_at7_a_move_without_a_declaration_is_refused_and_moves_stop_at_what_they_meet():
    g = three_units()
    refused(g, Action("move", "a", {"heading": 0, "distance": 5}), "AT-7")
    act(g, "declare", "a", mode="rush")
    act(g, "move", "a", heading=90, distance=25)
    assert near(pos(g, "a"), (0, 13))
    assert events(g, "move")[0]["stopped_by"] == "b"


def test_atp2_the_last_side_with_a_mobile_afv_wins():
    """AT-P2, with AT-E1's position: the Trike immobilised, blue has no mobile AFV left."""
    from tests.rulesets.at43.helpers import container
    g = game(scenario(unit("r", "red", v("polt", "Poltergeist", 0, 0)),
                      unit("b", "blue", v("trike", "Easy Trike", 27, 0)),
                      terrain=[container("box", 40, 0)]), [4, 1, 3, 4, 1])
    ram(g, "polt", "trike")
    act(g, "push")
    result = g.result()
    assert (result.winner, result.rule) == ("red", "AT-P2")
    assert g.to_act() is None and g.legal_actions() == []


def test_atp3_round_limit_most_enemy_sp_destroyed_wins_else_a_draw():
    raw = scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                   unit("b", "blue", v("l", "Lancelot", 31.5, 0), v("c", "Cobra", 80, 30)),
                   max_rounds=1)
    g = game(raw, [4, 4, 1, 3, 3, 1, 1])
    ram(g, "k", "l")
    act(g, "hold", "c")
    act(g, "hold", "l")
    result = g.result()
    assert (result.winner, result.rule, result.scores) == ("red", "AT-P3",
                                                           {"red": 2.0, "blue": 0.0})
    g2 = game(raw)
    act(g2, "hold", "k")
    act(g2, "hold", "l")
    act(g2, "hold", "c")
    assert (g2.result().winner, g2.result().rule) == (None, "AT-P3")


def test_atp3_a_wreck_counts_all_its_sp_and_killed_infantry_count_one():
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("t", "Easy Trike", 31, 0), v("c", "Cobra", 80, 30)),
                      max_rounds=1), [6, 6, 6, 3, 3, 6, 1, 1, 3])
    ram(g, "k", "t")
    g.state.killed["red"] = 2
    assert objective.scores(g.state) == {"red": 4.0, "blue": 1.0 + 2.0}


def test_text_describes_the_position_menu_and_every_event():
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("l", "Lancelot", 31.5, 0))), [4, 4, 1, 3, 3, 1, 1])
    text = g.rules.describe(g.view("red"))
    assert "Round 1/8" in text and "kossak" not in text and "k " in text
    act(g, "declare", "k", mode="rush")
    menu = [g.rules.describe_action(g.view(g.to_act()), a) for a in g.legal_actions()]
    assert "k: ram l (contact point +0°)" in menu and "k: stay put" in menu
    act(g, "ram", "k", target="l", offset=0)
    lines = [g.rules.narrate(e) for e in g.events]
    assert "  k charges l: 3 impact(s) on 4+, rolls 4, 4, 1: 2 damage (AT-15, AT-17, AT-18)" \
        in lines
    assert all(line is None or line.endswith(")") for line in lines)


@pytest.mark.parametrize("kind", ["fly", "declare"])
def test_unknown_or_malformed_actions_are_refused(kind):
    g = three_units()
    refused(g, Action(kind, "a", {"mode": "fast"}), "AT-P1" if kind == "fly" else "AT-7")


def test_non_finite_numbers_are_refused():
    g = three_units()
    act(g, "declare", "a", mode="rush")
    refused(g, Action("move", "a", {"heading": 0, "distance": float("nan")}), "AT-7")
    refused(g, Action("move", "a", {"heading": float("inf"), "distance": 1}), "AT-7")
    refused(g, Action("ram", "a", {"target": "x", "offset": float("nan")}), "AT-16")
