"""The engine loop: ask the side to act for an action, step the game, until a result."""

from __future__ import annotations

from collections.abc import Callable

from polemos.core.errors import PolemosError
from polemos.core.game import Game
from polemos.core.players import Player
from polemos.core.ruleset import Result

MAX_ACTIONS = 1_000_000
"""A guard against a ruleset that never ends; no real game comes near it."""


def play(game: Game, players: dict[str, Player], max_actions: int = MAX_ACTIONS,
         after_step: Callable[[Game], None] | None = None) -> Result:
    """Play ``game`` to its end with one player per side, and return the result.

    ``after_step`` sees the game after every action (the HTML replay takes its pictures there).
    """
    rules = game.rules
    for _ in range(max_actions):
        side = rules.to_act(game.state)
        if side is None:
            result = rules.result(game.state)
            if result is None:
                raise PolemosError(f"{rules.name}: game over but no result")
            return result
        legal = rules.legal_actions(game.state)
        action = players[side].choose(rules, rules.view(game.state, side), side, legal)
        game.step(action)
        if after_step is not None:
            after_step(game)
    raise PolemosError(f"{rules.name}: no result after {max_actions} actions")
