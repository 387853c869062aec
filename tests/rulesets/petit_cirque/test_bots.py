"""The greedy bot (issue 2, deliverable 6): it fires when it has a shot and does not fly into a
same-altitude aircraft or off the cloth when it can avoid it. The search bot's cheap playout
policy (issue 14) is held to the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.actions import Action
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import PolicyBot, bot_rng
from polemos.core.scenario import load_scenario
from polemos.rulesets.petit_cirque import hooks
from tests.rulesets.petit_cirque.helpers import (
    cruise,
    events,
    game,
    plane,
    plugin_manager,
    scenario,
)

SPARE_BLUE = plane("b9", "blue", 10, 9, "W")
DUEL = Path(__file__).resolve().parents[3] / "scenarios" / "petit-cirque" / "duel.yaml"


KINDS = pytest.mark.parametrize("kind", ["greedy", "playout"])


def greedy(side="red", seed=0, kind="greedy"):
    """The policy the ruleset hands out through ``polemos_bot_policy``."""
    policy = hooks.polemos_bot_policy(ruleset="petit_cirque", kind=kind)
    assert policy is not None and hooks.polemos_bot_policy(ruleset="chess", kind=kind) is None
    return PolicyBot(policy, bot_rng(seed, side))


def choose(g, side="red", kind="greedy"):
    action = greedy(side, kind=kind).choose(g.rules, g.view(side), side, g.legal_actions())
    assert action in g.legal_actions()
    return action


def finish_move(g, unit, kind="greedy"):
    """Let the bot fly ``unit`` until its move (and speed choice) is done."""
    while g.state.phase == "move" and (g.state.moving == unit or (
            g.state.moving is None and unit not in g.state.done
            and g.state.planes[unit].in_play)):
        g.step(choose(g, kind=kind))


@KINDS
def test_greedy_fires_when_it_has_a_shot_and_takes_the_best_one(kind):
    g = game(scenario(plane("r1", "red", 1, 4), plane("b1", "blue", 5, 4, "W"),
                      plane("b2", "blue", 3, 4, "W"), SPARE_BLUE))
    cruise(g)
    assert {a.kind for a in g.legal_actions()} == {"fire", "hold"}
    assert choose(g, kind=kind) == Action("fire", "r1", {"target": "b2"})  # hex 1 (4+), not 3 (6)


@KINDS
def test_greedy_holds_without_a_shot(kind):
    g = game(scenario(plane("r1", "red", 1, 4), SPARE_BLUE))
    cruise(g)
    assert choose(g, kind=kind) == Action("hold", "r1")


@KINDS
def test_greedy_does_not_fly_into_a_same_altitude_aircraft(kind):
    """PCV-12: the hex straight ahead holds an enemy at the same altitude, with a shot lined up
    behind it; the bot neither stops on nor passes through it level."""
    g = game(scenario(plane("r1", "red", 2, 4, altitude=3, speed=2),
                      plane("b1", "blue", 3, 4, "E", altitude=3),
                      plane("b2", "blue", 6, 4, "W", altitude=3), SPARE_BLUE))
    finish_move(g, "r1", kind)
    assert events(g, "collision") == [] and g.state.planes["r1"].in_play
    for move in events(g, "move"):
        assert not (move["to"] == [3, 4] and move["altitude"] == 3)


@KINDS
def test_greedy_does_not_collide_with_a_friend(kind):
    g = game(scenario(plane("r1", "red", 2, 4, speed=1), plane("r2", "red", 3, 4, "W"),
                      SPARE_BLUE))
    finish_move(g, "r1", kind)
    assert events(g, "collision") == [] and g.state.planes["r2"].in_play


@KINDS
def test_greedy_stays_on_the_cloth(kind):
    """PCV-13: at the east edge, facing east, the bot turns instead of flying off."""
    g = game(scenario(plane("r1", "red", 11, 4, speed=1), SPARE_BLUE))
    finish_move(g, "r1", kind)
    assert g.state.planes["r1"].in_play and events(g, "lost") == []
    assert events(g, "move")[0]["to"] in ([11, 3], [11, 5])


@KINDS
def test_greedy_does_not_land_when_it_can_climb_or_stay(kind):
    """PCV-11: at altitude 1 the bot never takes a step down to altitude 0."""
    g = game(scenario(plane("r1", "red", 2, 4, altitude=1, speed=3), SPARE_BLUE))
    finish_move(g, "r1", kind)
    assert g.state.planes["r1"].in_play and g.state.planes["r1"].altitude >= 1


def test_greedy_duel_plays_to_a_result_the_same_way_twice():
    """Greedy against greedy on the shipped duel ends with a result, deterministically."""
    pm = plugin_manager()
    logs = []
    for _ in range(2):
        g = Game.new(load_scenario(DUEL, pm), pm, seed=7, transactional=False)
        players = {side: greedy(side, seed=7) for side in ("red", "blue")}
        result = play(g, players)
        assert result.rule in ("PCV-3", "PCV-4")
        logs.append(g.events)
    assert logs[0] == logs[1]
