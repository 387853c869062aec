"""Boards as pictures: one position as SVG, a whole game as one self-contained HTML file.

The HTML replay needs no network: the SVG of every step and its log lines are embedded, and a
few lines of inline JavaScript give previous/next buttons and a slider.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Mapping

from polemos.core.board import Area, Board, Piece, hex_centre_cm
from polemos.core.hexgrid import Hex, hex_corners, offset_to_axial

PALETTE = ("#c0392b", "#2458a6", "#2e8b57", "#b8860b", "#7d3c98", "#d35400")
SCENERY = {"obstacle": "#7f7f7f", "terrain": "#c8b98a", "wreck": "#4d4d4d", "water": "#8ec5e8",
           "bridge": "#a0764a", "zone": "#e8e0a8"}
MAX_PX = 900.0
RULE_ID = re.compile(r"\b[A-Z]{2,4}-[A-Z]?\d+\b")
"""A word that looks like a rule id; it is marked up only when the rulebook defines it."""


def side_colours(sides: list[str]) -> dict[str, str]:
    return {side: PALETTE[i % len(PALETTE)] for i, side in enumerate(sides)}


def scale(board: Board) -> float:
    """Pixels per centimetre: the larger table dimension fills ``MAX_PX``."""
    return MAX_PX / max(board.width_cm, board.height_cm, 1.0)


def _f(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _hex_layer(board: Board, k: float) -> str:
    if not board.hex_cm:
        return ""
    cells = []
    for row in range(board.hex_rows):
        for col in range(board.hex_columns):
            h = offset_to_axial(col, row)
            cx, cy = hex_centre_cm(h.q, h.r, board.hex_cm)
            corners = hex_corners(Hex(0, 0), board.hex_cm)
            points = " ".join(f"{_f((cx + x) * k)},{_f((cy + y) * k)}" for x, y in corners)
            cells.append(f'<polygon points="{points}"/>')
    return ('<g class="hexes" fill="none" stroke="#b7c4cf" stroke-width="1">'
            + "".join(cells) + "</g>")


def _area(area: Area, k: float) -> str:
    points = " ".join(f"{_f(x * k)},{_f(y * k)}" for x, y in area.points)
    colour = SCENERY.get(area.kind, SCENERY["terrain"])
    return (f'<polygon class="area {html.escape(area.kind)}" id="area-{html.escape(area.id)}" '
            f'points="{points}" fill="{colour}" fill-opacity="0.7"/>')


def _piece(piece: Piece, k: float, colours: dict[str, str]) -> str:
    x, y, r = piece.x * k, piece.y * k, max(piece.radius * k, 3.0)
    fill = colours.get(piece.side, SCENERY.get(piece.kind, "#999999"))
    ident, side = html.escape(piece.id), html.escape(piece.side)
    parts = [f'<g class="piece {html.escape(piece.kind)}" id="piece-{ident}" '
             f'data-x="{_f(piece.x)}" data-y="{_f(piece.y)}" data-side="{side}">',
             f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" fill-opacity="0.85" '
             'stroke="#222" stroke-width="1"/>']
    if piece.facing_deg is not None:
        angle = math.radians(piece.facing_deg)
        tip = (x + math.cos(angle) * r * 1.6, y + math.sin(angle) * r * 1.6)
        parts.append(f'<line class="facing" x1="{_f(x)}" y1="{_f(y)}" x2="{_f(tip[0])}" '
                     f'y2="{_f(tip[1])}" stroke="#111" stroke-width="2.5" '
                     'marker-end="url(#arrow)"/>')
    text = " ".join([piece.id, *piece.labels])
    parts.append(f'<text x="{_f(x + r + 2)}" y="{_f(y - 2)}" font-size="11" '
                 f'font-family="sans-serif">{html.escape(text)}</text>')
    if piece.markers:
        parts.append(f'<text class="markers" x="{_f(x + r + 2)}" y="{_f(y + 11)}" '
                     f'font-size="10" fill="#b00" font-family="sans-serif">'
                     f'{html.escape(" ".join(piece.markers))}</text>')
    parts.append("</g>")
    return "".join(parts)


def pieces_svg(board: Board, colours: dict[str, str]) -> str:
    """The moving part of a picture: scenery and pieces (what changes between steps)."""
    k = scale(board)
    return "".join([_area(a, k) for a in board.areas]
                   + [_piece(p, k, colours) for p in board.pieces])


def svg_frame(board: Board, content: str) -> str:
    k = scale(board)
    width, height = board.width_cm * k, board.height_cm * k
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
            f'viewBox="0 0 {_f(width)} {_f(height)}">'
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" '
            'markerHeight="4" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"/>'
            '</marker></defs>'
            f'<rect width="{_f(width)}" height="{_f(height)}" fill="#f4f1e8" stroke="#333"/>'
            f'{_hex_layer(board, k)}<g id="pieces">{content}</g></svg>')


def render_svg(board: Board, sides: list[str]) -> str:
    """One position as a standalone SVG document."""
    return svg_frame(board, pieces_svg(board, side_colours(sides)))


def log_line_html(line: str, rules: Mapping[str, str]) -> str:
    """One escaped log line, each rule id in ``rules`` wrapped so hovering it shows its text."""
    parts, start = [], 0
    for match in RULE_ID.finditer(line):
        text = rules.get(match.group())
        if text is None:
            continue
        parts += [html.escape(line[start:match.start()]),
                  f'<abbr class="rule" title="{html.escape(text)}">{match.group()}</abbr>']
        start = match.end()
    parts.append(html.escape(line[start:]))
    return "".join(parts)


def render_html(boards: list[Board], logs: list[list[str]], sides: list[str], title: str,
                rules: Mapping[str, str] | None = None) -> str:
    """A whole game: step i shows ``boards[i]`` and the log lines ``logs[i]`` that led to it.

    ``rules`` maps rule ids to the text shown when one is hovered in the log ("title: statement").
    """
    colours = side_colours(sides)
    frames = [pieces_svg(b, colours) for b in boards]
    first = svg_frame(boards[0], frames[0])
    legend = " ".join(f'<span style="color:{c}">■ {html.escape(s)}</span>'
                      for s, c in colours.items())
    marked = [[log_line_html(line, rules or {}) for line in step] for step in logs]
    data = json.dumps({"frames": frames, "logs": marked, "captions": [b.caption for b in boards]})
    data = data.replace("</", "<\\/")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;margin:1em}}#log{{white-space:pre-wrap;font-family:monospace;
font-size:12px;max-height:14em;overflow:auto;background:#f7f7f7;padding:.5em}}
#controls{{margin:.5em 0}}#slider{{width:40em;vertical-align:middle}}
abbr.rule{{text-decoration:underline dotted;cursor:help;color:#2458a6}}</style></head>
<body><h1>{html.escape(title)}</h1><div>{legend}</div>
<div id="controls"><button id="prev">◀ previous</button> <button id="next">next ▶</button>
<input id="slider" type="range" min="0" max="{len(frames) - 1}" value="0">
<span id="step"></span></div>
<div id="board">{first}</div><div id="caption"></div><div id="log"></div>
<script id="game-data" type="application/json">{data}</script>
<script>
const game = JSON.parse(document.getElementById("game-data").textContent);
const slider = document.getElementById("slider");
function show(i) {{
  i = Math.max(0, Math.min(game.frames.length - 1, i));
  slider.value = i;
  document.getElementById("pieces").innerHTML = game.frames[i];
  document.getElementById("step").textContent = "step " + i + " / " + (game.frames.length - 1);
  document.getElementById("caption").textContent = game.captions[i];
  document.getElementById("log").innerHTML = game.logs[i].join("\\n");
  history.replaceState(null, "", "#" + i);
}}
document.getElementById("prev").onclick = () => show(+slider.value - 1);
document.getElementById("next").onclick = () => show(+slider.value + 1);
slider.oninput = () => show(+slider.value);
show(parseInt(location.hash.slice(1)) || 0);
</script></body></html>
"""
