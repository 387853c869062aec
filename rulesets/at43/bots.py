"""The greedy AT-43 bot: close in, ram where the expected damage is best, finish the crippled.

The derby is won by the last side with a mobile AFV (AT-P2), so a damage point is worth more the
likelier it is to immobilise or destroy its victim (AT-4, AT-5): one on a vehicle down to its last
Propulsion or Frame point counts up to ``FINISH`` times more, one on an AFV already immobilised
counts only for the round-limit score (AT-P3). A ram's worth is the expected damage it deals
(impacts × chance on the universal table, AT-15 … AT-18) at that price minus the expected
backlash it takes (AT-19) at the attacker's price, less ``LOCK`` for an Assault, which leaves the
two locked in contact (AT-14, AT-28) where a Charge throws its target clear. The bot rams
whenever some ram is worth more than ``RAM_FLOOR`` (trading blows is what ends a derby);
otherwise it moves to the spot from which next round's best ram, on a clear head-on path
(AT-16), is worth most, less a share of the best ram an enemy could make on it. A target out of
reach or behind something still draws it (``FAR`` of its worth, less ``CLOSING`` per cm short
of charge range), ties go to the spot nearer the fight, and the menu's moves are joined by one
straight at each enemy that stops inside its charge band: a vehicle that can move does not
idle. Wrecks are not worth a walker's ram. It always pushes (a push can only hurt the target),
gives the remainder of the damage to the target closest to destruction and the remainder of the
backlash to the attacker with the most Frame left, and throws in the order offered. Infantry keep
away from enemy AFVs. A rush is worth a third of a kill for each enemy model it runs over (AT-8's
5+), another ruleset's infantry included (MIX-8); with no enemy AFV left, an AFV closes on the
nearest enemy model.
"""

from __future__ import annotations

import math
import random

from polemos.core.actions import Action
from polemos.core.table import Base, Vec, gap, gap_to_obstacle, passed_over, sweep
from polemos.core.world import INFANTRY
from polemos.rulesets.at43.geometry import (
    afv_bases,
    approach,
    heading_of,
    heading_vector,
    obstacles,
    trooper_bases,
)
from polemos.rulesets.at43.impacts import band, impact_count, size_bonus
from polemos.rulesets.at43.mixing import base_of, foreign_bases, foreign_ground
from polemos.rulesets.at43.movement import reach
from polemos.rulesets.at43.ram import TRAVEL_TOLERANCE, RamPlan, plan_ram, ram_options
from polemos.rulesets.at43.resolution import chance
from polemos.rulesets.at43.ruleset import At43
from polemos.rulesets.at43.state import ASSAULT, CHARGE, At43Params, At43State, Vehicle

THREAT_WEIGHT = 0.3
"""Share of the best ram an enemy could make on a spot that counts against standing there."""
FRIENDLY_FIRE = 1.0
"""Cost of running over one friendly model, in expected damage points."""
PREY = 1.0 / 3.0
"""Worth of running over one enemy model: the chance of AT-8's 5+."""
FINISH = 2.0
"""Extra worth of a damage point per unit of chance that it immobilises or destroys (AT-5)."""
SCORE_ONLY = 0.4
"""Worth of a damage point on an AFV already immobilised: it only adds to the AT-P3 score."""
CLOSING = 0.02
"""Worth lost per cm a spot stands beyond charge range of the best target (AT-15)."""
LOCK = 0.3
"""Cost of an Assault's ending in contact (AT-28): neither vehicle may ram the other again from
there (AT-14), where a Charge throws its target clear (AT-30, AT-32)."""
RAM_FLOOR = -1.0
"""A ram worth more than this is made: trading blows is how the derby is won (AT-P2), and a
slightly losing ram now beats standing off for a better one that may never come."""
TIE_BREAK = 0.001
"""Worth lost per cm to the nearest enemy not in contact: between spots of equal worth, the
one nearer the fight (a vehicle does not idle where it could close in)."""
FAR = 0.3
"""Share of a ram's worth that a target out of reach, or behind something, is worth: enough to
steer toward it, never as much as a ram that is on."""
CHARGE_DEPTH = 2.0
"""cm inside the charge band (M < d ≤ M + 10) that an extra 'toward' move aims for."""
RING_STEP = 30
"""Degrees between the spots round an enemy from which a Charge is tried (``_charge_moves``)."""


