"""What a position looks like, in centimetres: the common picture every ruleset can give.

Rulesets describe their units as ``Piece``s on a ``Board`` (``Ruleset.board``); renderers draw
boards without knowing any ruleset. Hex rulesets place pieces at their hex centres through the
board's hex overlay (``hex_cm``), so hex and centimetre units share one picture.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from polemos.core.hexgrid import Hex, hex_to_point, point_to_hex

if TYPE_CHECKING:
    from polemos.core.ruleset import Ruleset

GENERIC_SPACING_CM = 4.0
"""Distance between the units of a generic board's rows and columns."""
GENERIC_MARGIN_CM = 2.0


@dataclass(slots=True)
class Piece:
    """One unit or marker: a circular base at (x, y) cm, optionally facing ``facing_deg``.

    ``facing_deg`` is measured clockwise from east (screen y points down, as in the table and
    the hex grid); ``labels`` are short texts drawn beside it (altitude, speed, wounds);
    ``markers`` are states worth a badge (damaged, retreating, stalled).
    """

    id: str
    side: str
    x: float
    y: float
    radius: float
    facing_deg: float | None = None
    labels: list[str] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
    kind: str = "unit"
    """"unit", or "obstacle" / "terrain" for scenery (drawn without a side colour)."""


@dataclass(slots=True)
class Area:
    """Scenery drawn under the pieces: a polygon in cm (a river, a bridge, a zone)."""

    id: str
    points: list[tuple[float, float]]
    kind: str = "terrain"


@dataclass(slots=True)
class Board:
    """A position: the table size in cm, an optional hex overlay, scenery and pieces."""

    width_cm: float
    height_cm: float
    pieces: list[Piece] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)
    hex_cm: float | None = None
    """Distance between adjacent hex centres, when the table carries a hex overlay."""
    hex_columns: int = 0
    hex_rows: int = 0
    caption: str = ""


def hex_origin(hex_cm: float) -> tuple[float, float]:
    """Where hex (0, 0)'s centre sits on the table, so the whole overlay lies at x, y ≥ 0.

    Pointy-top hexes: half a hex across the flats to the left, one corner radius above.
    """
    return hex_cm / 2, hex_cm / math.sqrt(3)


@functools.cache
def hex_centre_cm(q: int, r: int, hex_cm: float) -> tuple[float, float]:
    """The table position of axial hex (q, r) under an overlay of ``hex_cm``. Remembered: a
    shared table asks it for every hex unit after every action (``Ruleset.presences``)."""
    ox, oy = hex_origin(hex_cm)
    x, y = hex_to_point(Hex(q, r), hex_cm)
    return ox + x, oy + y


def hex_at_cm(x: float, y: float, hex_cm: float) -> Hex:
    """The overlay hex containing table point (x, y)."""
    ox, oy = hex_origin(hex_cm)
    return point_to_hex(x - ox, y - oy, hex_cm)


def hex_table_size(columns: int, rows: int, hex_cm: float) -> tuple[float, float]:
    """The smallest table holding a ``columns`` × ``rows`` odd-r hex map."""
    corner = hex_cm / math.sqrt(3)
    return hex_cm * (columns + 0.5), 2 * corner + (rows - 1) * 1.5 * corner


def hex_map_size(width_cm: float, height_cm: float, hex_cm: float) -> tuple[int, int]:
    """MIX-1: the ``columns`` × ``rows`` overlay of a table: every hex whose centre is on it.

    A unit stands in the hex holding its centre, so a hex whose centre is on the table is a
    place a hex unit may stand; the rim of the overlay may overhang the table's edge by half a
    hex.
    """
    corner = hex_cm / math.sqrt(3)
    columns = math.floor(width_cm / hex_cm + 0.5)
    rows = math.floor((height_cm - corner) / (1.5 * corner)) + 1
    return max(columns, 1), max(rows, 1)


def generic_board(rules: Ruleset[Any, Any], state: Any) -> Board:
    """The picture of a ruleset that draws no board of its own (``Ruleset.board`` is None):
    its units where other rulesets see them (``presences``) if it places them, else a labelled
    grid of its units in play, one column per side. ``polemos render`` and ``--html`` then work
    for any ruleset."""
    caption = f"{rules.title}: {rules.where(state)}"
    presences = rules.presences(state)
    if presences:
        pieces = [Piece(p.unit, p.side, p.x, p.y, p.radius,
                        labels=[p.kind] + ([f"alt {p.altitude}"] if p.altitude else []))
                  for p in presences]
        width = max(p.x + p.radius for p in pieces) + GENERIC_MARGIN_CM
        height = max(p.y + p.radius for p in pieces) + GENERIC_MARGIN_CM
        return Board(width, height, pieces, caption=caption)
    units = rules.units(state)
    sides = rules.sides(state)
    columns = [sorted(unit for unit, owner in units.items() if owner == side) for side in sides]
    pieces = [Piece(unit, side, GENERIC_SPACING_CM * (column + 0.5),
                    GENERIC_SPACING_CM * (row + 0.5), GENERIC_SPACING_CM / 4,
                    labels=[f"({side})"] if row == 0 else [])
              for column, (side, mine) in enumerate(zip(sides, columns, strict=True))
              for row, unit in enumerate(mine)]
    rows = max((len(mine) for mine in columns), default=0)
    return Board(GENERIC_SPACING_CM * max(len(sides), 1), GENERIC_SPACING_CM * max(rows, 1),
                 pieces, caption=caption)
