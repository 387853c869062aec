"""The reference profiles: data files shipped with the ruleset, corrected by a scenario (AI-36).

The tables are data, not code, so that a club holding the real templates or newer points can fix
ours in a scenario's ``profiles`` section. Each override is merged field by field over the
shipped entry (or stands alone as a new entry) and validated like the files, so a bad value is
reported with its full field path.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml
from pydantic import ValidationError

from polemos.core.scenario import validation_problems
from polemos.rulesets.aeronautica.models import (
    AircraftProfile,
    GroundProfile,
    ManoeuvreTemplate,
    Overrides,
    Profile,
    UpgradeProfile,
    WeaponProfile,
)

TABLES: dict[str, type[Profile]] = {
    "manoeuvres": ManoeuvreTemplate,
    "aircraft": AircraftProfile,
    "ground": GroundProfile,
    "weapons": WeaponProfile,
    "upgrades": UpgradeProfile,
}
Problems = list[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every profile table, keyed as in the data files."""

    manoeuvres: dict[int, ManoeuvreTemplate]
    aircraft: dict[str, AircraftProfile]
    ground: dict[str, GroundProfile]
    weapons: dict[str, WeaponProfile]
    upgrades: dict[str, UpgradeProfile]

    @property
    def top_manoeuvre(self) -> int:
        """AI-37: Ace Manoeuvres never go above the highest template (8)."""
        return max(self.manoeuvres)


@cache
def shipped_raw() -> dict[str, dict[Any, dict[str, Any]]]:
    """The data files as plain mappings (read once per process)."""
    folder = resources.files("polemos.rulesets.aeronautica") / "data"
    return {table: yaml.safe_load((folder / f"{table}.yaml").read_text(encoding="utf-8"))
            for table in TABLES}


def build_catalogue(overrides: Overrides | None = None) -> tuple[Catalogue, Problems]:
    """Shipped tables merged with ``overrides``; problems carry ``profiles.<table>.<key>`` paths."""
    raw = shipped_raw()
    problems: Problems = []
    tables: dict[str, dict[Any, Any]] = {}
    for table, model in TABLES.items():
        entries: dict[Any, Any] = {}
        changes = getattr(overrides, table) if overrides is not None else {}
        for key in [*raw[table], *(k for k in changes if k not in raw[table])]:
            data = {**raw[table].get(key, {}), **changes.get(key, {})}
            prefix = ("profiles", table, key) if key in changes else ("data", table, key)
            try:
                entries[key] = model.model_validate(data)
            except ValidationError as error:
                problems += validation_problems(error, prefix)
        tables[table] = entries
    catalogue = Catalogue(**tables)
    problems += _references(catalogue)
    return catalogue, problems


def _references(catalogue: Catalogue) -> Problems:
    """Every weapon an aircraft carries or may buy exists; options have a price (AI-73)."""
    problems: Problems = []
    for key, plane in catalogue.aircraft.items():
        for field in ("weapons", "options"):
            for index, weapon in enumerate(getattr(plane, field)):
                where = f"profiles.aircraft.{key}.{field}[{index}]"
                if weapon not in catalogue.weapons:
                    problems.append((where, unknown("weapon", weapon, catalogue.weapons)))
                elif field == "options" and catalogue.weapons[weapon].option_points is None:
                    problems.append((where, f"{weapon!r} has no option_points (AI-73)"))
    return problems


def unknown(kind: str, name: object, known: dict[Any, Any]) -> str:
    """The message for a name missing from a table, listing what exists."""
    listed = ", ".join(str(k) for k in known) or "none"
    return f"unknown {kind} {name!r} (known: {listed})"
