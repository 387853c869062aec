"""Why an action is illegal now: the rule id and a reason, or None (``Ruleset.check``).

Nothing here changes the state. The order of the questions decides which rule a bad action is
refused under: a retreating fighter asked to move into contact is refused by DBG-31 before
anything else, since that is the rule the request breaks whoever's turn it is.
"""

from __future__ import annotations

from polemos.core.actions import Action
from polemos.rulesets.de_bello_gallico import activation, melee, movement, rally, shooting
from polemos.rulesets.de_bello_gallico.geometry import ATTACK, HOLD, forbids, nearest_enemy
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
    """``action`` is well formed (``actions``): its kind is declared and its unit, when it names
    one, is a fighter of the scenario; only the rules are asked here."""
    kind = action.kind
    if kind == "orderly_retreat":
        return "DBG-36", "the Orderly Retreat manoeuvre is campaign play, not in this version"
    if kind == "pass":
        if state.phase not in ("manoeuvre", "rally"):
            return "DBG-9", "pass is for the morale steps b and c"
        return None
    if kind == "break_test":
        return None if state.phase == "break" else (
            "DBG-9", f"break_test belongs to the break step, not {state.phase}")
    fighter = state.fighters[acting(action)]
    if kind in ("move", "charge") and fighter.retreating and _into_contact(state, fighter,
                                                                             action):
        return "DBG-31", f"{fighter.id} is retreating and may not move into contact"
    if PHASE_OF[kind] != state.phase:
        return "DBG-9", f"{kind} belongs to the {PHASE_OF[kind]} step, not {state.phase}"
    if kind == "activate":
        return activation.activation_problem(state, side, fighter)
    if kind in ACTIVE_KINDS:
        return _active_problem(state, fighter, action, objective)
    if kind == "attack":
        return _attack_problem(state, side, fighter, action)
    if kind == "substitute":
        if fighter.side != side or not may_substitute(state, fighter):
            return "DBG-33", (f"{fighter.id!r} is not a steady officer of {side} who may "
                              "still be named")
        return None
    if kind == "rally":
        return rally.manoeuvre_problem(state, side, fighter)
    return rally.rally_one_problem(state, side, fighter)


def acting(action: Action) -> str:
    """The fighter an action of a unit kind names (the declaration requires one)."""
    assert action.unit is not None, "every kind but pass and break_test names its unit"
    return action.unit


def _into_contact(state: DbgState, fighter: Fighter, action: Action) -> bool:
    if action.kind == "charge":
        return True
    return bool(movement.ends_in_contact(state, fighter, action["x"], action["y"]))


def _active_problem(state: DbgState, fighter: Fighter, action: Action, objective: Objective
                    ) -> Problem:
    if fighter.id != state.active:
        who = state.active or "no one"
        return "DBG-11", f"{fighter.id!r} is not the fighter being activated ({who} is)"
    kind, args = action.kind, action.args
    if kind == "end":
        return end_problem(state, fighter)
    if kind == "shoot":
        if state.active_shot:
            return "DBG-22", f"{fighter.id} has already shot this activation"
        return (shooting.shooter_problem(state, fighter)
                or shooting.target_problem(state, fighter, state.fighters[args["target"]]))
    if state.active_moved:
        return "DBG-13", f"{fighter.id} has already moved this activation"
    if kind == "withdraw":
        return movement.withdraw_problem(state, fighter, args["edge"],
                                         reserved_edges(objective, fighter))
    if kind == "charge":
        return _charge_problem(state, fighter, state.fighters[args["target"]])
    x, y = args["x"], args["y"]
    return movement.path_problem(state, fighter, x, y) or (
        movement.frenzy_problem(state, fighter, x, y) if fighter.frenzied else None)


def _charge_problem(state: DbgState, fighter: Fighter, target: Fighter) -> Problem:
    if not target.in_play or target.side == fighter.side:
        return "DBG-14", f"{target.id!r} is not an enemy on the table"
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
    if state.active_moved or not forbids(state, fighter, HOLD):
        return None
    enemy = nearest_enemy(state, fighter)
    if enemy is None:
        return None
    if movement.charge_point(state, fighter, enemy) is not None or \
            movement.frenzy_options(state, fighter):
        return "DBG-38", f"{fighter.id} is Frenzied and must move at {enemy.id}"
    return None


def _attack_problem(state: DbgState, side: str, attacker: Fighter, action: Action) -> Problem:
    if attacker.side != side or not attacker.in_play:
        return "DBG-18", f"{attacker.id!r} is not a fighter of {side} on the table"
    if attacker.id in state.done:
        return "DBG-18", f"{attacker.id} has already attacked this phase"
    if forbids(state, attacker, ATTACK):
        return "DBG-31", f"{attacker.id} is retreating and never attacks"
    if attacker.id not in state.alternation_now().remaining.get(side, []):
        return "DBG-18", f"{attacker.id} is not in base contact with an enemy"
    return melee.attack_problem(state, attacker, state.fighters[action["target"]],
                                action["at"])