def point_worth(vehicle: Vehicle) -> float:
    """What one damage point on ``vehicle`` is worth toward AT-P2: 1, plus ``FINISH`` times the
    chance that it removes the last Propulsion (1–2 on the D6) or Frame point (3–5, and a 6 when
    no Weapon is left, AT-4, AT-5); an immobilised AFV only adds to the score (AT-P3)."""
    if not vehicle.mobile:
        return SCORE_ONLY
    disabling = 0.0
    if vehicle.propulsion == 1:
        disabling += 2 / 6
    if vehicle.frame == 1:
        disabling += (4 if not any(vehicle.weapons) else 3) / 6
    return 1.0 + FINISH * disabling


def ram_value(attacker: Vehicle, target: Vehicle, band_: str, in_contact: bool = True) -> float:
    """Expected damage dealt minus expected backlash taken, each point at its victim's
    ``point_worth``; a wreck is worth nothing (it loses no SP, AT-12)."""
    if target.wreck:
        return 0.0
    dealt = impact_count(band_, attacker.size, target.size, in_contact) * \
        chance(attacker.armour - target.armour)
    back = (dealt + size_bonus(target.size, attacker.size)) * chance(target.armour -
                                                                       attacker.armour)
    lock = LOCK if band_ == ASSAULT else 0.0
    return dealt * point_worth(target) - back * point_worth(attacker) - lock


def greedy_policy(rules: At43, view: At43State, side: str, legal: list[Action],
                  rng: random.Random) -> Action:
    kinds = {a.kind for a in legal}
    settled = settle(view, legal, kinds)
    if settled is not None:
        return settled
    if kinds <= {"join", "strike"}:
        return _best_join(rules, view, legal)
    if kinds <= {"move", "ram"}:
        return _best_move_or_ram(rules, view, legal)
    if kinds & {"march"} and not kinds & {"declare"}:
        return safest_march(view, side, legal)
    return _best_declaration(rules.params, view, side, legal)


def settle(view: At43State, legal: list[Action], kinds: set[str]) -> Action | None:
    """A collision's choices that need no weighing, or None for the others: always push (a
    push can only hurt the target, AT-21), the remainder of the damage to the target closest
    to destruction (AT-33), of the backlash to the attacker with the most Frame left (AT-39),
    and throws in the order offered (AT-37)."""
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
    return None


def _best_join(rules: At43, view: At43State, legal: list[Action]) -> Action:
    """The join worth most, counting the impact an AFV joining behind a comrade gives up
    (AT-34); strike when none is worth anything."""
    c = view.collision
    assert c is not None
    best, worth = Action("strike"), 0.0
    for action in legal:
        if action.kind != "join":
            continue
        attacker = view.vehicles[actor(action)]
        plan = plan_ram(view, rules.params, attacker, action["target"], action["offset"],
                        [a.id for a in c.attackers], mode="rush")
        if not isinstance(plan, RamPlan):
            continue
        value = ram_value(attacker, view.vehicles[plan.target], plan.band, plan.in_contact)
        if value > worth:
            best, worth = action, value
    return best


def ram_worth(params: At43Params, view: At43State, action: Action) -> float:
    """A ``ram`` action's ``ram_value`` in the band its distance sets (AT-15)."""
    attacker = view.vehicles[actor(action)]
    target = view.vehicles[action["target"]]
    distance = gap(attacker.base, target.base)
    return ram_value(attacker, target,
                     band(distance, attacker.move, params.rush_bonus) or "charge")


def worthy_ram(params: At43Params, view: At43State, legal: list[Action]) -> Action | None:
    """The best ram of ``legal`` on an enemy AFV if worth more than ``RAM_FLOOR`` (a wreck's
    is worth nothing, AT-12), else None."""
    rams = [a for a in legal if a.kind == "ram" and not view.vehicles[a["target"]].wreck]
    if not rams:
        return None
    best = max(rams, key=lambda a: ram_worth(params, view, a))
    return best if ram_worth(params, view, best) > RAM_FLOOR else None


