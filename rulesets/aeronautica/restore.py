"""Positions as data: the state a ``position:`` block sets up, and a state exported as one.

``state_at`` builds the ``AiState`` of a position (the models already carry their statuses,
``squadrons.build_setup``); ``export`` writes a state back as the scenario fields an author
would write — the squadrons and targets with every status, and the ``position`` block — so
that the game started from it continues exactly as this one (core/position.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from polemos.core.hexgrid import FACING_NAMES, Hex, axial_to_offset, offset_to_axial
from polemos.core.turns import Alternation, SealedOrders
from polemos.rulesets.aeronautica import sequence
from polemos.rulesets.aeronautica.position import ALTERNATING
from polemos.rulesets.aeronautica.state import (
    ACTIVE,
    DESTROYED,
    EJECTED,
    GROUND,
    AiState,
    Exchange,
    Flight,
    Model,
    Setup,
    Volley,
)

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.models import AiScenario
    from polemos.rulesets.aeronautica.position import AiPosition, VolleyPosition


def eligible(setup: Setup, state: AiState, phase: str, side: str) -> list[str]:
    """The models of ``side`` that act in an alternating phase (AI-22, AI-24, AI-25)."""
    if phase == "tailing":
        return sequence.tailers(state, side)
    if phase == "movement":
        return sequence.movers(state, side)
    return sequence.firers(setup, state, side)


def phase_first(state: AiState, phase: str) -> str | None:
    """Who acts first in an alternating phase: the initiative side in Tailing Fire (AI-22),
    the first mover in Movement (AI-24) and Firing (AI-25)."""
    if phase == "tailing":
        return state.initiative
    return state.first_mover or state.initiative


def state_at(setup: Setup, models: dict[str, Model], position: AiPosition) -> AiState:
    """The state of the game at ``position`` (validated, or being validated: ``standing``)."""
    phase = position.phase
    orders = {side: dict(tokens) for side, tokens in position.orders.items()}
    if phase != "choose":
        orders = {side: orders.get(side, {}) for side in setup.sides}
    state = AiState(position.turn, phase, models,
                    SealedOrders(list(setup.sides), orders, True, list(position.revealed)),
                    draft=dict(position.draft), initiative=position.initiative,
                    tail_options={u: list(t) for u, t in position.tail_options.items()},
                    last_turn=position.disengagement_turn or 0,
                    troop_vp=dict(position.troop_vp))
    state.first_mover = position.first_mover or (
        position.initiative if phase in ("movement", "firing", "end") else None)
    if position.result is not None:
        result = position.result
        state.over, state.winner, state.reason, state.rule = (True, result.winner,
                                                              result.reason, result.rule)
        state.scores = dict(result.vp)
    first = phase_first(state, phase)
    if phase not in ALTERNATING or first is None:
        return state
    units = position.to_activate
    if units is None:
        units = {side: eligible(setup, state, phase, side) for side in setup.sides}
    ordered = [first] + [side for side in setup.sides if side != first]
    state.alternation = Alternation.start(first, {side: list(units.get(side, []))
                                                  for side in ordered})
    if position.next_side in state.alternation.order and \
            state.alternation.remaining[position.next_side]:
        state.alternation.turn = state.alternation.order.index(position.next_side)
    if position.flight is not None:
        f = position.flight
        state.flight = Flight(f.unit, f.manoeuvre, f.stage, f.point, f.hexes_left,
                              [list(offset_to_axial(*h)) for h in f.path], f.take_off,
                              f.dropped)
    if position.volley is not None and position.volley.unit in models:
        state.volley, state.exchange = _volley(setup, models, position.volley)
    return state


def _volley(setup: Setup, models: dict[str, Model], v: VolleyPosition
            ) -> tuple[Volley, Exchange | None]:
    firer = models[v.unit]
    only = v.against if v.mode == "return" else (v.against or firer.tailing
                                                 if v.mode == "tail" else None)
    slots = {slot.id: slot for slot in setup.specs[firer.id].slots}
    locks = {slots[s].group: t for s, t in v.fired.items() if s in slots}
    volley = Volley(firer.id, v.mode, only, locks, list(v.fired), v.may_jink)
    if v.mode == "fire":
        return volley, None
    tailer = models[v.unit] if v.mode == "tail" else models.get(v.against or "")
    if tailer is None or tailer.tailing is None:
        return volley, None
    return volley, Exchange(tailer.id, tailer.tailing, dict(v.pending))


# -- export ----------------------------------------------------------------------------------
def export(setup: Setup, scenario: AiScenario, state: AiState) -> dict[str, Any]:
    """The squadrons, targets and ``position`` of ``state`` as scenario fields."""
    squadrons = {side: [_placement(setup, state.models[p.id], p.model_dump(
        mode="json", exclude_defaults=True)) for p in placements]
        for side, placements in scenario.squadrons.items()}
    targets = [_standing(setup, state.models[t.id], t.model_dump(mode="json",
                                                                  exclude_defaults=True))
               for t in scenario.targets]
    fields: dict[str, Any] = {"squadrons": squadrons, "position": _position(setup, state)}
    if targets:
        fields["targets"] = targets
    return fields


def _standing(setup: Setup, model: Model, raw: dict[str, Any]) -> dict[str, Any]:
    """Every model's hex, status and damage (AI-9, AI-30, AI-50)."""
    for name in ("status", "damage"):
        raw.pop(name, None)
    if model.status != ACTIVE:
        raw["status"] = model.status
    lost = setup.specs[model.id].structure - model.structure
    if lost and model.status != DESTROYED:
        raw["damage"] = lost
    return raw


