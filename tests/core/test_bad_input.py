"""Bad input, every kind (issue 9): exit code 2, the file and the field path, a bounded message,
no traceback, quickly, and nothing written.

The scenario corpus is ``tests/inputs/bad/``, one file per case, its first line ``# expect: …``
naming what the message must say; files that cannot be committed as text (empty, not UTF-8,
binary, over the size cap, huge values) and every broken event log and save are made here.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from polemos.core.bounded_yaml import MAX_DEPTH
from polemos.core.cli import main
from polemos.core.errors import ScenarioError
from polemos.core.scenario import MAX_FILE_BYTES, read_yaml

BAD = Path(__file__).parents[1] / "inputs" / "bad"
DUEL = Path(__file__).parents[2] / "scenarios" / "petit-cirque" / "duel.yaml"
MESSAGE_LIMIT = 2000
SECONDS = 5.0
TWO_PLANES = ("map: {width: 14, height: 10}\nsides: [red, blue]\naircraft:\n"
              "  - {id: red-1, side: red, hex: [1, 3], facing: E, altitude: 3, speed: 3}\n"
              "  - {id: blue-1, side: blue, hex: [12, 3], facing: W, altitude: 3, speed: 3}\n")


def expectation(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: "), f"{path.name}: first line names what is expected"
    return first.removeprefix("# expect: ")


CORPUS = [pytest.param(path, expectation(path), id=path.stem)
          for path in sorted(BAD.glob("*.yaml"))]

MANY = "".join(f"  - {{id: p{i}, side: red, hex: [1, 1], facing: E, altitude: 99, speed: 3}}\n"
               for i in range(300))
GENERATED: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "the file is empty"),
    "latin-1": ("name: café\nruleset: petit_cirque\n".encode("latin-1"),
                "not UTF-8 text: byte 0xe9 at offset 9"),
    "binary": (b"name: x\x00\x01\x02\xfe", "NUL byte at offset 7"),
    "over-the-size-cap": (b"name: " + b"x" * MAX_FILE_BYTES + b"\n",
                          f"larger than {MAX_FILE_BYTES:,} bytes"),
    "huge-value": (f"name: x\nruleset: petit_cirque\nsides: {'s' * 200_000}\n{TWO_PLANES}"
                   .replace("sides: [red, blue]\n", "").encode(), "sides"),
    "huge-key": (f"name: x\nruleset: petit_cirque\n? {'k' * 200_000}\n: 1\n{TWO_PLANES}"
                 .encode(), "unknown field"),
    "huge-ruleset-name": (f"name: x\nruleset: {'z' * 200_000}\n".encode(), "ruleset"),
    "many-problems": (f"name: x\nruleset: petit_cirque\nmap: {{width: 14, height: 10}}\n"
                      f"sides: [red, blue]\naircraft:\n{MANY}".encode(), "more problems"),
    "huge-dice-value": (f"name: x\nruleset: petit_cirque\ndice: [1, {'9' * 4000}]\n{TWO_PLANES}"
                        .encode(), "dice[1]"),
    "integer-of-5000-digits": (f"name: x\nruleset: petit_cirque\nseed: {'9' * 5000}\n".encode(),
                               "line 3"),
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, float]:
    start = time.process_time()  # CPU: a loaded machine is no slower at refusing
    code = main(list(argv))
    elapsed = time.process_time() - start
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, err, elapsed


def refused(capsys: pytest.CaptureFixture[str], path: Path, expected: str, *argv: str) -> None:
    """``polemos ARGV... PATH`` exits 2, quickly, naming the file and ``expected``, briefly."""
    code, err, elapsed = run(capsys, *argv[:1], str(path), *argv[1:])
    assert code == 2, err
    assert str(path) in err and expected in err, err[:MESSAGE_LIMIT]
    assert len(err) < MESSAGE_LIMIT, err[:MESSAGE_LIMIT]
    assert elapsed < SECONDS


def refused_by_validate_and_play(capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path,
                                 expected: str) -> None:
    refused(capsys, path, expected, "validate")
    log, save = tmp_path / "out.jsonl", tmp_path / "out.json"
    refused(capsys, path, expected, "play", "-q", "--events", str(log), "--save", str(save))
    assert not log.exists() and not save.exists()


@pytest.mark.parametrize(("path", "expected"), CORPUS)
def test_bad_scenario_file_is_refused(capsys, tmp_path, path, expected):
    refused_by_validate_and_play(capsys, tmp_path, path, expected)


@pytest.mark.parametrize("case", sorted(GENERATED))
def test_bad_generated_scenario_file_is_refused(capsys, tmp_path, case):
    content, expected = GENERATED[case]
    path = tmp_path / f"{case}.yaml"
    path.write_bytes(content)
    refused_by_validate_and_play(capsys, tmp_path, path, expected)


def test_billion_laughs_is_refused_fast_and_in_bounded_memory():
    path = BAD / "billion-laughs.yaml"
    assert path.stat().st_size < 1024
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(ScenarioError, match="aliases expand to more than"):
            read_yaml(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - start < 1.0
    assert peak < 5_000_000


def test_nesting_up_to_the_limit_still_loads(tmp_path):
    path = tmp_path / "nested.yaml"
    path.write_text("name: x\noptions: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n")
    assert read_yaml(path)["name"] == "x"


# --- event logs (`polemos replay`) and saves (`polemos render`) ---------------------------


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict]:
    """A real game's event log lines and its save, to break in every way."""
    folder = tmp_path_factory.mktemp("recorded")
    log, save = folder / "duel.jsonl", folder / "duel.json"
    assert main(["play", str(DUEL), "-q", "--seed", "4", "--events", str(log), "--save",
                 str(save)]) == 0
    return log.read_text(encoding="utf-8").splitlines(), json.loads(save.read_text())


