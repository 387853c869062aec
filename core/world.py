"""The interaction contract of rulesets sharing one table (docs/mixing.md).

A ruleset shows its units to the others as ``Presence``s — where (cm on the table, and
altitude), what kind of thing (aircraft, vehicle, infantry, ground target), whose — and receives
their attacks as ``Hit``s, which it translates into its own damage model (``Ruleset.suffer``).
Neither side of an interaction imports the other: both speak these core types, through
``game.world``. In a one-ruleset game the world holds no foreign unit, and every query returns
an empty list at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from polemos.core.board import hex_at_cm
from polemos.core.hexgrid import Hex
from polemos.core.plugins import call_hook

if TYPE_CHECKING:
    from polemos.core.game import Game
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


class PartGame:
    """What one ruleset sees as "the game" in a shared one: the real game, events tagged.

    Tagging each event with its ruleset lets the log name who did what and lets narration go
    to the right ruleset.
    """

    def __init__(self, game: Game, name: str) -> None:
        self.base: Game = getattr(game, "base", game)
        self.name = name

    def emit(self, type_: str, **data: Any) -> dict[str, Any]:
        return self.base.emit(type_, ruleset=self.name, **data)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.base, attribute)


class World:
    """Every ruleset's units on one table, for the others to see and hit.

    ``parts`` maps ruleset name → that part's ruleset; ``state_of`` fetches the part's current
    state from the game (states are replaced when an action is undone, so none is cached).
    """

    def __init__(self, hex_cm: float | None = None) -> None:
        self.hex_cm = hex_cm
        self.parts: dict[str, Ruleset] = {}
        self.states: dict[str, Any] = {}
        self.active: str | None = None
        """The ruleset whose turn is being played in a mixed scenario; None when alone."""

    def holds_turn(self, ruleset: str) -> bool:
        """Whether ``ruleset`` may run its own turn sequence now (always, when alone)."""
        return self.active is None or self.active == ruleset

    def bind(self, parts: dict[str, Ruleset], states: dict[str, Any]) -> None:
        """Point the world at the current part states (called after each change of state).

        Only parts with a state are on the table: while a mixed game is set up, each part sees
        the parts set up before it.
        """
        self.parts = parts
        self.states = states

    def presences(self, exclude: str | None = None) -> list[Presence]:
        """The units of every ruleset but ``exclude``, in a stable order."""
        found: list[Presence] = []
        for name, state in self.states.items():
            if name != exclude:
                found.extend(self.parts[name].presences(state))
        return found

    def hex_of(self, presence: Presence) -> Hex:
        if self.hex_cm is None:
            raise ValueError("this table has no hex overlay")
        return hex_at_cm(presence.x, presence.y, self.hex_cm)

    def on_ground_in_hex(self, hex_: Hex, exclude: str) -> list[Presence]:
        """Foreign units at altitude 0 whose centre lies in ``hex_`` (bombs, strafing, crashes)."""
        if self.hex_cm is None:
            return []
        return [p for p in self.presences(exclude) if p.altitude == 0 and p.kind != AIRCRAFT
                and self.hex_of(p) == hex_]

    def flying(self, exclude: str) -> list[Presence]:
        """Foreign aircraft in the air (ground-to-air fire)."""
        return [p for p in self.presences(exclude) if p.kind == AIRCRAFT and p.altitude >= 1]

    def hit(self, target: Presence, hit: Hit, game: Game) -> Outcome:
        """Hand ``hit`` to the target's ruleset, then let every plugin react to the outcome."""
        rules = self.parts[target.ruleset]
        owner = PartGame(game, target.ruleset)
        outcome = rules.suffer(self.states[target.ruleset], target.unit, hit, owner)  # type: ignore[arg-type]
        game = owner.base
        game.emit("hit", unit=target.unit, ruleset=target.ruleset, source=hit.source,
                  cause=hit.cause, damage=outcome.damage, destroyed=outcome.destroyed,
                  effect=outcome.effect, rule=hit.rule)
        call_hook(game.pm, "polemos_unit_hit", game=game, target=target, hit=hit,
                  outcome=outcome)
        return outcome
