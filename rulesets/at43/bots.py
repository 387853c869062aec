"""The greedy AT-43 bot: ram where the expected damage is best, close in otherwise.

A ram's worth is the expected damage it deals (impacts × chance on the universal table) minus the
expected backlash it takes (AT-17 … AT-19). The bot rams whenever some ram is worth more than 0;
otherwise it rushes to the spot from which next round's best ram is worth most, discounted by the
rams the enemy could make on it. It always pushes (a push can only hurt the target), gives the
remainder of the damage to the target closest to destruction and the remainder of the backlash to
the attacker with the most Frame left, and throws in the order offered. Infantry keep away from
enemy AFVs. A rush is worth a third of a kill for each enemy model it runs over (AT-8's 5+),
another ruleset's infantry included (MIX-8); with no enemy AFV left, an AFV closes on the
nearest enemy model.
"""

from __future__ import annotations

import random

from polemos.core.actions import Action
from polemos.core.table import Base, gap, passed_over, sweep
from polemos.core.world import INFANTRY
from polemos.rulesets.at43.geometry import afv_bases, heading_vector, obstacles, trooper_bases
from polemos.rulesets.at43.impacts import band, impact_count, size_bonus
from polemos.rulesets.at43.mixing import base_of, foreign_bases, foreign_ground
from polemos.rulesets.at43.ram import RamPlan, plan_ram, ram_options
from polemos.rulesets.at43.resolution import chance
from polemos.rulesets.at43.ruleset import At43
from polemos.rulesets.at43.state import At43Params, At43State, Vehicle

THREAT_WEIGHT = 0.5
FRIENDLY_FIRE = 1.0
"""Cost of running over one friendly model, in expected damage points."""
PREY = 1.0 / 3.0
"""Worth of running over one enemy model: the chance of AT-8's 5+."""


def ram_value(attacker: Vehicle, target: Vehicle, band_: str, in_contact: bool = True) -> float:
    """Expected damage dealt minus expected backlash taken, for one attacker on one target."""
    dealt = impact_count(band_, attacker.size, target.size, in_contact) * \
        chance(attacker.armour - target.armour)
    if target.wreck:
        return dealt * 0.1
    back = (dealt + size_bonus(target.size, attacker.size)) * chance(target.armour -
                                                                       attacker.armour)
    return dealt - back


def greedy_policy(rules: At43, view: At43State, side: str, legal: list[Action],
                  rng: random.Random) -> Action:
    kinds = {a.kind for a in legal}
    if "push" in kinds:
        return Action("push")
    if kinds == {"allot"}:
        return min(legal, key=lambda a: sum(view.vehicles[v].frame
                                            for v in a["extra"].split(",")))
    if kinds == {"split"}:
        return max(legal, key=lambda a: sum(view.vehicles[v].frame
                                            for v in a["extra"].split(",")))
    if kinds == {"throw"}:
        return legal[0]
    if kinds <= {"join", "strike"}:
        return _best_join(rules, view, legal)
    if kinds <= {"move", "ram"}:
        return _best_move_or_ram(rules, view, legal)
    if kinds & {"march"} and not kinds & {"declare"}:
        return _safest_march(view, side, legal)
    return _best_declaration(rules.params, view, side, legal)


def _best_join(rules: At43, view: At43State, legal: list[Action]) -> Action:
    """The join worth most, counting the impact an AFV joining behind a comrade gives up
    (AT-34); strike when none is worth anything."""
    c = view.collision
    assert c is not None
    best, worth = Action("strike"), 0.0
    for action in legal:
        if action.kind != "join":
            continue
        attacker = view.vehicles[_actor(action)]
        plan = plan_ram(view, rules.params, attacker, action["target"], action["offset"],
                        [a.id for a in c.attackers], mode="rush")
        if not isinstance(plan, RamPlan):
            continue
        value = ram_value(attacker, view.vehicles[plan.target], plan.band, plan.in_contact)
        if value > worth:
            best, worth = action, value
    return best


def _ram_worth(params: At43Params, view: At43State, action: Action) -> float:
    attacker = view.vehicles[_actor(action)]
    target = view.vehicles[action["target"]]
    distance = gap(attacker.base, target.base)
    return ram_value(attacker, target,
                     band(distance, attacker.move, params.rush_bonus) or "charge")


def _best_move_or_ram(rules: At43, view: At43State, legal: list[Action]) -> Action:
    params = rules.params
    rams = [a for a in legal if a.kind == "ram"]
    if rams:
        best = max(rams, key=lambda a: _ram_worth(params, view, a))
        if _ram_worth(params, view, best) > 0:
            return best
    moves = [a for a in legal if a.kind == "move"]
    vehicle = view.vehicles[_actor(moves[0])]
    models = _models(rules, view)
    prey = [b for side, b in models if side != vehicle.side]
    friends = [b for side, b in models if side == vehicle.side]
    barring = foreign_bases(rules.world)

    def worth(action: Action) -> float:
        spot, friendly, enemy = _end_of_move(view, vehicle, action, friends, prey, barring)
        return (_spot_value(params, view, vehicle, spot, prey) - FRIENDLY_FIRE * friendly
                + PREY * enemy)

    return max(moves, key=worth)


