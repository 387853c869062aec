"""The ``position:`` block of an AT-43 scenario: where a round stands, and a ram in progress.

A scenario without it starts at the first round (AT-P1 roll-off unless ``first_side``). With
it, the game starts there: no roll-off for the current round (``first`` says who began it),
the units in ``activated`` have had their activation, ``side`` is to activate a unit, and
``active_unit`` / ``acting`` are the unit whose activation has begun and the AFV that has
declared its move (AT-7) and must now move or ram. A ram stopped at one of the active player's
decisions is ``collision`` (``Collision`` in ``state.py``): the attackers placed (AT-15, AT-16),
and — past the impacts — the melees and their damage (AT-33, AT-40, AT-41), the backlash shares
(AT-39), the rammed groups (AT-35 … AT-38) and the throws (AT-29 … AT-32, AT-37). ``polemos
position`` writes it as the engine holds it; a referee writes a ``join``-stage one by hand
(the attackers alone). Its numbers are taken as given; its names and stage are checked.

The statuses of the models (SP left by location, wrecked, acted, declared mode, distance
travelled, infantry dead, terrain SP left) are fields of the units, wrecks and terrain
(``models.py``); ``position_problems`` checks the block against them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from polemos.core.scenario_model import Ending, Strict

if TYPE_CHECKING:
    from polemos.rulesets.at43.models import At43Scenario

Stage = Literal["join", "allot", "split", "push", "throw"]
Band = Literal["assault", "charge"]
Vector = tuple[float, float]
Problems = list[tuple[str, str]]


class AttackerModel(Strict):
    """One ramming AFV, placed against its target (AT-15, AT-16, AT-34)."""

    id: str = Field(description="the attacking AFV, of the collision's unit")
    target: str = Field(description="the vehicle it rammed")
    band: Band = Field(description="AT-15: set by the distance at the declaration")
    distance: float = Field(ge=0, le=14_143, description="d, base to base, when it declared")
    travel: Vector = Field(description="unit vector of its approach: the travel direction "
                           "(AT-16, AT-22)")
    travelled: float = Field(ge=0, le=14_143, description="cm its centre has travelled in "
                             "this activation")
    in_contact: bool = Field(True, description="False: it joined behind a comrade, 1 impact "
                             "fewer (AT-34)")
    impacts: int = Field(0, ge=0, le=999, description="impacts rolled (after the impacts)")
    damage: int = Field(0, ge=0, le=999, description="damage points they scored (AT-18)")


class MeleeModel(Strict):
    """The attackers against one enemy unit and who takes their pooled damage (AT-33, AT-40)."""

    unit: str
    attackers: list[str]
    recipients: list[str]
    damage: int = Field(0, ge=0, le=999)
    allotted: dict[str, int] | None = Field(None, description="the damage spread (AT-33); "
                                            "None: the allotment is still to choose")


class ThrowModel(Strict):
    """A vehicle to throw: its line, its distance, its rank (AT-30, AT-37)."""

    id: str
    direction: Vector
    distance: float = Field(ge=0, le=14_143)
    rank: int = Field(ge=0, le=999)
    root: str


class CollisionModel(Strict):
    """A ram waiting for a decision of the active player (the stages of ``collision.py``)."""

    side: str = Field(description="the attacking side, who decides")
    unit: str = Field(description="the attacking unit")
    stage: Stage = Field(description="join (AT-34), allot (AT-33), split (AT-39), push "
                         "(AT-21) or throw (AT-29, AT-37)")
    attackers: list[AttackerModel] = Field(min_length=1)
    melees: list[MeleeModel] = Field(default_factory=list)
    ranks: dict[str, int] = Field(default_factory=dict, description="rammed group members "
                                  "and their rank (AT-35)")
    roots: dict[str, str] = Field(default_factory=dict)
    touching: dict[str, list[str]] = Field(default_factory=dict, description="rammed vehicle "
                                           "-> attackers in contact with it")
    threshold: int = Field(0, ge=0, le=999, description="AT-36")
    reached: bool = False
    dealt: dict[str, int] = Field(default_factory=dict, description="damage each rammed "
                                  "vehicle took from the impacts (AT-30)")
    shares: dict[str, dict[str, int]] = Field(default_factory=dict, description="backlash "
                                              "shares, recipient -> attacker (AT-39)")
    movers: list[str] = Field(default_factory=list, description="pushed or thrown (AT-37)")
    throws: list[ThrowModel] = Field(default_factory=list)
    thrown: list[str] = Field(default_factory=list)
    start_gaps: dict[str, float] = Field(default_factory=dict, description="'a|b' -> gap "
                                         "before a group throw (AT-37)")


class At43Position(Strict):
    """Where the round stands (AT-P1): omit the block to start at round 1."""

    round: int = Field(1, ge=1, le=1000, description="the round in progress")
    first: str | None = Field(None, description="the side that activated first this round; "
                              "omitted: the scenario's first_side")
    side: str | None = Field(None, description="the side to activate a unit now; omitted: "
                             "first")
    activated: list[str] = Field(default_factory=list, description="units that have had "
                                 "their activation this round")
    active_unit: str | None = Field(None, description="the AFV unit whose activation has "
                                    "begun (some of its AFVs have acted)")
    acting: str | None = Field(None, description="the AFV that declared its move (its `mode`) "
                               "and must now move or ram (AT-7, AT-11)")
    collision: CollisionModel | None = Field(None, description="a ram waiting for a decision")
    ended: Ending | None = Field(None, description="AT-P3: the game is over (on a shared "
                                 "table the part's rounds may run out before the table's)")


def position_problems(sc: At43Scenario) -> Problems:
    """The block against the scenario's units: names, sides and who may be where."""
    pos = sc.position
    if pos is None:
        return []
    problems: Problems = []
    units = {u.id: u for u in sc.units}
    vehicles = {v.id: (u, v) for u in sc.units for v in u.vehicles}
    if pos.round > sc.max_rounds + (pos.ended is not None):
        problems.append(("position.round", f"round {pos.round} is past max_rounds "
                         f"{sc.max_rounds} (AT-P3)"))
    first = pos.first if pos.first is not None else sc.first_side
    if first is None:
        problems.append(("position.first", "say which side activated first this round (the "
                         "scenario has no first_side; no roll-off mid-round, AT-P1)"))
    for where, side in (("position.first", pos.first), ("position.side", pos.side)):
        if side is not None and side not in sc.sides:
            problems.append((where, f"{side!r} is not one of {sc.sides}"))
    for i, unit_id in enumerate(pos.activated):
        if unit_id not in units:
            problems.append((f"position.activated[{i}]", f"no unit {unit_id!r}"))
    side = pos.side or first
    if pos.active_unit is not None:
        problems += _active_problems(pos, units, side)
    if pos.acting is not None:
        problems += _acting_problems(pos, vehicles)
    if pos.collision is not None:
        problems += _collision_problems(pos.collision, units, vehicles, sc.action_ids())
    return problems


