"""The Aeronautica position as a picture: every model in play at its hex centre, aircraft with
their facing, labels and markers; positions only, never the hidden tokens (AI-20)."""

from __future__ import annotations

import json
import re

from polemos.core.actions import Action
from polemos.core.board import hex_at_cm, hex_table_size
from polemos.core.cli import main
from polemos.core.game import Game
from polemos.core.render import render_svg
from polemos.core.scenario import load_scenario
from tests.conftest import new_game
from tests.rulesets.aeronautica.helpers import (
    SCENARIOS,
    asset,
    at,
    choose,
    duel,
    plane,
    put,
    scenario,
)

BOMBING = SCENARIOS / "bombing-run.yaml"


def positions(svg: str) -> dict[str, tuple[float, float]]:
    found = re.findall(r'id="piece-([^"]+)" data-x="([^"]+)" data-y="([^"]+)"', svg)
    return {ident: (float(x), float(y)) for ident, x, y in found}


def drawn(game: Game) -> str:
    return render_svg(game.rules.board(game.state), game.rules.sides(game.state))


def test_every_model_in_play_is_drawn_at_its_hex_centre(pm):
    """MIX-1 picture: aircraft, flak and ground targets of the bombing run, each in its hex."""
    game = Game.new(load_scenario(BOMBING, pm), pm, seed=1)
    svg = drawn(game)
    found = positions(svg)
    models = game.state.models
    assert set(found) == {m.id for m in models.values() if m.in_play}
    hex_cm = game.rules.scenario.map.hex_cm
    for unit, (x, y) in found.items():
        assert hex_at_cm(x, y, hex_cm) == models[unit].hex, unit
    aircraft = [m for m in models.values() if m.kind == "aircraft"]
    assert svg.count('class="facing"') == len(aircraft)
    assert "alt 3" in svg and "spd 3" in svg and "str 5/5" in svg and "str 3/3" in svg


def test_the_board_is_the_area_of_engagement_with_its_overlay(pm):
    """Ground models come first, so aircraft over them are drawn on top."""
    game = Game.new(load_scenario(BOMBING, pm), pm, seed=1)
    board = game.rules.board(game.state)
    assert (board.hex_columns, board.hex_rows, board.hex_cm) == (20, 14, 5.0)
    assert (board.width_cm, board.height_cm) == hex_table_size(20, 14, 5.0)
    assert board.caption == "turn 1/12: Choose Manoeuvres"
    grounded = [p.facing_deg is None for p in board.pieces]
    assert grounded == sorted(grounded, reverse=True) and grounded.count(True) == 5


def test_facing_labels_and_markers():
    """Facing × 60° clockwise from east; stalled, spinning, landed, tailing and damage shown."""
    game = new_game(scenario([plane("tb", col=2, row=2)],
                             [plane("dj", "dakkajet", col=17, row=13, facing="W", speed=5),
                              asset("flak", 15, 12)]))
    put(game, "tb", at(), facing=2, marker="stall", tailing="dj", structure=2)
    put(game, "dj", at(3, 0), marker="spin")
    put(game, "flak", structure=1)
    pieces = {p.id: p for p in game.rules.board(game.state).pieces}
    assert pieces["tb"].facing_deg == 120.0
    assert pieces["tb"].labels == ["alt 3", "spd 4", "str 2/3"]
    assert pieces["tb"].markers == ["stalled", "tailing dj"]
    assert pieces["dj"].markers == ["spinning"]
    assert (pieces["flak"].labels, pieces["flak"].markers) == (["str 1/2"], ["damaged"])
    put(game, "tb", marker="", tailing=None, landed=True, altitude=0, speed=0)
    pieces = {p.id: p for p in game.rules.board(game.state).pieces}
    assert pieces["tb"].markers == ["landed"] and pieces["tb"].labels[0] == "alt 0"


def test_the_board_shows_positions_never_tokens():
    """AI-20: choosing the hidden tokens changes nothing in the picture."""
    game = duel(dice=[4, 2])
    before = drawn(game)
    choose(game, {"tb": 3, "dj": 4})
    assert game.state.phase == "first"
    after = drawn(game)
    assert after.replace("Movement (who moves first)", "") == \
        before.replace("Choose Manoeuvres", "")


def test_a_destroyed_model_is_not_drawn():
    game = duel()
    game.state.models["dj"].status = "destroyed"
    assert set(positions(drawn(game))) == {"tb"}


def test_play_writes_an_html_replay_and_render_draws_a_save(tmp_path):
    """``polemos play --html`` and ``polemos render``: the saved position, every model in
    play at its hex centre."""
    html, save, svg = tmp_path / "replay.html", tmp_path / "save.json", tmp_path / "board.svg"
    assert main(["play", str(BOMBING), "-q", "--seed", "2", "--html", str(html),
                 "--save", str(save)]) == 0
    steps = len(json.loads(save.read_text())["actions"])
    assert f'max="{steps}"' in html.read_text()
    assert main(["render", str(save), "-o", str(svg)]) == 0
    game = Game.load(save)
    found = positions(svg.read_text())
    assert set(found) == set(game.rules.units(game.state))
    for unit, (x, y) in found.items():
        assert hex_at_cm(x, y, 5.0) == game.state.models[unit].hex


def test_one_step_redraws_the_moved_aircraft():
    game = duel(dice=[4, 2])
    choose(game)
    game.step(Action("first", None, {"side": "imperial"}))
    game.step(Action("throttle", "tb", {"speed": 4}))
    game.step(Action("fly", "tb", {"hexes": 1, "turn": 0}))
    game.step(Action("altitude", "tb", {"change": 0}))
    x, y = positions(drawn(game))["tb"]
    assert hex_at_cm(x, y, 5.0) == game.state.models["tb"].hex
