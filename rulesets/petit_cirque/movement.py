"""Movement rules PCV-5 … PCV-13, as plain functions over the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from polemos.core.hexgrid import DIRECTIONS as HEX_DIRECTIONS
from polemos.core.hexgrid import Hex
from polemos.rulesets.petit_cirque import events
from polemos.rulesets.petit_cirque.mixing import crash_onto_ground
from polemos.rulesets.petit_cirque.state import MAX_LEVEL, PcvParams, PcvState, Plane

if TYPE_CHECKING:
    from polemos.core.context import Context

STEP_COST = {"level": 1, "down": 1, "up": 2}
"""PCV-6: 1 MP forward (level or one level down); PCV-7: 2 MP forward and one level up."""
STEP_RULE = {"level": "PCV-6", "down": "PCV-6", "up": "PCV-7"}
LOOP_COST = 3
"""PCV-8: a loop costs 3 MP."""
DIRECTIONS = ("straight", "left", "right")
"""PCV-9: the three forward hexes, in the order ``forward_moves`` gives them."""
TURNS = {"straight": 0, "left": -1, "right": 1}
"""PCV-9: the facing change of a step in each direction (60° towards a front-left/right hex)."""
CLIMB = {"level": 0, "down": -1, "up": 1}
"""PCV-6, PCV-7: the altitude change of a step."""
STEPS = {(direction, alt): (TURNS[direction], STEP_COST[alt], CLIMB[alt], f"{direction}/{alt}",
                            (STEP_RULE[alt], "PCV-9") if direction != "straight"
                            else (STEP_RULE[alt],))
         for direction in DIRECTIONS for alt in STEP_COST}
"""Each step's facing change, MP cost, altitude change, ``how`` and rules cited (PCV-6, PCV-7,
PCV-9), looked up once per step."""
Problem = tuple[str, str] | None


def step_problem(params: PcvParams, plane: Plane, mp_left: int, alt: str) -> Problem:
    """Why a forward step changing altitude by ``alt`` is illegal now, or None."""
    cost = STEP_COST[alt]
    if mp_left < cost:
        return STEP_RULE[alt], f"{plane.id} has {mp_left} MP left; this step costs {cost}"
    if alt == "up":
        return climb_problem(params, plane)
    return None


def ceiling(params: PcvParams, plane: Plane) -> int:
    """The highest altitude ``plane`` may reach: 6 (PCV-7, PCV-8), or a house rule's (PCV-O1)."""
    return min(MAX_LEVEL, params.ceiling.get(plane.role, MAX_LEVEL))


def climb_problem(params: PcvParams, plane: Plane, rule: str = "PCV-7") -> Problem:
    """Never above 6 (PCV-7 for a step, PCV-8 for a loop), or a house-rule ceiling (PCV-O1)."""
    ceiling_ = ceiling(params, plane)
    if plane.altitude >= ceiling_:
        rule = rule if ceiling_ == MAX_LEVEL else params.rules["ceiling"]
        return rule, f"{plane.id} cannot climb above altitude {ceiling_}"
    return None


def loop_problem(params: PcvParams, plane: Plane, mp_left: int, alt: str) -> Problem:
    """PCV-8: 3 MP, altitude exactly one level up or down, never above 6."""
    if plane.role in params.no_loops:
        return params.rules["loops"], f"{plane.role}s may not loop"
    if mp_left < LOOP_COST:
        return "PCV-8", f"{plane.id} has {mp_left} MP left; a loop costs {LOOP_COST}"
    if alt == "up":
        return climb_problem(params, plane, "PCV-8")
    return None


def remove(state: PcvState, plane: Plane, why: str, rule: str, game: Context) -> None:
    """Take an aircraft out of play; it counts as lost (PCV-11, PCV-12, PCV-13, PCV-17)."""
    plane.in_play = False
    if state.moving == plane.id:
        state.moving = None
        state.mp_left = 0
        state.choosing_speed = False
        state.done.append(plane.id)
    game.record({"type": "lost", "unit": plane.id, "side": plane.side, "why": why, "rule": rule})


