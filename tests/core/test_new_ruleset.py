"""``polemos new ruleset``: the package it writes installs, passes the conformance suite
unchanged, plays by its scenario's name, and is ruff and mypy clean (README, "Writing a
ruleset or a plugin").

The package is installed into a folder of its own (``pip install --target``, no network, no
build isolation) and used through ``PYTHONPATH``, as an outside package would be: nothing here
copies or imports this checkout's tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from polemos.core.cli import main

ROOT = Path(__file__).parents[2]
NAME = "tiny_race"
LONGEST = "a_twenty_char_name_x"
"""A name of the longest allowed length: the generated lines must still fit in 100 columns."""


def generate(capsys: pytest.CaptureFixture[str], name: str, folder: Path) -> None:
    assert main(["new", "ruleset", name, "--dir", str(folder)]) == 0
    assert f"ruleset {name!r}" in capsys.readouterr().out


def run(*argv: str, cwd: Path, **paths: Path) -> subprocess.CompletedProcess[str]:
    """``python ARGV`` in ``cwd`` with ``paths`` as search-path variables (``PYTHONPATH``,
    ``MYPYPATH``) and no pytest setting of ours leaking into a nested pytest."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTEST_", "PYTHONPATH"))}
    env.update({key: str(value) for key, value in paths.items()})
    return subprocess.run([sys.executable, *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_new_ruleset_installs_passes_the_conformance_suite_and_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    package, site = tmp_path / "package", tmp_path / "site"
    generate(capsys, NAME, package)
    installed = run("-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                    "--no-index", "--target", str(site), str(package), cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr
    tests = run("-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=package, PYTHONPATH=site)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    assert " passed" in tests.stdout, tests.stdout
    played = run("-m", "polemos.core.cli", "play", f"{NAME}/sprint", "-q", "--html",
                 str(tmp_path / "replay.html"), cwd=tmp_path, PYTHONPATH=site)
    assert played.returncode == 0, played.stderr
    assert "Result:" in played.stdout and "(TINY-4)" in played.stdout, played.stdout
    assert "<svg" in (tmp_path / "replay.html").read_text(encoding="utf-8")


def test_the_generated_code_is_ruff_and_mypy_clean(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    package = tmp_path / "package"
    generate(capsys, LONGEST, package)
    lint = run("-m", "ruff", "check", "--no-cache", ".", cwd=package)
    assert lint.returncode == 0, lint.stdout
    imports = tmp_path / "mypy" / "polemos"  # the import names over the checkout's folders
    imports.mkdir(parents=True)
    for folder in ("core", "plugins", "rulesets", "scenarios"):
        (imports / folder).symlink_to(ROOT / folder, target_is_directory=True)
    typed = run("-m", "mypy", "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"),
                LONGEST, "tests", cwd=package, MYPYPATH=tmp_path / "mypy")
    assert typed.returncode == 0, typed.stdout


@pytest.mark.parametrize(("name", "expected"), [
    ("Race", "lower-case Python identifier"),
    ("class", "lower-case Python identifier"),
    ("json", "already importable"),
    ("petit_cirque", "already installed"),
])
def test_a_bad_name_is_refused_and_nothing_written(tmp_path: Path, name: str, expected: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "ruleset", name, "--dir", str(tmp_path / "out")]) == 2
    assert expected in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_folder_that_is_not_empty_is_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    assert main(["new", "ruleset", NAME, "--dir", str(tmp_path)]) == 2
    assert "exists and is not an empty folder" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
