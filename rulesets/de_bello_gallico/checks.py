"""Why an action is illegal now: the rule id and a reason, or None (``Ruleset.check``).

Nothing here changes the state. The order of the questions decides which rule a bad action is
refused under: a retreating fighter asked to move into contact is refused by DBG-31 before
anything else, since that is the rule the request breaks whoever's turn it is.
"""

from __future__ import annotations

import math

from polemos.core.actions import Action
from polemos.core.morale import Act
from polemos.rulesets.de_bello_gallico import activation, melee, movement, rally, shooting
from polemos.rulesets.de_bello_gallico.geometry import forbids, nearest_enemy
from polemos.rulesets.de_bello_gallico.morale_rules import may_substitute
from polemos.rulesets.de_bello_gallico.objectives import Objective, reserved_edges
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter

Problem = tuple[str, str] | None
ACTIVE_KINDS = ("move", "charge", "withdraw", "shoot", "end")
PHASE_OF = {"activate": "move", **dict.fromkeys(ACTIVE_KINDS, "move"), "attack": "melee",
            "substitute": "break", "break_test": "break", "rally": "manoeuvre",
            "rally_one": "rally"}
"""The step of the turn (DBG-9) each kind of action belongs to; ``pass`` serves two."""


def problem(state: DbgState, side: str, action: Action, objective: Objective) -> Problem:
    kind = action.kind
    if kind == "orderly_retreat":
        return "DBG-36", "the Orderly Retreat manoeuvre is campaign play, not in this version"
    if kind not in PHASE_OF and kind != "pass":
        return "DBG-9", (f"unknown action {kind!r} (activate, move, charge, withdraw, shoot, "
                         "end, attack, substitute, break_test, rally, rally_one, pass)")
    if kind in ("move", "charge") and action.unit in state.fighters:
        fighter = state.fighters[action.unit]
        if fighter.retreating and _into_contact(state, fighter, action):
            return "DBG-31", f"{fighter.id} is retreating and may not move into contact"
    if kind == "pass":
        if state.phase not in ("manoeuvre", "rally"):
            return "DBG-9", "pass is for the morale steps b and c"
        return None
    if PHASE_OF[kind] != state.phase:
        return "DBG-9", f"{kind} belongs to the {PHASE_OF[kind]} step, not {state.phase}"
    if kind == "activate":
        return activation.activation_problem(state, side, action.unit)
    if kind in ACTIVE_KINDS:
        return _active_problem(state, action, objective)
    if kind == "attack":
        return _attack_problem(state, side, action)
    if kind == "substitute":
        officer = state.fighters.get(action.unit or "")
        if officer is None or officer.side != side or not may_substitute(state, officer):
            return "DBG-33", (f"{action.unit!r} is not a steady officer of {side} who may "
                              "still be named")
        return None
    if kind == "break_test":
        return None
    if kind == "rally":
        return rally.manoeuvre_problem(state, side, action.unit)
    return rally.rally_one_problem(state, side, action.unit)


def number(value: object) -> float | None:
    """A coordinate from untrusted action data: a finite real number, or None."""
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def _into_contact(state: DbgState, fighter: Fighter, action: Action) -> bool:
    if action.kind == "charge":
        return True
    x, y = number(action.args.get("x")), number(action.args.get("y"))
    return x is not None and y is not None and bool(
        movement.ends_in_contact(state, fighter, x, y))


def _active_problem(state: DbgState, action: Action, objective: Objective) -> Problem:
    fighter = state.fighters.get(action.unit or "")
    if fighter is None or fighter.id != state.active:
        who = state.active or "no one"
        return "DBG-11", f"{action.unit!r} is not the fighter being activated ({who} is)"
    kind, args = action.kind, action.args
    if kind == "end":
        return end_problem(state, fighter)
    if kind == "shoot":
        if state.active_shot:
            return "DBG-22", f"{fighter.id} has already shot this activation"
        return (shooting.shooter_problem(state, fighter)
                or shooting.target_problem(state, fighter, args.get("target")))
    if state.active_moved:
        return "DBG-13", f"{fighter.id} has already moved this activation"
    if kind == "withdraw":
        return movement.withdraw_problem(state, fighter, str(args.get("edge")),
                                         reserved_edges(objective, fighter))
    if kind == "charge":
        return _charge_problem(state, fighter, args.get("target"))
    x, y = number(args.get("x")), number(args.get("y"))
    if x is None or y is None:
        return "DBG-11", "a move needs numbers x and y (cm)"
    via = args.get("via")
    if via is not None and not isinstance(via, str) or set(args) - {"x", "y", "via"}:
        return "DBG-11", "a move takes x, y and an optional via label only"
    return movement.path_problem(state, fighter, x, y) or (
        movement.frenzy_problem(state, fighter, x, y) if fighter.frenzied else None)


def _charge_problem(state: DbgState, fighter: Fighter, target_id: object) -> Problem:
    target = state.fighters.get(target_id) if isinstance(target_id, str) else None
    if target is None or not target.in_play or target.side == fighter.side:
        return "DBG-14", f"{target_id!r} is not an enemy on the table"
    if fighter.frenzied:
        enemy = nearest_enemy(state, fighter)
        if enemy is not None and enemy.id != target.id:
            return "DBG-38", f"{fighter.id} is Frenzied and must charge {enemy.id}"
    if movement.charge_point(state, fighter, target) is None:
        return "DBG-14", (f"{fighter.id} has no straight, legal path into contact with "
                          f"{target.id} within {fighter.move:g} cm")
    return None


def end_problem(state: DbgState, fighter: Fighter) -> Problem:
    """DBG-12: an activated fighter may do nothing, unless Frenzied (DBG-38)."""
    enemy = nearest_enemy(state, fighter)
    if state.active_moved or enemy is None or not forbids(state, fighter, Act.HOLD):
        return None
    if movement.charge_point(state, fighter, enemy) is not None or \
            movement.frenzy_options(state, fighter):
        return "DBG-38", f"{fighter.id} is Frenzied and must move at {enemy.id}"
    return None


def _attack_problem(state: DbgState, side: str, action: Action) -> Problem:
    attacker = state.fighters.get(action.unit or "")
    if attacker is None or attacker.side != side or not attacker.in_play:
        return "DBG-18", f"{action.unit!r} is not a fighter of {side} on the table"
    if attacker.id in state.done:
        return "DBG-18", f"{attacker.id} has already attacked this phase"
    if forbids(state, attacker, Act.ATTACK):
        return "DBG-31", f"{attacker.id} is retreating and never attacks"
    if attacker.id not in state.alternation_now().remaining.get(side, []):
        return "DBG-18", f"{attacker.id} is not in base contact with an enemy"
    return melee.attack_problem(state, attacker, action.args.get("target"),
                                action.args.get("at", "rider"))