def with_header(change: Callable[[dict], None]) -> Callable[[list[str]], bytes]:
    def build(lines: list[str]) -> bytes:
        head = json.loads(lines[0])
        change(head)
        return "\n".join([json.dumps(head), *lines[1:]]).encode() + b"\n"
    return build


def with_line_2(line: str) -> Callable[[list[str]], bytes]:
    return lambda lines: "\n".join([lines[0], line, *lines[2:]]).encode() + b"\n"


def _hex_cm_nan(record: dict) -> None:
    record["scenario"]["map"]["hex_cm"] = float("nan")


def _dice(faces: list[int]) -> Callable[[dict], None]:
    return lambda record: record.update(dice=faces)


BROKEN_LOGS: dict[str, tuple[Callable[[list[str]], bytes], str]] = {
    "empty": (lambda lines: b"", "line 1: not a Polemos event log header"),
    "not-utf8": (lambda lines: "\n".join(lines).encode() + b"\n\xff\n", "not UTF-8 text"),
    "binary": (lambda lines: b"\x00\x01" + "\n".join(lines).encode(), "NUL byte at offset 0"),
    "header-is-a-list": (lambda lines: b"[1, 2]\n", "line 1: not a Polemos event log header"),
    "event-is-a-list": (with_line_2("[1, 2]"), "line 2: an event is a JSON object"),
    "event-is-a-number": (with_line_2("42"), "line 2: an event is a JSON object"),
    "event-is-not-json": (with_line_2("{oops"), "line 2: not JSON"),
    "event-nested-too-deeply": (with_line_2("[" * 100_000 + "]" * 100_000), "line 2: not JSON"),
    "event-line-of-a-megabyte": (with_line_2(json.dumps({"seq": 0, "type": "start",
                                                         "junk": "x" * (1 << 20)})),
                                 "line 2 differs on replay"),
    "scenario-nan": (with_header(_hex_cm_nan), "scenario.map.hex_cm"),
    "dice-above-six": (with_header(_dice([1, 7])), "dice[1]"),
    "seed-not-a-number": (with_header(lambda head: head.update(seed="x")), "line 1: seed"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_LOGS))
def test_broken_event_log_is_refused_by_replay(capsys, tmp_path, recorded, case):
    build, expected = BROKEN_LOGS[case]
    path = tmp_path / f"{case}.jsonl"
    path.write_bytes(build(recorded[0]))
    refused(capsys, path, expected, "replay")


def save_with(change: Callable[[dict], None]) -> Callable[[dict], bytes]:
    def build(save: dict) -> bytes:
        copy = json.loads(json.dumps(save))
        change(copy)
        return json.dumps(copy).encode()
    return build


BROKEN_SAVES: dict[str, tuple[Callable[[dict], bytes], str]] = {
    "empty": (lambda save: b"", "cannot read save"),
    "not-utf8": (lambda save: b'{"format": "polemos-save/1\xff"}', "not UTF-8 text"),
    "binary": (lambda save: b"\x00" * 64, "NUL byte at offset 0"),
    "a-list": (lambda save: b"[1, 2, 3]", "not a Polemos save"),
    "a-string": (lambda save: b'"polemos-save/1"', "not a Polemos save"),
    "truncated": (lambda save: json.dumps(save).encode()[:200], "cannot read save"),
    "nested-too-deeply": (lambda save: b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "scenario-nan": (save_with(_hex_cm_nan), "scenario.map.hex_cm"),
    "dice-zero": (save_with(_dice([0])), "dice[0]"),
    "actions-not-objects": (save_with(lambda save: save.update(actions=[1] * 10_000)),
                            "actions[0]"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_SAVES))
def test_broken_save_is_refused_by_render(capsys, tmp_path, recorded, case):
    build, expected = BROKEN_SAVES[case]
    path, picture = tmp_path / f"{case}.json", tmp_path / "board.svg"
    path.write_bytes(build(recorded[1]))
    refused(capsys, path, expected, "render", "-o", str(picture))
    assert not picture.exists()
