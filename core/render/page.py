"""A whole game as one self-contained HTML page: the board of every step, what happened in it,
the units and their status, a list of steps to jump to.

Nothing is fetched: the frames, log lines and unit tables are embedded as JSON, and the page's
script and style (``replay.js``, ``replay.css``, shipped beside this module) are inlined. The
script draws nothing itself: it swaps the pre-rendered layers of the step shown (``svg.py``),
so the web board can reuse both halves.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from importlib.resources import files
from typing import Any

from polemos.core.annotations import StepNotes
from polemos.core.board import Board
from polemos.core.render.svg import highlights, layers, side_colours, svg_frame

RULE_ID = re.compile(r"\b[A-Z]{2,4}-[A-Z]?\d+\b")
"""A word that looks like a rule id; it is marked up only when the rulebook defines it."""
CITATION = re.compile(r"\s*\((?:[A-Z]{2,4}-[A-Z]?\d+(?:,\s*)?)+\)")
TITLE_CHARS = 64


def asset(name: str) -> str:
    """A file shipped with the renderer (``replay.js``, ``replay.css``)."""
    return files("polemos.core.render").joinpath(name).read_text(encoding="utf-8")


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


def step_title(lines: Sequence[str], caption: str) -> str:
    """A step's entry in the step list: its first narrated line that is not a header, without
    its rule citations (the log shows them), or the board's caption."""
    for line in lines:
        text = line.strip()
        if text and not text.startswith(("==", "--")):
            text = CITATION.sub("", text)
            return text if len(text) <= TITLE_CHARS else text[:TITLE_CHARS - 1] + "…"
    return caption


def _status(board: Board) -> dict[str, str]:
    return {p.id: " ".join([*p.labels, *p.markers]) for p in board.pieces if p.kind == "unit"}


def replay_data(boards: Sequence[Board], logs: Sequence[Sequence[str]], sides: list[str],
                rules: Mapping[str, str], notes: Sequence[StepNotes | None]) -> dict[str, Any]:
    """Everything the page script needs, step by step (JSON-ready)."""
    colours = side_colours(sides)
    frames, actors = [], []
    for i, board in enumerate(boards):
        marks = highlights(notes[i], board, boards[i - 1] if i else None)
        frames.append(layers(board, marks, colours))
        actors.append(marks.actor)
    units: dict[str, str] = {}
    for board in boards:
        for piece in board.pieces:
            if piece.kind == "unit":
                units.setdefault(piece.id, piece.side)
    return {"frames": frames, "actors": actors,
            "logs": [[log_line_html(line, rules) for line in step] for step in logs],
            "captions": [b.caption for b in boards],
            "titles": [step_title(step, b.caption) for step, b in zip(logs, boards, strict=True)],
            "units": [[unit, side] for unit, side in units.items()],
            "status": [_status(b) for b in boards], "colours": colours}


def render_html(boards: list[Board], logs: list[list[str]], sides: list[str], title: str,
                rules: Mapping[str, str] | None = None,
                notes: Sequence[StepNotes | None] | None = None) -> str:
    """A whole game: step i shows ``boards[i]``, the log lines ``logs[i]`` that led to it and
    ``notes[i]`` drawn over it (who acted, shots, trails).

    ``rules`` maps rule ids to the text shown when one is hovered in the log ("title: statement").
    """
    data = replay_data(boards, logs, sides, rules or {}, notes or [None] * len(boards))
    board = svg_frame(boards[0], data["frames"][0])
    legend = " ".join(f'<span class="side"><i style="background:{c}"></i>{html.escape(s)}'
                      '</span>' for s, c in side_colours(sides).items())
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    last = len(boards) - 1
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<link rel="icon" href="data:,"><style>{asset("replay.css")}</style></head>
<body><header><h1>{html.escape(title)}</h1><div class="legend">{legend}
<span class="key"><i class="k-actor"></i>acted</span>
<span class="key"><i class="k-hit"></i>hit</span><span class="key"><i class="k-miss"></i>miss</span>
<span class="key"><i class="k-trail"></i>moved</span></div>
<div id="controls"><button id="first" title="first step (Home)">|◀</button>
<button id="prev" title="previous step (←)">◀ previous</button>
<button id="next" title="next step (→)">next ▶</button>
<button id="last" title="last step (End)">▶|</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="step">
<span id="step"></span>
<span class="zoom"><button id="zoom-in" title="zoom in (+, wheel)">+</button>
<button id="zoom-out" title="zoom out (−, wheel)">−</button>
<button id="zoom-fit" title="whole table (0)">fit</button></span></div></header>
<main><nav id="steps" aria-label="steps"></nav>
<section id="view"><div id="board" title="drag to pan, wheel to zoom">{board}</div>
<div id="caption"></div><div id="log"></div>
<p class="help">Keys: ← → step, Home End, +/− zoom, 0 fit, W A S D pan. Hover a rule id for
its text; click a unit in the table to find it.</p></section>
<aside><table id="units"><thead><tr><th>unit</th><th>status</th></tr></thead><tbody></tbody>
</table></aside></main>
<script id="game-data" type="application/json">{payload}</script>
<script>{asset("replay.js")}</script></body></html>
"""
