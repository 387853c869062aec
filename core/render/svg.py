"""One position as SVG: ``frame(board, highlights)`` is pure, knows no ruleset and no page.

The picture is in pixels, ``scale(board)`` px per cm, in layers: table and hex overlay, scenery,
trails of the step, bases (the acting one ringed, facing as a nose), shots and other links,
labels. Every base is a ``<g data-unit=…>`` carrying its table position in cm, so a page, a test
or the web board finds a unit without parsing drawings. Styling lives in presentation
attributes, so a frame looks the same alone (``polemos render``) and inside a page; classes are
hooks for a page's CSS and scripts.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from polemos.core.annotations import Path, Point, StepNotes
from polemos.core.board import Area, Board, Piece, hex_centre_cm
from polemos.core.hexgrid import Hex, hex_corners, offset_to_axial
from polemos.core.render.labels import LabelSpec, Placement, place_labels, text_size

PALETTE = ("#c0392b", "#2458a6", "#2e8b57", "#b8860b", "#7d3c98", "#d35400")
SCENERY = {"obstacle": "#7f7f7f", "terrain": "#c8b98a", "wreck": "#4d4d4d", "water": "#8ec5e8",
           "bridge": "#a0764a", "zone": "#e8e0a8"}
MAX_PX = 900.0
NAME_PX, DETAIL_PX = 11.0, 9.0
"""Font sizes of a label's first line (the unit) and second line (its labels and markers)."""
FONT = "DejaVu Sans, Verdana, sans-serif"
LINK_STYLE = {  # (stroke, width, dash) for a link that took effect / did not
    "shot": (("#e0301e", 2.2, ""), ("#333333", 1.6, "5 4")),
    "melee": (("#8b0000", 3.0, ""), ("#8b0000", 1.6, "2 3")),
    "crush": (("#5a3a1a", 3.5, ""), ("#5a3a1a", 2.0, "6 3")),
    "collision": (("#000000", 3.5, ""), ("#000000", 3.5, "")),
}
PATH_STYLE = {"move": ("", 2.0, "6 3"), "flight": ("#b00000", 2.0, "2 3"),
              "push": ("#333333", 4.0, ""), "throw": ("#333333", 4.0, ""),
              "ram": ("#d35400", 4.0, "")}
"""(stroke, width, dash) of each kind of path; an empty stroke takes the unit's side colour."""


def side_colours(sides: list[str]) -> dict[str, str]:
    return {side: PALETTE[i % len(PALETTE)] for i, side in enumerate(sides)}


def scale(board: Board) -> float:
    """Pixels per centimetre: the larger table dimension fills ``MAX_PX``."""
    return MAX_PX / max(board.width_cm, board.height_cm, 1.0)


def _f(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True, slots=True)
class Line:
    """A link resolved to table points (cm): who acted on whom, and whether it took effect."""

    kind: str
    unit: str
    target: str
    hit: bool
    start: Point
    end: Point


@dataclass(slots=True)
class Highlights:
    """What to draw over a board for one step: the acting unit, lines and paths in cm."""

    actor: str | None = None
    lines: list[Line] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)


def highlights(notes: StepNotes | None, board: Board, before: Board | None = None) -> Highlights:
    """A step's notes resolved on its board: each link ends where its units stand after the
    step, or stood before it when the step took them off the table (a kill, a flight off)."""
    if notes is None:
        return Highlights()
    where = {p.id: (p.x, p.y) for p in (before.pieces if before else [])}
    where.update({p.id: (p.x, p.y) for p in board.pieces})
    lines = [Line(link.kind, link.unit, link.target, link.hit, where[link.unit],
                  where[link.target])
             for link in notes.links if link.unit in where and link.target in where
             and where[link.unit] != where[link.target]]
    return Highlights(notes.actor, lines, list(notes.paths))


def _hex_layer(board: Board, k: float) -> str:
    if not board.hex_cm:
        return ""
    corners = hex_corners(Hex(0, 0), board.hex_cm)
    cells = []
    for row in range(board.hex_rows):
        for col in range(board.hex_columns):
            h = offset_to_axial(col, row)
            cx, cy = hex_centre_cm(h.q, h.r, board.hex_cm)
            points = " ".join(f"{_f((cx + x) * k)},{_f((cy + y) * k)}" for x, y in corners)
            cells.append(f'<polygon points="{points}"/>')
    return ('<g class="hexes" fill="none" stroke="#c9d3db" stroke-width="1">'
            + "".join(cells) + "</g>")


def _area(area: Area, k: float) -> str:
    points = " ".join(f"{_f(x * k)},{_f(y * k)}" for x, y in area.points)
    colour = SCENERY.get(area.kind, SCENERY["terrain"])
    return (f'<polygon class="area {html.escape(area.kind)}" id="area-{html.escape(area.id)}" '
            f'points="{points}" fill="{colour}" fill-opacity="0.7"/>')


