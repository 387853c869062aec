"""De Bello Gallico data (profiles, skills, items) and scenario models, validated once.

Profiles, skills and items are data (DBG-5, DBG-39): frozen pydantic records built from the plain
tables below, so a new troop type or skill is a new row, not new code. The scenario models check
a file at the boundary and report every problem with its field path.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from polemos.core.scenario_model import ScenarioBase, Strict
from polemos.core.table import EPS, Base, PolygonObstacle, gap_to_obstacle
from polemos.rulesets.de_bello_gallico.position_model import DbgPosition, position_problems

Nation = Literal["roman", "celt", "german"]
RankName = Literal["none", "officer", "superieur", "en_chef"]
TroopName = Literal["legionary", "gallic_warrior", "skirmisher", "cavalry"]
SkillName = Literal["loyal", "fearless", "tough", "charismatic", "evocatus", "veteran",
                    "frenzy", "intimidation"]
ItemName = Literal["javelin", "sling", "bow", "aquila", "ensign", "celtic_standard",
                   "two_handed", "horse"]
TerrainKind = Literal["river", "bridge", "scrub", "marsh", "wall", "building", "hill"]
Role = Literal["combatant", "civilian", "prisoner"]
EdgeName = Literal["north", "east", "south", "west"]
FighterStatus = Literal["in_play", "out", "fled", "withdrawn"]
MountState = Literal["sound", "wounded", "dead"]

MAX_TABLE = 1000.0
"""cm: the largest table side a scenario may have (and so any coordinate an action names)."""

RANKS: dict[str, int] = {"none": 0, "officer": 1, "superieur": 2, "en_chef": 3}
"""DBG-5: 'officer' in the rules means any rank above none."""


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Profile(_Record):
    """DBG-5: a troop type's characteristics (D10 scale) and usual equipment."""

    title: str
    move: float
    combat: int
    shoot: int | None
    discipline: int
    equipment: tuple[ItemName, ...]
    base: float = Field(description="Base radius in cm when the scenario gives none.")


class RankBonus(_Record):
    """DBG-5: officers get +1 Combat and +1 (officer) or +2 (supérieur, en chef) Discipline."""

    combat: int
    discipline: int


class Skill(_Record):
    """DBG-39: a name, a difficulty (None = automatic), a point cost and an effect."""

    title: str
    difficulty: int | None = None
    cost: int | None = None
    combat: int = 0
    discipline: int = 0
    officers_only: bool = False
    ranks: tuple[RankName, ...] = ()
    nations: tuple[Nation, ...] = ()
    effect: str


class Item(_Record):
    """Equipment: weapons, standards and mounts (DBG-20, DBG-23, DBG-48, DBG-49, DBG-50)."""

    title: str
    combat: int = 0
    range_cm: float | None = None
    shock_nation: Nation | None = None
    """Every combatant of this nation within ``shock_radius`` tests when the bearer falls."""
    shock_radius: float = 0.0
    rally_bonus: float = 0.0
    """Added to a nearby officer's manoeuvre and rally range (DBG-49)."""
    grants: tuple[SkillName, ...] = ()
    mount_combat: int | None = None
    two_handed: bool = False


PROFILES: dict[str, Profile] = {name: Profile.model_validate(row) for name, row in {
    "legionary": {"title": "Legionary", "move": 10, "combat": 4, "shoot": 2, "discipline": 5,
                  "equipment": ("javelin",), "base": 1.0},
    "gallic_warrior": {"title": "Gallic warrior", "move": 10, "combat": 4, "shoot": 1,
                       "discipline": 3, "equipment": ("javelin",), "base": 1.0},
    "skirmisher": {"title": "Skirmisher", "move": 12, "combat": 2, "shoot": 4,
                   "discipline": 3, "equipment": ("javelin",), "base": 1.0},
    "cavalry": {"title": "Cavalry", "move": 20, "combat": 4, "shoot": None, "discipline": 4,
                "equipment": ("horse",), "base": 1.5},
}.items()}

RANK_BONUS: dict[str, RankBonus] = {name: RankBonus.model_validate(row) for name, row in {
    "none": {"combat": 0, "discipline": 0},
    "officer": {"combat": 1, "discipline": 1},
    "superieur": {"combat": 1, "discipline": 2},
    "en_chef": {"combat": 1, "discipline": 2},
}.items()}

