"""Every rule id the code, the events and the narration cite exists in the rulebook data, and
every id in the data is cited by a test (the developer standard: rules are cited by id).

Ids are found with one pattern built from the prefixes the rulebook uses (PCV, AI, AT, DBG,
MIX), so a new ruleset is checked as soon as it ships its data. ``AT-43`` is the name of the
game, not a rule (its collision rules stop at AT-42).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.rulebook import Rulebook, rulebook
from polemos.core.scenario import load_scenario
from tests.test_conformance import SCENARIOS, scenario_id

ROOT = Path(__file__).parent.parent
SOURCES = ("core", "plugins", "rulesets", "scenarios")
GAME_NAMES = {"AT-43"}
RULEBOOK_TESTS = {"tests/core/test_rulebook.py", "tests/test_rule_citations.py"}
"""These cite ids as examples of the rulebook's own behaviour, which proves no rule."""


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return rulebook(make_plugin_manager())


@pytest.fixture(scope="module")
def rule_id(book: Rulebook) -> re.Pattern[str]:
    prefixes = "|".join(sorted({rule.split("-")[0] for rule in book}))
    return re.compile(rf"\b(?:{prefixes})-[A-Z]?\d+\b")


def cited(pattern: re.Pattern[str], text: str) -> set[str]:
    return set(pattern.findall(text)) - GAME_NAMES


def files(folder: str, *suffixes: str) -> Iterator[Path]:
    for path in sorted((ROOT / folder).rglob("*")):
        if path.suffix in suffixes and "__pycache__" not in path.parts:
            yield path


def event_rules(value: Any) -> Iterator[str]:
    """Every id under a ``rule`` or ``rules`` key, at any depth of an event."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "rule" and isinstance(item, str):
                yield item
            elif key == "rules" and isinstance(item, list):
                yield from item
            else:
                yield from event_rules(item)
    elif isinstance(value, list):
        for item in value:
            yield from event_rules(item)


def unknown(found: dict[str, set[str]], book: Rulebook) -> dict[str, list[str]]:
    return {where: sorted(ids - set(book)) for where, ids in found.items() if ids - set(book)}


def test_every_id_cited_in_the_source_exists(book: Rulebook, rule_id: re.Pattern[str]):
    found = {str(path.relative_to(ROOT)): cited(rule_id, path.read_text(encoding="utf-8"))
             for folder in SOURCES for path in files(folder, ".py", ".yaml")}
    assert len(found) > 100
    assert unknown(found, book) == {}


def test_every_id_in_the_golden_logs_exists(book: Rulebook):
    found = {}
    for path in files("tests/golden", ".jsonl"):
        lines = path.read_text(encoding="utf-8").splitlines()
        found[path.name] = {rule for line in lines for rule in event_rules(json.loads(line))}
    assert found and all(found.values())
    assert unknown(found, book) == {}


@pytest.mark.parametrize("path", SCENARIOS, ids=scenario_id)
def test_every_id_in_a_played_games_events_and_narration_exists(path: Path, book: Rulebook,
                                                                rule_id: re.Pattern[str]):
    pm = make_plugin_manager()
    game = Game.new(load_scenario(path, pm), pm, seed=5, transactional=False)
    play(game, {side: make_bot(pm, game.rules.name, "greedy", bot_rng(5, side))
                for side in game.rules.sides(game.state)})
    narrated = [line for event in game.events if (line := game.rules.narrate(event))]
    found = {"events": set(event_rules(game.events)),
             "narration": cited(rule_id, "\n".join(narrated))}
    assert found["events"] and found["narration"]
    assert unknown(found, book) == {}


def test_every_id_in_the_data_is_cited_by_a_test(book: Rulebook, rule_id: re.Pattern[str]):
    tests = [path for path in files("tests", ".py")
             if str(path.relative_to(ROOT)) not in RULEBOOK_TESTS]
    covered = set().union(*(cited(rule_id, path.read_text(encoding="utf-8")) for path in tests))
    assert sorted(set(book) - covered) == []
