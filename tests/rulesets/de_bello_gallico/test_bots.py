"""The greedy bot: officers near their men, charges on the weakened, rallies when it can."""

from __future__ import annotations

import math
import random

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
