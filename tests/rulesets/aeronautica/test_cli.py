"""Both scenarios from the command line: bots, a person at the terminal, byte-exact replay."""

from __future__ import annotations

import io

import pytest

from polemos.core.cli import main
from tests.rulesets.aeronautica.helpers import SCENARIOS

FILES = sorted(SCENARIOS.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_bots_play_to_a_result_and_the_log_replays_byte_for_byte(path, tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    assert main(["play", str(path), "--seed", "5", "--events", str(log)]) == 0
    out = capsys.readouterr().out
    assert "== game over:" in out and "Result:" in out
    assert main(["replay", str(log)]) == 0
    assert "replay identical" in capsys.readouterr().out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_person_at_the_terminal_chooses_secretly_then_sees_the_reveal(path, tmp_path,
                                                                        monkeypatch, capsys):
    """AI-20 at the terminal: imperial's screen shows the Ork tokens as hidden until each
    Ork aircraft moves and reveals it; the game plays to a result and replays."""
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 20000))
    log = tmp_path / "human.jsonl"
    assert main(["play", str(path), "--human", "imperial", "--events", str(log)]) == 0
    out = capsys.readouterr().out
    assert "-- imperial to act --" in out and "Result:" in out
    assert "hidden until it moves" in out
    if path.stem == "dogfight":  # the Orks have aircraft, hence tokens
        first_screen = out[:out.index("-- imperial to act --")]
        assert "token hidden" in first_screen and "reveals manoeuvre" not in first_screen
    assert main(["replay", str(log)]) == 0
