"""Narration for people: no Python reprs, one verdict, the result table says what it counts.

Every shipped scenario is played to its end with ``polemos play FILE --seed 3 -v`` (every
event narrated, every die printed) and the output is read as a person would: no list, dict,
``None`` or ``True`` shows, every log line cites its rule ids, and a mixed game's shared
table ends with exactly one game over (MIX-2, MIX-10).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from polemos.core.cli import main
from polemos.core.game import Game
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.core.wording import (
    cm,
    dice,
    does,
    hex_at,
    listing,
    percent,
    point,
    possessive,
    tally,
    verdict,
)

ROOT = Path(__file__).parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))
REPRS = re.compile(r"\{'|\['|\[\(|\(\[|\[\d|\[\]|\{\}|\bNone\b|\bTrue\b|\bFalse\b")
"""What a Python value looks like when it leaks: a dict, a list, a tuple of lists, None."""


def played(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> list[str]:
    assert main(["play", str(path), "--seed", "3", "-v", *extra]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_whole_seeded_game_reads_without_python(capsys, path: Path) -> None:
    """No line of a whole game shows a Python value; every log line keeps its rule ids."""
    lines = played(capsys, path)
    leaks = [line for line in lines if REPRS.search(line)]
    assert leaks == []
    result = next(i for i, line in enumerate(lines) if line.startswith("Result: "))
    log = [line for line in lines[1:result] if line.strip()]
    assert log and all(re.search(r"\([A-Z]+-[A-Z]?\d+[^()]*\)$", line) for line in log), \
        [line for line in log if not re.search(r"\([A-Z]+-[A-Z]?\d+[^()]*\)$", line)]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_position_and_the_menu_read_without_python(path: Path) -> None:
    """What the terminal shows a person for a decision: the position, each legal action and
    its odds (``describe``, ``describe_action``, ``odds``), for the first decisions."""
    pm = make_plugin_manager()
    game = Game.new(load_scenario(path, pm), pm, seed=3, transactional=False)
    for _ in range(40):
        side = game.to_act()
        if side is None:
            break
        view, legal = game.view(side), game.legal_actions()
        shown = [game.rules.describe(view)] + [
            f"{game.rules.describe_action(view, a)} {game.rules.odds(view, a) or ''}"
            for a in legal]
        assert [line for line in "\n".join(shown).splitlines() if REPRS.search(line)] == []
        game.step(legal[-1])


def test_the_showcase_ends_with_one_verdict_and_its_turn_headers_in_order(capsys) -> None:
    """MIX-2: the game's turn headers count up, each part in the scenario's order; a part's
    own end is no game over (MIX-10), so exactly one verdict closes the log."""
    lines = played(capsys, ROOT / "scenarios" / "mixed" / "bridge-showcase.yaml")
    verdicts = [line for line in lines if line.startswith("== game over")]
    assert verdicts == ["== game over: draw — the bridge held by gauls and romans (MIX-10)"]
    assert sum(1 for line in lines if " part over: " in line) == 4
    headers = [re.match(r"== turn (\d+)/8: (\w+) \(MIX-2\)", line) for line in lines
               if line.startswith("== turn")]
    order = ["aeronautica", "petit_cirque", "at43", "de_bello_gallico"]
    assert [(int(m[1]), m[2]) for m in headers if m] == [
        (turn, part) for turn in range(1, 9) for part in order]
    assert all(m for m in headers)
    assert lines.index(verdicts[0]) > max(i for i, line in enumerate(lines)
                                          if line.startswith("== turn"))


@pytest.mark.parametrize(("scenario", "verdict_line", "label"), [
    ("aeronautica/bombing-run", "ork wins — the disengagement turn is over (AI-68); most "
     "victory points: ork 66, imperial 60 (AI-70)", "victory points (AI-70)"),
    ("petit-cirque/duel", "red wins — red cleared the table of enemy aircraft (PCV-3)",
     "aircraft in play (PCV-3)"),
    ("at43/derby", "blue wins — blue has the last mobile AFV (AT-P2)",
     "enemy SP destroyed + infantry killed (AT-P3)"),
    ("de-bello-gallico/britons-ambush", "romans win — no romans left on the table: 4 romans "
     "eliminated (DBG-59)", "romans eliminated (britons), romans left (romans) (DBG-58)"),
    ("de-bello-gallico/corfinium-bridge", "caesareans win — caesareans alone hold the bridge "
     "after turn 8 (DBG-57)", "fighters on the table (DBG-57)"),
    ("mixed/bridge-showcase", "draw — the bridge held by gauls and romans (MIX-10)",
     "units on the table (MIX-10)"),
])
def test_the_result_table_names_its_numbers_and_says_why(capsys, scenario: str,
                                                         verdict_line: str, label: str) -> None:
    """The result says who won and why (and that victory points decided, AI-70); the table's
    score column is named per ruleset (``Ruleset.score_meaning``)."""
    lines = played(capsys, ROOT / "scenarios" / f"{scenario}.yaml", "-q")
    assert f"Result: {verdict_line}" in lines
    assert lines[-1] == f"  score: {label}"


def test_sides_agree_with_their_verbs() -> None:
    """A side named by a plural noun takes a plural verb; any other name a singular one."""
    assert does("romans", "win") == "romans win" and does("red", "win") == "red wins"
    assert does("gauls", "reach") == "gauls reach" and does("ork", "reach") == "ork reaches"
    assert does("britons", "have") == "britons have" and does("blue", "have") == "blue has"
    assert does("blue", "pass") == "blue passes" and does("the Gauls", "pass") == "the Gauls pass"
    assert possessive("romans") == "romans'" and possessive("red") == "red's"
    assert possessive("boss") == "boss's"
    assert verdict(None, "turn limit 8") == "draw — turn limit 8"
    assert verdict("gauls", "x") == "gauls win — x"


def test_values_read_as_words() -> None:
    assert dice([3, 4, 4, 1]) == "3, 4, 4, 1" and dice([]) == "no dice"
    assert tally({"imperial": 2, "ork": 4}) == "imperial 2, ork 4"
    assert listing(["a"]) == "a" and listing(["a", "b", "c"]) == "a, b and c"
    assert hex_at([15, 2]) == "hex 15,2" and point([55.07, 56.93]) == "(55.1, 56.9)"
    assert cm(10.0) == "10 cm" and cm(4.49) == "4.5 cm"
    assert (percent(1 / 3), percent(1 / 6), percent(0.001), percent(0.999), percent(1)) == (
        "33 %", "17 %", "<1 %", ">99 %", "100 %")
