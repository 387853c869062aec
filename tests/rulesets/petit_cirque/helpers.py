"""Small builders for Petit Cirque Volant rule tests: a scenario in a line, a game with scripted
dice, and the moves every fire test needs before it can shoot."""

from __future__ import annotations

from functools import cache
from typing import Any

import pluggy

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.core.hexgrid import axial_to_offset
from polemos.core.plugins import make_plugin_manager
from tests.conftest import new_game

LEVEL = {"dir": "straight", "alt": "level"}


@cache
def plugin_manager() -> pluggy.PluginManager:
    """One manager for the module: discovering entry points once keeps the tests fast."""
    return make_plugin_manager()


def plane(id_: str, side: str, col: int, row: int, facing: str = "E", altitude: int = 3,
          speed: int = 1, **extra: Any) -> dict[str, Any]:
    return {"id": id_, "side": side, "hex": [col, row], "facing": facing, "altitude": altitude,
            "speed": speed, **extra}


def scenario(*planes: dict[str, Any], width: int = 12, height: int = 10, **extra: Any
             ) -> dict[str, Any]:
    """A red-against-blue scenario on a ``width`` × ``height`` cloth; red starts unless told."""
    raw: dict[str, Any] = {"name": "test", "ruleset": "petit_cirque",
                           "map": {"width": width, "height": height}, "sides": ["red", "blue"],
                           "first_side": "red", "aircraft": list(planes)}
    raw.update(extra)
    return {key: value for key, value in raw.items() if value is not None}


def house(options: dict[str, Any], *planes: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A scenario with the house-rules plugin switched on with ``options``."""
    return scenario(*planes, plugins=["pcv_house_rules"],
                    options={"pcv_house_rules": options}, **extra)


def game(raw: dict[str, Any], dice: list[int] | None = None) -> Game:
    return new_game(raw, dice=list(dice or []), pm=plugin_manager())


def where(g: Game, unit: str) -> tuple[int, int]:
    """The aircraft's ``[col, row]`` on the cloth, as the scenario writes it."""
    return axial_to_offset(g.state.planes[unit].hex)


def step(g: Game, unit: str, direction: str = "straight", alt: str = "level") -> None:
    g.step(Action("step", unit, {"dir": direction, "alt": alt}))


def loop(g: Game, unit: str, alt: str) -> None:
    g.step(Action("loop", unit, {"alt": alt}))


def speed(g: Game, unit: str, change: int) -> None:
    g.step(Action("speed", unit, {"change": change}))


def fire(g: Game, unit: str, target: str) -> None:
    g.step(Action("fire", unit, {"target": target}))


def hold(g: Game, unit: str) -> None:
    g.step(Action("hold", unit))


def cruise(g: Game) -> None:
    """Fly every aircraft of the side to act straight and level, keeping its speed (PCV-5)."""
    side = g.state.turn.side
    while not g.state.over and g.state.phase == "move" and g.state.turn.side == side:
        state = g.state
        if state.choosing_speed:
            speed(g, state.moving, 0)
            continue
        unit = state.moving or next(p.id for p in state.planes.values()
                                    if p.side == side and p.in_play and p.id not in state.done)
        step(g, unit)


def hold_all(g: Game) -> None:
    """Every aircraft of the side to act holds its fire, handing the turn over."""
    side = g.state.turn.side
    while not g.state.over and g.state.phase == "fire" and g.state.turn.side == side:
        hold(g, next(p.id for p in g.state.planes.values()
                     if p.side == side and p.in_play and p.id not in g.state.done))


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    """The events of one type, without their sequence numbers."""
    return [{k: v for k, v in e.items() if k not in ("seq", "type")}
            for e in g.events if e["type"] == kind]
