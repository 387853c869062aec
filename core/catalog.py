"""Installed scenarios by name: every plugin lists the scenarios it ships (``polemos_scenarios``).

A scenario's name is ``FOLDER/STEM``: ``petit-cirque/duel`` is ``petit-cirque/duel.yaml`` in the
``polemos.scenarios`` package, ``race/sprint`` an outside package's ``scenarios/sprint.yaml``
listed under the prefix ``race``. ``polemos play NAME`` then works from any folder, and the
conformance suite finds an installed package's scenarios where it is installed, never by
globbing a checkout.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pluggy

from polemos.core.errors import PolemosError, PolemosInputError
from polemos.core.plugins import call_each

SCENARIO_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class ScenarioRef:
    """One shipped scenario: its name (``FOLDER/STEM``), its file, and the plugin listing it
    (filled in by ``scenario_catalog``)."""

    name: str
    path: Path
    plugin: str = ""


def shipped_scenarios(package: str, folder: str, prefix: str | None = None
                      ) -> list[ScenarioRef]:
    """The scenario files in ``folder`` of ``package``, named ``PREFIX/STEM`` (``PREFIX``: the
    folder's own name unless given): what a plugin's ``polemos_scenarios`` returns."""
    root = resources.files(package).joinpath(folder)
    if not isinstance(root, Path) or not root.is_dir():
        raise PolemosError(f"{package}:{folder}: no folder of scenarios there (a package must "
                           "be installed as files for its scenarios to be found)")
    name = prefix or root.name
    return [ScenarioRef(f"{name}/{path.stem}", path) for path in sorted(root.iterdir())
            if path.suffix in SCENARIO_SUFFIXES and path.is_file()]


def scenario_catalog(pm: pluggy.PluginManager) -> dict[str, ScenarioRef]:
    """Every installed scenario by name, sorted; a name listed twice is an error naming both
    plugins."""
    catalog: dict[str, ScenarioRef] = {}
    for plugin, refs in call_each(pm, "polemos_scenarios"):
        for ref in refs:
            if ref.name in catalog:
                raise PolemosError(f"scenario {ref.name!r} is listed twice (plugins "
                                   f"{catalog[ref.name].plugin!r} and {plugin!r})")
            catalog[ref.name] = dataclasses.replace(ref, plugin=plugin)
    return dict(sorted(catalog.items()))


class UnknownScenario(PolemosInputError):
    """Neither a scenario file nor an installed scenario's name; names the close matches."""

    def __init__(self, name: str, matches: list[str]) -> None:
        hint = (f"close matches: {', '.join(matches)}" if matches else "no close match")
        super().__init__(f"no scenario file or installed scenario {name!r}; {hint} "
                         "(`polemos scenarios` lists the installed ones)")
        self.name = name
        self.matches = matches


def scenario_path(argument: str, pm: pluggy.PluginManager) -> Path:
    """The file a command's scenario argument means: the path itself when it exists or looks
    like a file (``.yaml``), else the installed scenario of that name."""
    path = Path(argument)
    if path.exists() or path.suffix in SCENARIO_SUFFIXES:
        return path
    catalog = scenario_catalog(pm)
    if argument in catalog:
        return catalog[argument].path
    raise unknown_scenario(argument, catalog)


def unknown_scenario(name: str, catalog: dict[str, ScenarioRef]) -> UnknownScenario:
    """The error for a name not in ``catalog``: same-stem names first, then close ones."""
    same_stem = [known for known in catalog if known.rpartition("/")[2] == name]
    close = difflib.get_close_matches(name, catalog, n=5, cutoff=0.8)
    return UnknownScenario(name, same_stem + [known for known in close if known not in same_stem])
