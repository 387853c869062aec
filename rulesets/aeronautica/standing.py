"""Checks of a position: unit statuses that contradict each other or the rules, and a
``position:`` block that names phases, sides, models or orders the game cannot have.

They run once the squadrons are valid, on the models as the game would build them (``Spec``
and ``Model``), so each rule reads the same attributes play does. Every problem names its
field path (``squadrons.<side>[i].<field>``, ``position.<field>``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.rulesets.aeronautica import sequence
from polemos.rulesets.aeronautica.movement import TAKE_OFF_TEMPLATE
from polemos.rulesets.aeronautica.position import ALTERNATING
from polemos.rulesets.aeronautica.restore import eligible
from polemos.rulesets.aeronautica.state import (
    ACTIVE,
    AIRCRAFT,
    DESTROYED,
    AiState,
    Model,
    Setup,
)

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.models import AiScenario, Placement
    from polemos.rulesets.aeronautica.position import AiPosition, FlightPosition, VolleyPosition

Problems = list[tuple[str, str]]
TAILING_PHASES = ("choose", "tailing", "end", "over")
"""AI-23, AI-65: a tailing marker lives from the End phase to the end of Tailing Fire (and
stays on a game that ended in between)."""


def status_problems(scenario: AiScenario, setup: Setup, models: dict[str, Model]) -> Problems:
    """Each placed model's statuses against its profile and the other models."""
    problems: Problems = []
    phase = scenario.position.phase if scenario.position is not None else None
    for side, squadron in scenario.squadrons.items():
        for index, placement in enumerate(squadron):
            where = f"squadrons.{side}[{index}]"
            model = models[placement.id]
            problems += _structure(setup, model, placement.damage, where)
            if model.kind == AIRCRAFT:
                problems += _aircraft(setup, models, placement, phase, where)
    for index, target in enumerate(scenario.targets):
        problems += _structure(setup, models[target.id], target.damage, f"targets[{index}]")
    return problems


def ground_extras(placement: Placement) -> list[str]:
    """Aircraft statuses a ground asset cannot have (AI-7)."""
    return [name for name in ("marker", "ammo", "troops", "tailing") if
            getattr(placement, name) is not None] + \
        [name for name in ("gunner_used", "ejected") if getattr(placement, name)]


def _structure(setup: Setup, model: Model, damage: int, where: str) -> Problems:
    full = setup.specs[model.id].structure
    if model.in_play and damage >= full:
        return [(f"{where}.damage", f"{damage} of {full} Structure lost: it would be "
                                    "destroyed (AI-9, AI-50); give status: destroyed")]
    if damage > full:
        return [(f"{where}.damage", f"more than its {full} Structure (AI-9)")]
    return []


def _aircraft(setup: Setup, models: dict[str, Model], placement: Placement,
              phase: str | None, where: str) -> Problems:
    spec = setup.specs[placement.id]
    problems: Problems = []
    if placement.marker is not None and (placement.status != ACTIVE or placement.landed):
        problems.append((f"{where}.marker", "only an aircraft in the air carries a Stall or "
                                            "Spin marker (AI-39, AI-62)"))
    limited = {slot.id: slot.weapon.ammo for slot in spec.slots if slot.weapon.ammo}
    for slot, left in (placement.ammo or {}).items():
        if slot not in limited:
            listed = ", ".join(limited) or "none"
            problems.append((f"{where}.ammo.{slot}", f"not one of its weapons with Ammo "
                                                     f"({listed}) (AI-49)"))
        elif left > limited[slot]:
            problems.append((f"{where}.ammo.{slot}", f"{left} is more than its Ammo "
                                                     f"{limited[slot]} (AI-49)"))
    if placement.troops is not None and placement.troops > spec.transport:
        problems.append((f"{where}.troops", f"{placement.troops} is more than its Transport "
                                            f"{spec.transport} (AI-10, AI-42)"))
    if placement.ejected and (placement.status != DESTROYED or not spec.ejector):
        problems.append((f"{where}.ejected", "only a destroyed aircraft with Ejector Seats "
                                             "ejects (AI-71)"))
    if placement.tailing is not None:
        problems += _tailing(models, models[placement.id], placement.tailing, phase,
                             f"{where}.tailing")
    return problems


