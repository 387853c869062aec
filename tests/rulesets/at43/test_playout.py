"""The search bot's playout policy (hook ``polemos_bot_policy(ruleset="at43", kind="playout")``):
cheap, legal, and greedy-like — rush, ram what is worth it, else close to charge range."""

from __future__ import annotations

import math
import random

import pytest

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.core.scenario import load_scenario
from polemos.core.table import gap
from polemos.rulesets.at43.playout import playout_policy
from tests.conftest import new_game
from tests.rulesets.at43.helpers import game, plugin_manager, scenario, unit, v
from tests.rulesets.at43.test_scenario import DERBY


def choose(g: Game) -> Action:
    side = g.to_act()
    return playout_policy(g.rules, g.state, side, g.legal_actions(), random.Random(0))


def test_the_hook_gives_the_playout_policy_for_at43_only():
    pm = plugin_manager()
    assert pm.hook.polemos_bot_policy(ruleset="at43", kind="playout", pm=pm) is playout_policy
    assert pm.hook.polemos_bot_policy(ruleset="pcv", kind="playout", pm=pm) is not \
        playout_policy


def test_every_playout_choice_in_a_derby_is_legal():
    """Moves off the menu (straight at a target) must pass the rules' own check (AT-7)."""
    pm = plugin_manager()
    g = new_game(load_scenario(DERBY, pm).raw, seed=3, pm=pm)
    rng = random.Random(3)
    while g.to_act() is not None:
        side = g.to_act()
        assert side is not None
        action = playout_policy(g.rules, g.state, side, g.legal_actions(), rng)
        g.rules.check(g.state, action)
        g.step(action)
    result = g.result()
    assert result is not None and result.rule in ("AT-P2", "AT-P3")


def test_playout_rushes_the_afv_with_a_ram_in_band_and_rams_the_best_target():
    """The Kossak 25 cm from a Hekat may charge it (18 < 25 ≤ 28, AT-15); the Sierp has no
    enemy in reach. The Kossak rushes first (AT-7, AT-11) and rams the Hekat."""
    g = game(scenario(unit("r", "red", v("s", "Sierp", 10, 60), v("k", "Kossak", 10, 40)),
                      unit("b", "blue", v("h", "Hekat", 42.5, 40))))
    assert choose(g) == Action("declare", "k", {"mode": "rush"})
    g.step(choose(g))
    best = choose(g)
    assert (best.kind, best.unit, best["target"]) == ("ram", "k", "h")


def test_playout_drives_straight_at_a_far_target_into_its_charge_band():
    """Out of reach, the Kossak drives its whole rush (18 + 10 cm, AT-7) east at the Trike."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("t", "Easy Trike", 100, 0))))
    g.step(choose(g))
    move = choose(g)
    assert move.kind == "move" and move["distance"] == pytest.approx(28.0)
    assert math.cos(math.radians(move["heading"])) > 0.999


def test_playout_stops_inside_the_charge_band_of_a_nearer_target():
    """45 cm off, the Kossak stops 2 cm inside its charge band (26 cm from the Trike's base,
    18 < 26 ≤ 28, AT-15) rather than driving into an Assault or contact."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("t", "Easy Trike", 52, 0))))
    g.step(choose(g))
    g.step(choose(g))
    k, t = g.state.vehicles["k"], g.state.vehicles["t"]
    assert gap(k.base, t.base) == pytest.approx(26.0, abs=0.1)
