"""At the table: the terminal player's menu and commands, quit and Ctrl-C, and `polemos resume`,
driven with scripted input through the command line (the duel: red moves first, PCV-4)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from polemos.core.cli import main
from polemos.core.game import Game

DUEL = str(Path(__file__).parents[2] / "scenarios" / "petit-cirque" / "duel.yaml")


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    """Every test runs in its own folder: `quit` saves in the current one."""
    monkeypatch.chdir(tmp_path)


def at_table(capsys, monkeypatch, typed: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def actions_in(path: str) -> list[dict]:
    return json.loads(Path(path).read_text())["actions"]


def test_keys_group_by_unit_and_stay_put_while_the_unit_moves(capsys, monkeypatch):
    """The first menu lists red-1 (r1) and red-2 (r2); after a step of red-1, "forward
    straight, level" is still r1.1 and red-2's keys are gone, not renumbered onto red-1."""
    code, out, _ = at_table(capsys, monkeypatch, "r1.2\nr1.1\nquit\n", "play", DUEL,
                            "--human", "red")
    assert code == 0
    first, second, third = out.split("red> ")[:3]
    assert "r1 " in first and "r2 " in first and "r2.11" in first
    assert "r1.1  forward straight, level" in second.replace("   ", "  ")
    assert "r2." not in second and "r1.1" in third
    assert [a["args"]["dir"] for a in actions_in("duel.save.json")] == ["left", "straight"]


def test_enter_takes_the_highlighted_default_and_output_is_plain_off_a_terminal(capsys,
                                                                                monkeypatch):
    code, out, _ = at_table(capsys, monkeypatch, "\nquit\n", "play", DUEL, "--human", "red")
    assert code == 0 and "\x1b[" not in out
    default = out.split("Enter for ")[1].split(",")[0]
    chosen = [line for line in out.splitlines() if line.startswith("*")][0]
    assert default in chosen
    assert len(actions_in("duel.save.json")) == 1


def test_the_board_is_drawn_once_per_unit_not_after_every_hex(capsys, monkeypatch):
    """Three hexes of red-1 and its speed: the board once at the start and once when the
    menu turns to red-1 alone; `board` draws it again on demand."""
    code, out, _ = at_table(capsys, monkeypatch, "r1.1\nr1.1\nboard\nquit\n", "play", DUEL,
                            "--human", "red")
    assert code == 0 and out.count("-- red to act --") == 3


def test_forced_choices_are_taken_and_said(capsys, monkeypatch):
    """Nothing is in range in the first fire phase: each hold (PCV-14) is taken at once."""
    code, out, _ = at_table(capsys, monkeypatch, "\n" * 40 + "quit\n", "play", DUEL,
                            "--human", "red", "--bots", "random")
    assert code == 0 and "hold fire — forced, no other choice changes anything" in out


def test_bad_words_unknown_rules_and_unwritable_saves_leave_the_game_going(capsys,
                                                                          monkeypatch):
    typed = ("fly\nexplain PCV-999\nexplain pcv-6\nsave /no/such/dir/x.json\nundo\nhelp\n"
             "r1.1\nquit\n")
    code, out, err = at_table(capsys, monkeypatch, typed, "play", DUEL, "--human", "red")
    assert code == 0 and "Traceback" not in out + err
    assert "'fly' is not a key of this menu nor a command" in out
    assert "unknown rule 'PCV-999'" in out and "PCV-6 — Forward and descend" in out
    assert "cannot save to /no/such/dir/x.json" in out
    assert "nothing to undo: red has not acted yet" in out
    assert "explain RULE" in out
    assert not list(Path("/no/such/dir").parent.glob("x.json*"))
    assert len(actions_in("duel.save.json")) == 1


def test_save_then_quit_then_resume_continues_the_same_game(capsys, monkeypatch):
    code, out, _ = at_table(capsys, monkeypatch, "r1.1\nsave mid.json\nr1.1\nquit\n", "play",
                            DUEL, "--human", "red")
    assert code == 0 and "saved to mid.json after 1 actions" in out
    assert "resume with: polemos resume duel.save.json --human red" in out
    assert len(actions_in("mid.json")) == 1 and len(actions_in("duel.save.json")) == 2
    code, out, _ = at_table(capsys, monkeypatch, "\n" * 20000, "resume", "duel.save.json",
                            "--human", "red", "--bots", "random", "--events", "log.jsonl")
    assert code == 0 and "resumed after 2 actions" in out and "Result:" in out
    assert main(["replay", "log.jsonl"]) == 0


