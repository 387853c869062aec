"""The mutable state of a De Bello Gallico game, the static ground, and the rule parameters.

Plain slots dataclasses (design.md, Performance): mutated on every action, serialized only when
saved or compared. Derived conditions (pinned, zone of control) are not stored: they follow from
positions. The only derived data kept is ``layout``'s cache, checked against the positions at
every query, so it can never go stale either.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from polemos.core.table import Base, PolygonObstacle, Table
from polemos.core.turns import Alternation
from polemos.core.world import AIRCRAFT, Presence, World
from polemos.rulesets.de_bello_gallico.models import (
    ITEMS,
    PROFILES,
    RANK_BONUS,
    RANKS,
    SKILLS,
    DbgScenario,
    FighterModel,
    terrain_has,
)

if TYPE_CHECKING:
    from polemos.rulesets.de_bello_gallico.layout import Layout

IN_PLAY = "in_play"
OUT = "out"
"""Out of action (DBG-7)."""
FLED = "fled"
"""Left the table in flight (DBG-31)."""
WITHDRAWN = "withdrawn"
"""Left by a reserved edge in good order (DBG-59)."""
STATUS = attrgetter("status")
"""A fighter's ``status``, read in C (``map(STATUS, fighters)``: every status at once)."""


@dataclass(frozen=True, slots=True)
class Feature:
    """A terrain piece on the table; ``shape`` serves both sweeps and area tests."""

    id: str
    kind: str
    shape: PolygonObstacle
    height: int = 0


@dataclass(frozen=True, slots=True)
class Ground:
    """The table and its terrain, sorted once by what each piece does."""

    table: Table
    features: tuple[Feature, ...]
    impassable: tuple[PolygonObstacle, ...]
    sight: tuple[PolygonObstacle, ...]
    cover: tuple[PolygonObstacle, ...]
    difficult: tuple[PolygonObstacle, ...]
    hills: tuple[Feature, ...]
    _lines: dict[tuple[float, float, float, float], bool] = field(
        default_factory=dict, compare=False, repr=False)
    """Lines of sight measured so far, by the centres at both ends (``geometry.line_of_sight``;
    private: a cache of a function of the frozen terrain, shared by states and their copies)."""

    @classmethod
    def build(cls, scenario: DbgScenario) -> Ground:
        features = tuple(Feature(t.id, t.kind, PolygonObstacle(t.id, tuple(t.outline())),
                                 t.height) for t in scenario.terrain)

        def having(prop: str) -> tuple[PolygonObstacle, ...]:
            return tuple(f.shape for f in features if terrain_has(f.kind, prop))

        return cls(Table(scenario.table.width, scenario.table.height), features,
                   having("impassable"), having("blocks_sight"), having("cover"),
                   having("difficult"), tuple(f for f in features if f.kind == "hill"))

    def feature(self, feature_id: str) -> Feature:
        return next(f for f in self.features if f.id == feature_id)


@dataclass(slots=True)
class Fighter:
    """One combatant (DBG-5): its base, characteristics, markers and fate."""

    id: str
    side: str
    name: str
    nation: str
    troop: str
    base: Base
    move: float
    combat: int
    shoot: int | None
    discipline: int
    rank: int
    skills: list[str]
    items: list[str]
    loyal_to: str | None = None
    role: str = "combatant"
    formation: str | None = None
    wounds: int = 0
    mount: str | None = None
    mount_wounds: int = 0
    status: str = IN_PLAY
    exit_edge: str | None = None
    retreating: bool = False
    bolting: bool = False
    """Emballé: the mount bolts (DBG-51); always together with ``retreating``."""
    tough_used: bool = False
    shot_turn: int = 0
    """The turn it last shot (DBG-53: −1 Combat that turn)."""
    fled_turn: int = 0
    """The turn it last fled at once (DBG-28: not moved again in that turn's retreat step)."""
    rally_turn: int = 0
    """The turn it last tried an individual rally (DBG-37: one try a turn)."""

    @property
    def in_play(self) -> bool:
        return self.status == IN_PLAY

    @property
    def officer(self) -> bool:
        return self.rank > 0

    @property
    def frenzied(self) -> bool:
        """DBG-21, DBG-38: Frenzy is a skill, gained for the rest of the battle."""
        return "frenzy" in self.skills

    def has(self, skill: str) -> bool:
        return skill in self.skills

    def carries(self, item: str) -> bool:
        return item in self.items


