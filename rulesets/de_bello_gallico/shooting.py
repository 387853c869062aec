"""Shooting (DBG-22 … DBG-24): one shot per activation, die + Tir against a distance difficulty."""

from __future__ import annotations

from polemos.core.morale import characteristic_test
from polemos.core.table import gap
from polemos.rulesets.de_bello_gallico.geometry import (
    SHOOT,
    behind_cover,
    forbids,
    in_difficult_ground,
    line_of_sight,
    pinned,
    sees,
    touches_anyone,
)
from polemos.rulesets.de_bello_gallico.layout import Layout, layout
from polemos.rulesets.de_bello_gallico.models import ITEMS
from polemos.rulesets.de_bello_gallico.morale_rules import Resolver
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, DbgState, Fighter

Problem = tuple[str, str] | None


_RANGES: dict[tuple[str, ...], float] = {}
"""``missile_range`` by the items carried: a few kits per scenario, asked at every activation."""


def missile_range(fighter: Fighter) -> float:
    """DBG-23: the longest range among its missile weapons (0 without one)."""
    kit = tuple(fighter.items)
    found = _RANGES.get(kit)
    if found is None:
        found = _RANGES[kit] = max((ITEMS[i].range_cm or 0.0 for i in kit), default=0.0)
    return found


def shooter_problem(state: DbgState, fighter: Fighter) -> Problem:
    """Whether this fighter may shoot at all now (DBG-22, DBG-38)."""
    if fighter.shoot is None or missile_range(fighter) == 0:
        return "DBG-22", f"{fighter.id} has no Tir or no missile weapon"
    if forbids(state, fighter, SHOOT):
        return "DBG-38", f"{fighter.id} is Frenzied and may not shoot"
    if pinned(state, fighter):
        return "DBG-22", f"{fighter.id} is in base contact with an enemy (Decision: no shot)"
    return None


def target_problem(state: DbgState, fighter: Fighter, target: Fighter) -> Problem:
    """DBG-22 … DBG-24: an enemy in range and sight, touching no one."""
    if not target.in_play:
        return "DBG-22", f"no fighter {target.id!r} on the table"
    if target.side == fighter.side:
        return "DBG-22", f"{target.id} is a friend"
    return _aim_problem(state, fighter, target, gap(fighter.base, target.base),
                        missile_range(fighter))


def targets(state: DbgState, fighter: Fighter) -> list[Fighter]:
    """The enemies ``target_problem`` accepts, in scenario order, each gap measured once.

    Range, contact and sight follow from the layout, the ground and the range alone, so the
    ids are kept in the layout for a fighter in play: the activation's end (``ruleset``) and
    the menu ask the same question of the same table."""
    reach = missile_range(fighter)
    table = layout(state)
    memo = table.targets if fighter.status == IN_PLAY else {}
    found = memo.get((fighter.id, reach))
    fighters = state.fighters
    if found is None:
        # ``_aim_problem(…) is None`` for each, its three tests written out without their words
        touching, ground, base = table.touching, state.ground, fighter.base
        found = memo[fighter.id, reach] = []
        for i, distance in table.enemy_gaps(state, fighter):
            if distance <= reach and not touching[i] \
                    and line_of_sight(ground, base, fighters[i].base):
                found.append(i)
    chosen: list[Fighter] = []  # a loop: a comprehension makes a function per call
    for i in found:
        chosen.append(fighters[i])
    return chosen


def _aim_problem(state: DbgState, fighter: Fighter, target: Fighter, distance: float,
                 reach: float, table: Layout | None = None) -> Problem:
    """DBG-22 … DBG-24 for an enemy in play ``distance`` cm away, edge to edge; ``table`` as
    in ``geometry.pinned``."""
    if distance > reach:
        return "DBG-23", (f"{target.id} is {distance:.2f} cm away, beyond the "
                          f"{reach:g} cm range")
    if touches_anyone(state, target, table):
        return "DBG-22", f"{target.id} is in base contact with a combatant"
    if not sees(state, fighter, target):
        return "DBG-24", f"{fighter.id} cannot see {target.id}"
    return None


def shot_difficulty(state: DbgState, fighter: Fighter, target: Fighter) -> tuple[int, bool]:
    """DBG-22: 10 + 1 per full 10 cm; DBG-23: +1 in scrub, marsh or behind a wall.

    Returns the difficulty and whether the cover point applied.
    """
    params = state.params
    distance = gap(fighter.base, target.base)
    steps = int(max(distance, 0.0) // params.range_step)
    covered = (in_difficult_ground(state.ground, target.base)
               or behind_cover(state.ground, fighter.base, target.base))
    return params.shoot_difficulty + steps + (1 if covered else 0), covered


def resolve_shot(resolver: Resolver, fighter: Fighter, target: Fighter) -> None:
    """One shot; a hit wounds (DBG-7) and the target tests at once (DBG-26)."""
    state = resolver.state
    difficulty, covered = shot_difficulty(state, fighter, target)
    assert fighter.shoot is not None, "shooter_problem is checked first"
    result = characteristic_test(resolver.game.dice, fighter.shoot, difficulty, sides=state.die,
                                 purpose=f"{fighter.id} shoots at {target.id}", rule="DBG-22",
                                 unit=fighter.id)
    fighter.shot_turn = state.turn
    rules = ["DBG-22", "DBG-23"] if covered else ["DBG-22"]
    resolver.game.emit("shot", unit=fighter.id, target=target.id,
                       cm=round(gap(fighter.base, target.base), 2), difficulty=difficulty,
                       die=result.die, total=result.total, hit=result.passed, rules=rules)
    if result.passed:
        resolver.wound(target, f"shot by {fighter.id}", "DBG-22")
