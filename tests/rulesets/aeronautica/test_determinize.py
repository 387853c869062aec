"""The search bot's guesses of the enemy's face-down tokens (AI-20, ``determinize``): the
greedy bot's choice from the positions of the turn's start, never the hidden token read."""

from __future__ import annotations

import random

from polemos.core.game import Game
from polemos.core.players import PolicyBot
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.rulesets.aeronautica.bots import greedy_policy
from polemos.rulesets.aeronautica.determinize import likely, tokens
from tests.rulesets.aeronautica.helpers import SCENARIOS, at, choose, duel, put


def guessed(game: Game, side: str) -> dict[str, int]:
    """The tokens of the other side as ``side``'s search would see them in a fork."""
    state = game.rules.clone_state(game.state)
    game.rules.determinize(state, side, random.Random(0))
    return {unit: number for owner, placed in state.orders.orders.items() if owner != side
            for unit, number in placed.items()}


def test_a_hidden_token_is_the_greedy_choice_from_where_everyone_stood_when_it_was_placed():
    """AI-20: the Dakkajet chose its token before the Thunderbolt moved; the guess stays the
    one from there for the rest of the turn, and a new turn guesses afresh."""
    game = duel()
    put(game, "tb", at(), facing=0)
    put(game, "dj", at(3, 0), facing=3)
    choose(game, {"tb": 1, "dj": 1})
    assert guessed(game, "imperial") == {"dj": 5}
    put(game, "tb", at(-3, 2), facing=2)  # as if it had flown its manoeuvre
    assert likely(game.rules, game.state, "imperial", "ork", "dj",
                  tokens(game.rules.setup, "dj")) == 2
    assert guessed(game, "imperial") == {"dj": 5}
    game.state.turn += 1
    assert guessed(game, "imperial") == {"dj": 2}


def test_against_the_greedy_bot_every_guess_is_the_token_it_placed():
    """A dogfight of greedy bots: before every decision, each hidden token as the deciding
    side would guess it is the token the other side's greedy bot placed."""
    pm = make_plugin_manager()
    game = Game.new(load_scenario(SCENARIOS / "dogfight.yaml", pm), pm, seed=3)
    bot = PolicyBot(greedy_policy, random.Random(0))
    guesses = truths = 0
    while (side := game.to_act()) is not None:
        hidden = {unit: number for owner, placed in game.state.orders.orders.items()
                  if owner != side for unit, number in placed.items()
                  if unit not in game.state.orders.shown}
        guesses += len(hidden)
        truths += sum(guessed(game, side)[unit] == number for unit, number in hidden.items())
        game.step(bot.choose(game.rules, game.view(side), side, game.legal_actions()))
    assert guesses == truths == 237
