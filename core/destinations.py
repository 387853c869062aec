"""A destination typed at the terminal, for the rulesets on a table in centimetres.

Menus offer a few headings and distances; a person may rather name the point. The grammar,
shared by De Bello Gallico and AT-43 (``Ruleset.parse_command``):

    [move] [UNIT] to X Y                 the base centre ends at (X, Y), cm from the top left
    [move] [UNIT] toward OTHER [stop D]  straight at OTHER's centre, ending D cm (edge to edge,
                                         0 when omitted) short of its base

UNIT is the unit to move (by default the one acting); the numbers may be written
``41.5 22``, ``41.5, 22`` or ``(41.5, 22)``, with an optional ``cm``. Parsing only reads the
words: the ruleset turns the point into its own action, which its rules then check like any
other (a point out of reach is refused with the rule id, and nothing changes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from polemos.core.errors import PolemosInputError
from polemos.core.table import Base

USAGE = "type `move [UNIT] to X Y` or `move [UNIT] toward OTHER [stop CM]`"


@dataclass(frozen=True, slots=True)
class Destination:
    """What was typed: ``unit`` (None: the acting one) and either a point or a unit to close
    on, with the gap to leave."""

    unit: str | None
    point: tuple[float, float] | None = None
    toward: str | None = None
    stop: float = 0.0


def read(text: str) -> Destination | None:
    """The destination ``text`` names, None when it is no destination command at all.

    A command that starts like one but is malformed (``to 41.5``) raises ``PolemosInputError``
    with the grammar, so the person is told what to type instead of "unknown command".
    """
    words = text.replace("(", " ").replace(")", " ").replace(",", " ").split()
    words = [w for w in words if w.lower() != "cm"]
    if words[:1] == ["move"]:
        words = words[1:]
    unit = None
    if len(words) >= 2 and words[0] not in ("to", "toward") and words[1] in ("to", "toward"):
        unit, words = words[0], words[1:]
    if not words or words[0] not in ("to", "toward"):
        return None
    if words[0] == "to":
        if len(words) != 3:
            raise PolemosInputError(f"'{text}': a point is two numbers, x then y; {USAGE}")
        return Destination(unit, (_number(words[1], text), _number(words[2], text)))
    if len(words) == 2:
        return Destination(unit, toward=words[1])
    if len(words) == 4 and words[2] == "stop":
        stop = _number(words[3], text)
        if stop < 0:
            raise PolemosInputError(f"'{text}': the gap to stop at is 0 cm or more")
        return Destination(unit, toward=words[1], stop=stop)
    raise PolemosInputError(f"'{text}': {USAGE}")


def _number(word: str, text: str) -> float:
    try:
        value = float(word)
    except ValueError:
        raise PolemosInputError(f"'{text}': {word!r} is not a number; {USAGE}") from None
    if not math.isfinite(value):
        raise PolemosInputError(f"'{text}': {word!r} is not a finite number; {USAGE}")
    return value


def short_of(mover: Base, other: Base, stop: float) -> tuple[float, float]:
    """Where ``mover``'s centre ends, straight toward ``other``, ``stop`` cm edge to edge
    short of it (its own position when it is already that close or closer)."""
    dx, dy = other.x - mover.x, other.y - mover.y
    between = math.hypot(dx, dy)
    travel = between - (mover.radius + other.radius + stop)
    if between == 0 or travel <= 0:
        return mover.x, mover.y
    return mover.x + dx * travel / between, mover.y + dy * travel / between
