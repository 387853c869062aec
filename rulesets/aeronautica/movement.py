"""Movement: Throttle, Move and Manoeuvre, the Area of Engagement (AI-4, AI-5, AI-27 .. AI-36).

A move is a few decisions: the throttle (the new Speed), the initial facing when the template
offers several, then one ``fly`` per manoeuvre hex — how many straight hexes lead to it and which
turn is taken there (AI-34). The straight run after the last manoeuvre hex is automatic, as is
the extra hex that keeps two aircraft from ending in one hex (AI-4).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from polemos.core.hexgrid import DIRECTIONS, Hex, axial_to_offset, neighbour, rotate, turn
from polemos.rulesets.aeronautica.losses import take_out
from polemos.rulesets.aeronautica.models import ManoeuvreTemplate
from polemos.rulesets.aeronautica.state import (
    AIRCRAFT,
    DISENGAGED,
    WITHDRAWN,
    AiState,
    Flight,
    Model,
    Setup,
    Spec,
)

if TYPE_CHECKING:
    from polemos.core.context import Context

Problem = tuple[str, str] | None
TAKE_OFF_TEMPLATE = 1
"""AI-41: a take-off is flown as Manoeuvre 1."""


def template_rule(number: int) -> str:
    """The AI-M id of a template: AI-M1 .. AI-M8 (added templates cite AI-36)."""
    return f"AI-M{number}" if 1 <= number <= 8 else "AI-36"


# -- throttle ------------------------------------------------------------------------------
def speed_range(spec: Spec, speed: int) -> tuple[int, int]:
    """AI-28: Speed may change by up to Throttle within Min-Max Speed (AI-12, AI-15).

    Decision: a Speed already outside Min-Max may only move toward the range.
    """
    low = max(speed - spec.throttle, min(spec.min_speed, speed))
    high = min(speed + spec.throttle, max(spec.max_speed, speed))
    return low, high


def throttle_problem(spec: Spec, model: Model, speed: int) -> Problem:
    low, high = speed_range(spec, model.speed)
    if low <= speed <= high:
        return None
    if abs(speed - model.speed) > spec.throttle:
        return "AI-12", (f"{model.id}'s Throttle is {spec.throttle}: speed {model.speed} can "
                         f"become {low}-{high}, not {speed}")
    if spec.min_speed <= model.speed <= spec.max_speed:
        return "AI-15", (f"{model.id}'s speed stays within {spec.min_speed}-{spec.max_speed} "
                         f"under Throttle, not {speed}")
    return "AI-28", f"{model.id}'s speed may only move toward {spec.min_speed}-{spec.max_speed}"


# -- the template --------------------------------------------------------------------------
def fly_options(template: ManoeuvreTemplate, flight: Flight) -> list[tuple[int, int]]:
    """AI-33/AI-34: (straight hexes, turn) choices for the next manoeuvre hex.

    At least one hex leads to each manoeuvre hex; enough hexes are kept for the later ones, and
    an aircraft short of hexes makes the turns it reaches (AI-35).
    """
    pending = len(template.hexes) - flight.point + 1
    most = min(flight.hexes_left, max(1, flight.hexes_left - (pending - 1)))
    turns = template.hexes[flight.point - 1]
    return [(n, k) for n in range(1, most + 1) for k in turns]


def fly_problem(template: ManoeuvreTemplate, number: int, flight: Flight, hexes: int,
                turn_: int) -> Problem:
    if (hexes, turn_) in fly_options(template, flight):
        return None
    allowed = template.hexes[flight.point - 1]
    if turn_ not in allowed:
        return template_rule(number), (f"manoeuvre {number} ({template.name}) turns "
                                       f"{list(allowed)} at manoeuvre hex {flight.point}")
    return "AI-34", (f"{hexes} hexes do not fit: {flight.hexes_left} hexes are left for "
                     f"{len(template.hexes) - flight.point + 1} manoeuvre hex(es)")


def start(setup: Setup, state: AiState, model: Model, number: int, speed: int, game: Context,
          takeoff: bool = False) -> None:
    """AI-27/AI-28: the move begins with the Throttle; the token is revealed (AI-20)."""
    template = setup.templates[number]
    flight = Flight(model.id, number, hexes_left=speed, takeoff=takeoff)
    state.flight = flight
    change = speed - model.speed
    model.speed = speed
    game.emit("throttle", unit=model.id, speed=speed, change=change,
              rule="AI-41" if takeoff else "AI-28")
    if speed == 0:
        _stall(model, "speed 0: it does not move", "AI-29", game)
        flight.stage = "altitude"
        return
    if speed < template.needed:
        _stall(model, f"speed {speed} is short of the {template.needed} hexes manoeuvre "
                      f"{number} needs", "AI-35", game)
    if len(template.initial) == 1:
        point_nose(state, model, template.initial[0], game)


def _stall(model: Model, why: str, rule: str, game: Context) -> None:
    model.marker = "stall"
    game.emit("stall", unit=model.id, why=why, rules=[rule, "AI-39"])


def point_nose(state: AiState, model: Model, turn_: int, game: Context) -> None:
    """AI-33 (1): turn to a facing the template allows before the first hex."""
    flight = state.flight
    assert flight is not None
    model.facing = turn(model.facing, turn_)
    flight.point, flight.stage = 1, "fly"
    if turn_:
        game.emit("facing", unit=model.id, turn=turn_, facing=model.facing,
                  rules=["AI-33", template_rule(flight.number)])


def fly(setup: Setup, state: AiState, model: Model, hexes: int, turn_: int, game: Context) -> None:
    """AI-33 (2)-(4): straight ahead ``hexes``, then turn ``turn_`` in the manoeuvre hex."""
    flight = state.flight
    assert flight is not None
    rules = ["AI-33", "AI-34", template_rule(flight.number)]
    if not _run(setup, state, model, hexes, rules, game):
        return
    model.facing = turn(model.facing, turn_)
    game.emit("manoeuvre_hex", unit=model.id, point=flight.point, turn=turn_,
              facing=model.facing, rules=rules)
    flight.point += 1
    template = setup.templates[flight.number]
    if flight.point > len(template.hexes) or flight.hexes_left == 0:
        _finish_run(setup, state, model, game)


def _finish_run(setup: Setup, state: AiState, model: Model, game: Context) -> None:
    """AI-33 (5) straight on for the remaining Speed, then AI-4 off an occupied hex."""
    flight = state.flight
    assert flight is not None
    if flight.hexes_left and not _run(setup, state, model, flight.hexes_left,
                                      ["AI-29", "AI-33"], game):
        return
    while (other := occupant(state, model.hex, model.id)) is not None:
        game.emit("crowded", unit=model.id, other=other.id,
                  hex=list(axial_to_offset(model.hex)), rule="AI-4")
        if not _run(setup, state, model, 1, ["AI-4"], game, count=False):
            return
    flight.stage = "altitude"


def _run(setup: Setup, state: AiState, model: Model, hexes: int, rules: list[str], game: Context,
         count: bool = True) -> bool:
    """Straight ahead ``hexes``; False once the aircraft has left the area (AI-30).

    Passing through occupied hexes is free (AI-5): nothing is checked on the way.
    """
    flight = state.flight
    assert flight is not None
    start_hex = model.hex
    for _ in range(hexes):
        ahead = neighbour(model.hex, model.facing)
        model.q, model.r = ahead.q, ahead.r
        flight.path.append([ahead.q, ahead.r])
        if count:
            flight.hexes_left -= 1
        if not setup.cloth.contains(ahead):
            game.emit("fly", unit=model.id, frm=list(axial_to_offset(start_hex)),
                      to=list(axial_to_offset(ahead)), facing=model.facing, rules=rules)
            leave_area(setup, state, model, game)
            return False
    game.emit("fly", unit=model.id, frm=list(axial_to_offset(start_hex)),
              to=list(axial_to_offset(model.hex)), facing=model.facing, rules=rules)
    return True


def occupant(state: AiState, hex_: Hex, mover: str) -> Model | None:
    """AI-4: another aircraft in play on ``hex_``, whatever its altitude (ground assets and
    ground targets do not occupy a hex, AI-6)."""
    for other in state.models.values():
        if (other.kind == AIRCRAFT and other.in_play and other.id != mover
                and other.q == hex_.q and other.r == hex_.r):
            return other
    return None


def exit_edge(setup: Setup, hex_: Hex) -> str:
    """The map edge a hex outside the area lies beyond (N, E, S or W)."""
    col, row = axial_to_offset(hex_)
    if row < 0:
        return "N"
    if row >= setup.cloth.height:
        return "S"
    return "W" if col < 0 else "E"


def leave_area(setup: Setup, state: AiState, model: Model, game: Context) -> None:
    """AI-30: off the area is disengaged — by accident, unless in the disengagement turn
    (AI-68) or over an edge the scenario opens to its side."""
    edge = exit_edge(setup, model.hex)
    if state.last_turn == state.turn:
        take_out(state, model, WITHDRAWN, f"left by the {edge} edge in the disengagement turn",
                 "AI-68", game)
    elif edge in setup.exits.get(model.side, frozenset()):
        take_out(state, model, WITHDRAWN, f"left by its side's {edge} exit", "AI-30", game)
    else:
        take_out(state, model, DISENGAGED, f"flew off the {edge} edge by accident", "AI-30",
                 game)
    state.flight = None


# -- whole moves, for bots -----------------------------------------------------------------
Plan = tuple[tuple[tuple[int, int], ...], tuple[Hex, ...], Hex, int]
"""(steps, corner hexes, end hex, end facing) in a frame at the origin facing 0.

