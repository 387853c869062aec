"""Positions as data for AT-43: the state's statuses written as scenario fields, and read back.

``export`` gives the fields an author writes (``units`` with every model's place and statuses,
``wrecks``, ``terrain`` and the ``position`` block, ``position.py``); merged over the scenario by
``polemos.core.position`` they set up the same game, which goes on as this one would with the
same dice. ``restore`` puts a scenario's statuses on the state ``new_state`` built from the
set-up. Nothing fitted to a shared table (``fit_part``: table, round limit) is exported.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from polemos.rulesets.at43.models import At43Scenario, VehicleModel, terrain_frame
from polemos.rulesets.at43.position import CollisionModel
from polemos.rulesets.at43.state import (
    At43State,
    Attacker,
    Collision,
    Melee,
    Throw,
    Vehicle,
)


def restore_vehicle(vehicle: Vehicle, model: VehicleModel) -> None:
    """An AFV's statuses as the scenario gives them (omitted: as set up)."""
    if model.frame is not None:
        vehicle.frame = model.frame
    if model.propulsion is not None:
        vehicle.propulsion = model.propulsion
    if model.weapons is not None:
        vehicle.weapons = list(model.weapons)
    if model.wrecked:
        vehicle.frame, vehicle.wreck = 0, True
    vehicle.acted, vehicle.mode, vehicle.travelled = model.acted, model.mode or "", \
        model.travelled
    vehicle.rushed, vehicle.collided = model.rushed, model.collided


def restore(state: At43State, sc: At43Scenario) -> None:
    """Statuses of the infantry, the terrain and the ram in progress; the dead count in the
    AT-P3 score of their side."""
    for unit in sc.units:
        for t in unit.infantry:
            if t.dead:
                state.kill(state.troopers[t.id])
    for piece in sc.terrain:
        if piece.sp_left is not None:
            terrain = state.terrain[piece.id]
            terrain.frame, terrain.removed = piece.sp_left, piece.sp_left == 0
    pos = sc.position
    if pos is not None:
        state.round, state.active_unit, state.acting = pos.round, pos.active_unit, pos.acting
        if pos.collision is not None:
            state.collision = collision_of(pos.collision)


def collision_of(model: CollisionModel) -> Collision:
    data = model.model_dump()
    data["attackers"] = [Attacker(**{**a, "travel": list(a["travel"])})
                         for a in data["attackers"]]
    data["melees"] = [Melee(**m) for m in data["melees"]]
    data["throws"] = [Throw(**{**t, "direction": list(t["direction"])}) for t in data["throws"]]
    return Collision(**data)


def export(state: At43State, sc: At43Scenario) -> dict[str, Any]:
    """The scenario fields of the position now (see the module docstring)."""
    units = []
    for u in sc.units:
        raw: dict[str, Any] = {"id": u.id, "side": u.side}
        if u.vehicles:
            raw["vehicles"] = [_vehicle(state.vehicles[v.id], v.profile) for v in u.vehicles]
        if u.infantry:
            raw["infantry"] = [_trooper(state, t.id, t.profile, t.support_weapon)
                               for t in u.infantry]
        units.append(raw)
    wrecks = [{"id": w.id, "profile": w.profile, "at": _at(state.vehicles[w.id])}
              for w in sc.wrecks]
    terrain = []
    book = sc.book()
    for piece in sc.terrain:
        raw = piece.model_dump(exclude_none=True, exclude_defaults=True)
        raw["id"] = piece.id
        left = state.terrain[piece.id].frame
        if left is not None and left != terrain_frame(piece, book):
            raw["sp_left"] = left
        terrain.append(raw)
    return {"units": units, "wrecks": wrecks, "terrain": terrain, "position": _position(state)}


def _at(vehicle: Vehicle) -> list[float]:
    return [vehicle.base.x, vehicle.base.y]


def _vehicle(v: Vehicle, profile: str) -> dict[str, Any]:
    raw: dict[str, Any] = {"id": v.id, "profile": profile, "at": _at(v)}
    full = v.start_sp
    if v.sp != full or v.wreck:
        raw.update(frame=v.frame, propulsion=v.propulsion, weapons=list(v.weapons))
    statuses = {"wrecked": v.wreck, "acted": v.acted, "mode": v.mode or None,
                "travelled": v.travelled, "rushed": v.rushed, "collided": v.collided}
    raw.update({k: value for k, value in statuses.items() if value})
    return raw


def _trooper(state: At43State, trooper_id: str, profile: str, support: bool) -> dict[str, Any]:
    t = state.troopers[trooper_id]
    raw: dict[str, Any] = {"id": t.id, "profile": profile, "at": [t.base.x, t.base.y]}
    if support:
        raw["support_weapon"] = True
    if not t.alive:
        raw["dead"] = True
    return raw


def _position(state: At43State) -> dict[str, Any]:
    turn = state.turn
    remaining = {u for units in turn.remaining.values() for u in units}
    raw: dict[str, Any] = {"round": state.round, "first": turn.order[0],
                           "side": turn.order[turn.turn],
                           "activated": [u for u in state.units if u not in remaining]}
    if state.active_unit is not None:
        raw["active_unit"] = state.active_unit
    if state.acting is not None:
        raw["acting"] = state.acting
    if state.collision is not None:
        raw["collision"] = dataclasses.asdict(state.collision)
    if state.over:
        raw["ended"] = {"winner": state.winner, "reason": state.reason, "rule": state.rule}
    return raw
