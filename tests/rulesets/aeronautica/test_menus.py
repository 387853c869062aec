"""The fire menu and the players' views are built for speed (issue 14); they must say exactly
what the rules say: every (weapon, target) ``shot_problem`` accepts (AI-17, AI-43 … AI-47),
and every token the side may see (AI-20), no more and no less."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng
from polemos.core.scenario import load_scenario
from polemos.core.serialize import canonical
from polemos.rulesets.aeronautica import firing, mixing
from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis

SCENARIOS = Path(__file__).parents[3] / "scenarios"
FILES = ("aeronautica/dogfight.yaml", "aeronautica/bombing-run.yaml",
         "mixed/bridge-showcase.yaml")


def every_accepted_shot(setup, state, volley, strangers=mixing.NOBODY):
    """The specification: each pair asked of ``shot_problem``, weapons then targets."""
    targets = [*state.models, *strangers]
    return [(slot.id, target) for slot in setup.specs[volley.unit].slots for target in targets
            if firing.shot_problem(setup, state, volley, slot.id, target, strangers) is None]


def copied_view(state, side):
    """The specification of AI-20's view: a copy with only the tokens ``side`` may see."""
    return dataclasses.replace(
        state, orders=state.orders.view(side),
        draft=dict(state.draft) if state.orders.pending() == side else {}, viewer=side)


@pytest.mark.parametrize("path", FILES)
def test_fire_menus_and_views_say_what_the_rules_say(pm, monkeypatch, path):
    fast_shots, fast_view = firing.shots, AeronauticaImperialis.view
    asked = {"shots": 0, "views": 0}

    def shots(setup, state, volley, strangers=mixing.NOBODY):
        found = fast_shots(setup, state, volley, strangers)
        assert found == every_accepted_shot(setup, state, volley, strangers)
        asked["shots"] += 1
        return found

    def view(self, state, side):
        seen = fast_view(self, state, side)
        assert canonical(seen) == canonical(copied_view(state, side))
        asked["views"] += 1
        return seen

    monkeypatch.setattr(firing, "shots", shots)
    monkeypatch.setattr(AeronauticaImperialis, "view", view)
    loaded = load_scenario(SCENARIOS / path, pm)
    for seed in range(6):
        game = Game.new(loaded, pm, seed=seed, transactional=False)
        play(game, {side: RandomBot(bot_rng(seed, side))
                    for side in game.rules.sides(game.state)})
    assert asked["shots"] and asked["views"]
