"""The greedy Petit Cirque Volant bot: line up shots, avoid collisions, stay on the cloth.

A side moves and then fires at once (PCV-4), so the enemy is still where it stands when our
shots come: the bot searches every complete move of the aircraft (memoised on position, facing,
altitude and MP left) and takes the first step of the best one.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from typing import Any

from polemos.core.actions import Action
from polemos.core.hexgrid import Hex, HexMap, axial_to_offset, forward_moves, neighbour, turn
from polemos.rulesets.petit_cirque import abilities, fire, movement
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant
from polemos.rulesets.petit_cirque.state import PcvParams, PcvState, Plane

LOST = -1000.0
PREFERRED_SPEED = 3


def greedy_policy(rules: PetitCirqueVolant, view: PcvState, side: str, legal: list[Action],
                  rng: random.Random) -> Action:
    if view.phase == "fire":
        return _best_shot(rules, view, legal)
    if view.choosing_speed:
        plane = view.planes[legal[0].actor]
        return min(legal, key=lambda a: (abs(plane.speed + a["change"] - PREFERRED_SPEED),
                                         a["change"]))
    # A club ability's manoeuvre (PCV-O6) is beyond this search: the bot flies the rules as
    # written, and uses one only when nothing else is legal.
    moves = [action for action in legal if action.kind in ("step", "loop")]
    if not moves:
        return legal[0]
    unit = view.moving or moves[0].actor
    return _best_move(rules, view, view.planes[unit], moves)


def playout_policy(rules: PetitCirqueVolant, view: PcvState, side: str, legal: list[Action],
                   rng: random.Random) -> Action:
    """The search bot's cheap stand-in for ``greedy_policy`` (``mcts`` playouts): the same
    shots and speeds, but each step of a move goes to the hex that looks best from where it
    lands (``_position_value``) instead of searching every complete move — a few times a
    random choice's cost where the greedy bot's full search costs a hundred."""
    if view.phase == "fire" or view.choosing_speed:
        return greedy_policy(rules, view, side, legal, rng)
    moves = [action for action in legal if action.kind in ("step", "loop")]
    if not moves:
        return legal[0]
    plane = view.planes[view.moving or moves[0].actor]
    others = [p for p in view.planes.values() if p.in_play and p.id != plane.id]
    occupied = {(p.q, p.r, p.altitude) for p in others}
    enemies = [p for p in others if p.side != plane.side]
    cloth = view.cloth

    def landing(action: Action) -> float:
        if action.unit != plane.id:
            return LOST - 1
        to, facing, alt = _landing(plane, action)
        if not cloth.contains(to) or alt <= 0 or (to.q, to.r, alt) in occupied:
            return LOST
        return _position_value(rules, cloth, plane, enemies, to.q, to.r, facing, alt)

    return max(moves, key=landing)


def _landing(plane: Plane, action: Action) -> tuple[Hex, int, int]:
    """Where a step or a loop (PCV-8, PCV-9) takes ``plane``: hex, facing, altitude."""
    if action.kind == "loop":
        return (neighbour(plane.hex, plane.facing), turn(plane.facing, 3),
                plane.altitude + (1 if action["alt"] == "up" else -1))
    to, facing = forward_moves(plane.hex, plane.facing)[movement.DIRECTIONS.index(action["dir"])]
    return to, facing, plane.altitude + ALTITUDE_CHANGE[action["alt"]]


ALTITUDE_CHANGE = {"level": 0, "down": -1, "up": 1}
"""PCV-6, PCV-7: the level a step's altitude choice ends at, from the level it starts at."""


def _position_value(rules: PetitCirqueVolant, cloth: HexMap, plane: Plane,
                    enemies: list[Plane], q: int, r: int, facing: int, alt: int) -> float:
    """How good it is for ``plane`` to end its move at (q, r, facing, alt): its likeliest
    kill from there (PCV-15, PCV-16), less the enemies' chances at it, less the cloth's edge
    close by (PCV-2: leaving it is leaving play)."""
    probe = Plane(plane.id, plane.side, q, r, facing, alt, plane.speed, plane.role,
                  plane.damage)
    best = max((_kill_value(rules, probe, e) for e in enemies), default=0.0)
    threat = sum(fire.hit_chance(rules.params, e, probe) for e in enemies) * THREAT_WEIGHT
    col, row = axial_to_offset(Hex(q, r))
    margin = min(col, row, cloth.width - 1 - col, cloth.height - 1 - row)
    edge = 0.0 if margin >= EDGE_MARGIN else (EDGE_MARGIN - margin) * EDGE_WEIGHT
    return best - threat - edge


THREAT_WEIGHT, EDGE_MARGIN, EDGE_WEIGHT = 0.3, 3, 0.2
"""The greedy bot's weights: an enemy's shot counts 0.3 of ours; within 3 hexes of the edge
each hex nearer costs 0.2."""


def _kill_value(rules: PetitCirqueVolant, firer: Plane, target: Plane) -> float:
    chance = fire.hit_chance(rules.params, firer, target)
    if chance == 0:
        return 0.0
    needed = 7 - round(chance * 6)
    lethal = target.damage + 1 >= rules.params.hits_to_destroy.get(target.role, 2)
    p_six = 1 / 6
    p_other = max(0.0, (6 - needed) / 6)
    return p_six + p_other * (1.0 if lethal else 0.5)


