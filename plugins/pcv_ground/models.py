"""The data of the ground elements (PCV-G2, ``data/elements.yaml``) and the options a scenario
sets (PCV-G1, ``options.pcv_ground``), validated once, at the boundary."""

from __future__ import annotations

from functools import cache

from pydantic import Field, model_validator

from polemos.core.hexgrid import HexMap, offset_to_axial
from polemos.rulesets.petit_cirque.abilities import AbilityData, AbilityOptions, Score, load_data
from polemos.rulesets.petit_cirque.models import PcvScenario


class Gun(AbilityData):
    """PCV-G2: what a ground element's gun reaches, and the score it needs by distance."""

    range: int = Field(ge=0, le=6, description="Hexes it reaches, in any direction.")
    ceiling: int = Field(ge=1, le=6, description="The highest altitude it reaches.")
    needed: list[Score] = Field(description="D6 score needed at distance 0, 1, … range.")

    @model_validator(mode="after")
    def _one_score_per_distance(self) -> Gun:
        if len(self.needed) != self.range + 1:
            raise ValueError(f"needed lists {len(self.needed)} scores; range {self.range} needs "
                             f"{self.range + 1} (distance 0 to {self.range})")
        return self


class Profile(AbilityData):
    title: str = Field(min_length=1)
    hits: int = Field(ge=1, le=20, description="PCV-G2: hit points.")
    gun: Gun | None = None


class Strafe(AbilityData):
    """PCV-G4: how far an aircraft strafes, and the score it needs by altitude and hex."""

    range: int = Field(ge=1, le=3)
    needed: dict[int, list[Score]]


class GroundData(AbilityData):
    kinds: dict[str, Profile] = Field(min_length=1)
    strafe: Strafe


@cache
def ground_data() -> GroundData:
    """The plugin's data file, read once."""
    return load_data("polemos.plugins.pcv_ground", "data/elements.yaml", GroundData)


class ElementModel(AbilityData):
    """One ground element on its hex (PCV-G1)."""

    id: str = Field(min_length=1, max_length=200)
    side: str = Field(min_length=1)
    kind: str = Field(description="A kind of data/elements.yaml: flak, balloon.")
    hex: tuple[int, int] = Field(description="[col, row] on the cloth")
    hits: int | None = Field(None, ge=1, le=20, description="PCV-G5: hit points left; "
                             "omitted = the kind's full hit points.")


class PcvGround(AbilityOptions):
    """``options.pcv_ground``: the ground elements of the scenario (PCV-G1)."""

    elements: list[ElementModel] = Field(default_factory=list)

    def problems(self, scenario: PcvScenario) -> list[tuple[str, str]]:
        """PCV-G1, PCV-G2: known kinds and sides, on the cloth, one to a hex, unique ids."""
        kinds = ground_data().kinds
        cloth = HexMap(scenario.map.width, scenario.map.height)
        sides = scenario.sides
        problems: list[tuple[str, str]] = []
        seen: set[str] = set(scenario.unit_sides())
        taken: dict[tuple[int, int], str] = {}
        for i, element in enumerate(self.elements):
            where = f"options.pcv_ground.elements[{i}]"
            if element.id in seen:
                problems.append((f"{where}.id", f"{element.id!r} is already a unit's id (PCV-G1)"))
            seen.add(element.id)
            if element.side not in sides:
                problems.append((f"{where}.side", f"{element.side!r} is not one of {sides}"))
            profile = kinds.get(element.kind)
            if profile is None:
                problems.append((f"{where}.kind", f"unknown ground element {element.kind!r}; "
                                 f"kinds: {', '.join(kinds)} (PCV-G2)"))
            elif element.hits is not None and element.hits > profile.hits:
                problems.append((f"{where}.hits", f"a {element.kind} has {profile.hits} hit "
                                 f"points, not {element.hits} (PCV-G2)"))
            if not cloth.contains(offset_to_axial(*element.hex)):
                problems.append((f"{where}.hex", f"{list(element.hex)} is off the cloth (PCV-G1)"))
            elif element.hex in taken:
                problems.append((f"{where}.hex", f"{taken[element.hex]} already stands on "
                                 f"{list(element.hex)} (PCV-G1)"))
            taken.setdefault(element.hex, element.id)
        return problems
