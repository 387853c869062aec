"""The kinds of magical flyers (PCV-M1, ``data/flyers.yaml``) and the options a scenario sets
(``options.pcv_magic``), validated once, at the boundary."""

from __future__ import annotations

from functools import cache

from pydantic import Field

from polemos.rulesets.petit_cirque.abilities import AbilityData, AbilityOptions, Score, load_data
from polemos.rulesets.petit_cirque.models import PcvScenario


class FlyerKind(AbilityData):
    """What one kind of flyer can do beyond an aircraft; omitted fields: as an aircraft."""

    title: str = Field(min_length=1)
    turn_cost: int | None = Field(None, ge=1, le=6, description="PCV-M2: MP per 60° turn.")
    breath: tuple[Score, Score] | None = Field(
        None, description="PCV-M3: score needed at the same altitude, then one level apart.")
    guns: bool = Field(True, description="PCV-M4: false, it never fires as an aircraft.")
    hovers: bool = Field(False, description="PCV-M5: it hovers and never slows to 0.")


class FlyerData(AbilityData):
    kinds: dict[str, FlyerKind] = Field(min_length=1)


@cache
def flyer_kinds() -> dict[str, FlyerKind]:
    """The plugin's data file, read once."""
    return load_data("polemos.plugins.pcv_magic", "data/flyers.yaml", FlyerData).kinds


class PcvMagic(AbilityOptions):
    """``options.pcv_magic``: which aircraft are magical flyers, and of what kind (PCV-M1)."""

    flyers: dict[str, str] = Field(default_factory=dict,
                                   description="Aircraft id: kind of data/flyers.yaml.")

    def problems(self, scenario: PcvScenario) -> list[tuple[str, str]]:
        """PCV-M1: every flyer is an aircraft of the scenario, of a kind the data defines."""
        kinds = flyer_kinds()
        aircraft = scenario.unit_sides()
        problems: list[tuple[str, str]] = []
        for unit, kind in self.flyers.items():
            where = f"options.pcv_magic.flyers.{unit}"
            if unit not in aircraft:
                problems.append((where, f"no aircraft {unit!r} in the scenario (PCV-M1)"))
            if kind not in kinds:
                problems.append((where, f"unknown flyer {kind!r}; kinds: {', '.join(kinds)} "
                                 "(PCV-M1)"))
        return problems
