"""Positions as data: any moment of a game written as a scenario that starts there.

A referee settles a dispute by setting up the position, scripting the dice and seeing what the
rules say; the odds calculator and rule tests start from positions rather than reaching into a
game's state. Each ruleset exports its own state as scenario fields
(``Ruleset.export_position``) and its scenario model validates them like any other field;
this module merges them over the scenario the game was started from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pluggy
import yaml

from polemos.core.errors import PolemosInputError
from polemos.core.eventlog import read_record
from polemos.core.game import Game
from polemos.core.serialize import to_jsonable


def position_scenario(game: Game) -> dict[str, Any]:
    """The game's position now, as the data of a scenario that starts there.

    The seed stays (a game from the position rolls its own dice from it); scripted dice are
    dropped, since the position is reached without them — script new ones to settle a roll.
    """
    raw = dict(game.loaded.raw)
    raw.update(to_jsonable(game.rules.export_position(game.state)))
    raw["name"] = f"{game.loaded.model.name} — after {len(game.actions)} actions"
    raw["seed"] = game.seed
    raw.pop("dice", None)
    return raw


def rolls_since(game: Game, event: int) -> list[int]:
    """Every die the game rolled from event number ``event`` on, in order: the script that
    makes a game started from the position at that event roll the same."""
    return [die for e in game.events[event:] if e["type"] == "roll" for die in e["dice"]]


def game_at(path: str | Path, pm: pluggy.PluginManager, step: int | None = None, *,
            accept_rule_changes: bool = False) -> Game:
    """A saved game (a save file, or an event log) re-played up to action ``step`` (all when
    None), its events checked against the record (``Game.restored``)."""
    record, actions, events = read_record(path)
    if step is not None and not 0 <= step <= len(actions):
        raise PolemosInputError(f"{path}: --step {step}: the game has {len(actions)} actions "
                                f"(choose 0 to {len(actions)})")
    return Game.restored(record, actions, events, pm, str(path),
                         accept_rule_changes=accept_rule_changes, stop=step)


def write_position(raw: dict[str, Any], path: str | Path) -> None:
    """The position as a YAML scenario, fields in the order they were given."""
    Path(path).write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True),
                          encoding="utf-8")
