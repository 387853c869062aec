"""The built wheel ships every sub-package, data file and scenario (design.md, Layout).

The folders are mapped under ``polemos.*`` by setup.py; a package missing from the mapping
would be silently dropped from a wheel while still importing fine from the checkout.
"""

from __future__ import annotations

import configparser
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parent.parent
FOLDERS = {"core": "polemos/core", "plugins": "polemos/plugins",
           "rulesets": "polemos/rulesets", "scenarios": "polemos/scenarios"}


def expected_files() -> set[str]:
    wanted = set()
    for folder, target in FOLDERS.items():
        for path in (ROOT / folder).rglob("*"):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix in (".py", ".yaml", ".yml", ".json"):
                wanted.add(f"{target}/{path.relative_to(ROOT / folder).as_posix()}")
    return wanted


def test_wheel_ships_every_package_and_data_file(tmp_path: Path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("polemos-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        config = configparser.ConfigParser()
        config.read_string(archive.read(entry_points).decode())
    assert expected_files() <= names, sorted(expected_files() - names)
    for name, target in config["polemos"].items():
        module = target.replace(".", "/")
        assert f"{module}.py" in names or f"{module}/__init__.py" in names, name
