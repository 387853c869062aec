"""The mutable state of a Petit Cirque Volant game, and the rule parameters house rules change.

Plain slots dataclasses (design.md, Performance): mutated on every action, serialized only when
saved or compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from polemos.core.hexgrid import Hex, HexMap
from polemos.core.turns import SideByTurn

if TYPE_CHECKING:
    from polemos.rulesets.petit_cirque.abilities import Ability

MAX_LEVEL = 6
"""PCV-2, PCV-7, PCV-10: altitude and speed never exceed 6."""


@dataclass(slots=True)
class Plane:
    id: str
    side: str
    q: int
    r: int
    facing: int
    altitude: int
    speed: int
    role: str
    damage: int = 0
    in_play: bool = True

    @property
    def hex(self) -> Hex:
        return Hex(self.q, self.r)


@dataclass(slots=True)
class PcvState:
    cloth: HexMap
    planes: dict[str, Plane]
    turn: SideByTurn
    max_rounds: int
    hold_out: str | None = None
    phase: str = "move"
    """"move" then "fire" for the side whose turn it is (PCV-4)."""
    moving: str | None = None
    """The aircraft whose move has begun and must spend all its MP (PCV-5)."""
    mp_left: int = 0
    choosing_speed: bool = False
    """The moving aircraft has spent its MP and must set next turn's speed (PCV-10)."""
    done: list[str] = field(default_factory=list)
    """Aircraft of the side to act that have finished this phase (moved, or fired/held)."""
    winner: str | None = None
    reason: str = ""
    rule: str = ""
    over: bool = False
    abilities: dict[str, Any] = field(default_factory=dict)
    """What the club abilities of ``PcvParams.abilities`` keep between decisions, by ability
    name (a plugin's ground elements): copied, saved and compared with the rest of the state."""


NOSE_GUNS: dict[str, tuple[int, ...]] = {"fighter": (0,), "bomber": (0,)}
"""PCV-14: each role fires ahead only, unless a house rule adds guns (PCV-O3)."""


@dataclass(slots=True)
class PcvParams:
    """Rule parameters by aircraft role; the defaults are the rules as written.

    House-rule plugins (PCV-O1 … PCV-O4) change these in ``polemos_configure_game``; the rules
    read them, so an option needs no change to the ruleset's code. ``rules`` records which rule
    id a changed limit is cited under when it refuses an action.
    """

    # Each default is a copy of a dict of plain values, made by the dict's own ``copy`` (a
    # game sets up a fresh PcvParams: no Python call per field).
    ceiling: dict[str, int] = field(default_factory={"fighter": 6, "bomber": 6}.copy)
    max_speed: dict[str, int] = field(default_factory={"fighter": 6, "bomber": 6}.copy)
    no_loops: set[str] = field(default_factory=set)
    guns: dict[str, tuple[int, ...]] = field(default_factory=NOSE_GUNS.copy)
    """Directions each role fires along, as hexside offsets from its facing (0 = ahead)."""
    hits_to_destroy: dict[str, int] = field(default_factory={"fighter": 2, "bomber": 2}.copy)
    rules: dict[str, str] = field(default_factory={
        "ceiling": "PCV-7", "max_speed": "PCV-10", "loops": "PCV-8", "guns": "PCV-14",
        "hits": "PCV-17"}.copy)
    abilities: list[Ability] = field(default_factory=list)
    """Abilities club plugins add (PCV-O5, PCV-O6): new units and actions, not only limits
    (``polemos.rulesets.petit_cirque.abilities``); the ruleset consults them in order."""