def new_fighter(model: FighterModel, turn: int, foot_move: float) -> Fighter:
    """Build a fighter from its scenario entry and its troop profile (DBG-5), with the statuses
    the entry gives for turn ``turn`` (a position, see ``position_model``)."""
    profile = PROFILES[model.troop]
    bonus = RANK_BONUS[model.rank]
    items = model.equipment()
    skills: list[str] = list(model.skills)
    for item in items:
        skills += [s for s in ITEMS[item].grants if s not in skills]
    if model.frenzied and "frenzy" not in skills:
        skills.append("frenzy")
    mount = next((item for item in items if ITEMS[item].mount_combat is not None), None)
    on_foot = mount is not None and model.mount_state == "dead"

    move = profile.move if model.move is None else model.move
    combat = profile.combat if model.combat is None else model.combat
    shoot = profile.shoot if model.shoot is None else model.shoot
    disc = profile.discipline if model.discipline is None else model.discipline
    return Fighter(
        model.id, model.side, model.name or model.id, model.nation, model.troop,
        Base(model.id, float(model.at[0]), float(model.at[1]), model.radius()),
        move=foot_move if on_foot else float(move), combat=combat + bonus.combat, shoot=shoot,
        discipline=disc + bonus.discipline,
        rank=RANKS[model.rank], skills=skills, items=items, loyal_to=model.loyal_to,
        role=model.role, formation=model.formation, wounds=1 if model.wounded else 0,
        mount=None if on_foot else mount, mount_wounds=int(model.mount_state == "wounded"),
        status=model.status, exit_edge=model.exit_edge, retreating=model.retreating,
        bolting=model.bolting, tough_used=model.tough_used,
        shot_turn=turn if model.shot else 0, fled_turn=turn if model.fled else 0,
        rally_turn=turn if model.rally_tried else 0)


def skill_bonus(fighter: Fighter, what: str) -> int:
    """The Combat or Discipline that skills add (Veteran, Evocatus, Frenzy)."""
    return sum(getattr(SKILLS[name], what) for name in fighter.skills)


def discipline(fighter: Fighter) -> int:
    """Discipline with rank (already in the profile) and skills (DBG-5, DBG-45, DBG-46)."""
    return fighter.discipline + skill_bonus(fighter, "discipline")


@dataclass(slots=True)
class DbgParams:
    """The numbers of the rules as written; a house-rule plugin may change them."""

    contact: float = 0.1
    """DBG-1: bases touch when their gap is at most this (a measuring tolerance)."""
    zoc: float = 2.0
    """DBG-15: zone of control radius."""
    morale: int = 10
    """DBG-3, DBG-25: ordinary Discipline tests."""
    rally_manoeuvre: int = 12
    """DBG-35."""
    rally_one: int = 10
    """DBG-37."""
    officer_reach: float = 10.0
    """DBG-26 (an officer's fall or retreat), DBG-33, DBG-35, DBG-37."""
    charismatic_reach: float = 20.0
    """DBG-44."""
    ensign_near: float = 10.0
    """DBG-49: the bearer must stand this close to the officer."""
    break_percent: int = 50
    """DBG-32."""
    range_step: float = 10.0
    """DBG-22: +1 difficulty per full step of distance."""
    shoot_difficulty: int = 10
    """DBG-22."""
    killing_margin: int = 5
    """DBG-19: a margin this large puts the loser out of action."""
    foot_move: float = 10.0
    """DBG-50: a rider whose mount falls fights on foot at this Mouvement."""


