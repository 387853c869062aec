"""Generic morale mechanics any ruleset can build on (design.md: core owns generic morale).

What rulesets share is the shape of a morale system, not its numbers: a characteristic tested
against a difficulty on some die; a few states that each forbid some acts; a break point on
losses; one leader's roll standing for the men around it; a rally that clears the retreat of
everyone a leader reaches; and a flight that runs from the nearest enemy toward the nearest table
edge. The values (which die, what difficulty, how far) stay with the ruleset, which passes them
in. De Bello Gallico (DBG-25 … DBG-37) is the first user.

A ``MoraleShock`` is how one ruleset's damage reaches another ruleset's troops on a shared table:
the damaging ruleset builds one and hands it to ``World.shake`` (the route hits take too); the
ruleset owning the unit rolls the test with its own numbers (``Ruleset.shaken``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from polemos.core.table import (
    Base,
    EdgeName,
    Meeting,
    Obstacle,
    Table,
    Vec,
    apply_sweep,
    away_from_nearest,
    gap,
    sweep,
)

if TYPE_CHECKING:
    from polemos.core.dice import Dice


class Morale(enum.StrEnum):
    """The morale states a unit can be in; a unit may hold several at once (pinned and
    retreating), which is why ``forbidden`` takes a collection."""

    STEADY = "steady"
    RETREATING = "retreating"
    PINNED = "pinned"
    FRENZIED = "frenzied"


class Act(enum.StrEnum):
    """What a morale state may forbid."""

    ACTIVATE = "activate"
    """Be chosen to act in a movement phase."""
    SHOOT = "shoot"
    ATTACK = "attack"
    ENTER_CONTACT = "enter contact"
    """End a move touching an enemy."""
    CONTROL_ZONE = "control zone"
    """Project a zone of control."""
    MORALE_TEST = "morale test"
    """Take ordinary morale tests (rally tests are apart)."""
    RETREAT_MOVE = "retreat move"
    """Be moved in a retreat step."""
    HOLD = "hold"
    """End an activation without moving at the enemy."""


FORBIDS: Mapping[Morale, frozenset[Act]] = {
    Morale.STEADY: frozenset(),
    Morale.RETREATING: frozenset({Act.ACTIVATE, Act.ATTACK, Act.ENTER_CONTACT,
                                  Act.CONTROL_ZONE, Act.MORALE_TEST}),
    Morale.PINNED: frozenset({Act.ACTIVATE, Act.CONTROL_ZONE, Act.RETREAT_MOVE}),
    Morale.FRENZIED: frozenset({Act.SHOOT, Act.HOLD}),
}
"""The usual skirmish table (DBG-12, DBG-15, DBG-17, DBG-27, DBG-31, DBG-38); a ruleset with
other effects passes its own table to ``forbidden``."""


def forbidden(states: Iterable[Morale], table: Mapping[Morale, frozenset[Act]] = FORBIDS
              ) -> frozenset[Act]:
    """Everything the given states forbid together."""
    acts: frozenset[Act] = frozenset()
    for state in states:
        acts |= table[state]
    return acts


# --- tests ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckResult:
    """One characteristic test: ``die`` is the raw face (parity rules read it, DBG-4)."""

    die: int
    value: int
    modifier: int
    difficulty: int
    sides: int

    @property
    def total(self) -> int:
        return self.die + self.value + self.modifier

    @property
    def passed(self) -> bool:
        """Total ≥ difficulty; no automatic success or failure (DBG-2)."""
        return self.total >= self.difficulty

    @property
    def odd(self) -> bool:
        return self.die % 2 == 1


def characteristic_test(dice: Dice, value: int, difficulty: int, *, sides: int = 10,
                        modifier: int = 0, purpose: str, rule: str, **context: Any
                        ) -> CheckResult:
    """Roll one die of ``sides`` faces + ``value`` + ``modifier`` against ``difficulty``.

    The roll event carries the value, modifier and difficulty, so a log reader sees the whole
    test without the ruleset repeating it.
    """
    die = dice.roll(1, sides=sides, purpose=purpose, rule=rule, value=value, modifier=modifier,
                    difficulty=difficulty, **context)[0]
    return CheckResult(die, value, modifier, difficulty, sides)


# --- break point ---------------------------------------------------------------------------


def losses_reached(starting: int, lost: int, percent: int = 50) -> bool:
    """Whether ``lost`` of ``starting`` is at least ``percent`` % (integer maths: 5 of 11 is
    not half, 6 is)."""
    return starting > 0 and lost * 100 >= starting * percent


def break_point_crossed(starting: int, lost_before: int, lost_now: int, percent: int = 50
                        ) -> bool:
    """Losses first reached the threshold between two counts (DBG-32: only the turn it is
    crossed triggers the test, never the turns after)."""
    return (not losses_reached(starting, lost_before, percent)
            and losses_reached(starting, lost_now, percent))


# --- one roll for many ---------------------------------------------------------------------


def substitute_groups(leaders: Sequence[str], members: Sequence[str],
                      covers: Callable[[str, str], bool]
                      ) -> tuple[dict[str, list[str]], list[str]]:
    """Who each named leader's single test stands for, and who tests alone (DBG-33).

    ``leaders`` are in the order their owner named them; a member within reach of several is
    covered by the first named. Leaders test for themselves and are never another's member.
    Returns ``({leader: covered members}, members left to test alone)``, orders kept.
    """
    named = set(leaders)
    groups: dict[str, list[str]] = {leader: [] for leader in leaders}
    alone: list[str] = []
    for member in members:
        if member in named:
            continue
        leader = next((lead for lead in leaders if covers(lead, member)), None)
        if leader is None:
            alone.append(member)
        else:
            groups[leader].append(member)
    return groups, alone


def rally_test(dice: Dice, value: int, difficulty: int, retreating: Sequence[str], *,
               sides: int = 10, modifier: int = 0, purpose: str, rule: str, **context: Any
               ) -> tuple[CheckResult, list[str]]:
    """A rally: one test; on success every unit in ``retreating`` is rallied.

    A leader's manoeuvre passes everyone it reaches (DBG-35); an individual rally passes the one
    unit testing (DBG-37). Returns the test and the rallied units (none on a failure).
    """
    result = characteristic_test(dice, value, difficulty, sides=sides, modifier=modifier,
                                 purpose=purpose, rule=rule, **context)
    return result, list(retreating) if result.passed else []


# --- shocks --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoraleShock:
    """Something that makes ``unit`` test its morale at once.

    ``cause`` says what happened in words ("wounded by a pilum", "bomb burst 3 cm away");
    ``rule`` is the id of the rule that calls for the test (in the ruleset that caused it);
    ``difficulty`` None means the owning ruleset's ordinary difficulty; ``source`` is the unit
    or thing responsible, when there is one.
    """

    unit: str
    cause: str
    rule: str
    difficulty: int | None = None
    source: str | None = None


def one_test_per_unit(shocks: Iterable[MoraleShock]) -> list[MoraleShock]:
    """Several shocks from one event make each unit test once (DBG-27).

    The hardest shock a unit suffered is the one it tests against (a None difficulty counts as
    the ordinary one, below any stated difficulty); among equals the first wins. Units keep the
    order in which they were first shocked.
    """
    chosen: dict[str, MoraleShock] = {}
    for shock in shocks:
        held = chosen.get(shock.unit)
        if held is None or (shock.difficulty or 0) > (held.difficulty or 0):
            chosen[shock.unit] = shock
    return list(chosen.values())


# --- flight --------------------------------------------------------------------------------

EDGE_DIRECTIONS: Mapping[EdgeName, Vec] = {
    "north": (0.0, -1.0), "east": (1.0, 0.0), "south": (0.0, 1.0), "west": (-1.0, 0.0)}
"""Straight toward each table edge in the table's frame (y grows to the south)."""


