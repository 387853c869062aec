"""A collision from the first attacker's placement to the last push or throw (AT-11 … AT-41).

The stages of ``Collision.stage`` run in order; each stops when the active player must choose:

1. ``join``: other AFVs of the attacking unit may join the ram (AT-34, AT-39 … AT-41);
2. impacts, rolled for every attacker (AT-15, AT-17, AT-18, AT-34);
3. ``allot``: each melee's pooled damage spread evenly, the remainder where the player says
   (AT-33, AT-40, AT-41);
4. ``split``: each target's damage-based backlash shared among the attackers in contact with it
   (AT-39 Decision);
5. damage located (AT-4, AT-5), then backlash (AT-19, AT-20);
6. ``push`` (Assault: the player's choice, AT-21) or ``throw`` (Charge: compulsory, AT-29),
   for the rammed group or only its damaged members (AT-35 … AT-38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.table import in_contact
from polemos.rulesets.at43 import groups
from polemos.rulesets.at43.damage import damage_vehicle
from polemos.rulesets.at43.impacts import backlash_count, impact_count, size_bonus
from polemos.rulesets.at43.push import push_distance, pushers
from polemos.rulesets.at43.ram import RamPlan, place, plan_ram
from polemos.rulesets.at43.resolution import needed, roll_successes
from polemos.rulesets.at43.state import (
    ASSAULT,
    CHARGE,
    At43Params,
    At43State,
    Attacker,
    Collision,
    Vehicle,
)
from polemos.rulesets.at43.throw import setup_throws, throw_next

if TYPE_CHECKING:
    from polemos.core.context import Context


def begin(state: At43State, params: At43Params, attacker: Vehicle, plan: RamPlan,
          game: Context) -> None:
    """The first attacker of its unit rams: it is placed and the collision opens (AT-16)."""
    state.collision = Collision(attacker.side, attacker.unit, [])
    _add(state, params, attacker, plan, game, "ram")
    advance(state, params, game)


def join(state: At43State, params: At43Params, attacker: Vehicle, plan: RamPlan,
         game: Context) -> None:
    """Another AFV of the attacking unit joins before the impacts (AT-34, AT-39 … AT-41)."""
    _add(state, params, attacker, plan, game, "join")
    advance(state, params, game)


def _add(state: At43State, params: At43Params, attacker: Vehicle, plan: RamPlan, game: Context,
         how: str) -> None:
    c = state.collision
    assert c is not None
    frm = [attacker.base.x, attacker.base.y]
    attacker.mode = "rush"
    place(state, params, attacker, plan, game)
    c.attackers.append(Attacker(attacker.id, plan.target, plan.band, plan.distance,
                                list(plan.direction), plan.travel, plan.in_contact))
    rules = ["AT-15", "AT-16"] + ([] if plan.in_contact else ["AT-34"])
    game.emit(how, unit=attacker.id, target=plan.target, band=plan.band,
              distance=round(plan.distance, 6), frm=frm,
              to=[attacker.base.x, attacker.base.y], travelled=round(plan.travel, 6),
              in_contact=plan.in_contact, rules=rules)


def joiners(state: At43State, c: Collision) -> list[Vehicle]:
    """AFVs of the attacking unit that may still join: mobile, not yet acted, not attacking."""
    attacking = {a.id for a in c.attackers}
    return [state.vehicles[m] for m in state.units[c.unit].members
            if m not in attacking and state.vehicles[m].mobile and not state.vehicles[m].acted]


def join_targets(state: At43State, params: At43Params, c: Collision) -> list[str]:
    """Decision: a joiner aims at a rammed vehicle, another AFV of a rammed vehicle's unit
    (AT-40), or an enemy AFV in contact with a rammed vehicle (AT-41)."""
    rammed = list(dict.fromkeys(a.target for a in c.attackers))
    units = {state.vehicles[r].unit for r in rammed if state.vehicles[r].unit}
    found = list(rammed)
    for v in state.vehicles.values():
        if v.wreck or v.side == c.side or not v.side or v.id in found:
            continue
        if v.unit in units or any(in_contact(v.base, state.vehicles[r].base, params.contact)
                                  for r in rammed):
            found.append(v.id)
    return found


def join_plans(state: At43State, params: At43Params, c: Collision, vehicle: Vehicle
               ) -> list[tuple[str, int, RamPlan]]:
    """Every offered join of ``vehicle``: (target, offset, plan)."""
    comrades = [a.id for a in c.attackers]
    plans = []
    for target in join_targets(state, params, c):
        for offset in params.approach_offsets:
            plan = plan_ram(state, params, vehicle, target, offset, comrades, mode="rush")
            if isinstance(plan, RamPlan):
                plans.append((target, offset, plan))
    return plans


def advance(state: At43State, params: At43Params, game: Context) -> None:
    """Run the collision on until the active player must choose, or it is over."""
    c = state.collision
    while c is not None:
        if c.stage == "join":
            if any(join_plans(state, params, c, v) for v in joiners(state, c)):
                return
            c.stage = "impacts"
        elif c.stage == "impacts":
            _impacts(state, params, c, game)
            c.stage = "allot"
        elif c.stage == "allot":
            if pending_allotment(c) is not None:
                return
            c.stage = "split"
        elif c.stage == "split":
            _share_automatic(state, c, game)
            if pending_split(state, c) is not None:
                return
            c.stage = "damage"
        elif c.stage == "damage":
            _damage(state, c, game)
            c.stage = _outcome(state, params, c, game)
        elif c.stage == "push":
            return
        elif c.stage == "throw":
            if not throw_next(state, params, c, game):
                return
            if len(c.thrown) == len(c.throws):
                c.stage = "done"
        else:
            _finish(state, c, game)
            return


def strike(state: At43State, params: At43Params, game: Context) -> None:
    """The player lets no one else join: roll the impacts."""
    assert state.collision is not None
    state.collision.stage = "impacts"
    advance(state, params, game)


# -- impacts ------------------------------------------------------------------------------

def _impacts(state: At43State, params: At43Params, c: Collision, game: Context) -> None:
    """AT-15, AT-17, AT-18, AT-34: each attacker's impacts; no attack roll (AT-11)."""
    for a in c.attackers:
        attacker, target = state.vehicles[a.id], state.vehicles[a.target]
        a.impacts = impact_count(a.band, attacker.size, target.size, a.in_contact)
        dice, a.damage = roll_successes(game.dice, a.impacts, attacker.armour, target.armour,
                                        purpose=f"impacts of {a.id} on {a.target}",
                                        rule="AT-18", unit=a.id, target=a.target)
        rules = ["AT-15", "AT-18"]
        if size_bonus(attacker.size, target.size):
            rules.insert(1, "AT-17")
        if not a.in_contact:
            rules.append("AT-34")
        game.emit("impacts", unit=a.id, target=a.target, band=a.band, impacts=a.impacts,
                  needed=needed(attacker.armour - target.armour), dice=dice, damage=a.damage,
                  rules=rules)
    c.melees = groups.build_melees(state, params, c)
    for melee in c.melees:
        melee.damage = sum(c.attacker(a).damage for a in melee.attackers)
        if len(groups.remainder_choices(melee.damage, melee.recipients)) == 1:
            allot(state, c, melee.unit, groups.remainder_choices(
                melee.damage, melee.recipients)[0], game)
    groups.rammed_groups(state, params, c)
    c.threshold = groups.threshold(c)
    c.reached = c.total_damage >= c.threshold


