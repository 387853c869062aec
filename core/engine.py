"""The engine loop: ask the side to act for an action, step the game, until a result."""

from __future__ import annotations

from collections.abc import Callable

from polemos.core.actions import Action
from polemos.core.errors import PolemosError
from polemos.core.game import Game
from polemos.core.players import Player
from polemos.core.ruleset import Result, Ruleset

MAX_ACTIONS = 1_000_000
"""A guard against a ruleset that never ends; no real game comes near it."""


def play(game: Game, players: dict[str, Player], max_actions: int = MAX_ACTIONS,
         after_step: Callable[[Game], None] | None = None) -> Result:
    """Play ``game`` to its end with one player per side, and return the result.

    ``after_step`` sees the game after every action (the HTML replay takes its pictures there).
    """
    rules = game.rules
    to_act, legal_actions, view = rules.to_act, rules.legal_actions, rules.view
    step, resolve = game.step, game._resolve
    hides = type(rules).view is not Ruleset.view  # else the view is the state itself
    choosers = {side: player.choose for side, player in players.items()}
    for _ in range(max_actions):
        state = game._state  # the ``state`` property, read twice per action
        side = to_act(state)
        if side is None:
            result = rules.result(state)
            if result is None:
                raise PolemosError(f"{rules.name}: game over but no result")
            return result
        legal = legal_actions(state)  # checked_legal_actions, inlined for the hot loop
        if not legal:
            raise PolemosError(no_action_message(game, side))
        seen = view(state, side) if hides else state
        action = choosers[side](rules, seen, side, legal)
        if game._state is state:  # ``side`` and ``legal`` are this very state's
            resolve(action, side, legal)
        else:  # the player changed the game (an undo at the terminal): ask everything again
            step(action)
        if after_step is not None:
            after_step(game)
    raise PolemosError(f"{rules.name}: no result after {max_actions} actions")


def checked_legal_actions(game: Game, side: str) -> list[Action]:
    """The legal actions of ``side``, the side to act; never an empty list (the contract of
    ``Ruleset.legal_actions``).

    A ruleset that names a side to act and offers it nothing is a bug in that ruleset: it is
    reported here, with where it happened and how to replay it, instead of handing a player an
    empty menu to fail on somewhere far from the cause.
    """
    legal = game.rules.legal_actions(game.state)
    if not legal:
        raise PolemosError(no_action_message(game, side))
    return legal


def no_action_message(game: Game, side: str) -> str:
    """Which ruleset broke the contract, for which side, at which turn and phase, on which dice."""
    rules = game.rules
    dice = "scripted dice" if game.dice.script is not None else f"seed {game.seed}"
    return (f"{rules.name}: {side} is to act but has no legal action "
            f"({rules.where(game.state)}; {game.loaded.source}, {dice}, "
            f"after {len(game.actions)} actions)")