def enter(state: PcvState, plane: Plane, to: Hex, facing: int, altitude: int, how: str,
          rules: Sequence[str], game: Context) -> None:
    """Put the mover on ``to`` and apply what entering it means (PCV-11, PCV-12, PCV-13)."""
    arrive(state, plane, to.q, to.r, facing, altitude, how, rules, game)


def arrive(state: PcvState, plane: Plane, q: int, r: int, facing: int, altitude: int, how: str,
           rules: Sequence[str], game: Context) -> None:
    """``enter`` the hex of axial ``(q, r)``: a step, the commonest action, builds no ``Hex``."""
    col = q + (r - (r & 1)) // 2  # hexgrid.axial_to_offset, inlined
    game.log(events.move, plane.id, how, plane.q, plane.r, col, r, facing, altitude,
             state.mp_left, rules)
    plane.q, plane.r, plane.facing, plane.altitude = q, r, facing, altitude
    cloth = state.cloth
    if not (0 <= col < cloth.width and 0 <= r < cloth.height):  # HexMap.contains
        remove(state, plane, "left the cloth", "PCV-13", game)
    elif altitude <= 0:
        remove(state, plane, "landed (altitude 0)", "PCV-11", game)
        crash_onto_ground(plane, game)
    else:
        for other in state.planes.values():  # PCV-12: another aircraft in play here
            # one test for most aircraft, three for the mover itself (already in this hex)
            if (other.q == q and other.r == r and other is not plane
                    and other.altitude == altitude and other.in_play):
                game.emit("collision", units=[plane.id, other.id], hex=[col, r],
                          altitude=altitude, rule="PCV-12")
                remove(state, other, f"collided with {plane.id}", "PCV-12", game)
                remove(state, plane, f"collided with {other.id}", "PCV-12", game)
                break
    if state.mp_left == 0 and plane.in_play:
        state.choosing_speed = True


def do_step(state: PcvState, plane: Plane, direction: str, alt: str, game: Context) -> None:
    """PCV-6/7/9: advance into a forward hex, turning 60° for front-left/right."""
    turn, cost, climb, how, rules = STEPS[direction, alt]
    facing = (plane.facing + turn) % 6  # hexgrid.turn, inlined
    dq, dr = HEX_DIRECTIONS[facing]
    state.mp_left -= cost
    arrive(state, plane, plane.q + dq, plane.r + dr, facing, plane.altitude + climb, how, rules,
           game)


def do_loop(state: PcvState, plane: Plane, alt: str, game: Context) -> None:
    """PCV-8: one hex straight ahead, turn 180°, altitude ±1."""
    dq, dr = HEX_DIRECTIONS[plane.facing]
    state.mp_left -= LOOP_COST
    arrive(state, plane, plane.q + dq, plane.r + dr, (plane.facing + 3) % 6,
           plane.altitude + (1 if alt == "up" else -1), f"loop/{alt}", ("PCV-8",), game)


def speed_cap(params: PcvParams, plane: Plane) -> int:
    """The highest speed ``plane`` may set: 6 (PCV-10), or a house rule's (PCV-O1)."""
    return min(MAX_LEVEL, params.max_speed.get(plane.role, MAX_LEVEL))


def speed_problem(params: PcvParams, plane: Plane, change: int) -> Problem:
    """PCV-10: ±1 at most, never above 6 (or a house-rule cap, PCV-O1).

    A bomber never starts above its cap (the house-rule plugin refuses such a scenario), so
    some speed is always legal.
    """
    if change not in (-1, 0, 1):
        return "PCV-10", f"speed changes by 1 at most, not {change:+d}"
    cap = speed_cap(params, plane)
    if plane.speed + change > cap:
        rule = "PCV-10" if cap == MAX_LEVEL else params.rules["max_speed"]
        return rule, f"{plane.id}'s speed cannot exceed {cap}"
    return None


def set_speed(state: PcvState, plane: Plane, change: int, game: Context) -> None:
    """PCV-10, and PCV-11: speed 0 falls at once."""
    plane.speed += change
    state.choosing_speed = False
    state.moving = None
    state.done.append(plane.id)
    game.log(events.speed, plane.id, plane.speed, change)
    if plane.speed <= 0:
        remove(state, plane, "fell (speed 0)", "PCV-11", game)
        crash_onto_ground(plane, game)
