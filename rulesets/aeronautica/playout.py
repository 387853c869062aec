"""The cheap Aeronautica playout policy of the search bot (``polemos_bot_policy`` "playout").

A playout needs moves like the greedy bot's — turn toward the nearest enemy, stay on the map,
match its altitude, shoot where the expected damage is best — at a few hundredths of that
bot's cost (about 0.04 ms a call against its 1-2 ms), since a search plays over a thousand of
them per decision. So nothing is searched:
the token follows the bearing of the nearest enemy aircraft, each step of a move is scored by
where the straight run from it ends, and the altitude step by the enemy's altitude and the
stall and crash risks. Random playouts fly off the map (AI-30), stall (AI-39) and crash
(AI-40) so often that their results say little about the action they started from.
"""

from __future__ import annotations

import dataclasses
import math
import random
from functools import cache

from polemos.core.actions import Action
from polemos.core.hexgrid import DIRECTIONS, Hex, axial_to_offset, distance, rotate, turn
from polemos.rulesets.aeronautica import firing, mixing
from polemos.rulesets.aeronautica.actions import acting
from polemos.rulesets.aeronautica.bots import shot_value
from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis
from polemos.rulesets.aeronautica.state import AIRCRAFT, AiState, Model, Setup

OFF_MAP = -100.0
"""AI-30: a step whose straight run leaves the area loses the aircraft."""
EDGE = 3.0
"""Per hex short of 2 from the edge, as the greedy bot weighs it."""
AIM = 2.0
"""Per hexside between the nose and the nearest enemy (AI-44: guns point ahead)."""
RANGE = 0.5
"""Per hex out of the best band of range to the nearest enemy (AI-47)."""
DANGER = 2.0
"""Ending in the quarry's Front arc within Medium range, where its guns point (AI-44)."""
STALL, CRASH = 8.0, 20.0
"""A Stall (AI-39) and altitude 0 (AI-40), as the greedy bot weighs them."""
TOKENS = {0: 2, 1: 2, 2: 4, 3: 5}
"""AI-M2 Bank for an enemy ahead, AI-M4 Hard turn for one abeam, AI-M5 Reversal for one
behind: the lowest template that turns that far (a lower one when the Ace rating stops it)."""


def playout_policy(rules: AeronauticaImperialis, view: AiState, side: str,
                   legal: list[Action], rng: random.Random) -> Action:
    """The action of ``legal`` a playout takes for ``side``; ``rng`` breaks no ties (the
    first best is taken) so a playout's only chance is the dice."""
    kind, setup = legal[0].kind, rules.setup
    if kind == "manoeuvre":
        return _token(setup, view, legal)
    if kind == "first":
        return next((a for a in legal if a["side"] != side), legal[0])
    if kind == "throttle":
        return _throttle(setup, view, legal)
    if kind in ("facing", "fly"):
        return _steer(setup, view, legal)
    if kind in ("altitude", "land", "drop"):
        return _altitude(setup, view, legal)
    if kind in ("jink", "fire", "done"):
        return _shoot(rules, view, legal)
    return legal[0]


def _quarry(view: AiState, model: Model, at: Hex) -> Model | None:
    """The nearest enemy aircraft in the air from ``at``, or None when none is left."""
    enemies = [m for m in view.models.values()
               if m.in_play and m.side != model.side and m.kind == AIRCRAFT and not m.landed]
    return min(enemies, key=lambda m: distance(at, m.hex), default=None)


def bearing(at: Hex, facing: int, target: Hex) -> int:
    """Hexsides from the nose to ``target``, -3 … 3 (positive clockwise, as ``turn``)."""
    return _bearing(target.q - at.q, target.r - at.r, facing)


@cache
def _bearing(dq: int, dr: int, facing: int) -> int:
    """``bearing`` of the vector (dq, dr) from a nose facing ``facing``: playouts ask it for
    the same few thousand vectors over and over."""
    v = rotate(Hex(dq, dr), -facing)
    if v.q == 0 and v.r == 0:
        return 0
    return round(math.atan2(v.r * math.sqrt(3) / 2, v.q + v.r / 2) / (math.pi / 3))


def _token(setup: Setup, view: AiState, legal: list[Action]) -> Action:
    unit = acting(legal[0])
    model = view.models[unit]
    quarry = _quarry(view, model, model.hex)
    wanted = 2 if quarry is None else TOKENS[abs(bearing(model.hex, model.facing, quarry.hex))]
    mine = [a for a in legal if a.unit == unit]
    return min(mine, key=lambda a: (a["number"] > wanted, abs(a["number"] - wanted)))