def pending_allotment(c: Collision) -> tuple[str, int, list[str]] | None:
    """The melee waiting for the player's allotment: (unit, damage, recipients)."""
    for melee in c.melees:
        if melee.allotted is None:
            return melee.unit, melee.damage, melee.recipients
    return None


def allot(state: At43State, c: Collision, unit: str, extra: tuple[str, ...], game: Context
          ) -> None:
    """AT-33: spread one melee's damage; ``extra`` get the remainder."""
    melee = next(m for m in c.melees if m.unit == unit)
    melee.allotted = groups.spread(melee.damage, melee.recipients, extra)
    for vehicle_id, points in melee.allotted.items():
        c.dealt[vehicle_id] = c.dealt.get(vehicle_id, 0) + points
    rules = ["AT-33"] + (["AT-40"] if len(melee.attackers) > 1 else [])
    if len(c.melees) > 1:
        rules.append("AT-41")
    game.emit("allot", unit=unit, damage=melee.damage, allotted=melee.allotted, extra=list(extra),
              rules=rules)


# -- backlash shares ----------------------------------------------------------------------

def backlash_sources(state: At43State, c: Collision, recipient: str) -> list[str]:
    """Attackers a target's backlash goes to: those of its melee in contact with it; when none
    is (a target reached only by AT-34 joiners), the ones that aimed at it."""
    melee = next(m for m in c.melees if recipient in m.recipients)
    touching = [a for a in c.touching.get(recipient, []) if a in melee.attackers]
    return touching or [a for a in melee.attackers if c.attacker(a).target == recipient]