def _tailing(models: dict[str, Model], model: Model, target: str, phase: str | None,
             where: str) -> Problems:
    """AI-65: an enemy aircraft in the air, neither of them Spinning or Landed."""
    quarry = models.get(target)
    if phase is not None and phase not in TAILING_PHASES:
        return [(where, f"no tailing marker in the {phase} phase: they go when Tailing Fire "
                        "ends (AI-23)")]
    if not model.in_play or model.landed or model.marker == "spin":
        return [(where, "only an aircraft in play, neither Landed nor Spinning, tails (AI-65)")]
    if quarry is None or quarry.kind != AIRCRAFT or quarry.side == model.side:
        return [(where, f"{target!r} is no enemy aircraft (AI-65)")]
    if not quarry.in_play or quarry.landed or quarry.marker == "spin":
        return [(where, f"{target} is not in the air, or Spinning (AI-65)")]
    return []


# -- the position block ----------------------------------------------------------------------
def position_problems(scenario: AiScenario, setup: Setup, state: AiState) -> Problems:
    """The ``position`` block against the models; ``state`` is the game it would start."""
    position = scenario.position
    assert position is not None
    problems: Problems = []
    if position.turn > scenario.turn_limit:
        problems.append(("position.turn", f"turn {position.turn} is after the scenario's last "
                                          f"turn {scenario.turn_limit} (AI-66)"))
    if position.disengagement_turn not in (None, position.turn):
        problems.append(("position.disengagement_turn", "declared at the end of a turn, it is "
                         "the next one: only this turn can be it (AI-68)"))
    problems += _sides(setup, position)
    if problems:
        return problems
    problems += _orders(setup, state, position)
    problems += _alternation(setup, state, position)
    if position.flight is not None:
        problems += _flight(setup, state, position, position.flight)
    if position.volley is not None:
        problems += _volley(setup, state, position, position.volley)
    for unit, targets in position.tail_options.items():
        where = f"position.tail_options.{unit}"
        if position.phase != "end":
            problems.append((where, "aircraft choose whom they tail in the End phase (AI-65)"))
        for index, target in enumerate(targets):
            if unit not in state.models or state.models[unit].kind != AIRCRAFT:
                problems.append((where, f"no aircraft {unit!r}"))
                break
            problems += _tailing(state.models, state.models[unit], target, None,
                                 f"{where}[{index}]")
    return problems


def _sides(setup: Setup, position: AiPosition) -> Problems:
    problems: Problems = []
    named = [(f"position.orders.{s}", s) for s in position.orders] + \
        [(f"position.to_activate.{s}", s) for s in position.to_activate or {}] + \
        [(f"position.troop_vp.{s}", s) for s in position.troop_vp] + \
        [(f"position.{name}", getattr(position, name))
         for name in ("initiative", "first_mover", "next_side")
         if getattr(position, name) is not None]
    for where, side in named:
        if side not in setup.sides:
            problems.append((where, f"{side!r} is not one of the sides {setup.sides}"))
    if (position.phase == "over") != (position.result is not None):
        problems.append(("position.result", "a game over has a result, one in play none"))
    if position.result is not None and position.result.winner not in (None, *setup.sides):
        problems.append(("position.result.winner", f"{position.result.winner!r} is not one "
                                                   f"of the sides {setup.sides}"))
    if position.phase not in ("choose", "over") and position.initiative is None:
        problems.append(("position.initiative", f"the {position.phase} phase comes after the "
                                                "initiative roll: name its winner (AI-21)"))
    if position.phase in ("choose", "first", "tailing") and position.first_mover is not None:
        problems.append(("position.first_mover", "nobody has moved first before the Movement "
                                                 "phase (AI-24)"))
    return problems


