"""Event logs as JSON Lines: a header that makes the game reproducible, then one event a line.

The header also records what the game was played with (versions, rule digests:
core/provenance.py). ``polemos replay`` re-plays the actions found in the log from the header's
scenario, seed and dice, and checks every event line is identical, byte for byte. Logs of an
older format load through core/migrations.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import pluggy

from polemos.core.errors import PolemosInputError, clip
from polemos.core.game import (
    MAX_RECORD_BYTES,
    Game,
    VersionedRecord,
    checked,
    shown_to,
    write_atomically,
)
from polemos.core.migrations import LOG_MIGRATIONS, upgrade
from polemos.core.provenance import ACCEPT_HINT
from polemos.core.replay import SHOWN_EVENT, Divergence
from polemos.core.scenario import read_text
from polemos.core.serialize import canonical

LOG_FORMAT = "polemos-events/2"
"""Today's log format; older ones load through core/migrations.py."""
LOG_FAMILY = LOG_FORMAT.partition("/")[0]
SNIFFED_BYTES = 4096
"""How much of a file's first line tells a log (its header names the format) from a save."""


def header(game: Game) -> dict[str, Any]:
    return {"type": "header", "format": LOG_FORMAT, "source": game.loaded.source,
            "scenario": game.loaded.raw, "seed": game.seed, "dice": game.dice.script,
            **game.played_with().to_json()}


def log_text(game: Game) -> str:
    """The whole log as text: what ``write_log`` writes and the club server sends."""
    lines = [canonical(header(game))] + [canonical(event) for event in game.events]
    return "\n".join(lines) + "\n"


def write_log(game: Game, path: str | Path) -> None:
    write_atomically(path, log_text(game))


def write_side_log(game: Game, side: str, path: str | Path) -> None:
    """The events ``side`` was shown during play, one a line (``polemos play --events-for``).

    No header: it would give the seed and the dice script. Unlike ``Game.events_for`` it stays
    what the side saw even once the game is over: the other side's sealed orders appear only
    through their public reveals.
    """
    lines = [canonical(shown) for event in game.events
             if (shown := shown_to(event, side)) is not None]
    write_atomically(path, "".join(line + "\n" for line in lines))


class LogHeader(VersionedRecord):
    """Line 1 of an event log."""

    type: Literal["header"]
    format: Literal["polemos-events/2"]


def read_log(path: str | Path) -> tuple[LogHeader, list[str]]:
    """The header (upgraded to today's format) and the event lines of a log file."""
    lines = read_text(path, "event log", MAX_RECORD_BYTES).splitlines()
    try:
        head = json.loads(lines[0]) if lines else None
    except (ValueError, RecursionError):
        head = None
    if not isinstance(head, dict) or head.get("type") != "header":
        raise PolemosInputError(f"{path}: line 1: not a Polemos event log header ({LOG_FORMAT})")
    head = upgrade(head, LOG_FORMAT, LOG_MIGRATIONS, f"{path}: line 1", "event log")
    return checked(LogHeader, head, f"{path}: line 1"), lines[1:]


def read_log_events(path: str | Path) -> tuple[LogHeader, list[dict[str, Any]]]:
    """The header and the events of a log file, each line checked to be a JSON object."""
    head, lines = read_log(path)
    events = []
    for number, line in enumerate(lines, 2):
        try:
            event = json.loads(line)
        except (ValueError, RecursionError):
            raise PolemosInputError(f"{path}: line {number}: not JSON") from None
        if not isinstance(event, dict):
            raise PolemosInputError(f"{path}: line {number}: an event is a JSON object, not "
                                    f"{clip(line, 40)}")
        events.append(event)
    return head, events


def recorded_actions(events: list[dict[str, Any]]) -> list[Any]:
    """The actions a log's "action" events record, in order."""
    return [event.get("action", {}) for event in events if event.get("type") == "action"]


def is_log(path: str | Path) -> bool:
    """Whether ``path`` starts like an event log of any format (a save is one JSON object)."""
    try:
        with Path(path).open("rb") as handle:
            first = handle.readline(SNIFFED_BYTES)
    except OSError:
        return False
    return f'"{LOG_FAMILY}/'.encode() in first and b'"header"' in first


def read_record(path: str | Path) -> tuple[VersionedRecord, list[Any], list[dict[str, Any]]]:
    """The record, the actions and the events of a save or an event log, whichever ``path``
    is."""
    if is_log(path):
        head, events = read_log_events(path)
        return head, recorded_actions(events), events
    save = Game.read_save(path)
    return save, list(save.actions), list(save.events)


def log_refusal(path: str, divergence: Divergence) -> str:
    """Why a log whose re-play diverged is refused, naming its line (events start on line 2)."""
    line = divergence.event + 2
    if divergence.refused is not None:
        return f"{path}: line {line}: {divergence.refused}; {ACCEPT_HINT}"
    if divergence.recorded is not None and divergence.replayed is not None:
        return (f"{path}: line {line} differs on replay:\n  log:    "
                f"{clip(divergence.recorded, SHOWN_EVENT)}\n  replay: "
                f"{clip(divergence.replayed, SHOWN_EVENT)}\n{ACCEPT_HINT}")
    return f"{path}: line {line}: {divergence.reason()}; {ACCEPT_HINT}"


def replay_log(path: str | Path, pm: pluggy.PluginManager, *,
               accept_rule_changes: bool = False) -> tuple[Game, int]:
    """Re-play a log; return the game and the number of identical event lines.

    Raises ``PolemosInputError`` naming the first line that differs, or ``RulesChanged`` when
    the log was played with other versions or rules; accepting rule changes, the game is
    re-played as far as the log agrees (``Game.restored``; ``notes`` says where it diverged).
    """
    head, events = read_log_events(path)
    game = Game.restored(head, recorded_actions(events), events, pm, str(path),
                         accept_rule_changes=accept_rule_changes, refusal=log_refusal)
    return game, len(game.events)
