"""The ruleset kit: scenarios by name, the default bot, the generic board (README, "Writing a
ruleset or a plugin")."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from polemos.core.board import generic_board
from polemos.core.catalog import ScenarioRef, scenario_catalog, scenario_path
from polemos.core.cli import main
from polemos.core.errors import PolemosError, PolemosInputError
from polemos.core.game import Game
from polemos.core.hookspecs import hookimpl
from polemos.core.players import RandomBot, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.ruleset import Ruleset
from polemos.core.scenario import validate_scenario
from polemos.core.world import Presence
from tests.core.toy import TOY, Toy, ToyPlugin, ToyState

ROOT = Path(__file__).parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_shipped_scenario_is_listed_by_its_plugin_under_folder_and_stem(pm):
    catalog = scenario_catalog(pm)
    shipped = sorted(ROOT.joinpath("scenarios").rglob("*.yaml"))
    assert [ref.path for ref in catalog.values()] == shipped
    assert catalog["petit-cirque/duel"].plugin == "petit_cirque"
    assert catalog["mixed/bridge-showcase"].plugin == "mixed"


def test_scenarios_lists_names_and_play_and_validate_take_a_name(capsys):
    code, out, _ = run(capsys, "scenarios")
    assert code == 0 and "petit-cirque/duel" in out and "Duel over the lines" in out
    code, out, _ = run(capsys, "validate", "petit-cirque/duel")
    assert code == 0 and "ok" in out
    code, out, _ = run(capsys, "play", "petit-cirque/duel", "--seed", "3", "-q")
    assert code == 0 and "Result:" in out


def test_an_unknown_scenario_name_exits_2_with_close_matches(capsys):
    code, _, err = run(capsys, "play", "petit-cirque/duell")
    assert code == 2
    assert "no scenario file or installed scenario 'petit-cirque/duell'" in err
    assert "close matches: petit-cirque/duel" in err
    code, _, err = run(capsys, "play", "duel")
    assert code == 2 and "close matches: petit-cirque/duel" in err
    code, _, err = run(capsys, "play", "missing.yaml")  # a file name stays a file name
    assert code == 2 and "missing.yaml: cannot read file" in err


class Twice:
    """Lists a scenario under a name another plugin already uses."""

    @hookimpl
    def polemos_scenarios(self) -> list[ScenarioRef]:
        return [ScenarioRef("petit-cirque/duel", ROOT / "scenarios" / "at43" / "derby.yaml")]


def test_a_scenario_name_listed_twice_names_both_plugins():
    pm = make_plugin_manager([Twice()])
    with pytest.raises(PolemosError, match="'petit-cirque/duel' is listed twice \\(plugins "
                       "'Twice' and 'petit_cirque'\\)"):
        scenario_catalog(pm)
    assert scenario_path(str(ROOT / "scenarios" / "at43" / "derby.yaml"), pm).exists()


def test_a_ruleset_without_a_greedy_policy_gets_the_random_bot():
    pm = make_plugin_manager([ToyPlugin()], entry_points=False)
    assert isinstance(make_bot(pm, "toy", "greedy", random.Random(0)), RandomBot)
    with pytest.raises(PolemosInputError, match="ruleset 'toy' has no 'clever' bot"):
        make_bot(pm, "toy", "clever", random.Random(0))


class Squad(Toy):
    """The toy with units and no board of its own."""

    def units(self, state: ToyState) -> dict[str, str]:
        return {"b1": "b", "a2": "a", "a1": "a"}


class Placed(Toy):
    """The toy with units placed on a table (``presences``), and no board of its own."""

    def presences(self, state: ToyState) -> list[Presence]:
        return [Presence("scout", "toy", "a", "infantry", 10.0, 5.0, 1.0),
                Presence("kite", "toy", "b", "aircraft", 30.0, 20.0, 2.0, altitude=3)]


def game_of(rules: type[Ruleset[Any, Any]]) -> Game:
    class Provides:
        @hookimpl
        def polemos_rulesets(self) -> list[type[Ruleset[Any, Any]]]:
            return [rules]

    pm = make_plugin_manager([Provides()], entry_points=False)
    return Game.new(validate_scenario(TOY, "test", pm), pm)


def test_a_ruleset_without_a_board_is_drawn_from_its_units_by_side():
    game = game_of(Squad)
    board = generic_board(game.rules, game.state)
    assert [(p.id, p.side, p.x, p.y) for p in board.pieces] == [
        ("a1", "a", 2.0, 2.0), ("a2", "a", 2.0, 6.0), ("b1", "b", 6.0, 2.0)]
    assert (board.width_cm, board.height_cm) == (8.0, 8.0)
    assert board.caption == "Toy pile: turn 1"


def test_a_ruleset_without_a_board_is_drawn_where_it_places_its_units():
    game = game_of(Placed)
    board = generic_board(game.rules, game.state)
    assert [(p.id, p.x, p.y, p.labels) for p in board.pieces] == [
        ("scout", 10.0, 5.0, ["infantry"]), ("kite", 30.0, 20.0, ["aircraft", "alt 3"])]
    assert (board.width_cm, board.height_cm) == (34.0, 24.0)


def test_render_and_html_draw_a_ruleset_without_a_board(tmp_path, capsys, monkeypatch):
    game = game_of(Squad)
    pm = game.pm
    monkeypatch.setattr("polemos.core.cli.make_plugin_manager", lambda: pm)
    game.step({"kind": "take", "args": {"n": 1}})
    game.save(tmp_path / "save.json")
    code, _, err = run(capsys, "render", str(tmp_path / "save.json"), "-o",
                       str(tmp_path / "board.svg"))
    assert code == 0, err
    svg = (tmp_path / "board.svg").read_text(encoding="utf-8")
    assert 'id="piece-a1"' in svg and 'id="piece-b1"' in svg
    scenario = tmp_path / "toy.yaml"
    scenario.write_text("name: toy game\nruleset: toy\n", encoding="utf-8")
    code, _, err = run(capsys, "play", str(scenario), "-q", "--html", str(tmp_path / "r.html"))
    assert code == 0, err
    assert 'id="piece-a2"' in (tmp_path / "r.html").read_text(encoding="utf-8")
