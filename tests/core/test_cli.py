"""The command line: its commands, its readable output and its exit codes (0, 2, 1)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from polemos.core.cli import main
from polemos.core.hookspecs import hookimpl
from polemos.core.plugins import make_plugin_manager

DUEL = str(Path(__file__).parents[2] / "scenarios" / "petit-cirque" / "duel.yaml")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rulesets_lists_rulesets_and_plugins_with_versions(capsys):
    code, out, _ = run(capsys, "rulesets")
    assert code == 0
    assert "petit_cirque" in out and "1.0.0" in out and "pcv_house_rules" in out


def test_validate_ok(capsys):
    code, out, _ = run(capsys, "validate", DUEL)
    assert code == 0 and "ok" in out


def test_validate_bad_file_exits_2_without_traceback(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nruleset: petit_cirque\nmap: {width: 5}\nsides: [a, b]\n"
                   "aircraft: []\n")
    code, out, err = run(capsys, "validate", str(bad))
    assert code == 2
    assert f"{bad}: map.height: field required" in err
    assert "Traceback" not in err + out


def test_play_narrates_with_rule_ids_and_prints_a_result_table(capsys):
    code, out, _ = run(capsys, "play", DUEL, "--seed", "3")
    assert code == 0
    assert "(PCV-6)" in out and "Result:" in out
    assert "fires at" in out and "needs" in out and "rolls" in out
    assert "side" in out and "in play" in out


def test_play_events_then_replay_verifies(capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    assert run(capsys, "play", DUEL, "--seed", "8", "-q", "--events", str(log))[0] == 0
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 0 and "replay identical" in out
    again = tmp_path / "again.jsonl"
    run(capsys, "play", DUEL, "--seed", "8", "-q", "--events", str(again))
    assert again.read_bytes() == log.read_bytes()


def test_replay_of_a_bad_file_exits_2(capsys, tmp_path):
    bad = tmp_path / "x.jsonl"
    bad.write_text("hello\n")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "not a Polemos event log" in err


def test_schema_is_json_schema_of_the_scenario(capsys):
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert code == 0
    assert "aircraft" in json.dumps(schema)
    pcv = schema["$defs"]["PcvScenario"]["properties"]["options"]["properties"]
    assert pcv["pcv_house_rules"]["properties"]["bomber_ceiling"]["anyOf"][0]["maximum"] == 6


def test_human_at_the_terminal_reprompts_on_bad_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("zero\n999\n" + "\n" * 20000))
    code, out, _ = run(capsys, "play", DUEL, "--seed", "2", "--human", "red", "--bots", "random")
    assert code == 0
    assert "'zero' is not a key of this menu nor a command" in out and "'999' is not" in out
    assert "red> key, Enter for r1." in out and "Result:" in out


def test_input_ending_early_saves_and_is_a_clear_error(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("r1.1\n"))
    code, _, err = run(capsys, "play", DUEL, "--human", "red")
    assert code == 2 and "input ended" in err
    assert "saved to duel.save.json after 1 actions" in err
    assert (tmp_path / "duel.save.json").exists()


def test_unknown_side_for_human_is_bad_input(capsys):
    code, _, err = run(capsys, "play", DUEL, "--human", "green")
    assert code == 2 and "no such side" in err


def test_internal_error_exits_1(capsys, monkeypatch):
    def explode(*args, **kwargs):
        raise RuntimeError("bug")
    monkeypatch.setattr("polemos.core.cli.load_scenario", explode)
    code, _, err = run(capsys, "validate", DUEL)
    assert code == 1 and "internal error" in err


class HelloCommand:
    """A plugin adding a CLI command through polemos_add_commands."""

    @hookimpl
    def polemos_add_commands(self, subparsers):
        parser = subparsers.add_parser("hello", help="say hello")
        parser.add_argument("name")
        parser.set_defaults(func=lambda args, pm: print(f"hello {args.name}") or 0)


def test_a_plugin_adds_a_command(capsys, monkeypatch):
    real = make_plugin_manager
    monkeypatch.setattr("polemos.core.cli.make_plugin_manager",
                        lambda: real(extra=[HelloCommand()]))
    code, out, _ = run(capsys, "hello", "club")
    assert code == 0 and out == "hello club\n"
