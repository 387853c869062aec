"""What a replay step shows beyond its position (core/annotations.py) and how the renderer draws
it (core/render): the acting unit, shots hit or missed, trails in cm, labels kept apart."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from polemos.core.actions import Action
from polemos.core.annotations import Link, Path, StepNotes, annotate_step
from polemos.core.board import Board, Piece, hex_centre_cm
from polemos.core.hexgrid import offset_to_axial
from polemos.core.render import frame, highlights, scale
from polemos.core.render.labels import Box, LabelSpec, place_labels, text_size, total_overlap
from polemos.rulesets.aeronautica.annotations import annotate as ai_annotate
from polemos.rulesets.at43.annotations import annotate as at43_annotate
from tests.conftest import new_game
from tests.mixing_fixtures import dbg, fighter
from tests.rulesets.petit_cirque.helpers import game, plane, scenario, step

DBG_ROMANS_FIRST = [9, 1]


def javelin_game():
    """DBG-22, DBG-26, DBG-29: r1's javelin (6 + Tir 4 = 10) wounds g1 8 cm away, who fails
    his morale test (2) and flees 5 cm north (as in tests/test_mixing_e2e.py)."""
    raw = {"name": "javelins", "ruleset": "de_bello_gallico",
           "table": {"width": 60, "height": 40}, "max_turns": 2,
           **dbg(fighter("r1", "romans", 10, 20, troop="skirmisher"),
                 fighter("g1", "gauls", 20, 20, troop="gallic_warrior", nation="celt"))}
    g = new_game(raw, dice=DBG_ROMANS_FIRST + [6, 2])
    g.step(Action("activate", "r1"))
    return g


def test_dbg22_a_javelin_that_wounds_is_a_hit_and_the_flight_a_trail():
    g = javelin_game()
    start = len(g.events)
    g.step(Action("shoot", "r1", {"target": "g1"}))
    notes = annotate_step(g.rules, g.events[start:])
    assert notes.actor == "r1"
    assert notes.links == [Link("shot", "r1", "g1", True)]
    assert notes.paths == [Path("flight", "g1", ((20.0, 20.0), (20.0, 15.0)))]


def test_pcv6_each_hex_flown_extends_one_trail_through_the_hex_centres():
    """PCV-6: two straight steps of r1 from [2, 4] make one trail [2, 4] → [3, 4] → [4, 4]."""
    g = game(scenario(plane("r1", "red", 2, 4, speed=2), plane("b1", "blue", 9, 7, "W")))
    start = len(g.events)
    step(g, "r1")
    step(g, "r1")
    notes = annotate_step(g.rules, g.events[start:])
    cm = g.rules.scenario.map.hex_cm
    centres = tuple(hex_centre_cm(*offset_to_axial(c, 4), cm) for c in (2, 3, 4))
    assert notes.actor == "r1" and notes.paths == [Path("move", "r1", centres)]


def test_a_step_is_drawn_with_its_actor_shot_and_trail():
    """The acting base is ringed, a hit is a solid line ending in a burst, a miss a dashed
    line, a trail a polyline through its points (px = cm × scale)."""
    board = Board(60, 40, [Piece("a", "red", 10, 20, 1), Piece("b", "blue", 30, 20, 1),
                           Piece("c", "blue", 30, 30, 1)])
    notes = StepNotes("a", [Link("shot", "a", "b", True), Link("shot", "a", "c", False)],
                      [Path("move", "a", ((5.0, 20.0), (10.0, 20.0)))])
    svg = frame(board, highlights(notes, board))
    k = scale(board)
    assert re.search(r'<g class="piece unit actor" id="piece-a"', svg)
    assert svg.count('class="halo"') == 1
    hit = re.search(r'<g class="link shot hit"[^>]*><line [^>]*>', svg).group()
    miss = re.search(r'<g class="link shot miss"[^>]*><line [^>]*>', svg).group()
    assert "stroke-dasharray" not in hit and "stroke-dasharray" in miss
    assert svg.count('class="burst"') == 1
    assert f'points="{5 * k:g},{20 * k:g} {10 * k:g},{20 * k:g}"' in svg


def test_a_link_to_a_unit_the_step_removed_ends_where_it_stood():
    before = Board(60, 40, [Piece("a", "red", 10, 20, 1), Piece("b", "blue", 30, 20, 1)])
    after = Board(60, 40, [Piece("a", "red", 10, 20, 1)])
    marks = highlights(StepNotes("a", [Link("shot", "a", "b", True)]), after, before)
    assert [(line.start, line.end) for line in marks.lines] == [((10, 20), (30, 20))]


def test_a_crowd_on_one_spot_gets_labels_that_do_not_overlap():
    """Twelve bases within 3 px of each other: every label finds a free spot, with a leader
    line back to its base when it stands off."""
    specs = tuple(LabelSpec(f"warrior-{i}", 400 + i % 3, 300 + i // 4, 4,
                            *text_size([(f"warrior-{i}", 11.0), ("retreat", 9.0)]))
                  for i in range(12))
    places = place_labels(specs, 900, 600)
    assert total_overlap([p.box for p in places]) == 0
    assert sum(p.leader is not None for p in places) >= 8
    assert all(p.box.x >= 0 and p.box.x + p.box.w <= 900 for p in places)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 300), st.floats(0, 200)), min_size=1, max_size=15))
def test_labels_stay_on_the_picture_and_apart_when_there_is_room(points):
    """However 15 small bases stand on a 300 × 200 px picture, their labels stay on it and
    share no area."""
    specs = tuple(LabelSpec(f"u{i}", x, y, 3, 20, 12) for i, (x, y) in enumerate(points))
    boxes = [p.box for p in place_labels(specs, 300, 200)]
    assert total_overlap(boxes) == 0
    assert all(Box(0, 0, 300, 200).overlap(b) == pytest.approx(b.w * b.h) for b in boxes)


def test_at26_a_push_is_one_arrow_back_along_its_direction_and_a_crush_a_link():
    """AT-26: a block pushed 2 cm east is drawn from 2 cm west of where its first vehicle ended;
    AT-8: a crush links the vehicle to the model it ran over, a hit when the model died."""
    push = {"type": "push", "units": ["a", "b"], "direction": [1.0, 0.0], "travelled": 2.0,
            "at": {"a": [12.0, 5.0], "b": [20.0, 5.0]}}
    assert at43_annotate(push) == Path("push", "a", ((10.0, 5.0), (12.0, 5.0)))
    crush = {"type": "crush", "unit": "t1", "by": "a", "killed": True}
    assert at43_annotate(crush) == Link("crush", "a", "t1", True)


def test_mix5_a_bomb_on_another_rulesets_unit_links_to_its_board_id():
    bomb = {"type": "scatter", "unit": "marauder", "target": "de_bello_gallico:chief",
            "hit": True}
    assert ai_annotate(bomb, 6.0) == Link("shot", "marauder", "chief", True)
