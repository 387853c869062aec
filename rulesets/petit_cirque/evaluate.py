"""How well a side stands in Petit Cirque Volant, for the search bot (``polemos_evaluate``).

PCV-3: the side that clears the table of enemy aircraft wins (or meets the scenario's
objective: holding out means keeping aircraft in the air, the same count). So the position is
material: each aircraft in play is worth the hits it can still take (PCV-17: a second damage
destroys it, ``hits_to_destroy`` under PCV-O4), over what it could take undamaged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.evaluation import lead, odds
from polemos.rulesets.petit_cirque.state import PcvState

if TYPE_CHECKING:
    from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant


def material(rules: PetitCirqueVolant, state: PcvState) -> dict[str, float]:
    """Each side's aircraft in play, each counted by the share of its hits left (PCV-17)."""
    hits = rules.params.hits_to_destroy
    values = dict.fromkeys(rules.scenario.sides, 0.0)
    for plane in state.planes.values():
        if plane.in_play:
            limit = hits.get(plane.role, 2)
            values[plane.side] += max(limit - plane.damage, 1) / limit
    return values


def evaluate(rules: PetitCirqueVolant, state: PcvState, side: str) -> float:
    """0.5 for even material, toward 1 as ``side`` out-numbers the enemy in the air (PCV-3)."""
    return odds((1.0, lead(material(rules, state), side)))
