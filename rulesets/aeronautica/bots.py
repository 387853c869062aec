"""The greedy Aeronautica bot: fly where its weapons do the most expected damage (for most
guns, the enemy in the front arc at short range), avoid stalls, crashes and the map edge, and
fire where the expected damage is best.

It sees only its view (the enemy's tokens are hidden), so it scores positions against where the
enemy stands now. Whole moves are enumerated from the template (``movement.plans``), in a frame
at the origin and then placed, and each end position is scored once per decision. Scores are in
victory points, so damage dealt, damage risked and objectives weigh against each other.

On a shared table it counts other rulesets' units among the models it sees (their stand-ins,
MIX-5, MIX-6): targets worth ``FOREIGN_WORTH`` per damage point, never a threat it can measure.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache

from polemos.core.actions import Action
from polemos.core.hexgrid import Hex, axial_to_offset, distance, neighbour, rotate, turn
from polemos.rulesets.aeronautica import firing, mixing, movement
from polemos.rulesets.aeronautica.actions import acting
from polemos.rulesets.aeronautica.models import ManoeuvreTemplate
from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis
from polemos.rulesets.aeronautica.state import (
    AIRCRAFT,
    FOREIGN,
    TARGET,
    AiState,
    Flight,
    Model,
    Setup,
    Spec,
)

OFF_MAP = -100.0
"""Leaving the area by accident loses the whole aircraft (AI-30), worse than any gain."""
STALL = 8.0
"""A Stall (AI-39) risks a spin and a crash."""
CRASH = 20.0
"""Reaching altitude 0 crashes on 1-2 (AI-40)."""
EDGE = 3.0
"""Per hex short of 2 from the edge: next turn may have no way but out."""
THREAT = 0.5
"""The enemy moves before it fires: its current arcs only half count."""
CLOSING = 0.5
"""Per hex from the nearest goal, so an aircraft with nothing in reach heads for one."""
FOREIGN_WORTH = 5.0
"""A damage point on another ruleset's unit: no Aeronautica VP (mixing), but it counts for the
mixed objective; about what a Structure point of a flak battery is worth."""
Score = Callable[[Hex, int, int, int], float]


def greedy_policy(rules: AeronauticaImperialis, view: AiState, side: str, legal: list[Action],
                  rng: random.Random) -> Action:
    kind = legal[0].kind
    setup = rules.setup
    strangers = mixing.strangers(rules.world)
    if strangers:
        view = dataclasses.replace(view, models={**view.models, **strangers})
    if kind == "manoeuvre":
        return _choose(setup, view, legal)
    if kind == "first":
        return next((a for a in legal if a["side"] != side), legal[0])
    if kind == "tail":
        quarry = {a["target"]: a for a in legal}
        model = view.models[acting(legal[0])]
        return quarry[max(quarry, key=lambda t: _volley_value(setup, model, view.models[t]))]
    if kind in ("throttle", "take_off", "stay", "facing", "fly"):
        return _move(setup, view, legal)
    if kind in ("altitude", "land", "drop"):
        return _altitude(setup, view, legal)
    return _fire(setup, view, legal)


# -- scoring positions ---------------------------------------------------------------------
def _scorer(setup: Setup, view: AiState, model: Model) -> Score:
    """Score an end position (hex, facing, altitude, speed) of ``model``.

    What it can shoot depends on hex, facing and altitude; what can shoot it on hex and
    altitude only (the enemy's facing is fixed); Speed only changes the risks. Each part is
    memoised on what it depends on, so a whole move search scores few positions.
    """
    spec = setup.specs[model.id]
    enemies = [m for m in view.models.values() if m.in_play and m.side != model.side]
    shooters = [m for m in enemies if m.kind not in (TARGET, FOREIGN) and not m.landed]
    goals = [m for m in enemies if m.kind == AIRCRAFT and not m.landed] or enemies
    if any(s.weapon.ground_attack for s in spec.slots):
        goals = [m for m in enemies if m.altitude == 0] or goals
    goal_hexes = [g.hex for g in goals]
    offences: dict[tuple[int, int, int, int], float] = {}
    dangers: dict[tuple[int, int, int], float] = {}

    def probe(at: Hex, facing: int, alt: int) -> Model:
        return dataclasses.replace(model, q=at.q, r=at.r, facing=facing, altitude=alt,
                                   marker="")

    def score(at: Hex, facing: int, alt: int, speed: int) -> float:
        key = (at.q, at.r, facing, alt)
        if key not in offences:
            me = probe(at, facing, alt)
            offences[key] = max((_volley_value(setup, me, e) for e in enemies), default=0.0)
            spot = (at.q, at.r, alt)
            if spot not in dangers:
                dangers[spot] = sum(expected(setup, e, me)
                                    for e in shooters) * worth(setup, model)
            near = min((distance(at, g) for g in goal_hexes), default=0)
            offences[key] -= THREAT * dangers[spot] + CLOSING * near
        return offences[key] - _risk(setup, spec, at, alt, speed)

    return score


def _risk(setup: Setup, spec: Spec, at: Hex, alt: int, speed: int) -> float:
    """Stalls (AI-39), crashes (AI-40), breaking up (AI-31) and the edge (AI-30)."""
    risk = 0.0
    if speed < spec.min_speed or alt > spec.max_altitude:
        risk += STALL
    if alt <= 0:
        risk += CRASH
    if speed > spec.max_speed:
        risk += STALL / 2
    col, row = axial_to_offset(at)
    margin = min(col, row, setup.cloth.width - 1 - col, setup.cloth.height - 1 - row)
    return risk + max(0, 2 - margin) * EDGE


def worth(setup: Setup, model: Model) -> float:
    """VP per Structure point: the model's cost (AI-69) or a ground target's VP (AI-70)."""
    if model.kind == FOREIGN:
        return FOREIGN_WORTH
    spec = setup.specs[model.id]
    return setup.objectives.get(model.id, spec.cost) / spec.structure


REMEMBERED = 200_000
"""Volleys remembered (``expected``): a decision scores the same geometries over and over
(half the calls of a greedy dogfight repeat one), and a whole game's take about 10,000."""
_remembered: dict[tuple[object, ...], float] = {}
_remembered_for: list[Setup] = []
"""The setup the remembered volleys belong to: another game (or table part) starts afresh."""


def expected(setup: Setup, firer: Model, target: Model) -> float:
    """``firing.expected`` of all the firer's loaded weapons, remembered. Beyond Long range
    there is no shot (AI-47); within it the shot depends only on where the target stands from
    the firer's nose (AI-44 arcs, AI-47 bands), the altitudes (AI-48, AI-52, AI-57, AI-61),
    the target's marker (AI-48), the ammunition left (AI-49) and who the two are (their
    weapons, the target's Stealth) — the key."""
    dq, dr = target.q - firer.q, target.r - firer.r
    if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > setup.params.bands[-1]:
        return 0.0
    if not _remembered_for or _remembered_for[0] is not setup or len(_remembered) > REMEMBERED:
        _remembered.clear()
        _remembered_for[:] = [setup]
    seen = rotate(Hex(dq, dr), -firer.facing)
    key = (firer.id, firer.kind, firer.altitude, tuple(firer.ammo.items()), seen.q, seen.r,
           target.id, target.kind, target.altitude, target.marker)
    found = _remembered.get(key)
    if found is None:
        found = _remembered[key] = firing.expected(setup, firer, target)
    return found


def _volley_value(setup: Setup, firer: Model, target: Model) -> float:
    """Expected VP of ``firer``'s weapons on ``target``, more when it could finish it."""
    total = expected(setup, firer, target)
    return total * worth(setup, target) * (1.5 if total >= target.structure else 1.0)


# -- choosing a token ----------------------------------------------------------------------
def _choose(setup: Setup, view: AiState, legal: list[Action]) -> Action:
    unit = acting(legal[0])
    model, spec = view.models[unit], setup.specs[unit]
    score = _scorer(setup, view, model)
    low, high = movement.speed_range(spec, model.speed)
    return max((a for a in legal if a.unit == unit),
               key=lambda a: max(_token_value(setup, model, a["number"], speed, score)
                                 for speed in range(low, high + 1)))


def _token_value(setup: Setup, model: Model, number: int, speed: int, score: Score) -> float:
    """The best end of a move flying ``number`` at ``speed``, less a short move's Stall
    (AI-35)."""
    trial = dataclasses.replace(model, speed=speed)
    found, _ = _best_plan(setup, trial, Flight(model.id, number, hexes_left=speed), score, 0)
    return found - (STALL if speed < setup.templates[number].needed else 0.0)


def _best_plan(setup: Setup, model: Model, flight: Flight, score: Score, point: int
               ) -> tuple[float, tuple[int, int] | None]:
    """The best finish of a move from turn point ``point``, and its first step.

    Plans end at the current altitude; the altitude step is chosen when it comes.
    """
    q, r = model.q, model.r
    width, height = setup.cloth.width, setup.cloth.height
    best, step = OFF_MAP * 2, None
    for first, corners, end_q, end_r, end_facing in _placed(
            setup.templates[flight.number], point, flight.hexes_left, model.facing):
        if not _on_cloth(width, height, q, r, corners):
            value = OFF_MAP
        else:
            value = score(Hex(q + end_q, r + end_r), end_facing, model.altitude, model.speed)
        if value > best:
            best, step = value, first
    return best, step


Placed = tuple[tuple[int, int] | None, tuple[tuple[int, int], ...], int, int, int]
"""A plan (``movement.plans``) turned to a facing: its first step, its corners and end as
(q, r) offsets from the aircraft, and the facing it ends with."""


@cache
def _placed(template: ManoeuvreTemplate, point: int, hexes: int, facing: int
            ) -> tuple[Placed, ...]:
    """``movement.plans`` turned to ``facing`` once, in the same order (ties go to the first
    plan), so each decision only adds the aircraft's hex."""
    found: list[Placed] = []
    for steps, corners, end, end_facing in movement.plans(template, point, hexes):
        turned = tuple(rotate(c, facing) for c in corners)
        to = rotate(end, facing)
        found.append((steps[0] if steps else None, tuple((c.q, c.r) for c in turned), to.q,
                      to.r, turn(facing, end_facing)))
    return tuple(found)


def _on_cloth(width: int, height: int, q: int, r: int,
              corners: tuple[tuple[int, int], ...]) -> bool:
    """Whether every corner, offset from (q, r), is on the cloth (``HexMap.contains``: odd-r
    offsets): straight lines between them then stay on it too (AI-30)."""
    for dq, dr in corners:
        row = r + dr
        col = q + dq + (row - (row & 1)) // 2
        if not (0 <= col < width and 0 <= row < height):
            return False
    return True


def _speed_after(speed: int, change: int, flight: Flight) -> int:
    if change > 0 and not flight.takeoff:
        return speed - 1
    return speed + 1 if change < 0 else speed


# -- moving --------------------------------------------------------------------------------
def _move(setup: Setup, view: AiState, legal: list[Action]) -> Action:
    unit = acting(legal[0])
    model = view.models[unit]
    if legal[0].kind in ("take_off", "stay"):
        return legal[0]
    score = _scorer(setup, view, model)
    flight = view.flight
    if flight is None:
        number = view.orders.orders[model.side][model.id]
        return max((a for a in legal if a.unit == unit),
                   key=lambda a: _token_value(setup, model, number, a["speed"], score))
    _, step = _best_plan(setup, model, flight, score, point=flight.point)
    if step is not None:
        n, k = step
        wanted = Action("facing", unit, {"turn": k}) if flight.stage == "facing" else \
            Action("fly", unit, {"hexes": n, "turn": k})
        if wanted in legal:
            return wanted
    return legal[0]


def _altitude(setup: Setup, view: AiState, legal: list[Action]) -> Action:
    kinds = {a.kind: a for a in legal}
    if "drop" in kinds:
        return max((a for a in legal if a.kind == "drop"), key=lambda a: a["points"])
    if "land" in kinds:
        return kinds["land"]
    unit = acting(legal[0])
    model, flight = view.models[unit], view.flight
    assert flight is not None
    score = _scorer(setup, view, model)
    return max((a for a in legal if a.kind == "altitude"),
               key=lambda a: score(model.hex, model.facing, model.altitude + a["change"],
                                   _speed_after(model.speed, a["change"], flight)))


# -- firing --------------------------------------------------------------------------------
def _fire(setup: Setup, view: AiState, legal: list[Action]) -> Action:
    unit = acting(legal[0])
    firer = view.models[unit]
    jinks = [a for a in legal if a.kind == "jink" and a.unit == unit]
    if jinks:
        moved = {a: _best_from(setup, view, _shifted(firer, a["dir"])) for a in jinks}
        best_jink = max(jinks, key=lambda a: moved[a])
        if moved[best_jink] > _best_from(setup, view, firer):
            return best_jink
    shots = [a for a in legal if a.kind == "fire" and a.unit == unit]
    if shots:
        best = max(shots, key=lambda a: shot_value(setup, view, a))
        if shot_value(setup, view, best) > 0:
            return best
    return next(a for a in legal if a.kind == "done" and a.unit == unit)


def shot_value(setup: Setup, view: AiState, action: Action) -> float:
    """Expected VP of one legal ``fire`` action: its weapon's damage times the target's
    worth (AI-48, AI-50, AI-69)."""
    unit = acting(action)
    slot = firing.slot_of(setup, unit, action["weapon"])
    assert slot is not None  # a legal shot names one of the firer's weapons
    target = view.models[action["target"]]
    return firing.expected(setup, view.models[unit], target, (slot,)) * worth(setup, target)


def _shifted(model: Model, direction: int) -> Model:
    to = neighbour(model.hex, direction)
    return dataclasses.replace(model, q=to.q, r=to.r)


def _best_from(setup: Setup, view: AiState, firer: Model) -> float:
    return max((_volley_value(setup, firer, e) for e in view.models.values()
                if e.in_play and e.side != firer.side), default=0.0)