def _backlashing(state: At43State, c: Collision) -> list[str]:
    """Recipients that backlash: not wrecks before the impacts (AT-6, AT-20)."""
    return [r for m in c.melees for r in m.recipients if not state.vehicles[r].wreck]


def pending_split(state: At43State, c: Collision) -> tuple[str, int, list[str]] | None:
    """The target whose damage-based backlash the player must share out (AT-39 Decision)."""
    for r in _backlashing(state, c):
        if r not in c.shares:
            return r, c.dealt.get(r, 0), backlash_sources(state, c, r)
    return None


def share(c: Collision, recipient: str, sources: list[str], extra: tuple[str, ...],
          game: Context) -> None:
    """AT-39 Decision: the damage-based backlash impacts shared evenly among the sources."""
    c.shares[recipient] = groups.spread(c.dealt.get(recipient, 0), sources, extra)
    if len(sources) > 1:
        game.emit("split", unit=recipient, shares=c.shares[recipient], extra=list(extra),
                  rule="AT-39")


def _share_automatic(state: At43State, c: Collision, game: Context) -> None:
    for r in _backlashing(state, c):
        if r in c.shares:
            continue
        sources = backlash_sources(state, c, r)
        options = groups.remainder_choices(c.dealt.get(r, 0), sources)
        if len(options) != 1:
            return
        share(c, r, sources, options[0], game)


# -- damage and backlash ------------------------------------------------------------------

def _damage(state: At43State, c: Collision, game: Context) -> None:
    """AT-4/AT-5: locate the impacts' damage; AT-12: a wreck's points only move it; then the
    backlash (AT-19, AT-20), which never causes further backlash."""
    for melee in c.melees:
        for r in melee.recipients:
            points = c.dealt.get(r, 0)
            if points and not state.vehicles[r].wreck:
                damage_vehicle(state.vehicles[r], points, game,
                               cause=f"impacts of {', '.join(melee.attackers)}", rule="AT-18")
            elif points:
                game.emit("wreck_shoved", unit=r, damage=points, rule="AT-12")
    for r, shares in c.shares.items():
        target = state.vehicles[r]
        for a_id, share_ in shares.items():
            attacker = state.vehicles[a_id]
            count = backlash_count(share_, target.size, attacker.size)
            if count == 0 or attacker.wreck:
                continue
            dice, hits = roll_successes(game.dice, count, target.armour, attacker.armour,
                                        purpose=f"backlash of {r} on {a_id}", rule="AT-19",
                                        unit=r, target=a_id)
            rules = ["AT-19"] + (["AT-20"] if size_bonus(target.size, attacker.size) else [])
            game.emit("backlash", unit=r, target=a_id, impacts=count,
                      needed=needed(target.armour - attacker.armour), dice=dice, damage=hits,
                      rules=rules)
            damage_vehicle(attacker, hits, game, cause=f"backlash of {r}", rule="AT-19")


def _outcome(state: At43State, params: At43Params, c: Collision, game: Context) -> str:
    """Push, throw or nothing (AT-21, AT-29, AT-36 … AT-39)."""
    if c.total_damage == 0:
        game.emit("no_effect", why="no damage point dealt",
                  rule="AT-29" if c.charged else "AT-21")
        return "done"
    movers = [m for m in c.ranks if c.reached or c.dealt.get(m, 0) >= 1]
    game.emit("group", members=c.ranks, threshold=c.threshold, damage=c.total_damage,
              reached=c.reached, moving=movers,
              rules=["AT-35", "AT-36", "AT-37" if c.reached else "AT-38"])
    if c.charged:
        setup_throws(state, params, c, movers)
        return "throw"
    if not pushers(state, c):
        game.emit("no_effect", why="the backlash destroyed or immobilised the attackers",
                  rule="AT-21")
        return "done"
    if push_distance(state, c) <= 0:
        game.emit("no_effect", why="no normal movement left to push with", rule="AT-22")
        return "done"
    c.movers = movers
    return "push"


def _finish(state: At43State, c: Collision, game: Context) -> None:
    """The attackers' actions end; none may make melee attacks this turn (AT-13)."""
    for a in c.attackers:
        vehicle = state.vehicles[a.id]
        vehicle.acted = True
        vehicle.mode = ""
        vehicle.collided = True
    game.emit("collision_over", attackers=[a.id for a in c.attackers],
              band=CHARGE if c.charged else ASSAULT, rule="AT-13")
    state.collision = None
    state.acting = None
