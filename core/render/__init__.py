"""Boards as pictures, shared by ``polemos render``, the HTML replay and the web board.

``svg.frame(board, highlights)`` draws one step as SVG (pure, no ruleset, no page);
``page.render_html`` puts a whole game into one self-contained page around ``replay.js`` and
``replay.css``, shipped beside these modules; ``labels`` keeps the labels apart.
"""

from polemos.core.render.page import log_line_html, render_html, replay_data
from polemos.core.render.svg import (
    Highlights,
    frame,
    highlights,
    layers,
    render_svg,
    scale,
    side_colours,
    svg_frame,
)

__all__ = ["Highlights", "frame", "highlights", "layers", "log_line_html", "render_html",
           "render_svg", "replay_data", "scale", "side_colours", "svg_frame"]
