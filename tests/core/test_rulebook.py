"""Rules as data: the shipped rulebook, its lookups, its errors, the CLI and the HTML replay."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

from polemos.core.board import Board, Piece
from polemos.core.errors import PluginFailure, PolemosError
from polemos.core.hookspecs import hookimpl
from polemos.core.plugins import make_plugin_manager
from polemos.core.render import log_line_html, render_html
from polemos.core.rulebook import RuleText, UnknownRule, load_rules, rulebook
from tests.core.test_cli import run

DUEL = str(Path(__file__).parents[2] / "scenarios" / "petit-cirque" / "duel.yaml")
RULE = {"id": "XX-1", "title": "T", "statement": "S.", "cites": "Decision (x)"}


def write_package(root: Path, name: str, text: str) -> str:
    """A throwaway importable package whose data/rules.yaml holds ``text``."""
    (root / name / "data").mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (root / name / "data" / "rules.yaml").write_text(textwrap.dedent(text))
    return name


def test_every_installed_ruleset_ships_its_rules():
    book = rulebook(make_plugin_manager())
    ids = {name: [rule.id for rule in book.for_ruleset(name)]
           for name in ("petit_cirque", "aeronautica", "at43", "de_bello_gallico", "mixed")}
    assert ids["petit_cirque"][:24] == [*(f"PCV-{n}" for n in range(1, 19)),
                                        *(f"PCV-O{n}" for n in range(1, 7))]
    assert ids["aeronautica"][35:45] == ["AI-36", *(f"AI-M{n}" for n in range(1, 9)), "AI-37"]
    assert len(ids["aeronautica"]) == 85 and len(ids["de_bello_gallico"]) == 60
    assert ids["at43"][-14:] == [*(f"AT-P{n}" for n in range(1, 5)),
                                 *(f"AT-E{n}" for n in range(1, 11))]
    assert ids["mixed"] == [f"MIX-{n}" for n in range(1, 11)]
    assert book["PCV-12"].ruleset == "petit_cirque" and book["MIX-8"].ruleset == "mixed"


def test_explain_ignores_case_and_names_close_matches():
    book = rulebook(make_plugin_manager())
    assert book.explain(" pcv-12 ").id == "PCV-12"
    with pytest.raises(UnknownRule, match=r"unknown rule 'PCV-99'; close matches: PCV-9$"):
        book.explain("PCV-99")
    with pytest.raises(UnknownRule, match="DBG-61'; close matches: DBG-6, DBG-1"):
        book.explain("DBG-61")
    with pytest.raises(UnknownRule, match="no close match"):
        book.explain("nonsense")


def test_load_rules_reads_a_packages_list(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    package = write_package(tmp_path, "rules_ok", """
        - {id: XX-1, title: One, statement: The first., cites: "Decision (one)"}
        - {id: XX-A2, title: Two, statement: The second., cites: Section two}
    """)
    rules = load_rules(package, ruleset="xx")
    assert rules == [RuleText(id="XX-1", title="One", statement="The first.",
                              cites="Decision (one)", ruleset="xx"),
                     RuleText(id="XX-A2", title="Two", statement="The second.",
                              cites="Section two", ruleset="xx")]


def test_load_rules_names_the_file_and_every_bad_field(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    package = write_package(tmp_path, "rules_bad", """
        - {id: XX-1, title: One, statement: The first., cites: x}
        - {id: xx 2, title: Two, statement: The second.}
        - {id: XX-1, title: Again, statement: Twice., cites: x, extra: 1}
        - {id: XX-1, title: Again, statement: Twice., cites: x}
    """)
    with pytest.raises(PolemosError) as error:
        load_rules(package, ruleset="xx")
    lines = str(error.value).splitlines()
    source = "rules_bad:data/rules.yaml"
    assert lines[0].startswith(f"{source}: [1].id: String should match pattern")
    assert f"{source}: [1].cites: field required" in lines
    assert f"{source}: [2].extra: unknown field" in lines
    assert f"{source}: [3].id: XX-1 is already defined at [0]" in lines


def test_load_rules_refuses_a_file_that_is_not_a_list(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PolemosError, match=r"rules_map:data/rules.yaml: expected a list"):
        load_rules(write_package(tmp_path, "rules_map", "XX-1: {}\n"), ruleset="xx")
    with pytest.raises(PolemosError, match=r"rules_yaml:data/rules.yaml: mapping values"):
        load_rules(write_package(tmp_path, "rules_yaml", "- title: a: b\n"), ruleset="xx")


class Twin:
    """A plugin defining an id a shipped ruleset defines already."""

    @staticmethod
    @hookimpl
    def polemos_rules() -> list[RuleText]:
        return [RuleText(**RULE | {"id": "PCV-12", "ruleset": "twin"})]


class Broken:
    """A plugin whose polemos_rules raises."""

    @staticmethod
    @hookimpl
    def polemos_rules() -> list[RuleText]:
        raise ValueError("no data")


def test_an_id_defined_twice_names_both_plugins():
    with pytest.raises(PolemosError, match=r"PCV-12 is defined twice \(plugins "
                                           r"'Twin' and 'petit_cirque'\)"):
        rulebook(make_plugin_manager([Twin]))


def test_a_plugin_that_raises_is_named():
    with pytest.raises(PluginFailure, match="plugin 'Broken' failed in polemos_rules"):
        rulebook(make_plugin_manager([Broken]))


def test_cli_rules_lists_ids_and_titles(capsys):
    code, out, _ = run(capsys, "rules", "petit_cirque")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "PCV-1    Hex cloth"
    assert "PCV-12   Collision" in lines and "PCV-O6   Option: magical flyers" in lines


def test_cli_rules_unknown_ruleset_exits_2_listing_the_installed(capsys):
    code, out, err = run(capsys, "rules", "petit_cirk")
    assert code == 2 and out == ""
    assert "unknown ruleset 'petit_cirk'; installed: aeronautica, at43, de_bello_gallico" in err


def test_cli_explain_prints_the_rule(capsys):
    code, out, _ = run(capsys, "explain", "mix-7")
    assert code == 0
    assert out.splitlines()[0] == "MIX-7 — Crash landing (mixed)"
    assert "every foreign ground unit centred there" in out
    assert out.splitlines()[-1] == ("Cites: Decision (crash landing): "
                                    "the source rules have no ground")


def test_cli_explain_unknown_exits_2_with_close_matches(capsys):
    code, out, err = run(capsys, "explain", "PCV-99")
    assert code == 2 and out == ""
    assert err == "polemos: error: unknown rule 'PCV-99'; close matches: PCV-9\n"


def test_log_line_html_wraps_known_ids_and_escapes_the_rest():
    rules = {"PCV-12": 'Collision: "same" <altitude> & more'}
    line = log_line_html("a & b collide (PCV-12, PCV-99, AT-43)", rules)
    assert line == ('a &amp; b collide (<abbr class="rule" title="Collision: &quot;same&quot; '
                    '&lt;altitude&gt; &amp; more">PCV-12</abbr>, PCV-99, AT-43)')


def test_render_html_shows_a_rules_text_on_its_id():
    boards = [Board(10, 10, [Piece("a", "x", 1, 1, 1)], caption="start")]
    page = render_html(boards, [["a moves (PCV-6)"]], ["x"], "t", {"PCV-6": "Forward: one hex"})
    data = json.loads(re.search(r'<script id="game-data" type="application/json">(.*?)</script>',
                                page, re.S).group(1))
    assert data["logs"] == [['a moves (<abbr class="rule" title="Forward: one hex">PCV-6'
                             '</abbr>)']]
    assert "abbr.rule {" in page and ".innerHTML = game.logs[i]" in page


def test_play_html_replay_carries_the_rulebook_texts(capsys, tmp_path):
    page = tmp_path / "replay.html"
    assert run(capsys, "play", DUEL, "--seed", "3", "-q", "--html", str(page))[0] == 0
    text = page.read_text(encoding="utf-8")
    book = rulebook(make_plugin_manager())
    hover = json.dumps(f'title="{book.texts()["PCV-6"]}">PCV-6<').strip('"')
    assert hover.replace("</", "<\\/") in text