def _best_shot(rules: PetitCirqueVolant, view: PcvState, legal: list[Action]) -> Action:
    """The likeliest kill among the guns' shots and the abilities' valued attacks."""
    values: dict[Action, float] = {}
    for action in legal:
        ability = abilities.owner(rules.params, action.kind)
        if ability is not None:
            worth = ability.worth(view, rules.params, action)
            if worth is not None:
                values[action] = worth
        elif action.kind == "fire":
            values[action] = _kill_value(rules, view.planes[action.actor],
                                         view.planes[action["target"]])
    if not values:
        return legal[0]
    return max(values, key=values.__getitem__)


Value = Callable[[int, int, int, int, int], float]
"""``value(q, r, facing, alt, mp)``: the best end of a move from there with ``mp`` MP left."""
PLANS: OrderedDict[tuple[Any, ...], tuple[PcvParams, HexMap, Value]] = OrderedDict()
"""The move searches of the last positions met, each with the params and cloth it was made for.
A move of several steps asks the same search again at every step (nothing else moves in
between, PCV-4): the memoised values answer at once, and exactly as a new search would. A few
are kept (each holds thousands of values), for the bots of several games played in turn."""
PLANS_KEPT = 8


def _plan(rules: PetitCirqueVolant, view: PcvState, plane: Plane) -> Value:
    """The memoised move search of ``plane`` among the aircraft in play now (``_search``)."""
    others = [p for p in view.planes.values() if p.in_play and p.id != plane.id]
    key = (plane.id, plane.side, plane.speed, plane.role, plane.damage,
           *[(p.id, p.side, p.q, p.r, p.facing, p.altitude, p.role, p.damage) for p in others])
    found = PLANS.get(key)
    if found is not None and found[0] is rules.params and found[1] is view.cloth:
        PLANS.move_to_end(key)
        return found[2]
    value = _search(rules, view.cloth, plane, others)
    PLANS[key] = (rules.params, view.cloth, value)
    if len(PLANS) > PLANS_KEPT:
        PLANS.popitem(last=False)
    return value


def _best_move(rules: PetitCirqueVolant, view: PcvState, plane: Plane,
               legal: list[Action]) -> Action:
    value = _plan(rules, view, plane)
    occupied = {(p.q, p.r, p.altitude) for p in view.planes.values()
                if p.in_play and p.id != plane.id}
    cloth = view.cloth

    def _after(to: Hex, facing: int, alt: int, mp: int) -> float:
        if not cloth.contains(to) or alt <= 0 or (to.q, to.r, alt) in occupied:
            return LOST
        return value(to.q, to.r, facing, alt, mp)

    mp = view.mp_left if view.moving else plane.speed

    def outcome(action: Action) -> float:
        if action.unit != plane.id:
            return LOST - 1
        to, facing, alt = _landing(plane, action)
        cost = movement.LOOP_COST if action.kind == "loop" else movement.STEP_COST[action["alt"]]
        return _after(to, facing, alt, mp - cost)

    return max(legal, key=outcome)


def _search(rules: PetitCirqueVolant, cloth: HexMap, plane: Plane, others: list[Plane]
            ) -> Value:
    """Every complete move of ``plane`` from any position, memoised: the value of its best end
    (``_position_value``), never flying into another aircraft's hex and level (PCV-12), off the
    cloth (PCV-13) or to altitude 0 (PCV-11)."""
    occupied = {(p.q, p.r, p.altitude) for p in others}
    enemies = [p for p in others if p.side != plane.side]
    params = rules.params

    @cache
    def value(q: int, r: int, facing: int, alt: int, mp: int) -> float:
        if mp == 0:
            return _position_value(rules, cloth, plane, enemies, q, r, facing, alt)
        best = LOST
        for to, new_facing, new_alt, cost in _moves(q, r, facing, alt, mp):
            best = max(best, _after(to, new_facing, new_alt, mp - cost))
        return best

    def _after(to: Hex, facing: int, alt: int, mp: int) -> float:
        if not cloth.contains(to) or alt <= 0 or (to.q, to.r, alt) in occupied:
            return LOST
        return value(to.q, to.r, facing, alt, mp)

    def _moves(q: int, r: int, facing: int, alt: int, mp: int
               ) -> list[tuple[Hex, int, int, int]]:
        probe = Plane(plane.id, plane.side, q, r, facing, alt, plane.speed, plane.role)
        options = []
        for (to, new_facing) in forward_moves(Hex(q, r), facing):
            for name, change in (("level", 0), ("down", -1), ("up", 1)):
                if movement.step_problem(params, probe, mp, name) is None:
                    options.append((to, new_facing, alt + change, movement.STEP_COST[name]))
        for name, change in (("up", 1), ("down", -1)):
            if movement.loop_problem(params, probe, mp, name) is None:
                options.append((neighbour(Hex(q, r), facing), turn(facing, 3), alt + change,
                                movement.LOOP_COST))
        return options

    return value