def _placement(setup: Setup, model: Model, raw: dict[str, Any]) -> dict[str, Any]:
    for name in ("marker", "ammo", "troops", "tailing", "gunner_used", "ejected", "landed"):
        raw.pop(name, None)
    raw = _standing(setup, model, raw)
    raw["hex"] = list(axial_to_offset(model.hex))
    if model.kind == GROUND:
        return raw
    spec = setup.specs[model.id]
    raw.update(facing=FACING_NAMES[model.facing], altitude=model.altitude, speed=model.speed)
    full = {slot.id: slot.weapon.ammo for slot in spec.slots if slot.weapon.ammo}
    statuses: dict[str, Any] = {
        "landed": model.landed, "marker": model.marker or None,
        "ammo": dict(model.ammo) if model.ammo != full else None,
        "troops": model.troops if model.troops != spec.transport else None,
        "tailing": model.tailing, "gunner_used": model.gunner_used,
        "ejected": model.status == DESTROYED and model.worth == EJECTED}
    raw.update({name: value for name, value in statuses.items() if value})
    return raw


def _position(setup: Setup, state: AiState) -> dict[str, Any]:
    """The ``position`` block: every field the state carries between decisions."""
    block: dict[str, Any] = {"turn": state.turn, "phase": state.phase,
                             "orders": {s: dict(t) for s, t in state.orders.orders.items()}}
    optional: dict[str, Any] = {
        "draft": dict(state.draft), "revealed": list(state.orders.shown),
        "initiative": state.initiative, "first_mover": state.first_mover,
        "tail_options": {u: list(t) for u, t in state.tail_options.items()},
        "disengagement_turn": state.last_turn or None, "troop_vp": dict(state.troop_vp)}
    if state.alternation is not None and state.phase in ALTERNATING:
        alternation = state.alternation
        optional["next_side"] = alternation.order[alternation.turn]
        optional["to_activate"] = {s: list(u) for s, u in alternation.remaining.items()}
    if state.flight is not None:
        f = state.flight
        optional["flight"] = {
            "unit": f.unit, "manoeuvre": f.number, "stage": f.stage, "point": f.point,
            "hexes_left": f.hexes_left, "take_off": f.takeoff, "dropped": f.dropped,
            "path": [list(axial_to_offset(Hex(q, r))) for q, r in f.path]}
    if state.volley is not None:
        optional["volley"] = _volley_block(setup, state, state.volley)
    if state.over:
        optional["result"] = {"winner": state.winner, "reason": state.reason,
                              "rule": state.rule, "vp": dict(state.scores)}
    block.update({name: value for name, value in optional.items() if value})
    return block


def _volley_block(setup: Setup, state: AiState, volley: Volley) -> dict[str, Any]:
    slots = {slot.id: slot.group for slot in setup.specs[volley.unit].slots}
    block: dict[str, Any] = {
        "unit": volley.unit, "mode": volley.mode, "against": volley.only,
        "fired": {slot: volley.locks[slots[slot]] for slot in volley.fired},
        "may_jink": volley.jink,
        "pending": dict(state.exchange.pending) if state.exchange is not None else {}}
    return {name: value for name, value in block.items() if value or name in ("unit", "mode")}
