"""How well a side stands in Petit Cirque Volant, for the search bot (``polemos_evaluate``).

PCV-3: the side that clears the table of enemy aircraft wins (or meets the scenario's
objective: holding out means keeping aircraft in the air, the same count). So the position is
mostly material: each aircraft in play is worth the hits it can still take (PCV-17: a second
damage destroys it, ``hits_to_destroy`` under PCV-O4), over what it could take undamaged. A
smaller part is aim (PCV-14 … PCV-16): the chance each aircraft would hit its best target from
where it stands, or half a sure hit for an enemy it could bring its guns onto with one move
(ahead within 60° either side, ``CLOSE`` hexes, a level apart at most), so a playout cut short
before the shots still tells a sight lined up, or an enemy's tail, from a tail exposed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.evaluation import lead, odds
from polemos.core.hexgrid import Hex, rotate
from polemos.rulesets.petit_cirque.fire import RANGE, hit_chance
from polemos.rulesets.petit_cirque.state import PcvState, Plane

if TYPE_CHECKING:
    from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant

AIM_WEIGHT = 0.25
"""Material decides (PCV-3); aim only says which way the next shots are likely to go."""
CLOSE = RANGE + 1
"""PCV-14's range, and the hex a move's first step closes."""
CHASE = 0.5
"""An enemy in reach of a turn is worth half a sure hit: it moves before we fire."""


def material(rules: PetitCirqueVolant, state: PcvState) -> dict[str, float]:
    """Each side's aircraft in play, each counted by the share of its hits left (PCV-17)."""
    hits = rules.params.hits_to_destroy
    values = dict.fromkeys(rules.scenario.sides, 0.0)
    for plane in state.planes.values():
        if plane.in_play:
            limit = hits.get(plane.role, 2)
            values[plane.side] += max(limit - plane.damage, 1) / limit
    return values


def aim(rules: PetitCirqueVolant, state: PcvState, side: str) -> float:
    """``side``'s best hit chances (PCV-15, PCV-16) less the enemy's, per aircraft in play:
    from -1 (every enemy sights one of ours, none of ours has a shot) to 1."""
    flying = [plane for plane in state.planes.values() if plane.in_play]
    total = 0.0
    for plane in flying:
        best = max((max(hit_chance(rules.params, plane, other), CHASE * chased(plane, other))
                    for other in flying if other.side != plane.side), default=0.0)
        total += best if plane.side == side else -best
    return total / max(len(flying), 1)


def chased(plane: Plane, other: Plane) -> bool:
    """Whether ``other`` is ahead of ``plane`` within 60° of its nose, ``CLOSE`` hexes or
    nearer and at most one level apart (PCV-9: a move turns the nose 60° a hex; PCV-16)."""
    if abs(plane.altitude - other.altitude) > 1:
        return False
    dq, dr = other.q - plane.q, other.r - plane.r
    if not 0 < (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= CLOSE:
        return False
    ahead = rotate(Hex(dq, dr), -plane.facing)
    along, across = 2 * ahead.q + ahead.r, 3 * ahead.r  # as hexgrid.arcs_of: tan 30° tests
    return along > 0 and abs(across) <= 3 * along


def evaluate(rules: PetitCirqueVolant, state: PcvState, side: str) -> float:
    """0.5 for even material, toward 1 as ``side`` out-numbers the enemy in the air (PCV-3),
    and somewhat as its guns bear better than the enemy's (PCV-14)."""
    return odds((1 - AIM_WEIGHT, lead(material(rules, state), side)),
                (AIM_WEIGHT, aim(rules, state, side)))
