"""Versioned saves and event logs (issue 10, item 5): formats, migrations, rule changes, and
every broken, foreign or newer file refused with exit 2 and a clear message."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from polemos.core.actions import Action
from polemos.core.cli import main
from polemos.core.errors import PolemosInputError
from polemos.core.eventlog import LOG_FORMAT, read_log, replay_log, write_log
from polemos.core.game import SAVE_FORMAT, Game, write_atomically
from polemos.core.hookspecs import hookimpl
from polemos.core.migrations import LOG_MIGRATIONS, SAVE_MIGRATIONS
from polemos.core.plugins import make_plugin_manager
from polemos.core.position import game_at
from polemos.core.provenance import RulesChanged, engine_version
from polemos.core.rulebook import RuleText
from polemos.core.ruleset import Ruleset
from polemos.core.scenario import validate_scenario
from polemos.core.serialize import canonical
from tests.core.test_bad_input import refused
from tests.core.toy import TOY, Toy, ToyState

FIXTURES = Path(__file__).parents[1] / "fixtures" / "saves"
GAMES = ["pcv-duel", "aeronautica-dogfight"]
DUEL = Path(__file__).parents[2] / "scenarios" / "petit-cirque" / "duel.yaml"


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def finished(name: str) -> tuple[list[Any], list[str]]:
    """The actions and the event lines of the original game played to its end."""
    events = [json.loads(line) for line in lines_of(FIXTURES / f"{name}-finished.events.jsonl")
              [1:]]
    return ([e["action"] for e in events if e["type"] == "action"],
            [canonical(event) for event in events])


def continued(game: Game, actions: list[Any]) -> list[str]:
    """``game`` stepped through the actions it has not played yet: its whole log."""
    for action in actions[len(game.actions):]:
        game.step(action)
    return [canonical(event) for event in game.events]


# --- format 1 files written by the code of their time ---------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_fixtures_are_format_1_files(name):
    assert json.loads((FIXTURES / f"{name}-halfway.save.json").read_text())["format"] == \
        "polemos-save/1"
    for log in ("halfway", "finished"):
        assert json.loads(lines_of(FIXTURES / f"{name}-{log}.events.jsonl")[0])["format"] == \
            "polemos-events/1"


@pytest.mark.parametrize("name", GAMES)
def test_a_format_1_save_loads_through_the_migration_and_continues_identically(name, pm):
    actions, events = finished(name)
    game = Game.load(FIXTURES / f"{name}-halfway.save.json", pm)
    assert 0 < len(game.actions) < len(actions) and not game.notes
    assert continued(game, actions) == events
    assert game.result() is not None


@pytest.mark.parametrize("name", GAMES)
def test_a_format_1_log_replays_through_the_migration_and_continues_identically(name, pm):
    actions, events = finished(name)
    game, count = replay_log(FIXTURES / f"{name}-halfway.events.jsonl", pm)
    assert count == len(lines_of(FIXTURES / f"{name}-halfway.events.jsonl")) - 1
    assert continued(game, actions) == events
    whole, count = replay_log(FIXTURES / f"{name}-finished.events.jsonl", pm)
    assert count == len(events) and whole.result() == game.result()


def test_a_format_1_save_resaved_is_of_todays_format(pm, tmp_path):
    game = Game.load(FIXTURES / "pcv-duel-halfway.save.json", pm)
    game.save(tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text())["format"] == SAVE_FORMAT
    assert Game.load(tmp_path / "again.json", pm).snapshot() == game.snapshot()


@pytest.mark.parametrize(("migrations", "today"), [(SAVE_MIGRATIONS, SAVE_FORMAT),
                                                   (LOG_MIGRATIONS, LOG_FORMAT)])
def test_every_older_format_has_a_chain_of_migrations_to_today(migrations, today):
    family, _, number = today.partition("/")
    for older in range(1, int(number)):
        written, steps = f"{family}/{older}", 0
        while written != today:
            written, steps = migrations[written].to, steps + 1
            assert steps < int(number), f"{family}/{older}: the migrations go round in circles"


def test_the_position_command_reads_a_format_1_log(tmp_path, capsys):
    out = tmp_path / "pos.yaml"
    assert main(["position", str(FIXTURES / "pcv-duel-halfway.events.jsonl"), "-o",
                 str(out), "--step", "10"]) == 0
    assert "after 10 actions" in out.read_text(encoding="utf-8")


# --- what a save and a log header record ----------------------------------------------------


def test_a_save_and_a_log_header_record_the_versions_and_the_rules(pm, tmp_path):
    assert main(["play", "petit-cirque/witches-and-flak", "-q", "--save",
                 str(tmp_path / "s.json"), "--events", str(tmp_path / "log.jsonl")]) == 0
    save = json.loads((tmp_path / "s.json").read_text())
    head = json.loads(lines_of(tmp_path / "log.jsonl")[0])
    for record, format_ in ((save, SAVE_FORMAT), (head, LOG_FORMAT)):
        assert record["format"] == format_
        assert record["versions"] == {
            "engine": engine_version(), "rulesets": {"petit_cirque": "1.0.0"},
            "plugins": {"pcv_ground": "1.0.0", "pcv_magic": "1.0.0", "petit_cirque": "1.0.0"}}
        assert "PCV-12" in record["rules"] and len(record["rules"]["PCV-12"]) == 12


def test_a_mixed_game_records_every_ruleset_on_its_table(pm):
    golden = Path(__file__).parents[1] / "golden" / "mixed__bridge-showcase.jsonl"
    head = json.loads(lines_of(golden)[0])
    assert set(head["versions"]["rulesets"]) == {"mixed", "aeronautica", "petit_cirque", "at43",
                                                 "de_bello_gallico"}
    assert {"AI-1", "PCV-1", "AT-1", "DBG-1"} <= set(head["rules"])


# --- rules that changed since -----------------------------------------------------------------

TOY_RULES = {"TOY-0": "Sides alternate.", "TOY-1": "Take one or two; the last one wins.",
             "TOY-2": "A gamble takes half a D6, rounded down."}


class ToyV2(Toy):
    """Today's toy: a gamble takes a whole D6's worth (TOY-2 rewritten), and TOY-3 is new."""

    version = "2.0.0"

    def apply(self, state: ToyState, action: Action, game: Any) -> None:
        if action.kind != "gamble":
            super().apply(state, action, game)
            return
        state.pile -= min(state.pile, game.dice.d6(purpose="gamble", rule="TOY-2"))
        game.emit("pile", pile=state.pile, rule="TOY-2")
        state.winner = state.side if state.pile == 0 else None
        state.side = "b" if state.side == "a" else "a"


class ToyRules:
    """The toy with its rules as data, as released first (``ToyRules()``) or today."""

    def __init__(self, ruleset: type[Ruleset[Any, Any]] = Toy, today: bool = False) -> None:
        self.ruleset = ruleset
        self.texts = {**TOY_RULES, "TOY-2": "A gamble takes a D6.", "TOY-3": "New."} if today \
            else TOY_RULES

    @hookimpl
    def polemos_rulesets(self) -> list[type[Ruleset[Any, Any]]]:
        return [self.ruleset]

    @hookimpl
    def polemos_rules(self) -> list[RuleText]:
        return [RuleText(id=rule, title=rule.lower(), statement=text, cites="toy",
                         ruleset="toy") for rule, text in self.texts.items()]


def released():
    return make_plugin_manager([ToyRules()], entry_points=False)


def today():
    return make_plugin_manager([ToyRules(ToyV2, today=True)], entry_points=False)


def toy_save(path: Path) -> Game:
    """A toy game saved with the rules as released: take, take, gamble, take."""
    pm = released()
    game = Game.new(validate_scenario({**TOY, "pile": 20}, "toy.yaml", pm), pm, seed=3)
    for action in (Action("take", None, {"n": 1}), Action("take", None, {"n": 2}),
                   Action("gamble"), Action("take", None, {"n": 1})):
        game.step(action)
    game.save(path)
    return game


def test_a_save_whose_rules_changed_is_refused_naming_what_changed(tmp_path):
    toy_save(tmp_path / "s.json")
    with pytest.raises(RulesChanged) as refusal:
        Game.load(tmp_path / "s.json", today())
    message = str(refusal.value)
    assert "ruleset toy 0.1.0 → 2.0.0" in message
    assert "rules changed: TOY-2" in message and "rules added: TOY-3" in message
    assert "--accept-rule-changes" in message


def test_accepting_rule_changes_replays_as_far_as_the_events_agree(tmp_path):
    original = toy_save(tmp_path / "s.json")
    game = Game.load(tmp_path / "s.json", today(), accept_rule_changes=True)
    assert len(game.actions) == 2  # the gamble (action 2) resolves differently today
    assert [e for e in game.events] == original.events[:len(game.events)]
    [note] = game.notes
    assert "2 of 4 actions re-play identically; action 2 diverged" in note
    assert "2 recorded actions dropped" in note
    game.step(Action("gamble"))  # and the game goes on under today's rules
    assert game.events[-1]["rule"] == "TOY-2" and game.state.pile == 17 - game.events[-2]["dice"][0]


def test_accepting_changes_that_alter_no_event_keeps_every_action(tmp_path):
    toy_save(tmp_path / "s.json")
    data = json.loads((tmp_path / "s.json").read_text())
    data["versions"]["engine"] = "0.0.1"
    data["rules"]["TOY-1"] = "0" * 12
    (tmp_path / "s.json").write_text(json.dumps(data))
    with pytest.raises(RulesChanged, match=r"engine 0\.0\.1 → .*rules changed: TOY-1"):
        Game.load(tmp_path / "s.json", released())
    game = Game.load(tmp_path / "s.json", released(), accept_rule_changes=True)
    assert len(game.actions) == 4
    assert game.notes == [f"{tmp_path / 's.json'}: the rules changed (engine 0.0.1 → "
                          f"{engine_version()}; rules changed: TOY-1), but every action "
                          "re-plays identically"]


def test_a_log_whose_rules_changed_replays_with_the_option_and_says_where(tmp_path):
    original = toy_save(tmp_path / "s.json")
    write_log(original, tmp_path / "log.jsonl")
    with pytest.raises(RulesChanged, match="rules changed: TOY-2"):
        replay_log(tmp_path / "log.jsonl", today())
    game, count = replay_log(tmp_path / "log.jsonl", today(), accept_rule_changes=True)
    assert len(game.actions) == 2 and count == len(game.events)
    assert "action 2 diverged" in game.notes[0]
    at = game_at(tmp_path / "log.jsonl", today(), 1, accept_rule_changes=True)
    assert len(at.actions) == 1 and at.events == original.events[:len(at.events)]


def test_a_diverging_replay_without_a_recorded_change_suggests_the_option(pm, tmp_path):
    game = Game.new(validate_scenario(TOY, "toy.yaml", released()), released(), seed=3)
    game.step(Action("gamble"))
    data = game.save_data()
    data["events"][-1]["pile"] = 99
    (tmp_path / "s.json").write_text(json.dumps(data))
    with pytest.raises(PolemosInputError, match="at action 0: event 4 differs") as refusal:
        Game.load(tmp_path / "s.json", released())
    assert "--accept-rule-changes" in str(refusal.value)


def duel_recorded(folder: Path) -> tuple[Path, Path]:
    save, log = folder / "duel.json", folder / "duel.jsonl"
    assert main(["play", str(DUEL), "-q", "--seed", "4", "--save", str(save), "--events",
                 str(log)]) == 0
    return save, log


def test_the_cli_refuses_changed_rules_with_exit_2_and_accepts_them_on_request(tmp_path,
                                                                                 capsys):
    save, log = duel_recorded(tmp_path)
    data = json.loads(save.read_text())
    data["versions"]["rulesets"]["petit_cirque"] = "0.9.0"
    del data["rules"]["PCV-3"]
    save.write_text(json.dumps(data))
    head, *events = lines_of(log)
    record = json.loads(head)
    record["rules"]["PCV-12"] = "f" * 12
    log.write_text("\n".join([json.dumps(record), *events]) + "\n")
    capsys.readouterr()
    for command, path in (("render", save), ("position", save), ("replay", log),
                          ("position", log)):
        out = ["-o", str(tmp_path / "out")] if command != "replay" else []
        assert main([command, str(path), *out]) == 2
        err = capsys.readouterr().err
        assert "the rules changed" in err and "--accept-rule-changes" in err, err
        assert ("ruleset petit_cirque 0.9.0 → 1.0.0" in err and "rules added: PCV-3" in err) \
            if path == save else "rules changed: PCV-12" in err
        assert "Traceback" not in err
        assert main([command, str(path), *out, "--accept-rule-changes"]) == 0
        captured = capsys.readouterr()
        assert "every action re-plays identically" in captured.err, captured.err
        if command == "replay":
            assert "re-played with today's rules — " in captured.out


# --- newer, foreign, corrupt and truncated files ----------------------------------------------


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[str]]:
    save, log = duel_recorded(tmp_path_factory.mktemp("duel"))
    return json.loads(save.read_text()), lines_of(log)


def _newer_save(save: dict[str, Any], lines: list[str]) -> bytes:
    return json.dumps({**save, "format": "polemos-save/9", "new field": 1}).encode()


def _newer_log(save: dict[str, Any], lines: list[str]) -> bytes:
    head = {**json.loads(lines[0]), "format": "polemos-events/9"}
    return "\n".join([json.dumps(head), *lines[1:]]).encode()


SAVE_COMMANDS = [("render", "-o", "board.svg"), ("position", "-o", "pos.yaml")]
BROKEN_SAVES = {
    "newer-format": (_newer_save, "written by a newer Polemos (format polemos-save/9; this one "
                     "reads saves up to polemos-save/2): upgrade Polemos"),
    "unknown-format": (lambda save, lines: json.dumps({**save, "format": "polemos-save/x"})
                       .encode(), "not a Polemos save (polemos-save/2)"),
    "truncated": (lambda save, lines: json.dumps(save).encode()[:-300], "cannot read save"),
    "truncated-to-one-byte": (lambda save, lines: b"{", "cannot read save"),
    "corrupt-bytes": (lambda save, lines: json.dumps(save).encode()[:900] + b"\xff\xfe" +
                      json.dumps(save).encode()[900:], "not UTF-8 text"),
    "corrupt-events": (lambda save, lines: json.dumps({**save, "events": save["events"][:5]})
                       .encode(), "at action 0"),
    "corrupt-versions": (lambda save, lines: json.dumps({**save, "versions": "1.0"}).encode(),
                         "versions: Input should be a valid dictionary"),
    "foreign-json": (lambda save, lines: b'{"name": "polemos", "version": "0.1.0"}',
                     "not a Polemos save"),
    "foreign-scenario-yaml": (lambda save, lines: DUEL.read_bytes(), "cannot read save"),
}
BROKEN_LOGS = {
    "newer-format": (_newer_log, "line 1: written by a newer Polemos (format polemos-events/9"),
    "truncated-mid-line": (lambda save, lines: "\n".join(lines).encode()[:-40], "not JSON"),
    "truncated-at-a-line": (lambda save, lines: "\n".join(lines[:-2]).encode(),
                            "the re-play gives event"),
    "corrupt-line": (lambda save, lines: "\n".join([*lines[:9], lines[9][:-5] + "x", *lines[10:]])
                     .encode(), "line 10: not JSON"),
    "foreign-json": (lambda save, lines: b'{"type": "header", "format": "other/1"}\n',
                     "line 1: not a Polemos event log (polemos-events/2)"),
    "foreign-scenario-yaml": (lambda save, lines: DUEL.read_bytes(),
                              "line 1: not a Polemos event log header"),
    "a-save": (lambda save, lines: json.dumps(save).encode(),
               "line 1: not a Polemos event log header"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_SAVES))
@pytest.mark.parametrize("command", SAVE_COMMANDS, ids=lambda command: command[0])
def test_a_broken_foreign_or_newer_save_is_refused(capsys, tmp_path, duel, case, command):
    build, expected = BROKEN_SAVES[case]
    path = tmp_path / f"{case}.json"
    path.write_bytes(build(*duel))
    name, flag, out = command
    refused(capsys, path, expected, name, flag, str(tmp_path / out))
    assert not (tmp_path / out).exists()


NOT_LOGS = {"foreign-json", "foreign-scenario-yaml", "a-save"}
"""Files that do not start like a log: ``position`` reads them as saves (cases above)."""


@pytest.mark.parametrize("case", sorted(BROKEN_LOGS))
def test_a_broken_foreign_or_newer_log_is_refused(capsys, tmp_path, duel, case):
    build, expected = BROKEN_LOGS[case]
    path = tmp_path / f"{case}.jsonl"
    path.write_bytes(build(*duel))
    refused(capsys, path, expected, "replay")
    if case not in NOT_LOGS:
        refused(capsys, path, expected, "position", "-o", str(tmp_path / "pos.yaml"))
        assert not (tmp_path / "pos.yaml").exists()


def test_an_event_log_given_for_a_save_is_refused(capsys, tmp_path, duel):
    path = tmp_path / "log.jsonl"
    path.write_text(duel[1][0] + "\n")
    refused(capsys, path, "not a Polemos save (polemos-save/2)", "render")


def test_read_log_reads_the_header_of_an_old_log():
    head, lines = read_log(FIXTURES / "pcv-duel-halfway.events.jsonl")
    assert head.format == LOG_FORMAT and head.versions is None and head.rules is None
    assert head.seed == 4 and lines


# --- atomic writes --------------------------------------------------------------------------


def test_a_save_that_fails_mid_write_leaves_the_previous_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    path.write_text("previous")

    def full_disk(source: Any, target: Any) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(PolemosInputError, match="s.json: cannot write: No space left on device"):
        write_atomically(path, "new")
    assert path.read_text() == "previous" and os.listdir(tmp_path) == ["s.json"]


def test_a_save_to_an_unwritable_place_is_bad_input(pm, tmp_path):
    game = Game.new(validate_scenario(TOY, "toy.yaml", released()), released())
    with pytest.raises(PolemosInputError, match="cannot write: No such file or directory"):
        game.save(tmp_path / "missing" / "s.json")
    with pytest.raises(PolemosInputError, match="cannot write"):
        write_log(game, tmp_path / "missing" / "log.jsonl")
