"""The derby from the command line: bots play to a result, a person can play a side at the
terminal, and an event log replays byte for byte."""

from __future__ import annotations

import io
import sys

from polemos.core.cli import main
from tests.rulesets.at43.test_scenario import DERBY


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def test_play_the_derby_with_bots_to_a_result(capsys):
    code, out = run(capsys, "play", str(DERBY), "--seed", "3")
    assert code == 0
    assert "Result:" in out and "(AT-P" in out and "(AT-15, AT-16)" in out


def test_events_replay_byte_for_byte_and_same_seed_same_log(capsys, tmp_path):
    log, again = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert run(capsys, "play", str(DERBY), "--seed", "5", "-q", "--events", str(log))[0] == 0
    code, out = run(capsys, "replay", str(log))
    assert code == 0 and "replay identical" in out
    run(capsys, "play", str(DERBY), "--seed", "5", "-q", "--events", str(again))
    assert again.read_bytes() == log.read_bytes()
    run(capsys, "play", str(DERBY), "--seed", "5", "-q", "--bots", "random", "--events",
        str(again))
    assert run(capsys, "replay", str(again))[0] == 0


def test_a_human_plays_red_at_the_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("x\n" + "\n" * 5000))
    code, out = run(capsys, "play", str(DERBY), "--seed", "1", "--human", "red")
    assert code == 0
    assert "-- red to act --" in out and "declare a normal move" in out and "r1.1" in out
    assert "'x' is not a key" in out and "Result:" in out
