"""The interaction contract of rulesets sharing one table (docs/mixing.md).

A ruleset shows its units to the others as ``Presence``s — where (cm on the table, and
altitude), what kind of thing (aircraft, vehicle, infantry, ground target), whose — and receives
their attacks as ``Hit``s, which it translates into its own damage model (``Ruleset.suffer``).
Neither side of an interaction imports the other: both speak these core types, through
``game.world``. In a one-ruleset game the world holds no foreign unit, and every query returns
an empty list at once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pluggy

from polemos.core.board import hex_at_cm
from polemos.core.hexgrid import Hex
from polemos.core.plugins import call_hook

if TYPE_CHECKING:
    from polemos.core.context import Context
    from polemos.core.dice import Dice
    from polemos.core.morale import Morale, MoraleShock
    from polemos.core.ruleset import Ruleset

# What a unit is to other rulesets: an aircraft flies (altitude ≥ 1 while in the air); a vehicle
# is an armoured machine (AT-43 AFVs, wrecks excepted); infantry is anything on foot or horse that
# a vehicle can crush (De Bello Gallico fighters, AT-43 infantry); a ground target is a fixed
# asset (Aeronautica flak and bunkers, a landed aircraft).
AIRCRAFT = "aircraft"
VEHICLE = "vehicle"
INFANTRY = "infantry"
GROUND_TARGET = "ground target"


@dataclass(frozen=True, slots=True)
class Presence:
    """A unit as the other rulesets see it."""

    unit: str
    ruleset: str
    side: str
    kind: str
    x: float
    y: float
    radius: float
    altitude: int = 0


@dataclass(frozen=True, slots=True)
class Hit:
    """An attack that already hit by the attacker's own rules; the target's rules take over.

    ``damage`` counts damage points: each is one Structure point (Aeronautica), one damage
    (Petit Cirque Volant), one located damage point (AT-43) or one wound (De Bello Gallico).
    ``lethal`` kills outright whatever the damage model (crushed infantry, a direct crash).
    """

    source: str
    ruleset: str
    cause: str
    damage: int
    rule: str
    lethal: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a hit did, in the target's terms, for the attacker's log and scoring."""

    unit: str
    damage: int
    destroyed: bool
    effect: str


class PartContext:
    """What one ruleset of a shared table reaches of the game: the game's own dice, world and
    plugins, with its events tagged by the part's name (so the log says who did what and
    narration goes to the right ruleset). Explicit: it forwards exactly the ``Context``."""

    __slots__ = ("base", "name")

    def __init__(self, base: Context, name: str) -> None:
        self.base: Context = base.base if isinstance(base, PartContext) else base
        self.name = name

    @property
    def dice(self) -> Dice:
        return self.base.dice

    @property
    def world(self) -> World:
        return self.base.world

    @property
    def pm(self) -> pluggy.PluginManager:
        return self.base.pm

    @property
    def source(self) -> str:
        return self.base.source

    @property
    def forked(self) -> bool:
        return self.base.forked

    def emit(self, type_: str, *, visible_to: Sequence[str] | None = None,
             **data: Any) -> dict[str, Any]:
        return self.base.emit(type_, visible_to=visible_to, ruleset=self.name, **data)

    def record(self, event: dict[str, Any]) -> dict[str, Any]:
        event["ruleset"] = self.name
        return self.base.record(event)

    def log(self, build: Callable[..., dict[str, Any]], /, *values: Any) -> None:
        self.record(build(*values))  # made at once, to carry the part's name


_hex_at = functools.lru_cache(maxsize=4096)(hex_at_cm)
"""``hex_at_cm``, remembered: a hex ruleset on a shared table places every foreign unit in its
hex whenever it lists targets (Aeronautica's stand-ins), and most units have not moved since."""


def _no_states() -> Mapping[str, Any]:
    return {}


def _no_active() -> str | None:
    return None