SKILLS: dict[str, Skill] = {name: Skill.model_validate(row) for name, row in {
    "loyal": {"title": "Loyal", "cost": 1,
              "effect": "never tests for retreat nor retreats while its officer lives (DBG-40)"},
    "fearless": {"title": "Sans peur", "cost": 2,
                 "effect": "never tests for retreat and never retreats (DBG-41)"},
    "tough": {"title": "Coriace",
              "effect": "the first wound it receives is ignored (DBG-43, Decision)"},
    "charismatic": {"title": "Chef charismatique", "officers_only": True,
                    "effect": "morale manoeuvre, rally and substitution range 20 cm (DBG-44)"},
    "evocatus": {"title": "Officier evocatus", "cost": 4, "combat": 1, "discipline": 1,
                 "officers_only": True, "ranks": ("superieur", "en_chef"),
                 "nations": ("roman",),
                 "effect": "a veteran re-enlisted: +1 Combat, +1 Discipline (DBG-45)"},
    "veteran": {"title": "Veteran", "cost": 1, "discipline": 1,
                "effect": "+1 Discipline (DBG-46, the seed's unnamed skill)"},
    "frenzy": {"title": "Frénésie", "combat": 1,
               "effect": "+1 Combat, no shooting, must charge the nearest enemy (DBG-38)"},
    "intimidation": {"title": "Intimidation",
                     "effect": "carried as data only; its effect is a source gap (DBG-60)"},
}.items()}

ITEMS: dict[str, Item] = {name: Item.model_validate(row) for name, row in {
    "javelin": {"title": "javelin", "range_cm": 15},
    "sling": {"title": "sling", "range_cm": 30},
    "bow": {"title": "bow", "range_cm": 40},
    "aquila": {"title": "aquila", "combat": -1, "shock_nation": "roman", "shock_radius": 20},
    "ensign": {"title": "ensign", "combat": -1, "rally_bonus": 10},
    "celtic_standard": {"title": "Celtic standard", "shock_nation": "celt",
                        "shock_radius": 20, "grants": ("intimidation",)},
    "two_handed": {"title": "two-handed weapon", "two_handed": True},
    "horse": {"title": "horse", "mount_combat": 3},
}.items()}

TERRAIN: dict[str, dict[str, bool]] = {
    "river": {"impassable": True},
    "bridge": {"objective": True},
    "scrub": {"difficult": True},
    "marsh": {"difficult": True},
    "wall": {"impassable": True, "cover": True},
    "building": {"impassable": True, "blocks_sight": True},
    "hill": {},
}
"""What each terrain kind does: impassable to bases (river, wall, building); difficult (DBG-23
shooting, DBG-53 combat); cover when a shot crosses it (DBG-23); blocks sight (DBG-24); a hill
raises the ground by its ``height`` (DBG-53)."""


def terrain_has(kind: str, prop: str) -> bool:
    return TERRAIN[kind].get(prop, False)


# --- scenario ------------------------------------------------------------------------------


class TableModel(Strict):
    width: float = Field(gt=0, le=MAX_TABLE, description="cm, west to east")
    height: float = Field(gt=0, le=MAX_TABLE, description="cm, north to south")


Point = tuple[float, float]


class TerrainModel(Strict):
    """A terrain piece: ``rect`` [x0, y0, x1, y1] or a polygon ``points``, in cm."""

    id: str = Field(min_length=1)
    kind: TerrainKind
    rect: tuple[float, float, float, float] | None = None
    points: list[Point] | None = Field(None, min_length=3)
    height: int = Field(0, ge=0, le=10, description="hills only: how high the ground stands")

    @model_validator(mode="after")
    def _one_shape(self) -> TerrainModel:
        if (self.rect is None) == (self.points is None):
            raise ValueError("give exactly one of rect [x0, y0, x1, y1] or points")
        if self.rect is not None:
            x0, y0, x1, y1 = self.rect
            if x1 <= x0 or y1 <= y0:
                raise ValueError("rect must be [x0, y0, x1, y1] with x0 < x1 and y0 < y1")
        if self.height and self.kind != "hill":
            raise ValueError("only a hill has a height")
        return self

    def outline(self) -> list[Point]:
        if self.points is not None:
            return [(float(x), float(y)) for x, y in self.points]
        assert self.rect is not None, "_one_shape guarantees a rect or points"
        x0, y0, x1, y1 = self.rect
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


