"""Positions as data: a De Bello Gallico state set up from a scenario's ``position`` block, and
the scenario fields (fighters with statuses + ``position``) that set up a state again.

The two are exact inverses at every decision: ``export`` writes what ``restore`` (with the
fighters' statuses, read by ``state.new_fighter``) needs to continue identically — the
alternation's fighters still to act and whose turn it is, the fighter activating and what it
did, the break point's progress, the sides still open, the designated officers, the bridge count.
"""

from __future__ import annotations

from typing import Any

from polemos.core.turns import Alternation
from polemos.rulesets.de_bello_gallico import activation
from polemos.rulesets.de_bello_gallico.models import (
    IN_PLAY_STATUSES,
    ITEMS,
    DbgScenario,
    FighterModel,
    HoldBridge,
)
from polemos.rulesets.de_bello_gallico.morale_rules import breaking_sides
from polemos.rulesets.de_bello_gallico.position_model import ALTERNATING, DbgPosition
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, DbgState, Fighter

STATUS_FIELDS = ("status", "exit_edge", *IN_PLAY_STATUSES)


def restore(state: DbgState, position: DbgPosition) -> None:
    """Put ``state`` (its fighters already with their statuses) where ``position`` says."""
    state.turn, state.initiative = position.turn, position.initiative
    state.lost_at_check = dict(position.losses_counted)
    state.designated = list(position.designated)
    state.bridge_turns = position.bridge_turns
    phase = position.phase
    if phase in ALTERNATING:
        _restore_alternation(state, position)
        return
    state.phase = phase
    if position.ended is not None:
        ended = position.ended
        state.winner, state.reason, state.rule = ended.winner, ended.reason, ended.rule
        state.scores = dict(ended.scores)
        return
    if phase == "break":
        state.break_sides = list(position.break_sides) if position.break_sides is not None \
            else breaking_sides(state)
        state.substitutes = list(position.substitutes)
        return
    state.open_sides = list(position.open_sides) if position.open_sides is not None \
        else state.others_first(state.initiative)


def _restore_alternation(state: DbgState, position: DbgPosition) -> None:
    """DBG-11, DBG-18: the phase's fighters still to act (those eligible now when not given)."""
    activation.start_phase(state, position.phase)
    order = state.others_first(state.initiative)
    if position.waiting is not None:
        remaining = {side: list(position.waiting.get(side, [])) for side in order}
    else:
        remaining = {side: [u for u in state.alternation_now().remaining[side]
                            if u not in position.done] for side in order}
    if position.next_side is not None:
        nxt = position.next_side
    elif position.active is not None:
        nxt = state.fighters[position.active].side
    else:
        nxt = state.initiative if remaining[state.initiative] else order[1]
    state.alternation = Alternation(order, remaining, order.index(nxt))
    state.done = list(position.done)
    state.active = position.active
    state.active_moved, state.active_shot = position.active_moved, position.active_shot


def export(state: DbgState, scenario: DbgScenario) -> dict[str, Any]:
    """The fighters with their statuses and the ``position`` block, as scenario fields."""
    fighters = [_fighter_entry(model, state.fighters[model.id], state.turn)
                for model in scenario.fighters]
    return {"fighters": fighters, "position": _position_block(state, scenario)}


def _fighter_entry(model: FighterModel, fighter: Fighter, turn: int) -> dict[str, Any]:
    """What the author wrote for this fighter, where it stands now and its statuses (only those
    that differ from a fresh fighter's, so an untouched fighter reads as written)."""
    entry = {key: value for key, value in model.model_dump(mode="json", exclude_unset=True).items()
             if key not in STATUS_FIELDS}
    entry["at"] = [fighter.base.x, fighter.base.y]
    entry.pop("formation", None)
    if fighter.formation is not None:
        entry["formation"] = fighter.formation
    statuses: dict[str, Any] = {"status": fighter.status, "exit_edge": fighter.exit_edge}
    if fighter.status == IN_PLAY:
        statuses.update(
            wounded=fighter.wounds > 0, tough_used=fighter.tough_used,
            retreating=fighter.retreating, bolting=fighter.bolting,
            frenzied=fighter.frenzied and "frenzy" not in model.skills,
            mount_state=_mount_state(fighter), shot=fighter.shot_turn == turn,
            fled=fighter.retreating and fighter.fled_turn == turn,  # rallied: no longer matters
            rally_tried=fighter.rally_turn == turn)
    defaults = FighterModel.model_fields
    entry.update({key: value for key, value in statuses.items()
                  if value != defaults[key].default})
    return entry


def _mount_state(fighter: Fighter) -> str:
    """DBG-50: a rider's mount lost (the rider on foot) or wounded."""
    if not any(ITEMS[item].mount_combat is not None for item in fighter.items):
        return "sound"
    if fighter.mount is None:
        return "dead"
    return "wounded" if fighter.mount_wounds else "sound"


def _position_block(state: DbgState, scenario: DbgScenario) -> dict[str, Any]:
    block: dict[str, Any] = {"turn": state.turn, "phase": state.phase,
                             "initiative": state.initiative}
    if state.phase in ALTERNATING:
        alternation = state.alternation_now()
        block["next_side"] = alternation.order[alternation.turn]
        block["waiting"] = {side: list(units) for side, units in alternation.remaining.items()}
        block["done"] = list(state.done)
        if state.active is not None:
            block.update(active=state.active, active_moved=state.active_moved,
                         active_shot=state.active_shot)
    elif state.phase == "break":
        block.update(break_sides=list(state.break_sides), substitutes=list(state.substitutes))
    elif state.over:
        block["ended"] = {"winner": state.winner, "reason": state.reason, "rule": state.rule,
                          "scores": dict(state.scores)}
    else:
        block["open_sides"] = list(state.open_sides)
    if state.lost_at_check:
        block["losses_counted"] = dict(state.lost_at_check)
    if state.designated:
        block["designated"] = list(state.designated)
    if isinstance(scenario.objective, HoldBridge) and state.bridge_turns:
        block["bridge_turns"] = state.bridge_turns
    return block
