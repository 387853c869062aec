"""The ``position:`` block of a De Bello Gallico scenario: where in the turn (DBG-9) a game
stands, so that a game can start there (design.md, "Positions as data").

The fighters' own statuses (wounds, Retreat, Frenzy, the mount, what they did this turn, out of
action or fled) are fields of each fighter (``models.FighterModel``); this block holds what
belongs to the turn: its number and step, the initiative, who is still to act in the movement or
melee alternation and who has acted, the fighter being activated and what it has done, the break
point's progress, the sides still open at the morale steps, the officers designated, and the
Corfinium bridge count. Fields left out take their value at the start of that step.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from polemos.core.scenario_model import Ending, Strict

if TYPE_CHECKING:
    from polemos.rulesets.de_bello_gallico.models import DbgScenario, FighterModel

Phase = Literal["move", "melee", "break", "manoeuvre", "rally", "over"]
Problems = list[tuple[str, str]]
ALTERNATING = ("move", "melee")


class DbgEnding(Ending):
    """DBG-54 … DBG-60: how the game ended, with the scores the objective counted."""

    scores: dict[str, float] = Field(default_factory=dict, description="Each side's score.")


class DbgPosition(Strict):
    """Where the game stands within its turn; the fighters carry their own statuses."""

    turn: int = Field(1, ge=1, le=100, description="DBG-9: the turn in progress")
    phase: Phase = Field(description="DBG-9: move (movement and shooting), melee, break (morale "
                         "a: break point), manoeuvre (morale b: officers' manoeuvres) or rally "
                         "(morale c: individual rallies), or over (the game has ended: see "
                         "`ended`); the retreat step (d) and the initiative roll need no "
                         "decision")
    initiative: str = Field(description="DBG-10: the side that won this turn's initiative (no "
                            "roll is made for the turn in progress)")
    next_side: str | None = Field(None, description="DBG-11, DBG-18: move and melee: the side "
                                  "to activate or attack next (default: the active fighter's, "
                                  "else the initiative side if it has someone waiting)")
    waiting: dict[str, list[str]] | None = Field(
        None, description="DBG-11, DBG-12, DBG-18: move and melee: each side's fighters still "
        "to activate or attack this phase, fixed when the phase began (one that has left play "
        "or become ineligible since is withdrawn when the phase goes on; default: every fighter "
        "eligible now, less those in done)")
    done: list[str] = Field(default_factory=list, description="DBG-11, DBG-18: move and melee: "
                            "fighters activated (move) or that attacked (melee) this phase")
    active: str | None = Field(None, description="DBG-11: move: the fighter whose activation "
                               "is under way")
    active_moved: bool = Field(False, description="DBG-13: the active fighter has moved")
    active_shot: bool = Field(False, description="DBG-13, DBG-22: the active fighter has shot")
    losses_counted: dict[str, int] = Field(
        default_factory=dict, description="DBG-32: each side's losses when the break point was "
        "last checked (a side tests only in the turn its losses first reach it)")
    break_sides: list[str] | None = Field(
        None, description="DBG-32: break: the sides still to take their break-point tests this "
        "turn, the one deciding now first (default: checked now from losses_counted)")
    substitutes: list[str] = Field(default_factory=list, description="DBG-33: break: officers "
                                   "named so far to test for their friends, in order")
    open_sides: list[str] | None = Field(
        None, description="DBG-34, DBG-37: manoeuvre and rally: the sides that have not passed, "
        "the one deciding now first (default: the initiative side, then the other)")
    designated: list[str] = Field(default_factory=list, description="DBG-34: officers "
                                  "designated for a manoeuvre this turn")
    bridge_turns: int = Field(0, ge=0, le=100, description="DBG-57: consecutive turn ends the "
                              "holder has held the bridge")
    ended: DbgEnding | None = Field(None, description="Phase over: how the game ended (on a "
                                    "shared table the part's turns may run out first).")


def position_problems(scenario: DbgScenario) -> Problems:
    """What makes the ``position`` block impossible for this scenario: ``[(field path, why)]``."""
    position = scenario.position
    if position is None:
        return []
    problems: Problems = []
    sides = scenario.sides
    if (position.phase == "over") != (position.ended is not None):
        problems.append(("position.ended", "a game over (phase `over`) says how it ended in "
                         "`ended`, and only then"))
    if position.turn > scenario.max_turns + (position.phase == "over"):
        problems.append(("position.turn", f"the scenario has {scenario.max_turns} turns"))
    if position.initiative not in sides:
        problems.append(("position.initiative", f"{position.initiative!r} is not one of {sides}"))
    problems += _phase_fields(position)
    problems += _alternation_problems(scenario, position)
    problems += _morale_problems(scenario, position)
    return problems


def _phase_fields(position: DbgPosition) -> Problems:
    """Fields that belong to another step of the turn than ``phase``."""
    steps = {"next_side": ALTERNATING, "waiting": ALTERNATING, "done": ALTERNATING,
             "active": ("move",), "active_moved": ("move",), "active_shot": ("move",),
             "break_sides": ("break",), "substitutes": ("break",),
             "open_sides": ("manoeuvre", "rally")}
    return [(f"position.{name}", f"belongs to the {' or '.join(phases)} step, not "
             f"{position.phase}") for name, phases in steps.items()
            if name in position.model_fields_set and position.phase not in phases
            and getattr(position, name) != DbgPosition.model_fields[name].get_default(
                call_default_factory=True)]


def _alternation_problems(scenario: DbgScenario, position: DbgPosition) -> Problems:
    """DBG-11, DBG-12, DBG-18: who is still to act, who has, and the fighter activating."""
    by_id = {f.id: f for f in scenario.fighters}
    problems = _known(by_id, "position.done", position.done)
    waiting = position.waiting or {}
    for side, units in waiting.items():
        where = f"position.waiting.{side}"
        if side not in scenario.sides:
            problems.append((where, f"{side!r} is not one of {scenario.sides}"))
            continue
        problems += _known(by_id, where, units)
        for i, unit in enumerate(units):
            fighter = by_id.get(unit)
            if fighter is not None and fighter.side != side:
                problems.append((f"{where}[{i}]", f"{unit!r} is {fighter.side}'s"))
            elif unit in position.done:
                problems.append((f"{where}[{i}]", f"{unit!r} is also in done"))
    if position.next_side is not None and position.next_side not in scenario.sides:
        problems.append(("position.next_side", f"{position.next_side!r} is not one of "
                         f"{scenario.sides}"))
    elif position.waiting is not None and position.next_side is not None and any(
            waiting.values()) and not waiting.get(position.next_side):
        problems.append(("position.next_side", f"{position.next_side!r} has no fighter "
                         "waiting"))
    problems += _active_problems(by_id, position)
    return problems


def _active_problems(by_id: dict[str, FighterModel], position: DbgPosition) -> Problems:
    active = position.active
    if active is None:
        bad = [name for name in ("active_moved", "active_shot") if getattr(position, name)]
        return [(f"position.{bad[0]}", "no fighter is being activated")] if bad else []
    fighter = by_id.get(active)
    if fighter is None:
        return [("position.active", f"no fighter {active!r} in the scenario")]
    side = fighter.side
    if fighter.status != "in_play":
        return [("position.active", f"{active!r} is not in play")]
    if position.waiting is not None and active not in position.waiting.get(side, []):
        return [("position.active", f"{active!r} is not waiting to act (position.waiting)")]
    if active in position.done:
        return [("position.active", f"{active!r} has already been activated (position.done)")]
    if position.next_side is not None and position.next_side != side:
        return [("position.active", f"{active!r} is {side}'s, not next_side "
                 f"{position.next_side!r}'s")]
    return []


def _morale_problems(scenario: DbgScenario, position: DbgPosition) -> Problems:
    """DBG-32 … DBG-34, DBG-57: the break point, the open sides, officers, the bridge count."""
    by_id = {f.id: f for f in scenario.fighters}
    problems: Problems = []
    for side, lost in position.losses_counted.items():
        where = f"position.losses_counted.{side}"
        if side not in scenario.sides:
            problems.append((where, f"{side!r} is not one of {scenario.sides}"))
        elif not 0 <= lost <= sum(1 for f in scenario.fighters if f.side == side):
            problems.append((where, f"{lost} is not between 0 and {side}'s fighters"))
    for name in ("break_sides", "open_sides"):
        listed = getattr(position, name) or []
        problems += _sides(scenario, f"position.{name}", listed)
    for name in ("substitutes", "designated"):
        listed = getattr(position, name)
        problems += _known(by_id, f"position.{name}", listed)
        problems += [(f"position.{name}[{i}]", f"{unit!r} is not an officer (DBG-33, DBG-34)")
                     for i, unit in enumerate(listed)
                     if unit in by_id and by_id[unit].rank == "none"]
    if position.substitutes and position.break_sides:
        problems += [(f"position.substitutes[{i}]", f"{unit!r} is not of "
                      f"{position.break_sides[0]!r}, the side taking its tests")
                     for i, unit in enumerate(position.substitutes)
                     if unit in by_id and by_id[unit].side != position.break_sides[0]]
    objective = scenario.objective
    if position.bridge_turns and (objective is None or objective.kind != "hold_bridge"):
        problems.append(("position.bridge_turns", "the scenario holds no bridge (DBG-57)"))
    return problems


def _known(by_id: dict[str, FighterModel], where: str, units: list[str]) -> Problems:
    """Each listed fighter exists, once."""
    problems = [(f"{where}[{i}]", f"no fighter {unit!r} in the scenario")
                for i, unit in enumerate(units) if unit not in by_id]
    twice = [unit for unit, n in Counter(units).items() if n > 1]
    return problems + ([(where, f"{twice[0]!r} is listed twice")] if twice else [])


def _sides(scenario: DbgScenario, where: str, listed: list[str]) -> Problems:
    problems = [(f"{where}[{i}]", f"{side!r} is not one of {scenario.sides}")
                for i, side in enumerate(listed) if side not in scenario.sides]
    if len(set(listed)) != len(listed):
        problems.append((where, "a side is listed twice"))
    return problems
