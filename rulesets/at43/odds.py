"""The exact odds of an AT-43 ram, for the menu line beside ``ram`` and ``join``.

The ram is planned as the rules would place it (AT-16; AT-34 for a joiner stopped by a
comrade): its band gives 1 impact for an Assault, 2 for a Charge (AT-15), +1 per point of Size
over the target's (AT-17), one fewer without contact (AT-34). Each impact is one roll on the
universal table, attacker's Armour against the target's (AT-18, AT-2; the end columns are
automatic, AT-3), and each success is one damage point. The line gives the exact chance of each
number of damage points; backlash and pushes, which depend on the whole melee, are not in it.
"""

from __future__ import annotations

from fractions import Fraction

from polemos.core.actions import Action
from polemos.core.chances import faces, line, pool
from polemos.rulesets.at43.impacts import impact_count
from polemos.rulesets.at43.ram import RamPlan, plan_ram
from polemos.rulesets.at43.resolution import AUTO_FAILURE, AUTO_SUCCESS, needed
from polemos.rulesets.at43.state import At43Params, At43State


def ram_damage(state: At43State, params: At43Params, action: Action
               ) -> tuple[str, int, int, dict[int, Fraction]] | None:
    """``(band, impacts, score needed, {damage points: chance})`` of a legal ram or join."""
    if action.kind not in ("ram", "join") or action.unit not in state.vehicles:
        return None
    attacker = state.vehicles[action.unit]
    comrades = ([a.id for a in state.collision.attackers]
                if action.kind == "join" and state.collision is not None else [])
    plan = plan_ram(state, params, attacker, action["target"], action["offset"], comrades,
                    mode="rush")
    if not isinstance(plan, RamPlan):
        return None
    target = state.vehicles[plan.target]
    impacts = impact_count(plan.band, attacker.size, target.size, plan.in_contact)
    score = needed(attacker.armour - target.armour)
    return plan.band, impacts, score, pool(faces(6, lambda face: int(face >= score)), impacts)


def ram_odds(state: At43State, params: At43Params, action: Action) -> str | None:
    """"charge, 3 impacts on 4+: 12 % 0 damage, 38 % 1 damage, …"; None for other actions."""
    found = ram_damage(state, params, action)
    if found is None:
        return None
    band, impacts, score, damage = found
    roll = {AUTO_SUCCESS: "automatic", AUTO_FAILURE: "no success possible"}.get(score,
                                                                              f"on {score}+")
    head = f"{band}, {impacts} impact{'s' if impacts != 1 else ''} {roll}"
    return line(head, {f"{points} damage": damage.get(points, Fraction(0))
                       for points in range(impacts + 1)})
