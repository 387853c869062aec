"""Pydantic models of Aeronautica Imperialis: reference profiles (data files) and scenarios.

Both are validated once, at the boundary: the profiles when the data files are read (and again
when a scenario overrides them), the scenario when it is loaded. The rules then read plain
attributes and never validate again (design.md, Performance).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import ConfigDict, Field, PrivateAttr, model_validator

from polemos.core.scenario_model import ScenarioBase, Strict
from polemos.rulesets.aeronautica.limits import SPEED_CAP, TURN_LIMIT
from polemos.rulesets.aeronautica.position import AiPosition

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.catalogue import Catalogue

Category = Literal["scout", "fighter", "bomber"]
ArcEntry = Literal["front", "rear", "left", "right", "all_round", "up", "down"]
FacingName = Literal["E", "SE", "SW", "W", "NW", "NE"]
Edge = Literal["N", "E", "S", "W"]
Status = Literal["active", "destroyed", "disengaged", "withdrawn"]
Marker = Literal["stall", "spin"]
HORIZONTAL = frozenset({"front", "rear", "left", "right", "all_round"})
TURN_RANGE = range(-3, 4)
DiceCount = Annotated[int, Field(ge=0, le=30)]
"""Firepower: dice rolled at one range band (AI-47); the shipped profiles roll at most 9."""


class Profile(Strict):
    """Profiles never change during a game: frozen, so one copy serves every model."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class WeaponProfile(Profile):
    """AI-17: arc, Firepower by band, Damage, Ammo and the special rules of one weapon."""

    name: str
    arc: tuple[ArcEntry, ...] = Field(min_length=1, description="AI-44 arc entries, combined")
    firepower: tuple[DiceCount, DiceCount, DiceCount] = Field(
        description="dice at Short, Medium, Long (AI-47)")
    damage: int = Field(ge=2, le=6, description="AI-50: score needed on each damage die")
    ammo: int | None = Field(None, ge=1, le=99, description="AI-49: firings; omitted = unlimited")
    extra_damage: int | None = Field(None, ge=2, le=6, description="AI-51")
    ground_attack: bool = Field(False, description="AI-57")
    aerial_attack: bool = Field(False, description="AI-52")
    tail_gunner: bool = Field(False, description="AI-53")
    ground_to_air: bool = Field(False, description="AI-55")
    effective_altitude: int | None = Field(None, ge=0, le=9, description="AI-55")
    option_points: int | None = Field(None, ge=0, le=1000, description="AI-73: cost as an option")

    @model_validator(mode="after")
    def _consistent(self) -> WeaponProfile:
        if not HORIZONTAL.intersection(self.arc):
            raise ValueError("arc needs a horizontal entry (front, rear, left, right, all_round)")
        if self.ground_attack and self.aerial_attack:
            raise ValueError("a weapon cannot be both ground_attack and aerial_attack")
        if self.effective_altitude is not None and not self.ground_to_air:
            raise ValueError("effective_altitude only applies to ground_to_air weapons (AI-55)")
        return self


class AircraftProfile(Profile):
    """AI-8 .. AI-16 characteristics, the standard loadout (AI-74) and allowed options."""

    name: str
    faction: str
    category: Category
    points: int = Field(ge=0, le=1000)
    structure: int = Field(ge=1, le=99)
    transport: int = Field(0, ge=0, le=99)
    fuel: int | None = Field(None, ge=0, le=99, description="AI-11: stored, no effect")
    throttle: int = Field(ge=0, le=9)
    ace: int = Field(ge=1, le=8, description="AI-13: manoeuvres 1 to ace")
    handling: int = Field(ge=2, le=6)
    min_speed: int = Field(ge=0, le=9)
    max_speed: int = Field(ge=1, le=9)
    max_altitude: int = Field(ge=1, le=9)
    weapons: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    jink: bool = Field(False, description="AI-54")
    stealth: int = Field(0, ge=0, le=6, description="AI-56: Stealth (-N)")

    @model_validator(mode="after")
    def _speeds(self) -> AircraftProfile:
        if self.min_speed > self.max_speed:
            raise ValueError("min_speed is above max_speed")
        return self


