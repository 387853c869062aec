"""The greedy Petit Cirque Volant bot: line up shots, avoid collisions, stay on the cloth.

A side moves and then fires at once (PCV-4), so the enemy is still where it stands when our
shots come: the bot searches every complete move of the aircraft (memoised on position, facing,
altitude and MP left) and takes the first step of the best one.
"""

from __future__ import annotations

import random
from functools import cache

from polemos.core.actions import Action
from polemos.core.hexgrid import Hex, axial_to_offset, forward_moves, neighbour, turn
from polemos.rulesets.petit_cirque import abilities, fire, movement
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant
from polemos.rulesets.petit_cirque.state import PcvState, Plane

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


def _best_move(rules: PetitCirqueVolant, view: PcvState, plane: Plane,
               legal: list[Action]) -> Action:
    others = [p for p in view.planes.values() if p.in_play and p.id != plane.id]
    occupied = {(p.q, p.r, p.altitude) for p in others}
    enemies = [p for p in others if p.side != plane.side]
    params = rules.params
    cloth = view.cloth

    def score(q: int, r: int, facing: int, alt: int) -> float:
        probe = Plane(plane.id, plane.side, q, r, facing, alt, plane.speed, plane.role,
                      plane.damage)
        best = max((_kill_value(rules, probe, e) for e in enemies), default=0.0)
        threat = sum(fire.hit_chance(params, e, probe) for e in enemies) * 0.3
        col, row = axial_to_offset(Hex(q, r))
        margin = min(col, row, cloth.width - 1 - col, cloth.height - 1 - row)
        edge = 0.0 if margin >= 3 else (3 - margin) * 0.2
        return best - threat - edge

    @cache
    def value(q: int, r: int, facing: int, alt: int, mp: int) -> float:
        if mp == 0:
            return score(q, r, facing, alt)
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

    mp = view.mp_left if view.moving else plane.speed

    def outcome(action: Action) -> float:
        if action.unit != plane.id:
            return LOST - 1
        if action.kind == "loop":
            to = neighbour(plane.hex, plane.facing)
            alt = plane.altitude + (1 if action["alt"] == "up" else -1)
            return _after(to, turn(plane.facing, 3), alt, mp - movement.LOOP_COST)
        to, facing = forward_moves(plane.hex, plane.facing)[
            movement.DIRECTIONS.index(action["dir"])]
        change = {"level": 0, "down": -1, "up": 1}[action["alt"]]
        return _after(to, facing, plane.altitude + change, mp - movement.STEP_COST[action["alt"]])

    return max(legal, key=outcome)
