"""The legal actions of the side to act: a finite menu for bots and the terminal.

Movement is continuous, so the menu is a chosen set of legal destinations (the Decision in
``movement``); ``checks`` accepts any other legal destination too.
"""

from __future__ import annotations

from operator import attrgetter

from polemos.core.actions import Action
from polemos.rulesets.de_bello_gallico import movement, rally, shooting
from polemos.rulesets.de_bello_gallico.actions import move_choices
from polemos.rulesets.de_bello_gallico.checks import end_problem
from polemos.rulesets.de_bello_gallico.geometry import (
    ENTER_CONTACT,
    forbids,
    in_contact,
    nearest_enemy,
    on_table,
)
from polemos.rulesets.de_bello_gallico.layout import layout
from polemos.rulesets.de_bello_gallico.morale_rules import may_substitute
from polemos.rulesets.de_bello_gallico.objectives import Objective, reserved_edges
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, DbgState, Fighter

_SHARED: dict[tuple[str, str, str | None], Action] = {}
"""The actions naming only a fighter and maybe a target, made once: a menu offers the same
ones decision after decision, and an action is immutable (``Action.recorded``)."""


def shared(kind: str, unit: str, target: str | None = None) -> Action:
    """``Action(kind, unit)``, or with ``{"target": target}``, from ``_SHARED``."""
    key = kind, unit, target
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = Action(kind, unit, None if target is None else {"target": target})
    return found


_ACTIVATIONS: dict[tuple[str, ...], list[Action]] = {}
"""The ``activate`` menu by the fighters still to act, made once: the same few lists come
back phase after phase."""
ACTIVATIONS_MEMO = 10_000
"""Menus ``_ACTIVATIONS`` keeps before it starts over (a bound on a long search's memory)."""


def activations(units: list[str]) -> list[Action]:
    """``shared("activate", u)`` for each of ``units``, as a new list."""
    key = tuple(units)
    found = _ACTIVATIONS.get(key)
    if found is None:
        if len(_ACTIVATIONS) >= ACTIVATIONS_MEMO:
            _ACTIVATIONS.clear()
        found = _ACTIVATIONS[key] = [shared("activate", u) for u in units]
    return list(found)


def legal_actions(state: DbgState, side: str, objective: Objective) -> list[Action]:
    phase = state.phase
    if phase == "move":
        if state.active is None:
            return activations(state.alternation_now().eligible())
        return active_actions(state, state.fighters[state.active], objective)
    if phase == "melee":
        return [Action("attack", u, {"target": e.id, "at": at})
                for u in state.alternation_now().eligible()
                for e in in_contact(state, state.fighters[u])
                for at in (("rider", "mount") if e.mount else ("rider",))]
    if phase == "break":
        return [Action("substitute", f.id) for f in on_table(state)
                if f.side == side and may_substitute(state, f)] + [Action("break_test")]
    if phase == "manoeuvre":
        return [Action("rally", o.id) for o in rally.manoeuvre_candidates(state, side)] + \
            [Action("pass")]
    return [Action("rally_one", f.id) for f in rally.rally_one_candidates(state, side)] + \
        [Action("pass")]


def active_actions(state: DbgState, fighter: Fighter, objective: Objective) -> list[Action]:
    """What the fighter being activated may still do: move once, shoot once, end (DBG-13)."""
    actions: list[Action] = []
    unit = fighter.id
    if not state.active_moved:
        if fighter.frenzied and (enemy := nearest_enemy(state, fighter)) is not None:
            if movement.charge_point(state, fighter, enemy) is not None:
                actions.append(shared("charge", unit, enemy.id))
            else:
                actions += move_choices(unit, movement.frenzy_options(state, fighter))
        else:
            actions += moves(state, fighter, objective)
    if not state.active_shot and shooting.shooter_problem(state, fighter) is None:
        actions += [shared("shoot", unit, e.id) for e in shooting.targets(state, fighter)]
    if not actions or end_problem(state, fighter) is None:
        actions.append(shared("end", unit))
    return actions


_RETREATING = attrgetter("retreating")
"""What the stop gaps read of a fighter that may change in play, besides its position and
whether it is in play (``geometry.stop_gaps``): its side and role are fixed like its id."""


def moves(state: DbgState, fighter: Fighter, objective: Objective) -> list[Action]:
    """The charges (DBG-14), moves (DBG-11) and withdrawals (DBG-59) open to a fighter that
    is not made to charge, kept in the layout for a fighter in play: a shot that changed
    nothing leaves the same menu to make again (the shooter may still move). Besides the
    positions of the fighters in play (the layout's key), they read only the fighter's id, side
    and Mouvement, whether each fighter retreats, its side and its role (stop gaps, DBG-15,
    DBG-31), the zone of control's radius, the other rulesets' ground units and the
    scenario's objective: the memo's key holds all of them but those fixed for the fighters of
    a scenario (ids, sides, roles) and its objective, as the layout itself is only shared
    between copies of one game's state. On a shared table nothing is kept: the other rulesets'
    units move in their own turns, and reading them for a key costs more than a menu seldom
    made twice."""
    if fighter.status != IN_PLAY or not state.alone():
        return _moves(state, fighter, objective)
    key = (fighter.id, fighter.move, state.params.zoc,
           tuple(map(_RETREATING, state.fighters.values())))
    kept = layout(state).moves
    found = kept.get(key)
    if found is None:
        found = kept[key] = _moves(state, fighter, objective)
    return found


def _moves(state: DbgState, fighter: Fighter, objective: Objective) -> list[Action]:
    """``moves``, worked out."""
    unit = fighter.id
    around = movement.surroundings(state, fighter)
    found: list[Action] = []  # loops: a comprehension makes a function per call
    for e in reachable(state, fighter, around):
        found.append(shared("charge", unit, e.id))
    found += move_choices(unit, movement.move_options(state, fighter, around))
    exits = reserved_edges(objective, fighter)
    for edge in exits:
        if movement.withdraw_problem(state, fighter, edge, exits) is None:
            found.append(Action("withdraw", unit, {"edge": edge}))
    return found


def reachable(state: DbgState, fighter: Fighter, around: movement.Surroundings
              ) -> list[Fighter]:
    """Enemies a charge can reach (DBG-14): none farther than the Mouvement, edge to edge, and
    none for a fighter that may not move into contact (DBG-31), asked once for all."""
    found: list[Fighter] = []  # a loop: a comprehension makes a function per call
    if forbids(state, fighter, ENTER_CONTACT):
        return found
    move = fighter.move
    for e, distance in around.foes:
        if distance <= move and movement.charge_spot(state, fighter, e, around) is not None:
            found.append(e)
    return found