class GroundProfile(Profile):
    """AI-18: Structure, Firepower, Damage and Special of a ground asset (one weapon)."""

    name: str
    faction: str
    points: int = Field(ge=0, le=1000)
    structure: int = Field(ge=1, le=99)
    firepower: tuple[DiceCount, DiceCount, DiceCount]
    damage: int = Field(ge=2, le=6)
    extra_damage: int | None = Field(None, ge=2, le=6)
    effective_altitude: int | None = Field(None, ge=0, le=9)
    ground_to_air: bool = True

    def weapon(self) -> WeaponProfile:
        """AI-18 Decision: the asset's one weapon, All Round with unlimited Ammo."""
        return WeaponProfile(name=f"{self.name} guns", arc=("all_round",),
                             firepower=self.firepower, damage=self.damage,
                             extra_damage=self.extra_damage, ground_to_air=self.ground_to_air,
                             effective_altitude=self.effective_altitude)


class ManoeuvreTemplate(Profile):
    """One row of the AI-36 table: allowed turns before moving and at each manoeuvre hex."""

    name: str
    initial: tuple[int, ...] = Field(min_length=1)
    hexes: tuple[tuple[int, ...], ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _turns(self) -> ManoeuvreTemplate:
        for turns in (self.initial, *self.hexes):
            if not turns:
                raise ValueError("every manoeuvre hex needs at least one allowed turn")
            if any(t not in TURN_RANGE for t in turns):
                raise ValueError("turns are hexsides from -3 to 3")
            if len({t % 6 for t in turns}) != len(turns):
                raise ValueError(f"turns {list(turns)} name one facing twice")
        return self

    @property
    def needed(self) -> int:
        """AI-35: hexes the manoeuvre needs (1, or 2 with a second manoeuvre hex)."""
        return len(self.hexes)


class UpgradeProfile(Profile):
    """AI-37, AI-71, AI-75: an upgrade's name and cost."""

    name: str
    points: int = Field(ge=0, le=1000)


class Overrides(Strict):
    """Scenario corrections to the shipped data, merged field by field over each entry."""

    manoeuvres: dict[int, dict[str, object]] = Field(default_factory=dict)
    aircraft: dict[str, dict[str, object]] = Field(default_factory=dict)
    ground: dict[str, dict[str, object]] = Field(default_factory=dict)
    weapons: dict[str, dict[str, object]] = Field(default_factory=dict)
    upgrades: dict[str, dict[str, object]] = Field(default_factory=dict)


class MapModel(Strict):
    """AI-1: the Area of Engagement, columns × rows in offset coordinates ``[col, row]``."""

    width: int = Field(ge=4, le=80)
    height: int = Field(ge=4, le=80)
    hex_cm: float = Field(5.0, gt=0, le=100, description="Hex size across the flats, cm: "
                          "pictures and a shared table (MIX-1).")


class Placement(Strict):
    """One model of a squadron: an aircraft (AI-8) or a ground asset (AI-6) on its hex."""

    id: str = Field(min_length=1)
    aircraft: str | None = Field(None, description="an aircraft profile key")
    ground: str | None = Field(None, description="a ground asset profile key")
    hex: tuple[int, int] = Field(description="[col, row] in the Area of Engagement")
    facing: FacingName | None = None
    altitude: int | None = Field(None, ge=0, le=9, description="AI-3: 0-9")
    speed: int | None = Field(None, ge=0, le=SPEED_CAP, description=(
        "AI-15: within Min-Max Speed at the start; a `position` may carry a Speed outside it "
        "(a climb below Min, AI-39; a dive above Max, AI-31)"))
    landed: bool = Field(False, description="AI-41: Landed (altitude 0, speed 0)")
    options: list[str] = Field(default_factory=list, description="AI-73 option weapons")
    upgrades: list[str] = Field(default_factory=list, description="AI-37, AI-71, AI-75")
    status: Status = Field("active", description="In play, or how it left: destroyed (AI-9), "
                           "disengaged by accident (AI-30), withdrawn deliberately (AI-30, "
                           "AI-68)")
    damage: int = Field(0, ge=0, le=99, description="Structure points lost (AI-9, AI-50)")
    marker: Marker | None = Field(None, description="AI-39: Stalled; AI-62, AI-63: Spinning")
    ammo: dict[str, Annotated[int, Field(ge=0, le=99)]] | None = Field(
        None, description="AI-49: firings left of each weapon slot with Ammo; omitted: full")
    troops: int | None = Field(None, ge=0, le=99, description=(
        "AI-42: Transport points still aboard; omitted: its full Transport"))
    tailing: str | None = Field(None, description=(
        "AI-65: the enemy aircraft it tails in the next Tailing Fire phase"))
    gunner_used: bool = Field(False, description="AI-53: its tail gunner has fired back this "
                              "turn")
    ejected: bool = Field(False, description="AI-71: destroyed, its crew ejected: worth 75 % to "
                          "the enemy")


class GroundTarget(Strict):
    """A scenario ground target (AI-57): an objective at Altitude 0 worth ``vp`` to the enemy."""

    id: str = Field(min_length=1)
    name: str = ""
    side: str
    hex: tuple[int, int]
    structure: int = Field(ge=1, le=99)
    vp: int = Field(ge=0, le=1000, description="AI-70: VP to the enemy when destroyed")
    status: Literal["active", "destroyed"] = Field("active", description="AI-57, AI-70")
    damage: int = Field(0, ge=0, le=99, description="Structure points lost (AI-50)")


class LandingZone(Strict):
    """AI-41, AI-42: where ``side`` lands or drops troops, scoring ``troop_vp`` per point."""

    side: str
    hexes: list[tuple[int, int]] = Field(min_length=1)
    troop_vp: int = Field(ge=0, le=1000)


class CategoryLimit(Strict):
    """AI-76: how many aircraft of a category each squadron may (or must) field."""

    min: int = Field(0, ge=0, le=100)
    max: int | None = Field(None, ge=0, le=100)


PointsLimit = Annotated[int, Field(ge=0, le=100_000)]


class AiScenario(ScenarioBase):
    """An Aeronautica Imperialis scenario: two squadrons, ground targets and the profiles."""

    ruleset: Literal["aeronautica"]
    map: MapModel
    sides: list[str] = Field(min_length=2, max_length=2, description="The two players.")
    points: PointsLimit | dict[str, PointsLimit] = Field(
        description="AI-72: the points limit, one for both squadrons or one per side.")
    category_limits: dict[str, dict[Category, CategoryLimit]] = Field(
        default_factory=dict, description="AI-76: per side, limits on each category.")
    squadrons: dict[str, list[Placement]]
    targets: list[GroundTarget] = Field(default_factory=list)
    landing_zones: list[LandingZone] = Field(default_factory=list)
    exits: dict[str, list[Edge]] = Field(
        default_factory=dict,
        description="AI-30: map edges where a side's aircraft may leave deliberately.")
    profiles: Overrides = Field(default_factory=Overrides)
    position: AiPosition | None = Field(None, description=(
        "Where the game stands when it starts part-way (positions as data); omitted: the "
        "start of turn 1."))
    turn_limit: int = Field(TURN_LIMIT, ge=1, le=TURN_LIMIT, description=(
        "AI-66: the last turn; a scenario may end sooner (a mixed one ends with its `turns`, "
        "MIX-2), never later."))

    _catalogue: Catalogue | None = PrivateAttr(None)

    # The checks and the tables import these models, hence the imports inside the methods.

    def unit_sides(self) -> dict[str, str]:
        units = {model.id: side for side, models in self.squadrons.items() for model in models}
        units.update({target.id: target.side for target in self.targets})
        return units
    def problems(self) -> list[tuple[str, str]]:
        from polemos.rulesets.aeronautica.squadrons import scenario_problems
        return scenario_problems(self)

    def catalogue(self) -> Catalogue:
        """The shipped profiles with this scenario's overrides (validated, built once)."""
        from polemos.rulesets.aeronautica.catalogue import build_catalogue
        if self._catalogue is None:
            catalogue, problems = build_catalogue(self.profiles)
            if problems:
                raise ValueError(f"profiles do not validate: {problems}")
            self._catalogue = catalogue
        return self._catalogue
