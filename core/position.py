"""Positions as data: any moment of a game written as a scenario that starts there.

A referee settles a dispute by setting up the position, scripting the dice and seeing what the
rules say; the odds calculator and rule tests start from positions rather than reaching into a
game's state. Each ruleset exports its own state as scenario fields
(``Ruleset.export_position``) and its scenario model validates them like any other field;
this module merges them over the scenario the game was started from.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pluggy
import yaml

from polemos.core.errors import PolemosInputError
from polemos.core.eventlog import LOG_FORMAT, read_log
from polemos.core.game import Game, GameRecord
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


def game_at(path: str | Path, pm: pluggy.PluginManager, step: int | None = None) -> Game:
    """A saved game (a save file, or an event log) re-played up to action ``step`` (all when
    None)."""
    record, actions = _recorded(path)
    if step is not None and not 0 <= step <= len(actions):
        raise PolemosInputError(f"{path}: --step {step}: the game has {len(actions)} actions "
                                f"(choose 0 to {len(actions)})")
    game = Game.replayable(record, pm, str(path))
    for index, action in enumerate(actions[:step]):
        try:
            game.step(action)
        except PolemosInputError as error:
            raise PolemosInputError(f"{path}: action {index} does not replay: {error}") from None
    return game


def _recorded(path: str | Path) -> tuple[GameRecord, list[Any]]:
    """The record and the actions of a save or an event log, whichever ``path`` is."""
    head, lines = read_log(path) if _is_log(path) else (None, [])
    if head is not None:
        events = [json.loads(line) for line in lines]
        return head, [e["action"] for e in events
                      if isinstance(e, dict) and e.get("type") == "action"]
    save = Game.read_save(path)
    return save, list(save.actions)


def _is_log(path: str | Path) -> bool:
    try:
        with Path(path).open("rb") as handle:
            first = handle.readline(4096)
    except OSError:
        return False
    return LOG_FORMAT.encode() in first


def write_position(raw: dict[str, Any], path: str | Path) -> None:
    """The position as a YAML scenario, fields in the order they were given."""
    Path(path).write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True),
                          encoding="utf-8")
