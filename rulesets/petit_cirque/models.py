"""Scenario models of Le Petit Cirque Volant (validated once, at the boundary)."""

from __future__ import annotations

import functools
from typing import Literal

from pydantic import Field

from polemos.core.hexgrid import FACING_NAMES, HexMap, offset_to_axial
from polemos.core.scenario_model import Ending, ScenarioBase, Strict

Role = Literal["fighter", "bomber"]
PlaneStart = tuple[str, str, int, int, int, int, int, str, int]
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
    damaged: bool = Field(False, description="PCV-2: carries a damaged marker (one damage).")
    damage: int | None = Field(None, ge=0, le=6, description="PCV-17, PCV-O4: damage taken, for "
                               "aircraft that stand more than one (a position); 1 = damaged.")

    @property
    def damage_taken(self) -> int:
        return self.damage if self.damage is not None else int(self.damaged)

    @property
    def facing_index(self) -> int:
        return FACING_NAMES.index(self.facing)


class PcvPosition(Strict):
    """Where a game stands between two decisions (positions as data): the turn, and how far the
    side whose turn it is has got. Omitted: the start of the game (PCV-4)."""

    round: int = Field(1, ge=1, le=1000, description="PCV-4: the game round in progress.")
    side: str = Field(description="PCV-4: the side whose turn it is.")
    phase: Literal["move", "fire"] = Field(
        "move", description="PCV-4: the side moves all its aircraft, then fires with them.")
    done: list[str] = Field(default_factory=list, description="Aircraft of that side that "
                            "have finished this phase (moved, or fired or held fire).")
    moving: str | None = Field(None, description="PCV-5: the aircraft whose move has begun and "
                               "must spend all its MP.")
    mp_left: int = Field(0, ge=0, le=6, description="PCV-5: the MP the moving aircraft has left.")
    choosing_speed: bool = Field(False, description="PCV-10: the moving aircraft has spent its "
                                 "MP and must now set next turn's speed.")
    ended: Ending | None = Field(None, description="PCV-3, PCV-4: the game is over (on a "
                                 "shared table the part's round limit may pass before the "
                                 "table's last turn).")


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
    aircraft: list[AircraftModel] = Field(
        description="PCV-1: every side has aircraft, but for a part of a shared table, which "
        "may have lost them all.")
    shared_table: bool = Field(
        False, description="MIX-10: part of a mixed scenario, which decides the game; set by "
        "the mixed scenario, not by hand.")
    position: PcvPosition | None = Field(
        None, description="Start from this moment of a game instead of its beginning "
        "(`polemos position` writes it); `first_side` then gives the seating order.")

    def unit_sides(self) -> dict[str, str]:
        return {plane.id: plane.side for plane in self.aircraft}

    @functools.cached_property
    def cloth(self) -> HexMap:
        """The cloth (PCV-1), built once: frozen, so every game of the scenario shares it."""
        return HexMap(self.map.width, self.map.height)

    @functools.cached_property
    def starts(self) -> tuple[PlaneStart, ...]:
        """Every aircraft as set up, in ``Plane``'s field order (id, side, axial q and r,
        facing index, altitude, speed, role, damage): worked out once, since a validated
        scenario never changes and a batch of games starts from it again and again."""
        starts = []
        for a in self.aircraft:
            h = offset_to_axial(*a.hex)
            starts.append((a.id, a.side, h.q, h.r, a.facing_index, a.altitude, a.speed, a.role,
                           a.damage_taken))
        return tuple(starts)

    @functools.cached_property
    def side_units(self) -> dict[str, tuple[str, ...]]:
        """Each side's aircraft ids in the order of ``starts``, which is the order of a game's
        planes: the rules ask after most actions which of the side's aircraft are yet to act,
        and look at that side's alone."""
        units: dict[str, list[str]] = {side: [] for side in self.sides}
        for start in self.starts:
            units.setdefault(start[1], []).append(start[0])
        return {side: tuple(ids) for side, ids in units.items()}

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
        ended = self.position is not None and self.position.ended is not None
        for side in self.sides:
            if not (self.shared_table or ended) and not any(plane.side == side
                                                           for plane in self.aircraft):
                problems.append(("aircraft", f"side {side!r} has no aircraft"))
        for i, plane in enumerate(self.aircraft):
            if plane.damage is not None and plane.damaged and plane.damage != 1:
                problems.append((f"aircraft[{i}].damage", f"{plane.damage} damage, but "
                                 "`damaged: true` says one: give one of the two"))
        if self.position is not None:
            problems += self._position_problems(self.position)
        return problems

    def _position_problems(self, position: PcvPosition) -> list[tuple[str, str]]:
        """The position must be one the rules can reach (PCV-4, PCV-5, PCV-10)."""
        problems: list[tuple[str, str]] = []
        planes = {plane.id: plane for plane in self.aircraft}
        if position.side not in self.sides:
            return [("position.side", f"{position.side!r} is not one of the sides {self.sides}")]
        if self.first_side is None:
            problems.append(("first_side", "a position needs the side that started (the "
                             "seating order of PCV-4)"))
        if position.round > self.max_rounds + (position.ended is not None):
            problems.append(("position.round", f"round {position.round} is past the round "
                             f"limit {self.max_rounds}"))
        if position.ended is not None and position.ended.winner not in (None, *self.sides):
            problems.append(("position.ended.winner", f"{position.ended.winner!r} is not one "
                             f"of the sides {self.sides}"))
        for j, unit in enumerate(position.done):
            plane = planes.get(unit)
            if plane is None or plane.side != position.side:
                problems.append((f"position.done[{j}]", f"{unit!r} is no aircraft of "
                                 f"{position.side}"))
        if position.moving is not None:
            plane = planes.get(position.moving)
            if plane is None or plane.side != position.side:
                problems.append(("position.moving", f"{position.moving!r} is no aircraft of "
                                 f"{position.side}"))
            elif position.phase != "move":
                problems.append(("position.moving", "aircraft move only in the move phase"))
            elif position.moving in position.done:
                problems.append(("position.moving", f"{position.moving} has already moved"))
            elif position.mp_left > plane.speed:
                problems.append(("position.mp_left", f"{position.mp_left} MP left, more than "
                                 f"{plane.id}'s speed {plane.speed} (PCV-5)"))
            elif position.mp_left == 0 and not position.choosing_speed:
                problems.append(("position.mp_left", f"{plane.id} has spent its MP: it is "
                                 "choosing its speed (PCV-10)"))
        elif position.choosing_speed or position.mp_left:
            problems.append(("position.moving", "only the aircraft whose move has begun has MP "
                             "left or chooses its speed (PCV-5, PCV-10)"))
        return problems