def _best_move_or_ram(rules: At43, view: At43State, legal: list[Action]) -> Action:
    params = rules.params
    ram = worthy_ram(params, view, legal)
    if ram is not None:
        return ram
    moves = [a for a in legal if a.kind == "move"]
    vehicle = view.vehicles[actor(moves[0])]
    models = _models(rules, view)
    prey = [b for side, b in models if side != vehicle.side]
    friends = [b for side, b in models if side == vehicle.side]
    barring = foreign_bases(rules.world)
    enemies = [e for e in view.vehicles.values()
               if not e.wreck and e.side and e.side != vehicle.side]

    spots: dict[tuple[float, float], float] = {}  # blocked moves often end at one spot
    lanes = _lanes(view, params, vehicle, enemies)

    def worth(action: Action) -> float:
        spot, friendly, enemy = _end_of_move(view, vehicle, action, friends, prey, barring)
        key = (round(spot.x, 6), round(spot.y, 6))
        if key not in spots:
            spots[key] = _spot_value(view, params, vehicle, spot, enemies, prey, lanes)
        return spots[key] - FRIENDLY_FIRE * friendly + PREY * enemy

    return max(moves + _charge_moves(params, vehicle, enemies), key=worth)


def _charge_moves(params: At43Params, vehicle: Vehicle, enemies: list[Vehicle]
                  ) -> list[Action]:
    """Moves the menu lacks: straight toward each enemy, stopping ``CHARGE_DEPTH`` inside the
    charge band, so next round's ram may be a Charge (2 impacts and a throw, AT-15); and, round
    each enemy within reach, the spots every ``RING_STEP`` degrees at that same gap, so a
    vehicle blocked head-on (or in contact, where most headings close on its neighbour, AT-23)
    still finds a clear line to charge from. Any heading and distance within reach is legal
    (AT-7)."""
    full = reach(params, vehicle)
    limit = int(full * 10) / 10
    standoff = vehicle.move + params.rush_bonus - CHARGE_DEPTH
    here = vehicle.base
    found = []
    for enemy in enemies:
        distance = gap(here, enemy.base) - standoff
        if distance >= 1.0:
            bearing = heading_of((enemy.base.x - here.x, enemy.base.y - here.y))
            found.append(Action("move", vehicle.id, {
                "heading": round(bearing, 1) % 360.0, "distance": min(round(distance, 1), limit)}))
        ring = standoff + here.radius + enemy.base.radius
        for k in range(0, 360, RING_STEP):
            dx, dy = heading_vector(float(k))
            x, y = enemy.base.x + dx * ring - here.x, enemy.base.y + dy * ring - here.y
            length = math.hypot(x, y)
            if 1.0 <= length <= limit:
                found.append(Action("move", vehicle.id, {
                    "heading": round(heading_of((x, y)), 1) % 360.0,
                    "distance": int(length * 10) / 10}))
    return found


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


def _spot_value(view: At43State, params: At43Params, vehicle: Vehicle, spot: Base,
                enemies: list[Vehicle], prey: list[Base], lanes: dict[str, list[Vec]]
                ) -> float:
    """Best ram next round from ``spot`` with a clear head-on path (AT-16), or else ``FAR``
    of the best target's Charge less ``CLOSING`` per cm to the nearest of its ``lanes`` (or,
    with none, per cm beyond its charge range and a whole range more); minus ``THREAT_WEIGHT``
    times the best ram an enemy could make on it, and ``TIE_BREAK`` per cm to the nearest enemy.
    With no enemy AFV left, the nearer the closest enemy model the better."""
    if not enemies:
        return -CLOSING * min((gap(spot, b) for b in prey), default=0.0)
    charge_range = vehicle.move + params.rush_bonus
    rams: list[tuple[float, Vehicle]] = []
    best = -CLOSING * 2 * charge_range - 1.0  # in contact with everyone: no ram (AT-14)
    threat = 0.0
    nearest = charge_range
    for enemy in enemies:
        distance = gap(spot, enemy.base)
        if distance <= params.contact:
            continue
        nearest = min(nearest, distance)
        mine = band(distance, vehicle.move, params.rush_bonus)
        if mine is not None:
            rams.append((ram_value(vehicle, enemy, mine), enemy))
        way = min((math.hypot(x - spot.x, y - spot.y) for x, y in lanes[enemy.id]),
                  default=max(0.0, distance - charge_range) + charge_range)
        best = max(best, FAR * ram_value(vehicle, enemy, CHARGE) - CLOSING * way)
        theirs = band(distance, enemy.move, params.rush_bonus) if enemy.mobile else None
        if theirs is not None:
            threat = max(threat, ram_value(enemy, vehicle, theirs))
    rams.sort(key=lambda pair: -pair[0])
    for value, enemy in rams:
        if value <= best:
            break
        if clear_path(view, spot, enemy):
            best = value
            break
    return best - THREAT_WEIGHT * threat - TIE_BREAK * nearest


