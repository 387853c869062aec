"""Fire rules PCV-14 … PCV-18, as plain functions over the state."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from polemos.core.hexgrid import DIRECTIONS, turn
from polemos.rulesets.petit_cirque.movement import remove
from polemos.rulesets.petit_cirque.state import PcvParams, PcvState, Plane

if TYPE_CHECKING:
    from polemos.core.context import Context

RANGE = 3
"""PCV-14: up to 3 hexes."""
NEEDED = {0: (4, 5, 6), 1: (5, 6, None)}
"""PCV-15 (same altitude) and PCV-16 (one level apart): the D6 score by hex 1, 2, 3."""
SHOTS = frozenset((levels, distance) for levels, scores in NEEDED.items()
                  for distance, score in enumerate(scores, 1) if score is not None)
"""The (altitude levels apart, hex count) of every shot NEEDED allows (PCV-15, PCV-16)."""
Problem = tuple[str, str] | None


@functools.cache
def lines(guns: tuple[int, ...], facing: int) -> dict[tuple[int, int], int]:
    """The hexes on the lines of fire of ``guns`` (hexside offsets from the nose) for an
    aircraft facing ``facing``, within RANGE (PCV-14, PCV-O3): ``{(dq, dr): hex count}``, axial
    offsets from the firer's hex. The same few tables serve every shot of every game."""
    found: dict[tuple[int, int], int] = {}
    for offset in guns:
        vq, vr = DIRECTIONS[turn(facing, offset)]
        for distance in range(1, RANGE + 1):  # ``ray(firer.hex, ..., RANGE)``
            found.setdefault((vq * distance, vr * distance), distance)
    return found


def shot(params: PcvParams, firer: Plane, target: Plane) -> tuple[int, int | None, str]:
    """``(hex count, score needed or None, rule)`` for a target on one of the firer's lines.

    Returns hex count 0 when the target is on none of them (PCV-14); a score of None when the
    altitude difference forbids the shot (PCV-16).
    """
    distance = lines(params.guns.get(firer.role, (0,)), firer.facing).get(
        (target.q - firer.q, target.r - firer.r))
    if distance is None:
        return 0, None, "PCV-14"
    levels = abs(firer.altitude - target.altitude)
    rule = "PCV-15" if levels == 0 else "PCV-16"
    needed = NEEDED[levels][distance - 1] if levels in NEEDED else None
    return distance, needed, rule


def targets(line: dict[tuple[int, int], int], firer: Plane, enemies: Iterable[Plane]
            ) -> list[Plane]:
    """The aircraft of ``enemies`` (the other sides' aircraft in play, PCV-18) that ``firer``
    may fire at — ``fire_problem`` finds nothing against them — in their order, without
    wording the reasons it would give: the fire menu asks it of every pair. ``line`` is the
    firer's ``lines`` as it faces now (the menu keeps them per aircraft: ``PlaneMenus``)."""
    q, r, altitude = firer.q, firer.r, firer.altitude
    found = []
    for t in enemies:  # a loop: a comprehension makes a function and its closure per call
        distance = line.get((t.q - q, t.r - r))
        if distance is not None and (abs(altitude - t.altitude), distance) in SHOTS:
            found.append(t)
    return found


def fire_problem(state: PcvState, params: PcvParams, firer: Plane, target_id: object) -> Problem:
    """Why ``firer`` may not fire at ``target_id``, or None (PCV-14, PCV-16, PCV-18)."""
    target = state.planes.get(target_id) if isinstance(target_id, str) else None
    if target is None or not target.in_play:
        return "PCV-14", f"no aircraft {target_id!r} in play"
    if target.side == firer.side:
        return "PCV-18", f"{target.id} is a friend; only enemy aircraft are targets"
    if target.q == firer.q and target.r == firer.r:
        return "PCV-16", f"{target.id} is in {firer.id}'s own hex, not ahead"
    distance, needed, rule = shot(params, firer, target)
    if distance == 0:
        return "PCV-14", f"{target.id} is not on {firer.id}'s line of fire within {RANGE} hexes"
    if needed is None:
        levels = abs(firer.altitude - target.altitude)
        why = ("two or more altitude levels apart" if levels >= 2
               else "one level apart in the 3rd hex")
        return rule, f"no shot at {target.id}: {why}"
    return None


def hit_chance(params: PcvParams, firer: Plane, target: Plane) -> float:
    """Probability that a shot hits (0 when there is no shot): used by the greedy bot."""
    if target.side == firer.side or (target.q == firer.q and target.r == firer.r):
        return 0.0
    distance, needed, _ = shot(params, firer, target)
    return 0.0 if distance == 0 or needed is None else (7 - needed) / 6


def resolve_fire(state: PcvState, params: PcvParams, firer: Plane, target: Plane,
                 game: Context) -> None:
    """PCV-15/16 to hit; PCV-17: a 6 destroys, other hits damage, the last damage destroys."""
    distance, needed, rule = shot(params, firer, target)
    assert needed is not None, "fire_problem is checked before resolve_fire"
    roll = game.dice.d6(purpose=f"{firer.id} fires at {target.id}", rule=rule, unit=firer.id)
    rules = [rule]
    vq, vr = DIRECTIONS[firer.facing]  # is the target on the nose's ``ray``?
    if target.q - firer.q != vq * distance or target.r - firer.r != vr * distance:
        rules.append(params.rules["guns"])  # a rear or side gun's shot cites its option (PCV-O3)
    if roll < needed:
        outcome = "miss"
    else:
        outcome, cited = damage(params, target, roll)
        rules.append(cited)
    game.emit("fire", unit=firer.id, target=target.id, distance=distance, needed=needed,
              roll=roll, outcome=outcome, rules=rules)
    if outcome == "destroyed":
        remove(state, target, f"shot down by {firer.id}", rules[-1], game)


def damage(params: PcvParams, target: Plane, roll: int) -> tuple[str, str]:
    """PCV-17 for a hit rolled ``roll``, whoever fired it: ``(outcome, rule cited)``.

    A 6 destroys outright; any other hit counts one damage, and the role's last one destroys
    (2 unless a house rule changed it, PCV-O4). The caller removes a destroyed aircraft.
    """
    if roll == 6:
        return "destroyed", "PCV-17"
    target.damage += 1
    limit = params.hits_to_destroy.get(target.role, 2)
    outcome = "destroyed" if target.damage >= limit else "damaged"
    return outcome, "PCV-17" if limit == 2 else params.rules["hits"]


def strike(params: PcvParams, target: Plane, needed: int, rule: str, purpose: str, unit: str,
           game: Context) -> tuple[int, str, list[str]]:
    """An attack a club ability makes on an aircraft (flak, a breath): one D6 against
    ``needed``, a hit counting as PCV-17. Returns ``(roll, outcome, rules cited)``; the caller
    emits its event, then removes a destroyed target."""
    roll = game.dice.d6(purpose=purpose, rule=rule, unit=unit)
    if roll < needed:
        return roll, "miss", [rule]
    outcome, cited = damage(params, target, roll)
    return roll, outcome, [rule, cited]
