"""Building Aeronautica positions for rule tests: small scenarios, placing models, and driving
the turn to the phase under test with scripted dice."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.core.hexgrid import Hex, axial_to_offset, offset_to_axial
from polemos.core.players import Policy
from tests.conftest import events, new_game

SCENARIOS = Path(__file__).parents[3] / "scenarios" / "aeronautica"
ORIGIN = offset_to_axial(9, 8)
"""The middle of the test map (20 × 16), in axial coordinates."""


def at(dq: int = 0, dr: int = 0) -> Hex:
    """The hex (dq, dr) away from the middle of the map, axial."""
    return Hex(ORIGIN.q + dq, ORIGIN.r + dr)


def plane(id_: str, aircraft: str = "thunderbolt", col: int = 2, row: int = 2,
          facing: str = "E", altitude: int = 3, speed: int = 4, **extra: Any) -> dict:
    return {"id": id_, "aircraft": aircraft, "hex": [col, row], "facing": facing,
            "altitude": altitude, "speed": speed, **extra}


def asset(id_: str, col: int, row: int, ground: str = "flak_platform") -> dict:
    return {"id": id_, "ground": ground, "hex": [col, row]}


def scenario(imperial: list[dict], ork: list[dict], **extra: Any) -> dict:
    return {"name": "test", "ruleset": "aeronautica", "map": {"width": 20, "height": 16},
            "sides": ["imperial", "ork"], "points": 1000,
            "squadrons": {"imperial": imperial, "ork": ork}, **extra}


def duel(dice: list[int] | None = None, **extra: Any) -> Game:
    """One Thunderbolt ("tb") against one Dakkajet ("dj"), far apart, for rule tests."""
    return new_game(scenario([plane("tb", col=2, row=2)],
                             [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5)],
                             **extra), dice=dice)


def put(game: Game, unit: str, hex_: Hex | None = None, **fields: Any) -> None:
    """Set up a position: move ``unit`` to axial ``hex_`` and set its other fields."""
    model = game.state.models[unit]
    if hex_ is not None:
        model.q, model.r = hex_.q, hex_.r
    for name, value in fields.items():
        setattr(model, name, value)


def offset(hex_: Hex) -> list[int]:
    return list(axial_to_offset(hex_))


def choose(game: Game, tokens: dict[str, int] | None = None) -> None:
    """Every aircraft takes its token (``tokens`` or Manoeuvre 1) until all are committed."""
    tokens = tokens or {}
    while game.state.phase == "choose" and not game.state.over:
        unit = game.legal_actions()[0].unit
        game.step(Action("manoeuvre", unit, {"number": tokens.get(unit, 1)}))


def to_movement(game: Game, tokens: dict[str, int] | None = None,
                first: str | None = None) -> None:
    """Tokens, the initiative roll (two scripted dice), and who moves first."""
    choose(game, tokens)
    if game.state.phase == "first":
        game.step(Action("first", None, {"side": first or game.state.initiative}))


def move_straight(game: Game, unit: str) -> None:
    """Fly ``unit`` (token 1) at its speed, its one manoeuvre hex after 1 hex, level."""
    model = game.state.models[unit]
    game.step(Action("throttle", unit, {"speed": model.speed}))
    if game.state.flight is not None and game.state.flight.stage == "fly":
        game.step(Action("fly", unit, {"hexes": 1, "turn": 0}))
    if game.state.flight is not None:
        game.step(Action("altitude", unit, {"change": 0}))


def to_firing(game: Game, tokens: dict[str, int] | None = None, first: str | None = None
              ) -> None:
    """Play the turn to the Firing phase, every aircraft flying straight and level."""
    to_movement(game, tokens, first)
    while game.state.phase == "movement":
        move_straight(game, game.legal_actions()[0].actor)


def last(game: Game, kind: str) -> dict[str, Any]:
    return events(game, kind)[-1]


def policy_turn(game: Game, unit: str, policy: Policy) -> None:
    """A bot ``policy`` plays ``unit``'s decisions, each one of the legal actions, until another
    unit or side must act."""
    rules = game.rules
    while not game.state.over:
        legal = game.legal_actions()
        if all(a.unit != unit for a in legal):
            return
        side = game.to_act()
        action = policy(rules, rules.view(game.state, side), side, legal, random.Random(0))
        assert action in legal
        game.step(action)
        if action.unit != unit:
            return