class FighterModel(Strict):
    """One combatant (DBG-5). Omitted ``items`` means the troop's usual equipment.

    Named characters are fighters with a ``name``, skills and companions ``loyal_to`` them
    (DBG-47). ``formation`` is only a tag (DBG-54, DBG-55: formations are out of scope).
    """

    id: str = Field(min_length=1)
    side: str
    name: str = ""
    troop: TroopName
    nation: Nation
    at: Point = Field(description="[x, y] of the base centre, cm")
    rank: RankName = "none"
    skills: list[SkillName] = Field(default_factory=list)
    items: list[ItemName] | None = None
    loyal_to: str | None = Field(None, description="DBG-40: the officer a Loyal fighter serves")
    base: float | None = Field(None, gt=0, le=5, description="base radius, cm")
    formation: str | None = Field(None, description="DBG-55: a formation tag")
    role: Role = "combatant"
    move: float | None = Field(None, gt=0, le=60, description="overrides the troop's Mouvement")
    combat: int | None = Field(None, ge=0, le=12)
    shoot: int | None = Field(None, ge=0, le=12)
    discipline: int | None = Field(None, ge=0, le=12)
    # -- statuses: where a game stands (``position``); a fresh battle leaves them out --------
    status: FighterStatus = Field("in_play", description="DBG-7, DBG-31, DBG-59: in play, out "
                                  "of action (dead), fled off the table, or withdrawn by a "
                                  "reserved edge; the others count toward the break point "
                                  "(DBG-32) as losses, withdrawn ones excepted")
    exit_edge: EdgeName | None = Field(None, description="the edge a fled or withdrawn fighter "
                                       "left by (DBG-31, DBG-58)")
    wounded: bool = Field(False, description="DBG-7: wounded once (a second wound puts it out "
                          "of action)")
    tough_used: bool = Field(False, description="DBG-43: a Tough fighter's ignored first wound "
                             "is spent")
    retreating: bool = Field(False, description="DBG-28: carries a Retreat marker")
    bolting: bool = Field(False, description="DBG-51, DBG-52: its mount bolts (Emballé); a "
                          "retreating rider only")
    frenzied: bool = Field(False, description="DBG-21, DBG-38: Frenzied for the rest of the "
                           "battle (gains the Frenzy skill)")
    mount_state: MountState = Field("sound", description="DBG-50: a rider's mount is sound, "
                                    "wounded, or dead (the rider then fights on foot)")
    shot: bool = Field(False, description="DBG-53: shot this turn (−1 Combat)")
    fled: bool = Field(False, description="DBG-28, DBG-30: fled at once this turn (not moved "
                       "again in this turn's retreat step)")
    rally_tried: bool = Field(False, description="DBG-37: tried an individual rally this turn")

    def equipment(self) -> list[str]:
        return list(PROFILES[self.troop].equipment if self.items is None else self.items)

    def radius(self) -> float:
        if self.base is not None:
            return self.base
        mounted = "horse" in self.equipment()
        return max(PROFILES[self.troop].base, PROFILES["cavalry"].base if mounted else 0.0)


IN_PLAY_STATUSES = ("wounded", "tough_used", "retreating", "bolting", "frenzied", "mount_state",
                    "shot", "fled", "rally_tried")
"""The statuses only a fighter in play has (export leaves them out for the others)."""


class HoldBridge(Strict):
    """DBG-56's Corfinium bridge; DBG-57: ``holder`` wins once ``count`` of its unpinned
    combatants have touched the bridge at the end of ``turns`` consecutive turns; after the last
    turn ``defender`` wins if it alone holds it."""

    kind: Literal["hold_bridge"]
    holder: str
    defender: str
    bridge: str = Field(description="id of the bridge terrain piece")
    count: int = Field(3, ge=1, le=100)
    turns: int = Field(2, ge=1, le=100)


class Ambush(Strict):
    """DBG-58/59: ``hunter`` scores ``quarry`` combatants out of action or fled by an edge
    that is not in ``exits``; ``draw_at`` eliminated is a draw, more a win, fewer a loss."""

    kind: Literal["ambush"]
    hunter: str
    quarry: str
    exits: list[EdgeName] = Field(min_length=1)
    draw_at: int = Field(5, ge=0, le=1000)


