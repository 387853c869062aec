"""The greedy bot: officers near their men, charges on the weakened, rallies when it can."""

from __future__ import annotations

import math
import random

import pytest

from polemos.core.players import PolicyBot, make_bot
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    act,
    f,
    fighter,
    scenario,
    start,
    to_phase,
)


def greedy(pm) -> PolicyBot:
    bot = make_bot(pm, "de_bello_gallico", "greedy", random.Random(0))
    assert isinstance(bot, PolicyBot)
    return bot


def choose(pm, game):
    side = game.to_act()
    return greedy(pm).choose(game.rules, game.view(side), side, game.legal_actions())


def test_greedy_officer_walks_back_to_its_men(pm) -> None:
    raw = scenario(fighter("ro", "red", 10, 10, rank="officer"), fighter("r1", "red", 40, 40),
                   fighter("r2", "red", 44, 40), fighter("b1", "blue", 55, 5))
    game = start(raw, RED_FIRST, pm)
    game.step(act("activate", "ro"))
    before = math.dist((10, 10), (42, 40))
    action = choose(pm, game)
    assert action.kind == "move"
    assert math.dist((action["x"], action["y"]), (42, 40)) < before - 5


def test_greedy_charges_the_weakened_enemy(pm) -> None:
    raw = scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 16, 10),
                   fighter("b2", "blue", 10, 16, wounded=True))
    game = start(raw, RED_FIRST, pm)
    game.step(act("activate", "r1"))
    action = choose(pm, game)
    assert (action.kind, action.args) == ("charge", {"target": "b2"})


def test_greedy_activates_its_charger_first(pm) -> None:
    raw = scenario(fighter("r1", "red", 30, 30), fighter("r2", "red", 10, 10),
                   fighter("b1", "blue", 36, 30, wounded=True), fighter("b2", "blue", 50, 50))
    game = start(raw, RED_FIRST, pm)
    assert choose(pm, game).unit == "r1", "r1 can charge a wounded enemy"


def test_greedy_rallies_when_it_can(pm) -> None:
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer"), fighter("r1", "red", 24, 20),
                   fighter("b1", "blue", 50, 50))
    game = start(raw, RED_FIRST, pm)
    f(game, "r1").retreating = True
    to_phase(game, "manoeuvre")
    assert choose(pm, game).kind == "rally"
    to_phase(game, "rally")
    assert (choose(pm, game).kind, choose(pm, game).unit) == ("rally_one", "r1")


def test_greedy_names_an_officer_who_covers_several(pm) -> None:
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer"), fighter("r1", "red", 24, 20),
                   fighter("r2", "red", 20, 24), fighter("b1", "blue", 50, 50))
    game = start(raw, RED_FIRST, pm)
    to_phase(game, "break")
    game.state.break_sides = ["red"]
    assert (choose(pm, game).kind, choose(pm, game).unit) == ("substitute", "ro")


CORFINIUM_GROUND = [{"id": "river-west", "kind": "river", "rect": [0, 25, 27, 35]},
                    {"id": "river-east", "kind": "river", "rect": [33, 25, 60, 35]},
                    {"id": "bridge", "kind": "bridge", "rect": [27, 23, 33, 37]}]
HOLD = {"kind": "hold_bridge", "holder": "red", "defender": "blue", "bridge": "bridge"}
BLUE_FIRST = [1, 9]
"""Initiative dice of turn 1: red 1, blue 9."""


def test_greedy_defender_crosses_the_bridge_at_its_holders(pm) -> None:
    """DBG-57: a holder touching the bridge counts unless pinned, so a defender standing on the
    bridge out of charge reach does not stay put (as the old bot did): it walks up the bridge
    to the edge of the holder's zone of control (DBG-15, DBG-16), from where it can charge."""
    raw = scenario(fighter("r1", "red", 30, 22), fighter("b1", "blue", 30, 35),
                   terrain=CORFINIUM_GROUND, objective=HOLD)
    game = start(raw, [*BLUE_FIRST, 1], pm)  # then the javelin misses
    game.step(choose(pm, game))
    shot = choose(pm, game)
    assert (shot.kind, shot.args) == ("shoot", {"target": "r1"})  # 20 %, but a contested holder
    game.step(shot)
    action = choose(pm, game)
    assert action.kind == "move"
    assert (action["x"], action["y"]) == (30, pytest.approx(26.0, abs=0.02))


def test_greedy_defender_charges_a_holder_on_the_bridge_at_even_odds(pm) -> None:
    """Legionary against legionary wins 45 % of duels, below the usual charging odds; but a
    holder pinned on the bridge stops counting (DBG-17, DBG-57), so the defender charges."""
    raw = scenario(fighter("r1", "red", 30, 22), fighter("b1", "blue", 30, 29),
                   terrain=CORFINIUM_GROUND, objective=HOLD)
    game = start(raw, BLUE_FIRST, pm)
    game.step(choose(pm, game))
    assert (choose(pm, game).kind, choose(pm, game).args) == ("charge", {"target": "r1"})


def test_greedy_quarry_marches_off_rather_than_charge_at_fair_odds(pm) -> None:
    """A legionary beats a skirmisher 64 % of the time, enough to charge in a plain fight; the
    ambush's quarry (DBG-58, DBG-59) charges only at far better odds and heads for its exit."""
    ambush = {"kind": "ambush", "hunter": "red", "quarry": "blue", "exits": ["east"]}
    raw = scenario(fighter("r1", "red", 20, 26, troop="skirmisher"),
                   fighter("b1", "blue", 20, 20), objective=ambush)
    game = start(raw, [*BLUE_FIRST, 1], pm)  # then the javelin misses
    game.step(choose(pm, game))
    assert any(a.kind == "charge" for a in game.legal_actions())
    shot = choose(pm, game)
    assert (shot.kind, shot.args) == ("shoot", {"target": "r1"})
    game.step(shot)
    action = choose(pm, game)
    assert action.kind == "move" and (action["x"], action["y"]) == (pytest.approx(30), 20)