class World:
    """Every ruleset's units on one table, for the others to see, hit and shake.

    The world reads the part states through ``states`` each time (they are replaced when an
    action is rolled back or a game forked, so none is cached) and ``active`` tells which
    ruleset's turn a mixed scenario is playing (None when a ruleset plays alone). Every effect
    one ruleset has on another's unit — a hit, a morale shock — goes the same way: the world
    hands it to the owning ruleset's method (``Ruleset.suffer``, ``Ruleset.shaken``), logs it,
    then tells the plugins (``polemos_unit_hit``, ``polemos_unit_shaken``).
    """

    def __init__(self, hex_cm: float | None = None) -> None:
        self.hex_cm = hex_cm
        self.parts: Mapping[str, Ruleset[Any, Any]] = {}
        self._states: Callable[[], Mapping[str, Any]] = _no_states
        self._active: Callable[[], str | None] = _no_active

    def attach(self, parts: Mapping[str, Ruleset[Any, Any]],
               states: Callable[[], Mapping[str, Any]],
               active: Callable[[], str | None] = _no_active) -> None:
        """Point the world at the rulesets on the table and at where their states live.

        Only parts with a state are on the table: while a mixed game is set up, each part sees
        the parts set up before it.
        """
        self.parts, self._states, self._active = parts, states, active

    @property
    def states(self) -> Mapping[str, Any]:
        return self._states()

    @property
    def active(self) -> str | None:
        """The ruleset whose turn is being played in a mixed scenario; None when alone."""
        return self._active()

    def holds_turn(self, ruleset: str) -> bool:
        """Whether ``ruleset`` may run its own turn sequence now (always, when alone)."""
        active = self._active()
        return active is None or active == ruleset

    def presences(self, exclude: str | None = None) -> list[Presence]:
        """The units of every ruleset but ``exclude``, in a stable order."""
        found: list[Presence] = []
        for name, state in self._states().items():
            if name != exclude:
                found.extend(self.parts[name].presences(state))
        return found

    def hex_of(self, presence: Presence) -> Hex:
        if self.hex_cm is None:
            raise ValueError("this table has no hex overlay")
        return _hex_at(presence.x, presence.y, self.hex_cm)

    def on_ground_in_hex(self, hex_: Hex, exclude: str) -> list[Presence]:
        """Foreign units at altitude 0 whose centre lies in ``hex_`` (bombs, strafing, crashes)."""
        if self.hex_cm is None:
            return []
        return [p for p in self.presences(exclude) if p.altitude == 0 and p.kind != AIRCRAFT
                and self.hex_of(p) == hex_]

    def flying(self, exclude: str) -> list[Presence]:
        """Foreign aircraft in the air (ground-to-air fire)."""
        return [p for p in self.presences(exclude) if p.kind == AIRCRAFT and p.altitude >= 1]

    def owner(self, unit: str) -> str | None:
        """The ruleset whose unit ``unit`` is on the table, or None."""
        for name, state in self._states().items():
            if any(p.unit == unit for p in self.parts[name].presences(state)):
                return name
        return None

    def hit(self, target: Presence, hit: Hit, game: Context) -> Outcome:
        """Hand ``hit`` to the target's ruleset, log what it did, then tell the plugins."""
        owner = PartContext(game, target.ruleset)
        outcome = self.parts[target.ruleset].suffer(self._states()[target.ruleset],
                                                    target.unit, hit, owner)
        owner.base.emit("hit", unit=target.unit, ruleset=target.ruleset, source=hit.source,
                  cause=hit.cause, damage=outcome.damage, destroyed=outcome.destroyed,
                  effect=outcome.effect, rule=hit.rule)
        call_hook(game.pm, "polemos_unit_hit", game=owner.base, target=target, hit=hit,
                  outcome=outcome)
        return outcome

    def shake(self, shock: MoraleShock, game: Context) -> Morale | None:
        """Hand ``shock`` to the ruleset owning ``shock.unit``, then tell the plugins.

        The owner tests the unit with its own numbers and applies every consequence; None
        when no ruleset on the table owns the unit or the owner has no morale.
        """
        name = self.owner(shock.unit)
        if name is None:
            return None
        owner = PartContext(game, name)
        morale = self.parts[name].shaken(self._states()[name], shock, owner)
        if morale is not None:
            call_hook(game.pm, "polemos_unit_shaken", game=owner.base, shock=shock,
                      morale=morale)
        return morale