def _orders(setup: Setup, state: AiState, position: AiPosition) -> Problems:
    """AI-20: tokens of a side's aircraft, within their Ace Manoeuvres; a side that has
    committed has given one to every aircraft that takes one."""
    problems: Problems = []
    pending = state.orders.pending()
    for side, tokens in position.orders.items():
        problems += _tokens(setup, state, side, tokens, f"position.orders.{side}")
        missing = [u for u in sequence.choosers(state, side) if u not in tokens]
        if position.phase == "choose" and missing:
            problems.append((f"position.orders.{side}", f"committed without a token for "
                                                        f"{', '.join(missing)} (AI-20)"))
    if position.draft:
        if position.phase != "choose" or pending is None:
            problems.append(("position.draft", "tokens are drafted only while a side is "
                                               "choosing its manoeuvres (AI-20)"))
        else:
            problems += _tokens(setup, state, pending, position.draft, "position.draft")
    for index, unit in enumerate(position.revealed):
        if not any(unit in tokens for tokens in position.orders.values()):
            problems.append((f"position.revealed[{index}]", f"{unit!r} has no token in "
                                                            "position.orders (AI-20)"))
    return problems


def _tokens(setup: Setup, state: AiState, side: str, tokens: dict[str, int],
            where: str) -> Problems:
    problems: Problems = []
    for unit, number in tokens.items():
        spec = setup.specs.get(unit)
        if spec is None or spec.kind != AIRCRAFT or spec.side != side:
            problems.append((f"{where}.{unit}", f"no aircraft {unit!r} of {side} (AI-20)"))
        elif number not in setup.templates:
            problems.append((f"{where}.{unit}", f"no manoeuvre {number}; the templates are "
                                                f"{sorted(setup.templates)} (AI-36)"))
        elif number > spec.ace:
            problems.append((f"{where}.{unit}", f"{unit}'s Ace Manoeuvres are 1-{spec.ace}, "
                                                f"not {number} (AI-13)"))
    return problems


def _alternation(setup: Setup, state: AiState, position: AiPosition) -> Problems:
    """AI-22, AI-24, AI-25: the models still to act are the side's, in play, and able to."""
    if position.phase not in ALTERNATING:
        named = [name for name in ("to_activate", "next_side", "flight", "volley")
                 if getattr(position, name) is not None]
        return [(f"position.{name}", f"there is no alternation in the {position.phase} phase "
                                     "(AI-19)") for name in named]
    problems: Problems = []
    able = {side: eligible(setup, state, position.phase, side) for side in setup.sides}
    for side, units in (position.to_activate or {}).items():
        for index, unit in enumerate(units):
            where = f"position.to_activate.{side}[{index}]"
            if unit not in able[side]:
                problems.append((where, f"{unit!r} is no model of {side} that acts in the "
                                        f"{position.phase} phase"))
            elif position.phase == "movement" and not state.models[unit].landed and not (
                    position.flight is not None and position.flight.unit == unit) and \
                    unit not in position.orders.get(side, {}):
                problems.append((where, f"{unit} has no manoeuvre token in position.orders "
                                        "(AI-20)"))
    assert state.alternation is not None
    chosen = position.next_side
    if chosen is not None and not state.alternation.remaining.get(chosen) and any(
            state.alternation.remaining.values()):
        problems.append(("position.next_side", f"{chosen} has no model left to act"))
    return problems


def _acting(state: AiState, unit: str, where: str) -> Problems:
    """The model in the middle of its activation is of the side acting, still to act."""
    alternation = state.alternation
    assert alternation is not None
    side = alternation.side()
    if side is None or unit not in alternation.remaining[side]:
        return [(where, f"{unit!r} is not among the models of the side acting now "
                        f"({side}) still to act (position.to_activate, position.next_side)")]
    return []