class DbgScenario(ScenarioBase):
    """A De Bello Gallico scenario."""

    ruleset: Literal["de_bello_gallico"]
    table: TableModel
    sides: list[str] = Field(min_length=2, max_length=2)
    die: Literal[10, 20] = Field(10, description="DBG-2: the test die, D10 or D20")
    max_turns: int = Field(ge=1, le=100)
    terrain: list[TerrainModel] = Field(default_factory=list)
    fighters: list[FighterModel] = Field(min_length=2)
    objective: HoldBridge | Ambush | None = Field(None, discriminator="kind")
    shared_table: bool = Field(False, description="set by fit_part when the scenario is one "
                               "part of a mixed scenario (MIX-1): the part plays to its turn "
                               "limit and the mixed scenario decides the game (MIX-10)")
    position: DbgPosition | None = Field(None, description="Where the game stands, to start "
                                         "it there (a fresh battle leaves it out)")

    def largest_die(self) -> int:
        """DBG-2: scripted dice run from 1 to the test die (a D10 or a D20)."""
        return self.die

    def unit_sides(self) -> dict[str, str]:
        return {f.id: f.side for f in self.fighters}

    def problems(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        if len(set(self.sides)) != len(self.sides):
            problems.append(("sides", "a side is listed twice"))
        problems += self._terrain_problems()
        problems += self._fighter_problems()
        problems += self._objective_problems()
        problems += position_problems(self)
        return problems

    def _terrain_problems(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        seen: set[str] = set()
        for i, piece in enumerate(self.terrain):
            if piece.id in seen:
                problems.append((f"terrain[{i}].id", f"{piece.id!r} is used twice"))
            seen.add(piece.id)
            for x, y in piece.outline():
                if not (0 <= x <= self.table.width and 0 <= y <= self.table.height):
                    problems.append((f"terrain[{i}]", f"point ({x:g}, {y:g}) is off the "
                                     f"{self.table.width:g} × {self.table.height:g} table"))
                    break
        return problems

    def _fighter_problems(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        by_id: dict[str, FighterModel] = {}
        chiefs: dict[str, int] = {}
        for i, f in enumerate(self.fighters):
            where = f"fighters[{i}]"
            if f.id in by_id:
                problems.append((f"{where}.id", f"{f.id!r} is used twice"))
            by_id[f.id] = f
            if f.side not in self.sides:
                problems.append((f"{where}.side", f"{f.side!r} is not one of {self.sides}"))
            if f.rank == "en_chef":
                chiefs[f.side] = chiefs.get(f.side, 0) + 1
            if f.status == "in_play":
                problems += self._placement(where, f)
            problems += self._skill_problems(where, f)
            problems += self._status_problems(where, f)
            if f.move is None and f.troop == "cavalry" and "horse" not in f.equipment():
                problems.append((f"{where}.items", "cavalry needs its horse (DBG-50)"))
        for side, count in chiefs.items():
            if count > 1:
                problems.append(("fighters", f"side {side!r} names {count} officiers en chef; "
                                 "DBG-8 wants one"))
        for i, f in enumerate(self.fighters):
            if f.loyal_to is not None:
                lord = by_id.get(f.loyal_to)
                if lord is None or lord.side != f.side or lord.rank == "none":
                    problems.append((f"fighters[{i}].loyal_to", f"{f.loyal_to!r} is not an "
                                     f"officer of side {f.side!r} (DBG-40)"))
            elif "loyal" in f.skills:
                problems.append((f"fighters[{i}].loyal_to",
                                 "a Loyal fighter names the officer it serves (DBG-40)"))
        for side in self.sides:
            if not any(f.side == side for f in self.fighters):
                problems.append(("fighters", f"side {side!r} has no fighters"))
        problems += self._overlaps()
        return problems

    def _placement(self, where: str, f: FighterModel) -> list[tuple[str, str]]:
        r = f.radius()
        x, y = f.at
        if not (r <= x <= self.table.width - r and r <= y <= self.table.height - r):
            return [(f"{where}.at", f"base of radius {r:g} at ({x:g}, {y:g}) is not wholly "
                     f"on the {self.table.width:g} × {self.table.height:g} table")]
        for piece in self.terrain:
            if terrain_has(piece.kind, "impassable") and gap_to_obstacle(
                    Base(f.id, x, y, r), PolygonObstacle(piece.id, tuple(piece.outline()))
            ) < -EPS:
                return [(f"{where}.at", f"base stands on impassable {piece.kind} {piece.id!r}")]
        return []

    @staticmethod
    def _skill_problems(where: str, f: FighterModel) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        for j, name in enumerate(f.skills):
            skill = SKILLS[name]
            if skill.officers_only and f.rank == "none":
                problems.append((f"{where}.skills[{j}]", f"{skill.title} is for officers"))
            if skill.ranks and f.rank not in skill.ranks:
                problems.append((f"{where}.skills[{j}]", f"{skill.title} needs rank "
                                 f"{' or '.join(skill.ranks)} (DBG-45)"))
            if skill.nations and f.nation not in skill.nations:
                problems.append((f"{where}.skills[{j}]", f"{skill.title} is for "
                                 f"{' or '.join(skill.nations)} officers only (DBG-45)"))
        if len(set(f.skills)) != len(f.skills):
            problems.append((f"{where}.skills", "a skill is listed twice"))
        if len(f.equipment()) != len(set(f.equipment())):
            problems.append((f"{where}.items", "an item is listed twice"))
        return problems

    def _status_problems(self, where: str, f: FighterModel) -> list[tuple[str, str]]:
        """Statuses that contradict each other or the fighter (field path of the first)."""
        if f.status != "in_play":
            flags = [name for name in IN_PLAY_STATUSES
                     if getattr(f, name) != FighterModel.model_fields[name].default]
            if flags:
                return [(f"{where}.{flags[0]}", f"only a fighter in play has this status "
                         f"(it is {f.status})")]
            if f.status == "out" and f.exit_edge is not None:
                return [(f"{where}.exit_edge", "only a fighter that left the table has one")]
            if f.status != "out" and f.exit_edge is None:
                return [(f"{where}.exit_edge", f"a fighter {f.status} names the edge it left "
                         "by (DBG-31, DBG-59)")]
            if f.status == "withdrawn":
                return self._withdrawal_problems(where, f)
            return []
        mounted = any(ITEMS[item].mount_combat is not None for item in f.equipment())
        checks = [
            ("exit_edge", f.exit_edge is not None, "only a fighter that left the table has one"),
            ("tough_used", f.tough_used and "tough" not in f.skills, "only a Tough fighter "
             "ignores a wound (DBG-43)"),
            ("mount_state", f.mount_state != "sound" and not mounted, "it has no mount (DBG-50)"),
            ("bolting", f.bolting and (not mounted or f.mount_state == "dead"),
             "only a rider on its mount bolts (DBG-51)"),
            ("bolting", f.bolting and not f.retreating, "a bolting mount flees as a retreat: "
             "the rider is retreating too (DBG-52)"),
            ("fled", f.fled and not f.retreating, "only a retreating fighter has fled (DBG-28)"),
        ]
        return [(f"{where}.{name}", reason) for name, bad, reason in checks if bad][:1]

    def _withdrawal_problems(self, where: str, f: FighterModel) -> list[tuple[str, str]]:
        """DBG-59: only the ambush's quarry withdraws, by one of its reserved edges."""
        objective = self.objective
        if not isinstance(objective, Ambush) or f.side != objective.quarry:
            return [(f"{where}.status", "only the ambush's quarry withdraws (DBG-59)")]
        if f.exit_edge not in objective.exits:
            return [(f"{where}.exit_edge", f"{f.exit_edge!r} is not a reserved edge "
                     f"({', '.join(objective.exits)}, DBG-59)")]
        return []

    def _overlaps(self) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        ordered = sorted((i for i, f in enumerate(self.fighters) if f.status == "in_play"),
                         key=lambda i: self.fighters[i].at[0])
        for n, i in enumerate(ordered):
            a = self.fighters[i]
            for j in ordered[n + 1:]:
                b = self.fighters[j]
                if b.at[0] - a.at[0] > a.radius() + b.radius():
                    break
                if math.dist(a.at, b.at) < a.radius() + b.radius() - 1e-9:
                    first, second = sorted((i, j))
                    problems.append((f"fighters[{second}].at", f"base overlaps "
                                     f"{self.fighters[first].id!r}"))
        return problems

    def _objective_problems(self) -> list[tuple[str, str]]:
        objective = self.objective
        if objective is None:
            return []
        problems: list[tuple[str, str]] = []
        roles = ("holder", "defender") if isinstance(objective, HoldBridge) else \
            ("hunter", "quarry")
        for role in roles:
            side = getattr(objective, role)
            if side not in self.sides:
                problems.append((f"objective.{role}", f"{side!r} is not one of {self.sides}"))
        if getattr(objective, roles[0]) == getattr(objective, roles[1]):
            problems.append((f"objective.{roles[1]}", f"must differ from {roles[0]}"))
        if isinstance(objective, HoldBridge) and not any(
                t.id == objective.bridge and t.kind == "bridge" for t in self.terrain):
            problems.append(("objective.bridge", f"no bridge terrain {objective.bridge!r}"))
        return problems


def skill_points(skills: list[str]) -> int:
    """DBG-6: the only points of the first version are skill costs (unpriced skills are 0)."""
    return sum(SKILLS[name].cost or 0 for name in skills)
