"""The mutable state of an AT-43 collision game, and the rule parameters house rules may change.

Plain slots dataclasses (design.md, Performance). Positions live in ``polemos.core.table.Base``
objects, mutated in place by sweeps. A ram in progress is a ``Collision``: it waits between
stages for the active player's choices (joining attackers, damage allotment, backlash split,
push, throw order), so a game can be saved, shown or refused an action at any of those points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from polemos.core.table import Base, CircleObstacle, PolygonObstacle, Table
from polemos.core.turns import Alternation

ASSAULT = "assault"
CHARGE = "charge"


@dataclass(slots=True)
class Vehicle:
    """An AFV, or a wreck (AT-6) once its Frame is gone; scenery wrecks have no side."""

    id: str
    side: str
    unit: str
    profile: str
    armour: int
    size: int
    move: float
    walker: bool
    frame: int
    propulsion: int
    weapons: list[int]
    base: Base
    start_sp: int
    wreck: bool = False
    acted: bool = False
    """Has taken its action this round (AT-P1)."""
    mode: str = ""
    """"normal" or "rush" once declared this activation (AT-7, AT-11); "" otherwise."""
    travelled: float = 0.0
    """Distance its centre has travelled this activation (AT-22)."""
    rushed: bool = False
    """AT-7: rushed this round, so it may not shoot."""
    collided: bool = False
    """AT-13: made a collision this round, so it may not make melee attacks."""

    @property
    def mobile(self) -> bool:
        """Neither a wreck nor immobilised (AT-5)."""
        return not self.wreck and self.propulsion > 0

    @property
    def sp(self) -> int:
        return self.frame + self.propulsion + sum(self.weapons)


@dataclass(slots=True)
class Trooper:
    """An infantry model: never an obstacle (AT-10), crushed by moving AFVs (AT-8)."""

    id: str
    side: str
    unit: str
    base: Base
    move: float
    support_weapon: bool = False
    alive: bool = True


@dataclass(slots=True)
class Terrain:
    """A terrain obstacle (AT-10): ``frame`` None cannot be destroyed; at 0 it is removed."""

    id: str
    obstacle: CircleObstacle | PolygonObstacle
    frame: int | None
    removed: bool = False


@dataclass(slots=True)
class UnitInfo:
    id: str
    side: str
    members: list[str]
    infantry: bool


@dataclass(slots=True)
class Attacker:
    """One ramming AFV of the attacking unit (AT-15, AT-16, AT-34)."""

    id: str
    target: str
    band: str
    distance: float
    """d, base to base at the declaration: it alone sets the band (AT-15, AT-16)."""
    travel: list[float]
    """Unit vector of its straight approach: the travel direction (AT-16, AT-22)."""
    travelled: float
    in_contact: bool = True
    """False for an AFV that joined behind a comrade and gives 1 impact fewer (AT-34)."""
    impacts: int = 0
    damage: int = 0


@dataclass(slots=True)
class Melee:
    """The attackers against one enemy unit and the vehicles their pooled damage goes to
    (AT-33, AT-40, AT-41)."""

    unit: str
    attackers: list[str]
    recipients: list[str]
    damage: int = 0
    allotted: dict[str, int] | None = None


@dataclass(slots=True)
class Throw:
    """One vehicle to throw (AT-30, AT-37): its line, its distance and its rank for the order."""

    id: str
    direction: list[float]
    distance: float
    rank: int
    root: str


@dataclass(slots=True)
class Collision:
    """A ram in progress, from the first attacker's placement to the last push or throw.

    ``stage``: "join" (others of the unit may join), "allot" (spread damage, AT-33), "split"
    (share backlash, AT-39), "push" (the push choice, AT-21), "throw" (throw order, AT-37,
    AT-40, AT-41).
    """

    side: str
    unit: str
    attackers: list[Attacker]
    stage: str = "join"
    melees: list[Melee] = field(default_factory=list)
    ranks: dict[str, int] = field(default_factory=dict)
    """Members of the rammed groups (AT-35) and their rank; roots are rank 0."""
    roots: dict[str, str] = field(default_factory=dict)
    """Member -> the root of its rammed group."""
    touching: dict[str, list[str]] = field(default_factory=dict)
    """Rammed vehicle -> attackers in contact with it (AT-1)."""
    threshold: int = 0
    reached: bool = False
    dealt: dict[str, int] = field(default_factory=dict)
    """Damage points each rammed vehicle took from the impacts (AT-30: the throw distance)."""
    shares: dict[str, dict[str, int]] = field(default_factory=dict)
    """Recipient -> attacker -> damage-based backlash impacts (AT-19, AT-39)."""
    movers: list[str] = field(default_factory=list)
    """Rammed vehicles that are pushed or thrown (AT-37, AT-38)."""
    throws: list[Throw] = field(default_factory=list)
    thrown: list[str] = field(default_factory=list)
    start_gaps: dict[str, float] = field(default_factory=dict)
    """"a|b" -> gap between two members of one group before a group throw (AT-37)."""

    def attacker(self, vehicle_id: str) -> Attacker:
        return next(a for a in self.attackers if a.id == vehicle_id)

    @property
    def total_damage(self) -> int:
        return sum(a.damage for a in self.attackers)

    @property
    def charged(self) -> bool:
        return any(a.band == CHARGE for a in self.attackers)


@dataclass(slots=True)
class At43State:
    table: Table
    sides: list[str]
    vehicles: dict[str, Vehicle]
    troopers: dict[str, Trooper]
    terrain: dict[str, Terrain]
    units: dict[str, UnitInfo]
    turn: Alternation
    max_rounds: int
    round: int = 1
    active_unit: str | None = None
    """The unit whose activation has begun (AT-P1)."""
    acting: str | None = None
    """The vehicle that has declared its movement and must now move or ram."""
    collision: Collision | None = None
    killed: dict[str, int] = field(default_factory=dict)
    """Infantry models killed, by the side that lost them (AT-P2 score)."""
    over: bool = False
    winner: str | None = None
    reason: str = ""
    rule: str = ""

    def kill(self, trooper: Trooper) -> None:
        """An infantry model leaves play, crushed (AT-8) or hit by another ruleset (MIX-4); its
        side's loss counts in the AT-P3 score."""
        trooper.alive = False
        self.killed[trooper.side] = self.killed.get(trooper.side, 0) + 1


@dataclass(slots=True)
class At43Params:
    """Rule parameters; the defaults are the rules as written. Plugins change them in
    ``polemos_configure_game``."""

    contact: float = 2.5
    """AT-1: contact distance in cm; also where a pushed or thrown vehicle meets (AT-23)."""
    rush_bonus: float = 10.0
    """AT-7, AT-15: a rush adds 10 cm; a charge reaches M + 10 cm."""
    throw_per_damage: float = 2.5
    """AT-30: cm thrown per damage point."""
    crush_needed: int = 5
    """AT-8: a crushed model dies on 5+ ..."""
    crush_engaged_needed: int = 3
    """... or on 3+ when engaged in melee."""
    survivor_gap: float = 2.6
    """AT-8 Decision: 'more than 2.5 cm' is taken as 2.5 cm + 1 mm."""
    approach_offsets: tuple[int, ...] = (0, -30, 30, -60, 60)
    """Contact points offered to players: degrees off the direct line to the target (AT-16)."""
    headings: int = 8
    """Compass headings offered for moves (AT-7)."""
