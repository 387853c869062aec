"""The search bot's view of an Aeronautica position (``evaluate``): the odds of winning, from
the victory points if the game ended now, the Structure left and aim, on a logistic scale."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
import yaml

from polemos.core.game import Game
from polemos.rulesets.aeronautica import evaluate, firing
from polemos.rulesets.aeronautica.evaluate import (
    AIM_SLOPE,
    FIRING_AIM_SLOPE,
    STRUCTURE_SLOPE,
    VP_SLOPE,
)
from polemos.rulesets.aeronautica.state import DISENGAGED
from tests.conftest import new_game

SCENARIOS = Path(__file__).parents[3] / "scenarios"


def raw() -> dict[str, Any]:
    return yaml.safe_load((SCENARIOS / "aeronautica/dogfight.yaml").read_text())


def structure_fielded(game: Game, side: str) -> int:
    """The Structure ``side`` fielded (every model whole)."""
    specs = game.rules.setup.specs
    return sum(specs[m.id].structure for m in game.state.models.values() if m.side == side)


def odds(logit: float) -> float:
    return 1 / (1 + math.exp(-logit))


def test_the_start_is_even():
    """Nothing scored (AI-69), every side's Structure whole, nobody within Long range (AI-47)."""
    game = new_game(raw())
    assert evaluate.evaluate(game.rules, game.state, "imperial") == 0.5
    assert evaluate.evaluate(game.rules, game.state, "ork") == 0.5


def test_a_damaged_enemy_counts_its_victory_points_and_its_structure_lost():
    """AI-69: a damaged enemy is worth half its cost, rounded up, over the points both sides
    fielded (AI-72), weighed by the share of the 12 turns played (AI-66); the Orks keep all
    but one point of the Structure they fielded. The two sides' odds add up to 1."""
    scenario = raw()
    scenario["squadrons"]["ork"][2]["damage"] = 1  # bommer-1
    game = new_game(scenario)
    setup, state = game.rules.setup, game.state
    bommer = setup.specs["bommer-1"]
    vp = -(-bommer.cost * 50 // 100)
    fielded = sum(state.start_points.values())
    ork_structure = structure_fielded(game, "ork")
    assert evaluate.structure(game.rules, state) == pytest.approx(
        {"imperial": 1.0, "ork": 1 - 1 / ork_structure})
    expected = odds(VP_SLOPE * state.turn / 12 * vp / fielded
                    + STRUCTURE_SLOPE / ork_structure)
    assert evaluate.evaluate(game.rules, state, "imperial") == pytest.approx(expected)
    assert evaluate.evaluate(game.rules, state, "ork") == pytest.approx(1 - expected)


def test_a_lead_in_victory_points_counts_more_as_the_turns_run_out():
    """AI-66: the game ends after turn 12, so the same lead is surer late than early."""
    scenario = raw()
    scenario["squadrons"]["ork"][2]["damage"] = 1
    game = new_game(scenario)
    early = evaluate.evaluate(game.rules, game.state, "imperial")
    game.state.turn = 12
    assert evaluate.evaluate(game.rules, game.state, "imperial") > early > 0.5


def test_aim_counts_the_victory_points_of_the_best_volley_from_where_both_stand():
    """AI-44, AI-47: dakkajet-1 flies two hexes ahead of thunderbolt-1, at its altitude and
    away from it: the one shot on the table. Its expected Structure taken, at the Dakkajet's
    cost per Structure point (AI-69), over the points fielded, is the aim lead; it weighs more
    once the Firing phase has come."""
    scenario = raw()
    scenario["squadrons"]["ork"][0].update(hex=[4, 4], facing="E", altitude=4)
    game = new_game(scenario)
    models, setup = game.state.models, game.rules.setup
    dakkajet = setup.specs["dakkajet-1"]
    shot = firing.expected(setup, models["thunderbolt-1"], models["dakkajet-1"])
    assert shot > 0
    aimed = shot * dakkajet.cost / dakkajet.structure / sum(game.state.start_points.values())
    assert evaluate.aim(game.rules, game.state, "imperial") == pytest.approx(aimed)
    assert evaluate.aim(game.rules, game.state, "ork") == pytest.approx(-aimed)
    assert evaluate.evaluate(game.rules, game.state, "imperial") == pytest.approx(
        odds(AIM_SLOPE * aimed))
    game.state.phase = "firing"  # AI-25: the volleys are about to be fired
    assert evaluate.evaluate(game.rules, game.state, "imperial") == pytest.approx(
        odds(FIRING_AIM_SLOPE * aimed))


def test_a_model_out_of_play_has_no_structure_left():
    """AI-30: an aircraft that flew off the area is out of the game, whole or not."""
    game = new_game(raw())
    game.state.models["dakkajet-1"].status = DISENGAGED
    setup, state = game.rules.setup, game.state
    ork_structure = structure_fielded(game, "ork")
    left = evaluate.structure(game.rules, state)
    assert left["ork"] == pytest.approx(1 - setup.specs["dakkajet-1"].structure / ork_structure)
    assert left["imperial"] == 1.0
