"""Damage points: location (AT-4), immobilisation and destruction (AT-5), wrecks (AT-6), and
damage to terrain obstacles (AT-10).

Decision (weapon on a 6, AT-4): the player who dealt the point would choose the Weapon; this
ruleset has no shooting, so every Weapon choice has the same effect, and the point goes to the
first Weapon (profile order) with SP left, without asking. A 6 with no Weapon left, or any point
on a location already at 0, goes to the Frame (AT-5 Decision).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.rulesets.at43.state import At43State, Terrain, Vehicle

if TYPE_CHECKING:
    from polemos.core.context import Context

PROPULSION = "propulsion"
FRAME = "frame"
WEAPON = "weapon"


def location(roll: int) -> str:
    """AT-4: 1–2 Propulsion, 3–5 Frame, 6 a Weapon."""
    if roll <= 2:
        return PROPULSION
    return FRAME if roll <= 5 else WEAPON


def apply_point(vehicle: Vehicle, where: str) -> tuple[str, int | None]:
    """Remove 1 SP at ``where``; returns where it really went (AT-5 spill-over) and the Weapon
    index for a Weapon hit. A wreck takes nothing (AT-6); callers stop before."""
    if where == WEAPON:
        for index, sp in enumerate(vehicle.weapons):
            if sp > 0:
                vehicle.weapons[index] = sp - 1
                return WEAPON, index
        where = FRAME
    if where == PROPULSION and vehicle.propulsion > 0:
        vehicle.propulsion -= 1
        return PROPULSION, None
    vehicle.frame = max(0, vehicle.frame - 1)
    return FRAME, None


def damage_vehicle(vehicle: Vehicle, points: int, game: Context, *, cause: str, rule: str) -> int:
    """Locate and apply ``points`` damage points one by one (AT-4, AT-5). Points still to come
    when the Frame reaches 0 are not located: a wreck takes no damage (AT-6, AT-10). Returns
    the points located (what another ruleset's hit really did, MIX-4)."""
    for located in range(points):
        if vehicle.wreck:
            return located
        roll = game.dice.d6(purpose=f"location of a damage point on {vehicle.id}", rule="AT-4",
                            unit=vehicle.id)
        wanted = location(roll)
        where, weapon = apply_point(vehicle, wanted)
        rules = [rule, "AT-4"] + (["AT-5"] if where != wanted else [])
        game.emit("damage", unit=vehicle.id, roll=roll, location=where, weapon=weapon,
                  frame=vehicle.frame, propulsion=vehicle.propulsion,
                  weapons=list(vehicle.weapons), cause=cause, rules=rules)
        if where == PROPULSION and vehicle.propulsion == 0:
            game.emit("immobilised", unit=vehicle.id, rule="AT-5")
        if vehicle.frame == 0:
            wreck(vehicle, game)
    return points


def wreck(vehicle: Vehicle, game: Context) -> None:
    """AT-5: Frame at 0 destroys the AFV; AT-6: it stays where it is as a wreck, an obstacle
    with its Armour and Size, no SP and no backlash."""
    vehicle.wreck = True
    game.emit("destroyed", unit=vehicle.id, side=vehicle.side, rules=["AT-5", "AT-6"])


def damage_terrain(piece: Terrain, points: int, game: Context, cause: str) -> None:
    """AT-10: a terrain obstacle loses 1 SP per point from its single Frame; at 0 it is removed.
    One without SP (``frame`` None) cannot be damaged."""
    if piece.frame is None or piece.removed or points <= 0:
        return
    piece.frame = max(0, piece.frame - points)
    game.emit("terrain_damage", terrain=piece.id, points=points, frame=piece.frame, cause=cause,
              rule="AT-10")
    if piece.frame == 0:
        piece.removed = True
        game.emit("terrain_removed", terrain=piece.id, rule="AT-10")


def armour_of(state: At43State, thing: str) -> int | None:
    """Armour of an AFV, wreck or terrain piece; None: impassable without Armour (AT-10)."""
    if thing in state.vehicles:
        return state.vehicles[thing].armour
    return state.terrain[thing].obstacle.armour
