"""Scenario models of Le Petit Cirque Volant (validated once, at the boundary)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from polemos.core.hexgrid import FACING_NAMES, HexMap, offset_to_axial
from polemos.core.scenario_model import ScenarioBase, Strict

Role = Literal["fighter", "bomber"]
FacingName = Literal["E", "SE", "SW", "W", "NW", "NE"]


class MapModel(Strict):
    """The hex cloth (PCV-1): columns × rows, offset coordinates ``[col, row]`` from 0."""

    width: int = Field(ge=2, le=200)
    height: int = Field(ge=2, le=200)
    hex_cm: float = Field(5.0, gt=0, le=100, description="Hex size across the flats, for pictures.")


class AircraftModel(Strict):
    """One aircraft on its hex, nose toward a hex side (PCV-1), altitude and speed 1–6 (PCV-2)."""

    id: str = Field(min_length=1)
    side: str = Field(min_length=1)
    hex: tuple[int, int] = Field(description="[col, row] on the cloth")
    facing: FacingName
    altitude: int = Field(ge=1, le=6, description="PCV-2: 1–6")
    speed: int = Field(ge=1, le=6, description="PCV-2: 1–6")
    role: Role = "fighter"
    damaged: bool = False

    @property
    def facing_index(self) -> int:
        return FACING_NAMES.index(self.facing)


class PcvScenario(ScenarioBase):
    """A Petit Cirque Volant scenario."""

    ruleset: Literal["petit_cirque"]
    map: MapModel
    sides: list[str] = Field(min_length=2, description="The sides, in seating order.")
    first_side: str | None = Field(
        None, description="PCV-4: the side that starts; omitted = a D6 roll-off.")
    max_rounds: int = Field(30, ge=1, le=1000, description="PCV-4: round limit.")
    hold_out: str | None = Field(
        None, description="PCV-3 objective: this side wins if it still flies after the last "
        "round (otherwise the round limit is a draw).")
    aircraft: list[AircraftModel] = Field(min_length=2)
    shared_table: bool = Field(
        False, description="MIX-10: part of a mixed scenario, which decides the game; set by "
        "the mixed scenario, not by hand.")

    def unit_sides(self) -> dict[str, str]:
        return {plane.id: plane.side for plane in self.aircraft}

    def problems(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        cloth = HexMap(self.map.width, self.map.height)
        seen_ids: set[str] = set()
        taken: dict[tuple[int, int, int], str] = {}
        for side_field in ("first_side", "hold_out"):
            side = getattr(self, side_field)
            if side is not None and side not in self.sides:
                problems.append((side_field, f"{side!r} is not one of the sides {self.sides}"))
        if len(set(self.sides)) != len(self.sides):
            problems.append(("sides", "a side is listed twice"))
        for i, plane in enumerate(self.aircraft):
            where = f"aircraft[{i}]"
            if plane.id in seen_ids:
                problems.append((f"{where}.id", f"{plane.id!r} is used twice"))
            seen_ids.add(plane.id)
            if plane.side not in self.sides:
                problems.append((f"{where}.side", f"{plane.side!r} is not one of {self.sides}"))
            col, row = plane.hex
            if not cloth.contains(offset_to_axial(col, row)):
                problems.append((f"{where}.hex", f"[{col}, {row}] is off the "
                                 f"{self.map.width}×{self.map.height} cloth (PCV-1)"))
            key = (col, row, plane.altitude)
            if key in taken:
                problems.append((f"{where}.hex", f"{taken[key]} already stands on [{col}, {row}] "
                                 f"at altitude {plane.altitude} (PCV-12)"))
            taken[key] = plane.id
        for side in self.sides:
            if not self.shared_table and not any(plane.side == side for plane in self.aircraft):
                problems.append(("aircraft", f"side {side!r} has no aircraft"))
        return problems