class ForeignUnits:
    """The other rulesets' ground units on a shared table, read live from the world each time
    (they move in their own rulesets' turns), as bases named ``ruleset:unit`` (MIX-3).

    A window on the other parts, not De Bello Gallico state: copies of the state (undo,
    transactions) share it rather than copying the whole table, and it is never serialized.
    It holds the world weakly: the world holds the game's state (to answer its queries), so a
    strong reference back would make a cycle (state, world, state) that only the garbage
    collector frees, after every game of a batch — a few per cent of each action's cost. The
    world lives as long as the ruleset that owns it, and nothing asks for a menu without one.
    """

    __slots__ = ("_world", "ruleset", "_seen", "_bases")

    def __init__(self, world: World | None = None, ruleset: str = "") -> None:
        self._world = None if world is None else weakref.ref(world)
        self.ruleset = ruleset
        self._seen: list[Presence] | None = None
        self._bases: list[Base] = []
        """The bases made from ``_seen``, the presences last read: a menu asks for them at
        every decision and the other rulesets' units move only in their own turns."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ForeignUnits:
        return self

    @property
    def world(self) -> World | None:
        """The shared table, or None before the game set it up (or once it is gone)."""
        return None if self._world is None else self._world()

    def alone(self) -> bool:
        """Whether no other ruleset shares the table (then ``ground_bases`` is empty)."""
        world = self.world
        return world is None or self.ruleset in world.parts and len(world.parts) == 1

    def ground_bases(self) -> list[Base]:
        """Units standing on the table (aircraft in the air are out of a fighter's way). The
        bases are made afresh only when a presence changed (frozen records, compared by
        value), and shared between calls: De Bello Gallico only ever measures against another
        ruleset's unit, it never moves one."""
        world = self.world
        if world is None or self.ruleset in world.parts and len(world.parts) == 1:
            return []  # alone on the table
        seen = world.presences(exclude=self.ruleset)
        if seen != self._seen:
            self._seen = seen
            self._bases = [Base(f"{p.ruleset}:{p.unit}", p.x, p.y, p.radius)
                           for p in seen if p.kind != AIRCRAFT and p.altitude == 0]
        return list(self._bases)


@dataclass(slots=True)
class DbgState:
    ground: Ground
    params: DbgParams
    """The ruleset's parameters (the same object), so rule functions need no extra argument."""
    fighters: dict[str, Fighter]
    sides: list[str]
    die: int
    max_turns: int
    starting: dict[str, int]
    turn: int = 1
    initiative: str = ""
    phase: str = "move"
    """move, melee, break, manoeuvre, rally (DBG-9), or over."""
    alternation: Alternation | None = None
    active: str | None = None
    """The fighter whose activation is under way (DBG-11)."""
    active_moved: bool = False
    active_shot: bool = False
    done: list[str] = field(default_factory=list)
    """Fighters activated (move phase) or that attacked (melee) this phase."""
    lost_at_check: dict[str, int] = field(default_factory=dict)
    """Each side's losses when the break point was last checked (DBG-32)."""
    break_sides: list[str] = field(default_factory=list)
    """Sides still to take their break-point tests this turn, the deciding one first."""
    substitutes: list[str] = field(default_factory=list)
    """Officers named so far for the break-point test (DBG-33)."""
    open_sides: list[str] = field(default_factory=list)
    """Morale steps b and c: sides that have not passed, the deciding one first."""
    designated: list[str] = field(default_factory=list)
    """Officers designated for a manoeuvre this turn (DBG-34)."""
    bridge_turns: int = 0
    """Consecutive turn ends the bridge was held (DBG-57)."""
    winner: str | None = None
    reason: str = ""
    rule: str = ""
    scores: dict[str, float] = field(default_factory=dict)
    _foreign: ForeignUnits = field(default_factory=ForeignUnits)
    """Other rulesets' units on a shared table (private: not serialized, see ForeignUnits)."""
    _layout: Layout | None = field(default=None, repr=False, compare=False)
    """Contacts and gaps of the table as last asked (private: a cache, see ``layout``)."""
    _seen: tuple[int, tuple[str, ...]] | None = field(default=None, repr=False, compare=False)
    """``core.table.base_writes`` and the fighters' statuses when ``_layout`` was last found to
    fit this state's positions (``layout``)."""
    _held: Layout | None = field(default=None, repr=False, compare=False)
    """The layout trusted without a check while a query that moves nothing runs
    (``layout.held``), once its first question checked it; None otherwise."""
    _holding: bool = field(default=False, repr=False, compare=False)
    """Whether such a query runs (``layout.held``)."""
    _sided: tuple[dict[str, Fighter], dict[str, tuple[Fighter, ...]]] | None = field(
        default=None, repr=False, compare=False)
    """``by_side`` and the fighters dict it was made from (private: a cache, see there)."""

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def foreign_bases(self) -> list[Base]:
        """MIX-8 Decision: the other rulesets' ground units, impassable to fighters."""
        return self._foreign.ground_bases()

    def alone(self) -> bool:
        """Whether no other ruleset shares the table (no ``foreign_bases``, MIX-8)."""
        return self._foreign.alone()

    def by_side(self) -> dict[str, tuple[Fighter, ...]]:
        """Each side's fighters, in play or not, in scenario order. The fighters of a game
        never change, only their statuses, so this is made once per ``fighters`` dict (a copy
        of the state has its own, and makes its own lists of its own fighters)."""
        made = self._sided
        if made is None or made[0] is not self.fighters:
            sides: dict[str, list[Fighter]] = {}
            for fighter in self.fighters.values():
                sides.setdefault(fighter.side, []).append(fighter)
            made = self._sided = self.fighters, {side: tuple(of) for side, of in sides.items()}
        return made[1]

    def alternation_now(self) -> Alternation:
        """The alternation of the movement or melee phase under way (DBG-11, DBG-18)."""
        assert self.alternation is not None, "only the movement and melee phases alternate"
        return self.alternation

    def enemy_of(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def others_first(self, side: str) -> list[str]:
        """``[side, the other]``: the order of every 'initiative side first' step."""
        return [side, self.enemy_of(side)]
