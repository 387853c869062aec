"""Builders for AT-43 collision tests: scenarios in a line, games with scripted dice, and the
worked examples' coordinates moved onto the table.

The rules file gives base centres around (0, 0); a table starts at its corner, so every test
position is shifted by ``OFF`` (``at(x, y)``) and read back with ``pos``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pluggy

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.core.plugins import make_plugin_manager
from tests.conftest import new_game

OFF = (30.0, 50.0)
TOL = 1e-6


@cache
def plugin_manager() -> pluggy.PluginManager:
    return make_plugin_manager()


def at(x: float, y: float) -> list[float]:
    return [OFF[0] + x, OFF[1] + y]


def pos(g: Game, vehicle: str) -> tuple[float, float]:
    """A vehicle's or trooper's centre in the worked examples' frame."""
    base = (g.state.vehicles[vehicle].base if vehicle in g.state.vehicles
            else g.state.troopers[vehicle].base)
    return base.x - OFF[0], base.y - OFF[1]


def near(a: tuple[float, float], b: tuple[float, float], tol: float = TOL) -> bool:
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def v(id_: str, profile: str, x: float, y: float) -> dict[str, Any]:
    return {"id": id_, "profile": profile, "at": at(x, y)}


def unit(id_: str, side: str, *vehicles: dict[str, Any], infantry: list[dict[str, Any]] | None
         = None) -> dict[str, Any]:
    raw: dict[str, Any] = {"id": id_, "side": side}
    if vehicles:
        raw["vehicles"] = list(vehicles)
    if infantry:
        raw["infantry"] = infantry
    return raw


def container(id_: str, x: float, y: float) -> dict[str, Any]:
    return {"id": id_, "profile": "container", "at": at(x, y)}


def scenario(*units: dict[str, Any], terrain: list[dict[str, Any]] | None = None,
             wrecks: list[dict[str, Any]] | None = None, width: float = 160,
             height: float = 120, **extra: Any) -> dict[str, Any]:
    """Red against blue, red first every round. A side with no vehicle of its own in ``units``
    gets a far-away Trike so the scenario is valid and the game goes on."""
    units_ = list(units)
    for side, corner in (("red", (width - 5, 5)), ("blue", (width - 5, height - 5))):
        if not any(u["side"] == side and u.get("vehicles") for u in units_):
            units_.append({"id": f"{side}-reserve", "side": side, "vehicles": [
                {"id": f"{side}-spare", "profile": "Easy Trike", "at": list(corner)}]})
    raw: dict[str, Any] = {"name": "test", "ruleset": "at43",
                           "table": {"width": width, "height": height},
                           "sides": ["red", "blue"], "first_side": "red", "units": units_,
                           "terrain": terrain or [], "wrecks": wrecks or []}
    raw.update(extra)
    return raw


def game(raw: dict[str, Any], dice: list[int] | None = None) -> Game:
    return new_game(raw, dice=list(dice or []), pm=plugin_manager())


def act(g: Game, kind: str, unit_: str | None = None, **args: Any) -> None:
    g.step(Action(kind, unit_, args))


def ram(g: Game, attacker: str, target: str, offset: float = 0) -> None:
    """Declare a rush, then ram (AT-11)."""
    act(g, "declare", attacker, mode="rush")
    act(g, "ram", attacker, target=target, offset=offset)


