"""The state of an Aeronautica Imperialis game: static set-up, mutable state, rule parameters.

``Setup`` is what never changes during a game (each model's profile, cost and weapons, the
templates, the map); it lives on the ruleset, so copying or saving a state stays cheap. The
mutable ``AiState`` holds plain slots dataclasses and the core turn blocks (``SealedOrders`` for
the hidden manoeuvre tokens, ``Alternation`` for alternating activation).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from polemos.core.hexgrid import Hex, HexMap
from polemos.core.turns import Alternation, SealedOrders
from polemos.rulesets.aeronautica.models import ManoeuvreTemplate, WeaponProfile

AIRCRAFT, GROUND, TARGET = "aircraft", "ground", "target"
"""Model kinds: aircraft (AI-8), ground assets (AI-6), scenario ground targets (AI-57)."""
FOREIGN = "foreign"
"""The kind of a stand-in for another ruleset's unit on a shared table (MIX-5, MIX-6): never in
``AiState.models``, built afresh whenever targets are listed (``mixing.strangers``)."""
ACTIVE, DESTROYED, DISENGAGED, WITHDRAWN = "active", "destroyed", "disengaged", "withdrawn"
"""Model status: in play, shot down or crashed, left by accident (AI-30), left deliberately."""
EJECTED = 75
"""AI-71: percent of its cost a destroyed aircraft is worth when its crew ejected."""
CEILING = 9
"""AI-3 Decision: altitude levels run 0-9."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One weapon on one model; ``group`` is its AI-45 arc group (Decision: same arc text)."""

    id: str
    weapon: WeaponProfile
    group: str


@dataclass(frozen=True, slots=True)
class Spec:
    """What a model is, for the whole game: profile values, cost (AI-72) and weapons."""

    id: str
    side: str
    kind: str
    name: str
    category: str
    cost: int
    structure: int
    slots: tuple[Slot, ...] = ()
    throttle: int = 0
    ace: int = 0
    handling: int = 7
    min_speed: int = 0
    max_speed: int = 0
    max_altitude: int = 0
    transport: int = 0
    stealth: int = 0
    jink: bool = False
    ejector: bool = False


@dataclass(frozen=True, slots=True)
class Zone:
    """A landing zone (AI-41, AI-42) of ``side`` in axial hexes."""

    side: str
    hexes: frozenset[Hex]
    troop_vp: int


@dataclass(slots=True)
class AiParams:
    """Rule numbers a house-rule plugin may change in ``polemos_configure_game``."""

    turn_limit: int = 12
    """AI-66."""
    to_hit: int = 5
    """AI-48, AI-59, AI-61."""
    bands: tuple[int, int, int] = (4, 7, 10)
    """AI-47: last hex of Short, Medium and Long range."""
    pull_out: int = 3
    """AI-40."""
    hold_together: int = 3
    """AI-31."""
    scatter: int = 4
    """AI-60."""
    disengage_percent: int = 25
    """AI-68."""
    tailing_range: int = 10
    """AI-65 Decision."""
    ejector: int = 5
    """AI-71."""


@dataclass(slots=True)
class Setup:
    """The static side of a game, built once from the scenario by the ruleset."""

    sides: list[str]
    specs: dict[str, Spec]
    templates: dict[int, ManoeuvreTemplate]
    cloth: HexMap
    zones: list[Zone]
    exits: dict[str, frozenset[str]]
    objectives: dict[str, int]
    """Scenario ground target id -> VP to the enemy when destroyed (AI-70)."""
    params: AiParams = field(default_factory=AiParams)


@dataclass(slots=True)
class Model:
    """A model's changing state. Ground assets and targets keep facing 0 and speed 0."""

    id: str
    side: str
    kind: str
    q: int
    r: int
    facing: int
    altitude: int
    speed: int
    structure: int
    ammo: dict[str, int] = field(default_factory=dict)
    """Remaining firings of each limited weapon slot (AI-49)."""
    troops: int = 0
    """Transport points still aboard (AI-10, AI-42)."""
    marker: str = ""
    """"stall" (AI-39) or "spin" (AI-62)."""
    spin_turn: int = 0
    """The turn whose End phase started the spin (AI-63)."""
    landed: bool = False
    tailing: str | None = None
    """The aircraft this one tails in the next Tailing Fire phase (AI-65)."""
    gunner_used: bool = False
    """AI-53: the tail gunner has fired back this turn."""
    status: str = ACTIVE
    worth: int = 100
    """Percent of its cost the enemy scores if it is destroyed (AI-69, AI-71)."""

    @property
    def hex(self) -> Hex:
        return Hex(self.q, self.r)

    @property
    def in_play(self) -> bool:
        return self.status == ACTIVE


@dataclass(slots=True)
class Flight:
    """The aircraft moving now, between its Throttle and its altitude step (AI-27)."""

    unit: str
    number: int
    """The manoeuvre template flown (AI-20), or 1 for a take-off (AI-41)."""
    stage: str = "facing"
    """facing (when the template offers several), fly, altitude: the Throttle opened it."""
    point: int = 0
    """Next turn point of the template: 0 the initial facing, then each manoeuvre hex."""
    hexes_left: int = 0
    path: list[list[int]] = field(default_factory=list)
    """Hexes entered, axial [q, r] (AI-42 passes over)."""
    takeoff: bool = False
    dropped: bool = False


@dataclass(slots=True)
class Volley:
    """A model firing now (AI-43): its group targets (AI-45) and the weapons fired."""

    unit: str
    mode: str
    """fire (Firing phase), tail (Tailing Fire volley, AI-23), return (tail gunner, AI-53)."""
    only: str | None = None
    """The one aircraft it may target (AI-23, AI-53)."""
    locks: dict[str, str] = field(default_factory=dict)
    fired: list[str] = field(default_factory=list)
    jink: bool = False
    """It may still jink (AI-54)."""


@dataclass(slots=True)
class Exchange:
    """A Tailing Fire exchange: damage is applied after both have rolled (AI-53)."""

    tailer: str
    target: str
    pending: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class AiState:
    turn: int
    phase: str
    models: dict[str, Model]
    orders: SealedOrders
    draft: dict[str, int] = field(default_factory=dict)
    """Tokens of the side choosing now, before it commits them (AI-20)."""
    initiative: str | None = None
    first_mover: str | None = None
    alternation: Alternation | None = None
    flight: Flight | None = None
    volley: Volley | None = None
    exchange: Exchange | None = None
    tail_options: dict[str, list[str]] = field(default_factory=dict)
    """End phase: aircraft whose owner must mark one of several tailed enemies (AI-65)."""
    last_turn: int = 0
    """The disengagement turn, once declared (AI-68)."""
    troop_vp: dict[str, int] = field(default_factory=dict)
    start_points: dict[str, int] = field(default_factory=dict)
    start_flying: list[str] = field(default_factory=list)
    """Sides that fielded aircraft at the start (AI-67 Decision)."""
    over: bool = False
    winner: str | None = None
    reason: str = ""
    rule: str = ""
    scores: dict[str, int] = field(default_factory=dict)
    viewer: str | None = None
    """Set on a player's view: whose eyes see it (hidden tokens are removed)."""