def _flight(setup: Setup, state: AiState, position: AiPosition, flight: FlightPosition
            ) -> Problems:
    """AI-27 .. AI-35: the aircraft moving flies its token's template, step by step."""
    where = "position.flight"
    if position.phase != "movement":
        return [(where, "aircraft move in the Movement phase (AI-24)")]
    if position.volley is not None:
        return [(where, "one model at a time: a flight and a volley at once (AI-24, AI-25)")]
    problems = _acting(state, flight.unit, f"{where}.unit")
    if problems:
        return problems
    model = state.models[flight.unit]
    token = position.orders.get(model.side, {}).get(model.id)
    if flight.take_off:
        if flight.manoeuvre != TAKE_OFF_TEMPLATE:
            problems.append((f"{where}.manoeuvre", f"a take-off flies manoeuvre "
                                                   f"{TAKE_OFF_TEMPLATE} (AI-41)"))
    elif token != flight.manoeuvre or model.id not in position.revealed:
        problems.append((f"{where}.manoeuvre", f"{model.id} flies its revealed token "
                                               f"({token}) (AI-20, AI-27)"))
    template = setup.templates.get(flight.manoeuvre)
    if template is None:
        return problems + [(f"{where}.manoeuvre", "no such template (AI-36)")]
    if flight.stage == "facing" and flight.point != 0:
        problems.append((f"{where}.point", "the initial facing comes first: point 0 (AI-33)"))
    if flight.stage == "fly" and not (1 <= flight.point <= len(template.hexes)
                                      and flight.hexes_left >= 1):
        problems.append((f"{where}.point", f"manoeuvre {flight.manoeuvre} has manoeuvre hexes "
                                           f"1-{len(template.hexes)}, reached with a hex left "
                                           "(AI-33, AI-35)"))
    for index, hex_ in enumerate(flight.path):
        col, row = hex_
        if not (0 <= col < setup.cloth.width and 0 <= row < setup.cloth.height):
            problems.append((f"{where}.path[{index}]", f"{list(hex_)} is off the Area of "
                                                       "Engagement (AI-1, AI-30)"))
    return problems


def _volley(setup: Setup, state: AiState, position: AiPosition, volley: VolleyPosition
            ) -> Problems:
    """AI-43 .. AI-54: the model firing now, its locked targets and a pending exchange."""
    where = "position.volley"
    firing = position.phase == "firing"
    if position.phase not in ("tailing", "firing") or firing != (volley.mode == "fire"):
        return [(f"{where}.mode", f"no {volley.mode} volley in the {position.phase} phase "
                                  "(AI-22, AI-25, AI-53)")]
    model = state.models.get(volley.unit)
    if model is None or not model.in_play:
        return [(f"{where}.unit", f"no model {volley.unit!r} in play")]
    if volley.mode == "return":
        tailer = state.models.get(volley.against or "")
        if tailer is None or tailer.tailing != model.id:
            return [(f"{where}.against", f"a tail gunner fires back at an aircraft tailing "
                                         f"{model.id} (AI-53)")]
        problems = _acting(state, tailer.id, f"{where}.against")
    else:
        problems = _acting(state, model.id, f"{where}.unit")
    if volley.mode == "tail" and volley.against not in (None, model.tailing):
        problems.append((f"{where}.against", f"{model.id}'s Tailing Fire targets the aircraft "
                                             f"it tails, {model.tailing} (AI-23)"))
    slots = [slot.id for slot in setup.specs[model.id].slots]
    for slot, target in volley.fired.items():
        if slot not in slots:
            problems.append((f"{where}.fired.{slot}", f"{model.id} has no weapon {slot!r} "
                                                      f"(weapons: {', '.join(slots)}) (AI-17)"))
        elif target not in state.models and ":" not in target:
            problems.append((f"{where}.fired.{slot}", f"no model {target!r} (AI-43)"))
    if volley.may_jink and not (firing and setup.specs[model.id].jink):
        problems.append((f"{where}.may_jink", "only a model with Jink, in the Firing phase "
                                              "(AI-54)"))
    for unit in volley.pending:
        if firing or unit not in state.models or state.models[unit].kind != AIRCRAFT:
            problems.append((f"{where}.pending.{unit}", "damage waits only in a Tailing Fire "
                                                        "exchange, on its aircraft (AI-53)"))
    return problems