def _active_problems(pos: At43Position, units: dict, side: str | None) -> Problems:
    unit = units.get(pos.active_unit)
    if unit is None:
        return [("position.active_unit", f"no unit {pos.active_unit!r}")]
    if unit.infantry:
        return [("position.active_unit", f"{unit.id} is infantry: its activation is one "
                 "action (AT-P1), never left half done")]
    if side is not None and unit.side != side:
        return [("position.active_unit", f"{unit.id} is {unit.side}'s; it is {side}'s turn "
                 "to activate (AT-P1)")]
    if unit.id in pos.activated:
        return [("position.active_unit", f"{unit.id} is also listed as activated")]
    return []


def _acting_problems(pos: At43Position, vehicles: dict) -> Problems:
    found = vehicles.get(pos.acting)
    if found is None:
        return [("position.acting", f"no AFV {pos.acting!r} in the units")]
    unit, vehicle = found
    if pos.active_unit != unit.id:
        return [("position.acting", f"{vehicle.id} is of {unit.id}: set active_unit to it")]
    if vehicle.mode is None or vehicle.acted or vehicle.wrecked:
        return [("position.acting", f"{vehicle.id} must have declared a mode and neither have "
                 "acted nor be wrecked (AT-7)")]
    return []


def _collision_problems(c: CollisionModel, units: dict, vehicles: dict, known: set[str]
                        ) -> Problems:
    problems: Problems = []
    unit = units.get(c.unit)
    if unit is None or not unit.vehicles:
        return [("position.collision.unit", f"no AFV unit {c.unit!r}")]
    if c.side != unit.side:
        problems.append(("position.collision.side", f"{c.unit} is {unit.side}'s"))
    for i, a in enumerate(c.attackers):
        where = f"position.collision.attackers[{i}]"
        if a.id not in {v.id for v in unit.vehicles}:
            problems.append((f"{where}.id", f"{a.id!r} is no AFV of {c.unit} (AT-34)"))
        if a.target not in known or a.target in units:
            problems.append((f"{where}.target", f"no vehicle {a.target!r} (AT-11)"))
    names = [("melees", n) for m in c.melees for n in (m.unit, *m.attackers, *m.recipients)]
    names += [("ranks", n) for n in c.ranks] + [("dealt", n) for n in c.dealt]
    names += [("throws", t.id) for t in c.throws] + [("movers", n) for n in c.movers]
    for field, name in names:
        if name not in known and name not in units:
            problems.append((f"position.collision.{field}", f"unknown vehicle or unit {name!r}"))
    return problems