@dataclass(frozen=True, slots=True)
class Flight:
    """Where a fleeing unit goes: ``how`` is "edge" (toward the nearest table edge) or "away"
    (straight away from ``enemy``); ``left_by`` names the edge it left the table by, if any;
    ``stopped_by`` is what ended the flight short of its distance (a base, an obstacle)."""

    direction: Vec
    how: str
    enemy: str | None
    travelled: float
    x: float
    y: float
    left_by: EdgeName | None
    stopped_by: Meeting | None


def flight_direction(base: Base, distance: float, table: Table, enemies: Sequence[Base]
                     ) -> tuple[Vec, str, str | None]:
    """The flight line (DBG-29): first away from the nearest enemy, second toward the edge.

    Toward the nearest edge when the end point that way is farther from the nearest enemy than
    the start (so running for the edge does not close on it), otherwise straight away from the
    nearest enemy. With no enemy left, toward the edge. Returns ``(direction, how, enemy id)``.
    """
    edge, _, _ = table.nearest_edge(base.x, base.y)
    to_edge = EDGE_DIRECTIONS[edge]
    found = away_from_nearest(base, enemies)
    if found is None:
        return to_edge, "edge", None
    away, enemy_id = found
    enemy = next(e for e in enemies if e.id == enemy_id)
    end = Base(base.id, base.x + to_edge[0] * distance, base.y + to_edge[1] * distance,
               base.radius)
    if gap(end, enemy) > gap(base, enemy):
        return to_edge, "edge", enemy_id
    return away, "away", enemy_id


def flee(base: Base, distance: float, table: Table, *, enemies: Sequence[Base],
         bases: Iterable[Base], obstacles: Iterable[Obstacle] = (),
         stop_gaps: Mapping[str, float] | None = None) -> Flight:
    """Move ``base`` in flight for up to ``distance`` cm (DBG-28 … DBG-31) and say where it went.

    The base moves in place. It stops at the last legal point before a base, an obstacle or a
    zone of control (``stop_gaps`` per base id, e.g. 2 cm for enemies that project one); if its
    rim reaches a table edge it leaves the table by that edge (``left_by``), and the caller
    removes it. ``bases`` are all the other bases on the table, friends included.
    """
    direction, how, enemy = flight_direction(base, distance, table, enemies)
    result = sweep([base], direction, distance, bases=bases, obstacles=obstacles, table=table,
                   stop_gaps=stop_gaps)
    apply_sweep([base], direction, result)
    edges = [cast(EdgeName, m.id) for m in result.meetings if m.kind == "edge"]
    left_by = edges[0] if edges else None
    stopped = result.meetings[0] if result.meetings and left_by is None else None
    return Flight(direction, how, enemy, result.travelled, base.x, base.y, left_by, stopped)