def _throttle(setup: Setup, view: AiState, legal: list[Action]) -> Action:
    """The first aircraft's (as the greedy bot moves them) Speed nearest the middle of its
    range and at least the hexes its template needs (AI-35)."""
    unit = acting(legal[0])
    spec = setup.specs[unit]
    needed = setup.templates[view.orders.orders[view.models[unit].side][unit]].needed
    middle = max((spec.min_speed + spec.max_speed) / 2, needed)
    return min((a for a in legal if a.unit == unit), key=lambda a: abs(a["speed"] - middle))


def _steer(setup: Setup, view: AiState, legal: list[Action]) -> Action:
    """The step whose straight run, with the rest of the Speed, ends best (``_end_value``)."""
    flight = view.flight
    assert flight is not None
    model = view.models[flight.unit]
    quarry = _quarry(view, model, model.hex)
    span = _best_band(setup, model)

    def value(action: Action) -> float:
        hexes = action["hexes"] if action.kind == "fly" else 0
        facing = turn(model.facing, action["turn"])
        d = DIRECTIONS[model.facing]
        reached = Hex(model.q + d.q * hexes, model.r + d.r * hexes)
        e, rest = DIRECTIONS[facing], flight.hexes_left - hexes
        end = Hex(reached.q + e.q * rest, reached.r + e.r * rest)
        if not (setup.cloth.contains(reached) and setup.cloth.contains(end)):
            return OFF_MAP
        return _end_value(setup, end, facing, quarry, span)

    return max(legal, key=value)


def _best_band(setup: Setup, model: Model) -> tuple[int, int]:
    """The hexes (nearest, farthest) of the range band where ``model``'s loaded Front-arc
    weapons roll the most damage (AI-47, AI-50): Short for Big Shootas, Medium for a
    Thunderbolt's Lascannons and Autocannons."""
    bands = setup.params.bands
    weapons = [slot.weapon for slot in setup.specs[model.id].slots
               if "front" in slot.weapon.arc and model.ammo.get(slot.id, 1) > 0]
    best = max(range(len(bands)), key=lambda i: sum(w.firepower[i] * firing.damage_per_hit(w)
                                                    for w in weapons))
    return (bands[best - 1] + 1 if best else 1), bands[best]


def _end_value(setup: Setup, end: Hex, facing: int, quarry: Model | None,
               span: tuple[int, int]) -> float:
    """Nose toward the quarry in the best band of range (``_best_band``), out of its Front
    arc (AI-44), clear of the edge (AI-30)."""
    col, row = axial_to_offset(end)
    margin = min(col, row, setup.cloth.width - 1 - col, setup.cloth.height - 1 - row)
    value = -max(0, 2 - margin) * EDGE
    if quarry is not None:
        near = distance(end, quarry.hex)
        value -= AIM * abs(bearing(end, facing, quarry.hex))
        value -= RANGE * max(0, near - span[1], span[0] - near)
        if near <= setup.params.bands[1] and bearing(quarry.hex, quarry.facing, end) == 0:
            value -= DANGER
    return value


def _altitude(setup: Setup, view: AiState, legal: list[Action]) -> Action:
    """Drop every trooper (AI-42), land (AI-41), else climb or dive toward the nearest
    enemy's altitude (AI-48: -1 to hit per level) without stalling or crashing."""
    drops = [a for a in legal if a.kind == "drop"]
    if drops:
        return max(drops, key=lambda a: a["points"])
    landing = next((a for a in legal if a.kind == "land"), None)
    if landing is not None:
        return landing
    flight = view.flight
    assert flight is not None
    model = view.models[flight.unit]
    spec = setup.specs[model.id]
    quarry = _quarry(view, model, model.hex)
    aim = model.altitude if quarry is None else quarry.altitude

    def value(action: Action) -> float:
        change = action["change"]
        alt = model.altitude + change
        speed = model.speed - 1 if change > 0 and not flight.takeoff else \
            model.speed + 1 if change < 0 else model.speed
        risk = STALL if speed < spec.min_speed or alt > spec.max_altitude else 0.0
        risk += CRASH if alt <= 0 else 0.0
        risk += STALL / 2 if speed > spec.max_speed else 0.0
        return -risk - abs(alt - aim)

    return max(legal, key=value)


def _shoot(rules: AeronauticaImperialis, view: AiState, legal: list[Action]) -> Action:
    """The first model's best shot by expected victory points (AI-48, AI-50, AI-69); no jink.
    Another ruleset's unit is shot at through its stand-in (MIX-5, MIX-6)."""
    unit, setup = acting(legal[0]), rules.setup
    shots = [a for a in legal if a.kind == "fire" and a.unit == unit]
    if any(a["target"] not in view.models for a in shots):
        view = dataclasses.replace(view, models={**view.models, **mixing.strangers(rules.world)})
    if shots:
        best = max(shots, key=lambda a: shot_value(setup, view, a))
        if shot_value(setup, view, best) > 0:
            return best
    return next(a for a in legal if a.kind == "done" and a.unit == unit)

