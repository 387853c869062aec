"""The greedy bot (hook ``polemos_bot_policy(ruleset="at43", kind="greedy")``)."""

from __future__ import annotations

import math
import random

import pytest

from polemos.core.actions import Action
from polemos.core.engine import play
from polemos.core.players import bot_rng, make_bot
from polemos.core.table import gap
from polemos.rulesets.at43.bots import (
    FINISH,
    SCORE_ONLY,
    clear_path,
    greedy_policy,
    point_worth,
    ram_value,
)
from tests.conftest import new_game
from tests.rulesets.at43.helpers import act, container, game, plugin_manager, ram, scenario, unit, v


def choose(g) -> Action:
    side = g.to_act()
    return greedy_policy(g.rules, g.view(side), side, g.legal_actions(), random.Random(0))


def test_the_hook_gives_the_greedy_policy_for_at43_only():
    pm = plugin_manager()
    assert make_bot(pm, "at43", "greedy", random.Random(0)).policy is greedy_policy
    assert pm.hook.polemos_bot_policy(ruleset="at43", kind="random", pm=pm) is None


def test_greedy_rams_the_target_with_the_best_expected_damage():
    """A Kossak within reach of a Wraith and an Easy Trike rams the Trike: 2 impacts on 2+
    against 1 on 4+, and a weak backlash (AT-17 … AT-19)."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("w", "Wraith", 25, 0)),
                      unit("b2", "blue", v("t", "Easy Trike", 0, 25))))
    k, w, t = (g.state.vehicles[i] for i in ("k", "w", "t"))
    assert ram_value(k, t, "assault") > ram_value(k, w, "assault")
    assert choose(g) == Action("declare", "k", {"mode": "rush"})
    g.step(choose(g))
    best = choose(g)
    assert (best.kind, best.args["target"]) == ("ram", "t")


def test_greedy_pushes_allots_to_the_weakest_and_strikes_rather_than_join_for_nothing():
    g = game(scenario(unit("r", "red", v("t1", "Toad", 36, 40), v("t2", "Toad", 29, 40)),
                      unit("b", "blue", v("h", "Hekat", 50, 40))), [4, 3, 1])
    ram(g, "t1", "h")
    assert choose(g) == Action("strike")  # t2 would join behind t1 with 0 impacts (AT-34)
    act(g, "strike")
    assert choose(g) == Action("push")


def test_greedy_allots_the_extra_point_to_the_target_closest_to_destruction():
    from tests.rulesets.at43.test_examples import three_toads_two_hekats
    g = three_toads_two_hekats(7, [4, 4, 4])
    g.state.vehicles["h2"].frame = 1
    assert choose(g) == Action("allot", None, {"extra": "h2"})


def test_greedy_bots_play_the_derby_to_a_result():
    from polemos.core.scenario import load_scenario
    from tests.rulesets.at43.test_scenario import DERBY
    pm = plugin_manager()
    g = new_game(load_scenario(DERBY, pm).raw, seed=4, pm=pm)
    players = {s: make_bot(pm, "at43", "greedy", bot_rng(4, s)) for s in ("red", "blue")}
    result = play(g, players)
    assert result.rule in ("AT-P2", "AT-P3")
    assert any(a["kind"] == "ram" for a in g.actions)


def test_greedy_closes_on_a_far_enemy_with_its_whole_rush():
    """Out of reach of every ram, the Kossak does not idle (the old bot rushed 0 cm): it uses
    all of its M + 10 cm (AT-7) toward the Trike, the only enemy."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("t", "Easy Trike", 100, 0))))
    assert choose(g) == Action("declare", "k", {"mode": "rush"})
    g.step(choose(g))
    move = choose(g)
    assert move.kind == "move" and move["distance"] == pytest.approx(28.0)
    assert math.cos(math.radians(move["heading"])) > 0.99  # straight east, at the Trike


def test_greedy_walker_does_not_waste_its_ram_on_a_wreck():
    """AT-12 lets a walker shove a wreck, but that loses nobody any SP: with a wreck in reach
    and the enemy far off, the Strider moves toward the enemy instead."""
    strider = {"name": "Strider", "armour": 13, "size": 4, "move": 15, "frame": 3,
               "propulsion": 2, "weapons": 1, "radius": 4, "walker": True}
    g = game(scenario(unit("r", "red", v("s", "Strider", 0, 0)),
                      unit("b", "blue", v("t", "Easy Trike", 100, 0)),
                      wrecks=[v("w", "Lancelot", 0, 15)], profiles={"vehicles": [strider]}))
    g.step(choose(g))
    assert any(a.kind == "ram" and a["target"] == "w" for a in g.legal_actions())
    assert choose(g).kind == "move"


def test_a_damage_point_is_worth_more_on_a_crippled_afv():
    """AT-5: the last Propulsion or Frame point decides AT-P2, so a point that may take it is
    worth more; on an AFV already immobilised a point only adds to the AT-P3 score."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("h1", "Hekat", 20, 0), v("h2", "Hekat", 0, 20))))
    h1, h2 = g.state.vehicles["h1"], g.state.vehicles["h2"]
    h2.propulsion = 1
    assert point_worth(h1) == 1.0
    assert point_worth(h2) == pytest.approx(1.0 + FINISH * 2 / 6)
    h2.frame = 1
    assert point_worth(h2) == pytest.approx(1.0 + FINISH * (2 + 3) / 6)
    h2.propulsion = 0
    assert point_worth(h2) == SCORE_ONLY


def test_greedy_rams_the_crippled_one_of_two_equal_targets():
    """Two Hekats at the same distance: the one down to its last Propulsion point is rammed."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("h1", "Hekat", 20, 0)),
                      unit("b2", "blue", v("h2", "Hekat", 0, 20))))
    g.state.vehicles["h2"].propulsion = 1
    g.step(choose(g))
    best = choose(g)
    assert (best.kind, best.args["target"]) == ("ram", "h2")


def test_greedy_goes_round_a_container_to_a_clear_charge():
    """A container between the Kossak and the Hekat blocks every head-on ram (AT-16): the
    Kossak does not wait behind it but moves round it, to a spot within its M + 10 cm of the
    Hekat (AT-15) with a clear path to it."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 10, 40)),
                      unit("b", "blue", v("h", "Hekat", 42.5, 40)),
                      terrain=[container("c", 26, 40)]))
    g.step(choose(g))
    assert not any(a.kind == "ram" for a in g.legal_actions())
    g.step(choose(g))
    k, h = g.state.vehicles["k"], g.state.vehicles["h"]
    assert 2.5 < gap(k.base, h.base) <= k.move + 10
    assert clear_path(g.state, k.base, h)