def _colour(piece: Piece, colours: Mapping[str, str]) -> str:
    return colours.get(piece.side, SCENERY.get(piece.kind, "#999999"))


def _piece(piece: Piece, k: float, colours: Mapping[str, str], acting: bool) -> str:
    x, y, r = piece.x * k, piece.y * k, _radius(piece, k)
    ident, side = html.escape(piece.id), html.escape(piece.side)
    parts = [f'<g class="piece {html.escape(piece.kind)}{" actor" * acting}" '
             f'id="piece-{ident}" data-x="{_f(piece.x)}" data-y="{_f(piece.y)}" '
             f'data-side="{side}" data-unit="{ident}" '
             f'data-markers="{html.escape(" ".join(piece.markers))}">']
    if acting:
        parts.append(f'<circle class="halo" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r + 5)}" '
                     'fill="#ffd400" fill-opacity="0.35" stroke="#e6a800" stroke-width="3"/>')
    parts.append(f'<circle class="base" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" '
                 f'fill="{_colour(piece, colours)}"/>')
    if piece.facing_deg is not None:
        parts.append(_nose(x, y, r, piece.facing_deg))
    details = " ".join([*piece.labels, *piece.markers])
    parts.append(f"<title>{ident} ({side}){': ' + html.escape(details) if details else ''}"
                 "</title></g>")
    return "".join(parts)


def _radius(piece: Piece, k: float) -> float:
    return max(piece.radius * k, 4.0)


def _nose(x: float, y: float, r: float, degrees: float) -> str:
    """The facing: a wedge from the base's centre out past its rim, pointing the way it faces."""
    angle = math.radians(degrees)
    tip = (x + math.cos(angle) * r * 1.9, y + math.sin(angle) * r * 1.9)
    side = r * 0.55
    left = (x + math.cos(angle + math.pi / 2) * side, y + math.sin(angle + math.pi / 2) * side)
    right = (x + math.cos(angle - math.pi / 2) * side, y + math.sin(angle - math.pi / 2) * side)
    points = " ".join(f"{_f(a)},{_f(b)}" for a, b in (tip, left, right))
    return (f'<polygon class="facing" data-deg="{_f(degrees)}" points="{points}" fill="#111" '
            'fill-opacity="0.8" stroke="#fff" stroke-width="0.8"/>')


def _path(path: Path, k: float, colour: str) -> str:
    stroke, width, dash = PATH_STYLE.get(path.kind, PATH_STYLE["move"])
    points = " ".join(f"{_f(x * k)},{_f(y * k)}" for x, y in path.points)
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    dots = "".join(f'<circle cx="{_f(x * k)}" cy="{_f(y * k)}" r="2" fill="{stroke or colour}"/>'
                   for x, y in path.points[:-1])
    return (f'<g class="path {path.kind}" data-unit="{html.escape(path.unit)}">'
            f'<polyline points="{points}" fill="none" stroke="{stroke or colour}" '
            f'stroke-width="{_f(width)}"{dashing} stroke-linejoin="round" stroke-opacity="0.85" '
            f'marker-end="url(#head-{"trail" if path.kind in ("move", "flight") else "push"})"/>'
            f"{dots}</g>")


def _line(line: Line, k: float, radii: Mapping[str, float]) -> str:
    """A link from the rim of its unit's base to the rim of its target's."""
    (x1, y1), (x2, y2) = ((line.start[0] * k, line.start[1] * k),
                          (line.end[0] * k, line.end[1] * k))
    d = math.hypot(x2 - x1, y2 - y1) or 1.0
    r1, r2 = radii.get(line.unit, 0.0), radii.get(line.target, 0.0) + 3
    a = (x1 + (x2 - x1) * r1 / d, y1 + (y2 - y1) * r1 / d)
    b = (x2 - (x2 - x1) * r2 / d, y2 - (y2 - y1) * r2 / d)
    stroke, width, dash = LINK_STYLE.get(line.kind, LINK_STYLE["shot"])[0 if line.hit else 1]
    outcome = "hit" if line.hit else "miss"
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    burst = (f'<circle class="burst" cx="{_f(x2)}" cy="{_f(y2)}" r="{_f(r2 + 2)}" fill="none" '
             f'stroke="{stroke}" stroke-width="2"/>' if line.hit else "")
    return (f'<g class="link {line.kind} {outcome}" data-unit="{html.escape(line.unit)}" '
            f'data-target="{html.escape(line.target)}"><line x1="{_f(a[0])}" y1="{_f(a[1])}" '
            f'x2="{_f(b[0])}" y2="{_f(b[1])}" stroke="{stroke}" stroke-width="{_f(width)}"'
            f'{dashing} marker-end="url(#head-{outcome})"/>{burst}</g>')


