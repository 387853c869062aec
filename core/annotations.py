"""What a step showed on the table, beyond the position it left: who acted, who shot whom, who
moved where. Renderers (the HTML replay, the web board) draw these over the step's ``Board``.

The acting unit is read generically from the step's ``action`` event. Everything else has
ruleset-specific event types and coordinates (hexes or centimetres), so each ruleset translates
its own events through ``Ruleset.annotate(event)``; this module only gathers the answers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from polemos.core.board import hex_centre_cm
from polemos.core.hexgrid import offset_to_axial

if TYPE_CHECKING:
    from polemos.core.ruleset import Ruleset

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Link:
    """One unit acting on another, drawn as a line between them (their positions come from the
    board, so a shot needs no coordinates). ``kind`` is "shot", "melee", "crush" or "collision"
    (the renderer styles each); ``hit`` says whether it took effect (a hit, a won duel, a kill)."""

    kind: str
    unit: str
    target: str
    hit: bool


@dataclass(frozen=True, slots=True)
class Path:
    """A unit's way across the table during the step, in centimetres, oldest point first.
    ``kind`` is "move" or "flight" (drawn as trails) or "push", "throw", "ram" (arrows)."""

    kind: str
    unit: str
    points: tuple[Point, ...]


Annotation = Link | Path


@dataclass(slots=True)
class StepNotes:
    """Everything a step shows: the unit that acted, links and paths in the order they happened
    (consecutive legs of one unit's move are one path)."""

    actor: str | None = None
    links: list[Link] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)

    def add(self, note: Annotation) -> None:
        if isinstance(note, Link):
            self.links.append(note)
            return
        last = self.paths[-1] if self.paths else None
        if (last is not None and last.unit == note.unit and last.kind == note.kind
                and last.points[-1] == note.points[0]):
            self.paths[-1] = Path(last.kind, last.unit, last.points + note.points[1:])
        else:
            self.paths.append(note)


def actor(event: dict[str, Any]) -> str | None:
    """The unit an ``action`` event names (None for a side's decision without a unit)."""
    if event.get("type") != "action":
        return None
    unit = event.get("action", {}).get("unit")
    return unit if isinstance(unit, str) else None


def annotate_step(rules: Ruleset[Any, Any], events: Iterable[dict[str, Any]]) -> StepNotes:
    """The notes of one step from its events: the first acting unit named by an ``action``
    event, then each event the ruleset can picture (``Ruleset.annotate``)."""
    notes = StepNotes()
    for event in events:
        if notes.actor is None:
            notes.actor = actor(event)
        note = rules.annotate(event)
        if note is not None:
            notes.add(note)
    return notes


def cm(point: Any) -> Point:
    """An event's ``[x, y]`` in centimetres as a point."""
    return float(point[0]), float(point[1])


def hex_point(offset: Any, hex_cm: float) -> Point:
    """The table point of an event's offset hex ``[column, row]`` (hex rulesets' events)."""
    h = offset_to_axial(int(offset[0]), int(offset[1]))
    return hex_centre_cm(h.q, h.r, hex_cm)
