"""Small De Bello Gallico positions for rule tests: build a scenario dict, start a game, jump
to a phase, and read the events."""

from __future__ import annotations

from typing import Any

import pluggy

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.rulesets.de_bello_gallico.morale_rules import Resolver
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter
from tests.conftest import events, new_game, refused

RED_FIRST = [9, 1]
"""Initiative dice of turn 1: red 9, blue 1 (with no officer on either side red wins)."""


def fighter(id_: str, side: str, x: float, y: float, troop: str = "legionary",
            nation: str = "roman", **extra: Any) -> dict[str, Any]:
    return {"id": id_, "side": side, "troop": troop, "nation": nation, "at": [x, y], **extra}


def scenario(*fighters: dict[str, Any], terrain: list[dict[str, Any]] | None = None,
             width: float = 60, height: float = 60, **extra: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {"name": "test", "ruleset": "de_bello_gallico",
                           "table": {"width": width, "height": height},
                           "sides": ["red", "blue"], "max_turns": 8,
                           "terrain": terrain or [], "fighters": list(fighters)}
    raw.update(extra)
    return raw


def start(raw: dict[str, Any], dice: list[int], pm: pluggy.PluginManager) -> Game:
    return new_game(raw, dice=dice, pm=pm)


def state(game: Game) -> DbgState:
    assert isinstance(game.state, DbgState)
    return game.state


def f(game: Game, fighter_id: str) -> Fighter:
    return state(game).fighters[fighter_id]


def resolver(game: Game) -> Resolver:
    return Resolver(game.state, game)


def rolls(game: Game) -> list[dict[str, Any]]:
    return events(game, "roll")


def to_phase(game: Game, phase: str, open_sides: list[str] | None = None) -> None:
    """Put the game at a morale step (tests set the position, the ruleset takes it from there)."""
    st = state(game)
    st.phase = phase
    st.alternation = None
    st.active = None
    st.open_sides = list(open_sides or st.others_first(st.initiative))


def act(kind: str, unit: str | None = None, **args: Any) -> Action:
    """An action as a test writes it; a move gets an empty ``via`` menu label unless given
    (the declaration requires the label, which changes nothing)."""
    if kind == "move":
        args = {"via": "", **args}
    return Action(kind, unit, args)


def refused_reason(game: Any, action: Any, rule: str) -> str:
    """Why ``action`` is refused (asserting ``rule`` and that nothing changed)."""
    return refused(game, action, rule).reason