def _lanes(view: At43State, params: At43Params, vehicle: Vehicle, enemies: list[Vehicle]
           ) -> dict[str, list[Vec]]:
    """For each enemy, the free spots ``RING_STEP`` degrees apart round it, ``CHARGE_DEPTH``
    inside ``vehicle``'s charge band (AT-15), with a clear head-on path to it now (AT-16):
    where a Charge could start. A spot counts as near a target by its distance to these, not
    to the target, so a vehicle behind a container goes round it instead of waiting there."""
    standoff = vehicle.move + params.rush_bonus - CHARGE_DEPTH
    terrain = obstacles(view)
    others = afv_bases(view, [vehicle.id])
    found: dict[str, list[Vec]] = {}
    for enemy in enemies:
        ring = standoff + vehicle.base.radius + enemy.base.radius
        spots = []
        for k in range(0, 360, RING_STEP):
            dx, dy = heading_vector(float(k))
            spot = Base(vehicle.id, enemy.base.x + dx * ring, enemy.base.y + dy * ring,
                        vehicle.base.radius)
            if view.table.contains(spot) and all(gap(spot, b) > 0 for b in others) \
                    and all(gap_to_obstacle(spot, o) > 0 for o in terrain) \
                    and clear_path(view, spot, enemy):
                spots.append((spot.x, spot.y))
        found[enemy.id] = spots
    return found


def clear_path(view: At43State, spot: Base, target: Vehicle) -> bool:
    """A head-on approach from ``spot`` to ``target`` meets nothing on the way (AT-16)."""
    path = approach(spot, target.base, 0.0)
    if path is None:
        return False
    result = sweep([spot], path.direction, path.length, bases=afv_bases(view, [spot.id]),
                   obstacles=obstacles(view), table=view.table)
    return result.travelled >= path.length - TRAVEL_TOLERANCE


def _best_declaration(params: At43Params, view: At43State, side: str, legal: list[Action]
                      ) -> Action:
    """Rush with the vehicle that has the best ram; else rush the first able one forward."""
    declarations = [a for a in legal if a.kind == "declare" and a["mode"] == "rush"]
    if not declarations:
        return legal[0]
    scored = []
    for action in declarations:
        vehicle = view.vehicles[actor(action)]
        options = ram_options(view, params, vehicle, mode="rush")
        worth = max((ram_value(vehicle, view.vehicles[t], plan.band) for t, _, plan in options),
                    default=-1.0)
        scored.append((worth, action))
    return max(scored, key=lambda pair: pair[0])[1]


def safest_march(view: At43State, side: str, legal: list[Action]) -> Action:
    enemies = [v.base for v in view.vehicles.values() if v.side and v.side != side
               and not v.wreck]

    def clearance(action: Action) -> float:
        if action.kind == "hold":
            return _clearance(view, actor(action), (0.0, 0.0), enemies)
        direction = heading_vector(float(action["heading"]))
        shift = (direction[0] * float(action["distance"]), direction[1] * float(action["distance"]))
        return _clearance(view, actor(action), shift, enemies)

    return max(legal, key=clearance)


def _clearance(view: At43State, unit: str, shift: tuple[float, float],
               enemies: list[Base]) -> float:
    squad = [view.troopers[m].base for m in view.units[unit].members if view.troopers[m].alive]
    moved = [Base(b.id, b.x + shift[0], b.y + shift[1], b.radius) for b in squad]
    if not all(view.table.contains(b) for b in moved):
        return -1.0
    return min((gap(b, e) for b in moved for e in enemies), default=0.0)


def actor(action: Action) -> str:
    """Who acts in a legal action the bots weigh (join, ram, move, declare, march, hold):
    every one of these kinds names its unit (``actions``)."""
    assert action.unit is not None
    return action.unit
