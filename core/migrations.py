"""Older save and event-log formats, upgraded one written step at a time to today's.

A game saved by an older Polemos must still load, so every format a release wrote keeps a
migration here: ``SAVE_MIGRATIONS`` and ``LOG_MIGRATIONS`` map a format to the function that
turns its data into the next format, and ``upgrade`` applies them in order until the data is in
today's format. A format newer than today's is refused saying so (upgrade Polemos), anything
else that is not one of ours is refused as foreign. Each migration is tested on a file written
by the code of its time (tests/fixtures/saves/).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from polemos.core.errors import PolemosInputError, clip

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Migration:
    """One step: data of some format to the data of format ``to``."""

    to: str
    upgrade: Upgrade


def _unrecorded_provenance(data: dict[str, Any], to: str) -> dict[str, Any]:
    """Format 1 recorded neither versions nor rules: mark both unknown (None), so loading relies
    on the re-play alone — every event must come out as recorded — exactly as format 1 did."""
    return {**data, "format": to, "versions": None, "rules": None}


def _save_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    return _unrecorded_provenance(data, "polemos-save/2")


def _log_header_1_to_2(head: dict[str, Any]) -> dict[str, Any]:
    return _unrecorded_provenance(head, "polemos-events/2")


SAVE_MIGRATIONS: Mapping[str, Migration] = {
    "polemos-save/1": Migration("polemos-save/2", _save_1_to_2),
}
LOG_MIGRATIONS: Mapping[str, Migration] = {
    "polemos-events/1": Migration("polemos-events/2", _log_header_1_to_2),
}
"""Applied to an event log's header line: format 1 events are those of format 2."""


def format_number(name: str, family: str) -> int | None:
    """``polemos-save/3`` → 3 in family ``polemos-save``; None when it is not of the family."""
    prefix, _, number = name.partition("/")
    return int(number) if prefix == family and number.isdecimal() else None


def upgrade(data: Any, current: str, migrations: Mapping[str, Migration], source: str,
            what: str) -> dict[str, Any]:
    """``data`` upgraded to format ``current``, or a ``PolemosInputError`` saying why not: not
    one of our files at all (``what`` names the kind: "save"), or a newer format than ours."""
    family, _, ours = current.partition("/")
    written = data.get("format") if isinstance(data, dict) else None
    number = format_number(written, family) if isinstance(written, str) else None
    if not isinstance(written, str) or number is None:
        raise PolemosInputError(f"{source}: not a Polemos {what} ({current})")
    if number > int(ours):
        raise PolemosInputError(f"{source}: written by a newer Polemos (format {clip(written)}; "
                                f"this one reads {what}s up to {current}): upgrade Polemos to "
                                "load it")
    upgraded: dict[str, Any] = data
    while written != current:
        step = migrations.get(written)
        if step is None:
            raise PolemosInputError(f"{source}: {what} format {clip(written)} is not known to "
                                    f"this Polemos (it reads {current} and its predecessors)")
        upgraded = step.upgrade(upgraded)
        written = step.to
    return upgraded