A step is (hexes, turn): hexes 0 is the initial facing. Straight lines between two hexes of a
rectangular map stay on it, so the corners tell whether a move leaves the area.
"""


@cache
def plans(template: ManoeuvreTemplate, point: int, hexes: int) -> tuple[Plan, ...]:
    """Every way to finish a template from turn point ``point`` with ``hexes`` left."""
    found: list[Plan] = []

    def walk(at: Hex, facing: int, i: int, left: int, steps: tuple[tuple[int, int], ...],
             corners: tuple[Hex, ...]) -> None:
        if i > len(template.hexes) or left == 0:
            end = _ahead(at, facing, left)
            found.append((steps, corners + (end,), end, facing))
            return
        if i == 0:
            for k in template.initial:
                walk(at, turn(facing, k), 1, left, steps + ((0, k),), corners)
            return
        pending = len(template.hexes) - i + 1
        for n in range(1, min(left, max(1, left - (pending - 1))) + 1):
            reached = _ahead(at, facing, n)
            for k in template.hexes[i - 1]:
                walk(reached, turn(facing, k), i + 1, left - n, steps + ((n, k),),
                     corners + (reached,))

    walk(Hex(0, 0), 0, point, hexes, (), (Hex(0, 0),))
    return tuple(found)


def _ahead(at: Hex, facing: int, n: int) -> Hex:
    d = DIRECTIONS[facing]
    return Hex(at.q + d.q * n, at.r + d.r * n)


def place(origin: Hex, facing: int, relative: Hex) -> Hex:
    """A hex of a plan's frame, for an aircraft on ``origin`` facing ``facing``."""
    v = rotate(relative, facing)
    return Hex(origin.q + v.q, origin.r + v.r)
