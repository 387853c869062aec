"""The built wheel ships every sub-package, data file and scenario (design.md, Layout).

The folders are mapped under ``polemos.*`` by setup.py; a package missing from the mapping
would be silently dropped from a wheel while still importing fine from the checkout. So the
wheel is built from a copy of the sources (leaving no build files in the checkout), installed
into a folder of its own, and every entry point is imported from there.
"""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parent.parent
FOLDERS = {"core": "polemos/core", "plugins": "polemos/plugins",
           "rulesets": "polemos/rulesets", "scenarios": "polemos/scenarios"}
IMPORT_FROM = """
import importlib, sys
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
sys.path.insert(0, sys.argv[1])
for name in sys.argv[2:]:
    module = importlib.import_module(name)
    assert module.__file__.startswith(sys.argv[1]), (name, module.__file__)
"""


def expected_files() -> set[str]:
    wanted = set()
    for folder, target in FOLDERS.items():
        for path in (ROOT / folder).rglob("*"):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix in (".py", ".yaml", ".yml", ".json", ".js", ".css", ".html"):
                wanted.add(f"{target}/{path.relative_to(ROOT / folder).as_posix()}")
    return wanted


def test_wheel_ships_every_package_and_data_file(tmp_path: Path):
    source = tmp_path / "src"
    source.mkdir()
    for name in (*FOLDERS, "setup.py", "pyproject.toml", "README.md"):
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy
        copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path / "dist"), str(source)], check=True,
                   capture_output=True)
    wheel = next((tmp_path / "dist").glob("polemos-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        config = configparser.ConfigParser()
        config.read_string(archive.read(entry_points).decode())
        archive.extractall(tmp_path / "site")
    assert expected_files() <= names, sorted(expected_files() - names)
    modules = [target.partition(":")[0] for _, target in config["polemos"].items()]
    subprocess.run([sys.executable, "-c", IMPORT_FROM, str(tmp_path / "site"), *modules],
                   check=True, cwd=tmp_path)
