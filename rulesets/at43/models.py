"""Profiles and scenarios of AT-43 vehicle collisions, validated once at the boundary.

The AT-42 test profiles ship as data (``data/profiles.yaml``); a scenario may add its own (a
walker for AT-12, say) under ``profiles``. Set-up errors name the field path: a base off the
table, two bases overlapping, an unknown profile, a status the profile cannot have.

Positions as data: an AFV carries its statuses (SP left by location, AT-4; ``wrecked``, AT-6;
``acted``, its declared ``mode``, ``travelled``, ``rushed`` and ``collided`` this round, AT-7,
AT-13, AT-22), an infantry model ``dead`` (AT-8), a terrain piece ``sp_left`` (AT-10); where
the round stands is the ``position`` block (``position.py``). Omitted, each is as at set-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import Field

from polemos.core.scenario_model import ScenarioBase, Strict
from polemos.core.table import (
    EPS,
    Base,
    CircleObstacle,
    PolygonObstacle,
    Table,
    contact_graph,
    gap,
    gap_to_obstacle,
)
from polemos.rulesets.at43.position import At43Position, position_problems

PROFILE_FILE = Path(__file__).parent / "data" / "profiles.yaml"
Point = tuple[float, float]


class VehicleProfile(Strict):
    """An AFV (AT-4, AT-9): Armour, Size, normal movement M, SP by location, base radius."""

    name: str = Field(min_length=1)
    armour: int = Field(ge=0, le=99)
    size: int = Field(ge=1, le=99)
    move: float = Field(gt=0, le=1000, description="normal movement M in cm (AT-7, AT-15)")
    frame: int = Field(ge=1, le=99, description="Frame SP (AT-4)")
    propulsion: int = Field(ge=1, le=99, description="Propulsion SP (AT-4)")
    weapons: int = Field(ge=0, le=99, description="Weapon locations, 1 SP each (AT-42)")
    radius: float = Field(gt=0, le=1000, description="base radius in cm")
    walker: bool = Field(False, description="a walker may shove or crush wrecks (AT-12)")


class InfantryProfile(Strict):
    """An infantry model: never an obstacle, crushed by AFVs (AT-8, AT-10)."""

    name: str = Field(min_length=1)
    size: int = Field(1, ge=1, le=99)
    move: float = Field(gt=0, le=1000)
    radius: float = Field(gt=0, le=1000)


class ObstacleProfile(Strict):
    """A round terrain piece with an Armour (AT-10); ``armour`` None: impassable, no Armour."""

    name: str = Field(min_length=1)
    armour: int | None = Field(None, ge=0, le=99)
    size: int = Field(ge=1, le=99)
    frame: int | None = Field(None, ge=1, le=99, description="Frame SP; None: indestructible")
    radius: float = Field(gt=0, le=1000)


Profile = VehicleProfile | InfantryProfile | ObstacleProfile
Book = Mapping[str, Profile]
"""Every profile a scenario may use, by name (``At43Scenario.book``)."""


class ProfileBook(Strict):
    vehicles: list[VehicleProfile] = Field(default_factory=list)
    infantry: list[InfantryProfile] = Field(default_factory=list)
    obstacles: list[ObstacleProfile] = Field(default_factory=list)

    def names(self) -> list[str]:
        profiles: list[Profile] = [*self.vehicles, *self.infantry, *self.obstacles]
        return [p.name for p in profiles]


@cache
def shipped_profiles() -> ProfileBook:
    """The AT-42 test profiles (validated once, then shared)."""
    return ProfileBook.model_validate(yaml.safe_load(PROFILE_FILE.read_text(encoding="utf-8")))


class TableModel(Strict):
    width: float = Field(gt=0, le=10_000, description="cm, west to east")
    height: float = Field(gt=0, le=10_000, description="cm, north to south")


class PlacedModel(Strict):
    """A model on the table: ``at`` is its base centre in cm (x east, y south)."""

    id: str = Field(min_length=1)
    profile: str
    at: Point


class VehicleModel(PlacedModel):
    """An AFV of a unit, with its statuses as they are now (omitted: as at set-up)."""

    frame: int | None = Field(None, ge=0, le=99, description="Frame SP left (AT-4); omitted: "
                              "the profile's; 0 only for a wreck")
    propulsion: int | None = Field(None, ge=0, le=99, description="Propulsion SP left; 0: "
                                   "immobilised (AT-5)")
    weapons: list[int] | None = Field(None, max_length=99, description="SP left of each "
                                      "Weapon, 0 or 1 (AT-42); 0: it cannot fire (AT-5)")
    wrecked: bool = Field(False, description="destroyed: a wreck where it stands (AT-5, AT-6)")
    acted: bool = Field(False, description="has taken its action this round (AT-P1)")
    mode: Literal["normal", "rush"] | None = Field(None, description="the move it declared "
                                                   "and has not finished (AT-7)")
    travelled: float = Field(0.0, ge=0, le=14_143, description="cm its centre has travelled "
                             "in this activation (AT-22)")
    rushed: bool = Field(False, description="rushed this round: it may not shoot (AT-7)")
    collided: bool = Field(False, description="made a collision this round: no melee "
                           "attacks (AT-13)")


class TrooperModel(PlacedModel):
    support_weapon: bool = Field(False, description="crushed automatically (AT-8)")
    dead: bool = Field(False, description="killed (AT-8): out of play, counted in AT-P3")


class UnitModel(Strict):
    """An AT-43 unit: the vehicles or the infantry models that activate together."""

    id: str = Field(min_length=1)
    side: str
    vehicles: list[VehicleModel] = Field(default_factory=list)
    infantry: list[TrooperModel] = Field(default_factory=list)


class TerrainModel(Strict):
    """A round piece from an obstacle profile (``profile`` + ``at``), or a polygon with its own
    Armour (None: impassable, AT-10), Size and Frame SP (None: indestructible)."""

    id: str = Field(min_length=1)
    profile: str | None = None
    at: Point | None = None
    polygon: list[Point] | None = None
    armour: int | None = Field(None, ge=0, le=99)
    size: int = Field(4, ge=1, le=99)
    frame: int | None = Field(None, ge=1, le=99)
    sp_left: int | None = Field(None, ge=0, le=99, description="Frame SP left (AT-10); 0: "
                                "destroyed and removed; omitted: intact")


class At43Scenario(ScenarioBase):
    """An AT-43 collision scenario (see the ruleset docstring for the turn and the objective)."""

    ruleset: Literal["at43"]
    table: TableModel
    sides: list[str] = Field(min_length=1, description="two or more, unless shared_table")
    first_side: str | None = Field(None, description="AT-P1: starts every round; omitted = a "
                                   "D6 roll-off each round")
    max_rounds: int = Field(8, ge=1, le=1000, description="AT-P3: round limit")
    profiles: ProfileBook = Field(default_factory=ProfileBook,
                                  description="extra profiles besides the AT-42 ones")
    units: list[UnitModel] = Field(min_length=1)
    terrain: list[TerrainModel] = Field(default_factory=list)
    wrecks: list[PlacedModel] = Field(default_factory=list,
                                      description="wrecks on the table from the start (AT-6)")
    shared_table: bool = Field(False, description="set by fit_part when the scenario is one "
                               "part of a mixed scenario (MIX-1): any side may field no AFV "
                               "and AT-P4 replaces AT-P2 and AT-P3")
    position: At43Position | None = Field(None, description="where the game stands (a round "
                                          "under way, a ram waiting for a decision); omitted: "
                                          "round 1 begins")

    def unit_sides(self) -> dict[str, str]:
        return {model.id: unit.side for unit in self.units
                for model in (*unit.vehicles, *unit.infantry)}

    def action_ids(self) -> set[str]:
        """Every id an action may name: models, infantry units (``march``, ``hold``) and
        scenery wrecks (a walker rams them, AT-12)."""
        return {*self.unit_sides(), *(u.id for u in self.units if u.infantry),
                *(w.id for w in self.wrecks)}

    def book(self) -> dict[str, VehicleProfile | InfantryProfile | ObstacleProfile]:
        """Every profile by name, the scenario's own after the shipped ones."""
        found: dict[str, VehicleProfile | InfantryProfile | ObstacleProfile] = {}
        for source in (shipped_profiles(), self.profiles):
            profiles: list[Profile] = [*source.vehicles, *source.infantry, *source.obstacles]
            for profile in profiles:
                found[profile.name] = profile
        return found

    def problems(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        problems += self._naming_problems()
        book = self.book()
        placed = self._placed(book, problems)
        problems += _placement_problems(Table(self.table.width, self.table.height), placed,
                                        self._obstacles(book, problems))
        problems += self._status_problems(book)
        problems += position_problems(self)
        return problems

    def _status_problems(self, book: Book) -> list[tuple[str, str]]:
        """Statuses the profile cannot have (AT-4, AT-5, AT-42), or contradicting each other."""
        problems: list[tuple[str, str]] = []
        for i, unit in enumerate(self.units):
            for j, v in enumerate(unit.vehicles):
                profile = book.get(v.profile)
                if isinstance(profile, VehicleProfile):
                    problems += _vehicle_status(f"units[{i}].vehicles[{j}]", v, profile)
        for i, piece in enumerate(self.terrain):
            frame = terrain_frame(piece, book)
            if piece.sp_left is not None and (frame is None or piece.sp_left > frame):
                problems.append((f"terrain[{i}].sp_left", f"{piece.id} has "
                                 f"{'no Frame SP' if frame is None else f'{frame} Frame SP'}"
                                 " (AT-10)"))
        return problems

    def _naming_problems(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        if len(set(self.sides)) != len(self.sides):
            problems.append(("sides", "a side is listed twice"))
        if len(self.sides) < 2 and not self.shared_table:
            problems.append(("sides", "at least two sides fight (AT-P2)"))
        if self.first_side is not None and self.first_side not in self.sides:
            problems.append(("first_side", f"{self.first_side!r} is not one of {self.sides}"))
        clashes = set(shipped_profiles().names()) & set(self.profiles.names())
        for name in sorted(clashes):
            problems.append(("profiles", f"{name!r} is already a shipped profile (AT-42)"))
        seen: dict[str, str] = {}
        for path, item_id in self._ids():
            if item_id in seen:
                problems.append((f"{path}.id", f"{item_id!r} is already used by {seen[item_id]}"))
            seen.setdefault(item_id, path)
        for i, unit in enumerate(self.units):
            if unit.side not in self.sides:
                problems.append((f"units[{i}].side", f"{unit.side!r} is not one of {self.sides}"))
            if bool(unit.vehicles) == bool(unit.infantry):
                problems.append((f"units[{i}]", "a unit has either vehicles or infantry (one of "
                                 "the two lists, not empty)"))
        for side in self.sides:
            if not self.shared_table and not any(u.side == side and u.vehicles
                                                 for u in self.units):
                problems.append(("units", f"side {side!r} has no vehicle"))
        return problems

    def _ids(self) -> list[tuple[str, str]]:
        ids: list[tuple[str, str]] = []
        for i, unit in enumerate(self.units):
            ids.append((f"units[{i}]", unit.id))
            ids += [(f"units[{i}].vehicles[{j}]", v.id) for j, v in enumerate(unit.vehicles)]
            ids += [(f"units[{i}].infantry[{j}]", t.id) for j, t in enumerate(unit.infantry)]
        ids += [(f"terrain[{i}]", t.id) for i, t in enumerate(self.terrain)]
        ids += [(f"wrecks[{i}]", w.id) for i, w in enumerate(self.wrecks)]
        return ids

    def _placed(self, book: Book, problems: list[tuple[str, str]]
                ) -> list[tuple[str, Base]]:
        """Every base with its field path; unknown or mis-kinded profiles are reported."""
        entries: list[tuple[str, PlacedModel, type[VehicleProfile] | type[InfantryProfile]]] = []
        for i, unit in enumerate(self.units):
            entries += [(f"units[{i}].vehicles[{j}]", v, VehicleProfile)
                        for j, v in enumerate(unit.vehicles)]
            entries += [(f"units[{i}].infantry[{j}]", t, InfantryProfile)
                        for j, t in enumerate(unit.infantry) if not t.dead]
        entries += [(f"wrecks[{i}]", w, VehicleProfile) for i, w in enumerate(self.wrecks)]
        placed = []
        for path, item, kind in entries:
            profile = book.get(item.profile)
            if not isinstance(profile, kind):
                known = sorted(n for n, p in book.items() if isinstance(p, kind))
                problems.append((f"{path}.profile", f"no {_KIND_NAMES[kind]} profile "
                                 f"{item.profile!r} (known: {', '.join(known)})"))
                continue
            placed.append((path, Base(item.id, item.at[0], item.at[1], profile.radius)))
        return placed

    def _obstacles(self, book: Book, problems: list[tuple[str, str]]
                   ) -> list[tuple[str, CircleObstacle | PolygonObstacle]]:
        found: list[tuple[str, CircleObstacle | PolygonObstacle]] = []
        for i, piece in enumerate(self.terrain):
            obstacle = terrain_obstacle(piece, book)
            if isinstance(obstacle, str):
                problems.append((f"terrain[{i}]", obstacle))
            elif piece.sp_left != 0:  # a destroyed piece is removed (AT-10)
                found.append((f"terrain[{i}]", obstacle))
        return found


def _vehicle_status(path: str, v: VehicleModel, p: VehicleProfile) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    for name, left, full in (("frame", v.frame, p.frame), ("propulsion", v.propulsion,
                                                           p.propulsion)):
        if left is not None and left > full:
            problems.append((f"{path}.{name}", f"{left} SP is more than the {p.name}'s {full} "
                             "(AT-4)"))
    if v.weapons is not None:
        if len(v.weapons) != p.weapons:
            problems.append((f"{path}.weapons", f"the {p.name} has {p.weapons} Weapon "
                             f"location(s), not {len(v.weapons)} (AT-4)"))
        for k, sp in enumerate(v.weapons):
            if sp not in (0, 1):
                problems.append((f"{path}.weapons[{k}]", "a Weapon has 1 SP or 0 (AT-42)"))
    if v.wrecked and v.frame not in (None, 0):
        problems.append((f"{path}.frame", "a wreck has no Frame SP left (AT-5, AT-6)"))
    if v.frame == 0 and not v.wrecked:
        problems.append((f"{path}.wrecked", "Frame at 0 destroys the AFV: set wrecked (AT-5)"))
    if v.mode is not None and v.acted:
        problems.append((f"{path}.mode", "an AFV that has acted has no move under way (AT-P1)"))
    return problems


_KIND_NAMES: dict[type[Profile], str] = {VehicleProfile: "vehicle", InfantryProfile: "infantry",
                                         ObstacleProfile: "obstacle"}


def terrain_obstacle(piece: TerrainModel, book: Book
                     ) -> CircleObstacle | PolygonObstacle | str:
    """The table obstacle of a terrain piece, or why it is malformed."""
    if piece.polygon is not None:
        if piece.profile is not None or piece.at is not None:
            return "give either profile and at (a round piece) or polygon, not both"
        try:
            return PolygonObstacle(piece.id, tuple(piece.polygon), piece.armour, piece.size)
        except ValueError as error:
            return f"polygon: {error}"
    profile = book.get(piece.profile or "")
    if not isinstance(profile, ObstacleProfile) or piece.at is None:
        known = sorted(n for n, p in book.items() if isinstance(p, ObstacleProfile))
        return (f"a round piece needs an obstacle profile (known: {', '.join(known)}) and at; "
                "or give polygon")
    return CircleObstacle(piece.id, piece.at[0], piece.at[1], profile.radius, profile.armour,
                          profile.size)


def terrain_frame(piece: TerrainModel, book: Book) -> int | None:
    """Frame SP of a terrain piece (AT-10), None when it cannot be destroyed."""
    profile = book.get(piece.profile or "")
    if piece.polygon is None and isinstance(profile, ObstacleProfile):
        return profile.frame
    return piece.frame


def _placement_problems(table: Table, placed: list[tuple[str, Base]],
                        obstacles: list[tuple[str, CircleObstacle | PolygonObstacle]]
                        ) -> list[tuple[str, str]]:
    """Bases off the table, overlapping each other or a terrain piece (AT-1)."""
    problems: list[tuple[str, str]] = []
    for path, base in placed:
        if not table.contains(base):
            problems.append((f"{path}.at", f"({base.x:g}, {base.y:g}) with a {base.radius:g} cm "
                             f"base is off the {table.width:g}×{table.height:g} cm table"))
    paths = {base.id: path for path, base in placed}
    bases = {base.id: base for _, base in placed}
    order = {base_id: n for n, base_id in enumerate(bases)}
    graph = contact_graph(bases.values(), limit=0.0)
    pairs = sorted(tuple(sorted(edge, key=order.__getitem__)) for edge in graph.edges)
    for a, b in pairs:
        if gap(bases[a], bases[b]) < -EPS:
            problems.append((f"{paths[b]}.at", f"{b} overlaps {a} ({paths[a]}): bases never "
                             "overlap (AT-1)"))
    for path, base in placed:
        for where, obstacle in obstacles:
            if gap_to_obstacle(base, obstacle) < -EPS:
                problems.append((f"{path}.at", f"{base.id} overlaps terrain {obstacle.id} "
                                 f"({where}) (AT-1, AT-10)"))
    return problems