def test_undo_takes_back_a_move_and_the_game_goes_on(capsys, monkeypatch):
    code, out, _ = at_table(capsys, monkeypatch, "r1.2\nundo\nr1.3\nquit\n", "play", DUEL,
                            "--human", "red", "--html", "replay.html", "--events", "log.jsonl")
    assert code == 0 and "undone: red-1: forward left, level" in out
    assert [a["args"]["dir"] for a in actions_in("duel.save.json")] == ["right"]
    assert Path("replay.html").exists() and main(["replay", "log.jsonl"]) == 0


def test_undo_after_the_other_side_acted_is_refused(capsys, monkeypatch):
    """Red's whole first turn with Enter, then blue (a bot) moves: red's undo is refused."""
    code, out, _ = at_table(capsys, monkeypatch, "\n" * 8 + "undo\nquit\n", "play", DUEL,
                            "--human", "red")
    assert code == 0 and "cannot undo: blue has acted since red's last action" in out


def test_undo_after_a_shot_rolled_is_refused_naming_the_roll(capsys, monkeypatch):
    """Seed 1: red's 16th decision is red-1's shot at blue-2 (PCV-15); its die has spoken."""
    code, out, _ = at_table(capsys, monkeypatch, "\n" * 16 + "undo\nquit\n", "play", DUEL,
                            "--human", "red", "--seed", "1")
    assert code == 0 and "red-1 fires at blue-2" in out
    assert ("cannot undo red's last action: dice were rolled since (red-1 fires at blue-2, "
            "PCV-15)") in out


def test_resume_lets_any_side_be_played_by_a_person(capsys, monkeypatch):
    at_table(capsys, monkeypatch, "r1.1\nquit\n", "play", DUEL, "--human", "red")
    code, out, _ = at_table(capsys, monkeypatch, "quit\n", "resume", "duel.save.json",
                            "--bot", "blue=random", "--human", "red")
    assert code == 0
    assert "resume with: polemos resume duel.save.json --human red --bot blue=random" in out


def test_ctrl_c_saves_and_says_how_to_resume(capsys, monkeypatch):
    class Interrupted(io.StringIO):
        def readline(self, *args):
            line = super().readline(*args)
            if not line:
                raise KeyboardInterrupt
            return line

    monkeypatch.setattr("sys.stdin", Interrupted("r1.1\n"))
    code = main(["play", DUEL, "--human", "red"])
    out, _ = capsys.readouterr()
    assert code == 130
    assert "interrupted: saved to duel.save.json after 1 actions" in out
    assert "polemos resume duel.save.json --human red" in out
    assert len(Game.load("duel.save.json").actions) == 1


def test_play_given_a_save_points_to_resume(capsys, monkeypatch):
    at_table(capsys, monkeypatch, "quit\n", "play", DUEL, "--human", "red")
    code, _, err = at_table(capsys, monkeypatch, "", "play", "duel.save.json")
    assert code == 2 and "is a saved game, not a scenario" in err
    assert "polemos resume duel.save.json" in err


@pytest.mark.parametrize(("content", "expected"), [
    ('{"format": "polemos-save/1", "actions": [', "cannot read save"),
    ("[1, 2, 3]", "not a Polemos save"),
    ('{"format": "polemos-events/1"}', "not a Polemos save"),
    ("name: duel\n", "cannot read save"),
], ids=["truncated", "foreign", "other-format", "yaml"])
def test_resume_of_a_bad_file_exits_2_without_traceback(capsys, monkeypatch, content,
                                                        expected):
    Path("bad.json").write_text(content)
    code, out, err = at_table(capsys, monkeypatch, "", "resume", "bad.json", "--human", "red")
    assert code == 2 and expected in err and "Traceback" not in out + err


def test_resume_of_a_missing_or_finished_game_exits_2(capsys, monkeypatch):
    code, _, err = at_table(capsys, monkeypatch, "", "resume", "nowhere.json")
    assert code == 2 and "nowhere.json" in err
    assert main(["play", DUEL, "-q", "--save", "over.json"]) == 0
    code, _, err = at_table(capsys, monkeypatch, "", "resume", "over.json")
    assert code == 2 and "this game is over" in err


def test_a_save_is_written_whole_or_not_at_all(capsys, monkeypatch):
    """A save that fails half-way leaves the previous save intact and no temporary file."""
    at_table(capsys, monkeypatch, "r1.1\nsave keep.json\nquit\n", "play", DUEL, "--human", "red")
    good = Path("keep.json").read_bytes()

    def broken(self, path):
        Path(path).write_text("{half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Game, "save", broken)
    code, out, _ = at_table(capsys, monkeypatch, "save keep.json\nquit\n", "resume",
                            "keep.json", "--human", "red")
    assert "cannot save to keep.json: No space left on device" in out
    assert Path("keep.json").read_bytes() == good
    assert sorted(p.name for p in Path(".").iterdir()) == ["duel.save.json", "keep.json"]
