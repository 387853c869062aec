"""Boards as pictures: every unit drawn at its place; the HTML replay is self-contained."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from polemos.core.board import (
    Board,
    Piece,
    hex_at_cm,
    hex_centre_cm,
    hex_map_size,
    hex_table_size,
)
from polemos.core.cli import main
from polemos.core.hexgrid import Hex, axial_to_offset, offset_to_axial
from polemos.core.render import render_html, render_svg, scale
from tests.conftest import new_game

SIX = str(Path(__file__).parents[2] / "scenarios" / "petit-cirque" / "dogfight-6v6.yaml")


@given(st.integers(0, 40), st.integers(0, 40), st.sampled_from([2.5, 5.0, 7.3]))
def test_every_hex_centre_maps_back_into_its_own_hex(col: int, row: int, size: float):
    h = offset_to_axial(col, row)
    assert hex_at_cm(*hex_centre_cm(h.q, h.r, size), size) == h


@given(st.floats(0, 200), st.floats(0, 200), st.sampled_from([2.5, 5.0]))
def test_a_point_maps_to_the_hex_whose_centre_is_nearest(x: float, y: float, size: float):
    h = hex_at_cm(x, y, size)
    cx, cy = hex_centre_cm(h.q, h.r, size)
    best = math.dist((x, y), (cx, cy))
    for q, r in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
        nx_, ny_ = hex_centre_cm(h.q + q, h.r + r, size)
        assert best <= math.dist((x, y), (nx_, ny_)) + 1e-9


def test_the_hex_table_holds_the_whole_map():
    width, height = hex_table_size(10, 6, 5.0)
    for col, row in ((0, 0), (9, 5), (9, 1), (0, 5)):
        h = offset_to_axial(col, row)
        x, y = hex_centre_cm(h.q, h.r, 5.0)
        assert 0 < x < width and 0 < y < height


def piece_positions(svg: str) -> dict[str, tuple[float, float]]:
    found = re.findall(r'id="piece-([^"]+)" data-x="([^"]+)" data-y="([^"]+)"', svg)
    return {ident: (float(x), float(y)) for ident, x, y in found}


def test_svg_draws_every_unit_at_its_place():
    board = Board(100, 50, [Piece("a", "red", 10, 20, 2, facing_deg=90, labels=["alt 3"]),
                            Piece("b", "blue", 90.5, 45.25, 4, markers=["damaged"])])
    svg = render_svg(board, ["red", "blue"])
    assert piece_positions(svg) == {"a": (10, 20), "b": (90.5, 45.25)}
    k = scale(board)
    assert f'cx="{10 * k:g}"' in svg and "damaged" in svg and "alt 3" in svg
    assert svg.count('class="facing"') == 1


def test_pcv_board_puts_each_aircraft_on_its_hex_centre():
    raw = {"name": "t", "ruleset": "petit_cirque", "map": {"width": 8, "height": 6, "hex_cm": 4},
           "sides": ["red", "blue"], "first_side": "red", "aircraft": [
               {"id": "r", "side": "red", "hex": [1, 1], "facing": "E", "altitude": 2,
                "speed": 2},
               {"id": "b", "side": "blue", "hex": [6, 4], "facing": "W", "altitude": 3,
                "speed": 2, "damaged": True}]}
    game = new_game(raw)
    svg = render_svg(game.rules.board(game.state), ["red", "blue"])
    positions = piece_positions(svg)
    for plane in game.state.planes.values():
        x, y = positions[plane.id]
        assert axial_to_offset(hex_at_cm(x, y, 4)) == axial_to_offset(Hex(plane.q, plane.r))
    assert "alt 3" in svg and "damaged" in svg and svg.count("<polygon points") == 8 * 6


def test_html_replay_has_every_step_and_needs_no_network(tmp_path, capsys):
    out = tmp_path / "replay.html"
    save = tmp_path / "save.json"
    assert main(["play", SIX, "-q", "--seed", "4", "--html", str(out), "--save",
                 str(save)]) == 0
    page = out.read_text()
    steps = len(json.loads(save.read_text())["actions"])
    assert f'max="{steps}"' in page
    assert "http" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "<script src" not in page and "previous" in page
    svg = tmp_path / "board.svg"
    assert main(["render", str(save), "-o", str(svg)]) == 0
    assert svg.read_text().startswith("<svg")


def test_render_html_frames_and_logs():
    boards = [Board(10, 10, [Piece("a", "x", 1, 1, 1)], caption="start"),
              Board(10, 10, [Piece("a", "x", 5, 5, 1)], caption="moved")]
    page = render_html(boards, [[], ["a moves (R-1)"]], ["x"], "t")
    assert "a moves (R-1)" in page and 'data-x=\\"5\\"' in page


@given(st.floats(10, 300), st.floats(10, 300), st.sampled_from([2.5, 5.0, 6.0]))
def test_mix1_the_overlay_holds_every_hex_whose_centre_is_on_the_table(w: float, h: float,
                                                                      size: float):
    columns, rows = hex_map_size(w, h, size)
    last = offset_to_axial(columns - 1, rows - 1)
    x, y = hex_centre_cm(last.q, last.r, size)
    assert x <= w + 1e-9 + size / 2 and y <= h + 1e-9
    below = offset_to_axial(0, rows)
    assert hex_centre_cm(below.q, below.r, size)[1] > h
    right = offset_to_axial(columns, 0)
    assert hex_centre_cm(right.q, right.r, size)[0] > w