def _label_lines(piece: Piece) -> list[tuple[str, float]]:
    details = " ".join([*piece.labels, *piece.markers])
    return [(piece.id, NAME_PX)] + ([(details, DETAIL_PX)] if details else [])


def _label(piece: Piece, place: Placement, acting: bool) -> str:
    box = place.box
    ident = html.escape(piece.id)
    parts = [f'<g class="label{" actor" * acting}" data-unit="{ident}">']
    if place.leader is not None:
        x1, y1, x2, y2 = place.leader
        parts.append(f'<line class="leader" x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" '
                     f'y2="{_f(y2)}" stroke="#444" stroke-width="0.8"/>')
    parts.append(f'<rect x="{_f(box.x)}" y="{_f(box.y)}" width="{_f(box.w)}" '
                 f'height="{_f(box.h)}" fill="{"#fff3b0" if acting else "#fff"}" '
                 'fill-opacity=".8"/>')
    y = box.y + 1.5
    for i, (text, size) in enumerate(_label_lines(piece)):
        y += size
        fill = "" if i == 0 else ' fill="#444"'
        parts.append(f'<text x="{_f(box.x + 1.5)}" y="{_f(y)}" font-size="{_f(size)}"{fill}>'
                     f'{_details(piece, text, i)}</text>')
        y += size * 0.2
    parts.append("</g>")
    return "".join(parts)


def _details(piece: Piece, text: str, line: int) -> str:
    """A label's text; on the second line the markers (damaged, retreat…) stand out in red."""
    if line == 0 or not piece.markers:
        return html.escape(text)
    plain = " ".join(piece.labels)
    marked = html.escape(" ".join(piece.markers))
    return (html.escape(plain + " ") if plain else "") + f'<tspan fill="#b00">{marked}</tspan>'


def layers(board: Board, marks: Highlights | None = None,
           colours: Mapping[str, str] | None = None) -> str:
    """The parts of a picture that change between steps (everything but table and hexes)."""
    marks = marks or Highlights()
    colours = colours if colours is not None else side_colours(
        list(dict.fromkeys(p.side for p in board.pieces if p.kind == "unit")))
    k = scale(board)
    by_id = {p.id: p for p in board.pieces}
    radii = {p.id: _radius(p, k) for p in board.pieces}
    specs = []
    for piece in board.pieces:
        w, h = text_size(_label_lines(piece))
        specs.append(LabelSpec(piece.id, piece.x * k, piece.y * k, radii[piece.id], w, h))
    places = place_labels(tuple(specs), board.width_cm * k, board.height_cm * k)
    trail_colour = {p.id: _colour(p, colours) for p in board.pieces}
    return "".join([
        '<g class="areas">', *(_area(a, k) for a in board.areas), "</g>",
        '<g class="paths">',
        *(_path(p, k, trail_colour.get(p.unit, "#555")) for p in marks.paths), "</g>",
        '<g class="pieces" fill-opacity="0.85" stroke="#222" stroke-width="1">',
        *(_piece(p, k, colours, p.id == marks.actor) for p in board.pieces), "</g>",
        '<g class="links">', *(_line(line, k, radii) for line in marks.lines), "</g>",
        f'<g class="labels" font-family="{FONT}" fill="#111">',
        *(_label(by_id[pl.key], pl, pl.key == marks.actor) for pl in places), "</g>"])


DEFS = ('<defs>'
        '<marker id="head-trail" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" fill="#333"/></marker>'
        '<marker id="head-push" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3.5" '
        'markerHeight="3.5" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" fill="#333"/></marker>'
        '<marker id="head-hit" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" fill="#e0301e"/></marker>'
        '<marker id="head-miss" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto"><path d="M 0 1 L 9 5 L 0 9" fill="none" stroke="#333" '
        'stroke-width="1.5"/></marker></defs>')


def svg_frame(board: Board, content: str) -> str:
    """The standalone SVG around ``content`` (``layers``): size, markers, table, hex overlay."""
    k = scale(board)
    width, height = board.width_cm * k, board.height_cm * k
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="polemos-board" '
            f'width="{_f(width)}" height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" '
            f'data-scale="{k!r}">{DEFS}'
            f'<rect class="table" width="{_f(width)}" height="{_f(height)}" fill="#f4f1e8" '
            f'stroke="#333"/>{_hex_layer(board, k)}<g class="layers">{content}</g></svg>')


def frame(board: Board, marks: Highlights | None = None,
          colours: Mapping[str, str] | None = None) -> str:
    """One step as a standalone SVG document: the board and what happened in the step."""
    return svg_frame(board, layers(board, marks, colours))


def render_svg(board: Board, sides: list[str]) -> str:
    """One position as a standalone SVG document (``polemos render``)."""
    return frame(board, colours=side_colours(sides))
