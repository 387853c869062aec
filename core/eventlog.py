"""Event logs as JSON Lines: a header that makes the game reproducible, then one event a line.

``polemos replay`` re-plays the actions found in the log from the header's scenario, seed and
dice, and checks every event line is identical, byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import pluggy

from polemos.core.errors import PolemosInputError, clip
from polemos.core.game import MAX_RECORD_BYTES, Game, GameRecord, checked, shown_to
from polemos.core.scenario import read_text
from polemos.core.serialize import canonical

LOG_FORMAT = "polemos-events/1"


def header(game: Game) -> dict[str, Any]:
    return {"type": "header", "format": LOG_FORMAT, "source": game.loaded.source,
            "scenario": game.loaded.raw, "seed": game.seed, "dice": game.dice.script}


def log_text(game: Game) -> str:
    """The whole log as text: what ``write_log`` writes and the club server sends."""
    lines = [canonical(header(game))] + [canonical(event) for event in game.events]
    return "\n".join(lines) + "\n"


def write_log(game: Game, path: str | Path) -> None:
    Path(path).write_text(log_text(game), encoding="utf-8")


def write_side_log(game: Game, side: str, path: str | Path) -> None:
    """The events ``side`` was shown during play, one a line (``polemos play --events-for``).

    No header: it would give the seed and the dice script. Unlike ``Game.events_for`` it stays
    what the side saw even once the game is over: the other side's sealed orders appear only
    through their public reveals.
    """
    lines = [canonical(shown) for event in game.events
             if (shown := shown_to(event, side)) is not None]
    Path(path).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


class LogHeader(GameRecord):
    """Line 1 of an event log."""

    type: Literal["header"]
    format: Literal["polemos-events/1"]


def read_log(path: str | Path) -> tuple[LogHeader, list[str]]:
    """The header and the event lines of a log file."""
    lines = read_text(path, "event log", MAX_RECORD_BYTES).splitlines()
    try:
        head = json.loads(lines[0]) if lines else None
    except (ValueError, RecursionError):
        head = None
    if not isinstance(head, dict) or head.get("format") != LOG_FORMAT:
        raise PolemosInputError(f"{path}: line 1: not a Polemos event log header ({LOG_FORMAT})")
    return checked(LogHeader, head, f"{path}: line 1"), lines[1:]


def replay_log(path: str | Path, pm: pluggy.PluginManager) -> tuple[Game, int]:
    """Re-play a log; return the game and the number of identical event lines.

    Raises ``PolemosInputError`` naming the first line that differs.
    """
    head, lines = read_log(path)
    game = Game.replayable(head, pm, str(path))
    for number, line in enumerate(lines, 2):
        try:
            event = json.loads(line)
        except (ValueError, RecursionError):
            raise PolemosInputError(f"{path}: line {number}: not JSON") from None
        if not isinstance(event, dict):
            raise PolemosInputError(f"{path}: line {number}: an event is a JSON object, not "
                                    f"{clip(line, 40)}")
        if event.get("type") == "action" and len(game.events) == event.get("seq"):
            try:
                game.step(event.get("action", {}))
            except PolemosInputError as error:
                raise PolemosInputError(f"{path}: line {number}: {error}") from None
    replayed = [canonical(event) for event in game.events]
    for number, (original, again) in enumerate(zip(lines, replayed, strict=False), 2):
        if original != again:
            raise PolemosInputError(f"{path}: line {number} differs on replay:\n  log:    "
                                    f"{clip(original, 300)}\n  replay: {clip(again, 300)}")
    if len(lines) != len(replayed):
        raise PolemosInputError(f"{path}: the log has {len(lines)} events, the replay "
                                f"{len(replayed)}")
    return game, len(lines)