def _models(rules: At43, view: At43State) -> list[tuple[str, Base]]:
    """Every model an AFV may run over, with its side: AT's own and other rulesets' (MIX-8)."""
    found = [(t.side, t.base) for t in view.troopers.values() if t.alive]
    return found + [(p.side, base_of(p)) for p in foreign_ground(rules.world)
                    if p.kind == INFANTRY]


def _end_of_move(view: At43State, vehicle: Vehicle, action: Action, friends: list[Base],
                 prey: list[Base], barring: list[Base]) -> tuple[Base, int, int]:
    """Where a move ends, and how many friendly and enemy models a rush would run over on the
    way (a normal move is barred by models and other rulesets' ground units, ``barring``)."""
    direction = heading_vector(float(action["heading"]))
    rush = vehicle.mode == "rush"
    blockers = afv_bases(view, [vehicle.id])
    if not rush:
        blockers += trooper_bases(view) + barring
    result = sweep([vehicle.base], direction, float(action["distance"]), bases=blockers,
                   obstacles=obstacles(view), table=view.table)
    spot = Base(vehicle.id, vehicle.base.x + direction[0] * result.travelled,
                vehicle.base.y + direction[1] * result.travelled, vehicle.base.radius)
    if not rush:
        return spot, 0, 0
    return (spot, len(passed_over(vehicle.base, direction, result.travelled, friends)),
            len(passed_over(vehicle.base, direction, result.travelled, prey)))


def _spot_value(params: At43Params, view: At43State, vehicle: Vehicle, spot: Base,
                prey: list[Base]) -> float:
    """Best ram next round from ``spot`` minus the enemy's rams on it; with no enemy AFV left,
    the nearer the closest enemy model the better."""
    enemies = [e for e in view.vehicles.values()
               if not e.wreck and e.side and e.side != vehicle.side]
    if not enemies:
        return -0.02 * min((gap(spot, b) for b in prey), default=0.0)
    best = -1.0
    threat = 0.0
    for enemy in enemies:
        distance = gap(spot, enemy.base)
        mine = band(distance, vehicle.move, params.rush_bonus)
        if mine is not None and distance > params.contact:
            best = max(best, ram_value(vehicle, enemy, mine))
        else:
            best = max(best, -0.02 * distance)
        theirs = band(distance, enemy.move, params.rush_bonus)
        if theirs is not None and enemy.mobile and distance > params.contact:
            threat += max(0.0, ram_value(enemy, vehicle, theirs))
    return best - THREAT_WEIGHT * threat


def _best_declaration(params: At43Params, view: At43State, side: str, legal: list[Action]
                      ) -> Action:
    """Rush with the vehicle that has the best ram; else rush the first able one forward."""
    declarations = [a for a in legal if a.kind == "declare" and a["mode"] == "rush"]
    if not declarations:
        return legal[0]
    scored = []
    for action in declarations:
        vehicle = view.vehicles[_actor(action)]
        options = ram_options(view, params, vehicle, mode="rush")
        worth = max((ram_value(vehicle, view.vehicles[t], plan.band) for t, _, plan in options),
                    default=-1.0)
        scored.append((worth, action))
    return max(scored, key=lambda pair: pair[0])[1]


def _safest_march(view: At43State, side: str, legal: list[Action]) -> Action:
    enemies = [v.base for v in view.vehicles.values() if v.side and v.side != side
               and not v.wreck]

    def clearance(action: Action) -> float:
        if action.kind == "hold":
            return _clearance(view, _actor(action), (0.0, 0.0), enemies)
        direction = heading_vector(float(action["heading"]))
        shift = (direction[0] * float(action["distance"]), direction[1] * float(action["distance"]))
        return _clearance(view, _actor(action), shift, enemies)

    return max(legal, key=clearance)


def _clearance(view: At43State, unit: str, shift: tuple[float, float],
               enemies: list[Base]) -> float:
    squad = [view.troopers[m].base for m in view.units[unit].members if view.troopers[m].alive]
    moved = [Base(b.id, b.x + shift[0], b.y + shift[1], b.radius) for b in squad]
    if not all(view.table.contains(b) for b in moved):
        return -1.0
    return min((gap(b, e) for b in moved for e in enemies), default=0.0)


def _actor(action: Action) -> str:
    """Who acts in a legal action the bots weigh (join, ram, move, declare, march, hold):
    every one of these kinds names its unit (``actions``)."""
    assert action.unit is not None
    return action.unit
