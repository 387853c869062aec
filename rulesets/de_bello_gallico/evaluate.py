"""How well a side stands in De Bello Gallico, for the search bot (``polemos_evaluate``).

Material: fighters still on the table (DBG-9 Decision: a side with none left loses), each
worth less for its wounds, half as much while retreating. And the scenario's objective: at
Corfinium (DBG-57) the holder's unpinned fighters on the bridge toward the count and the
consecutive turns held toward the turns needed, against the defender's fighters on it, and
how near each side's nearest fighters stand to the bridge; in the Britons' ambush (DBG-58,
DBG-59) the Romans eliminated beyond or short of the draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.evaluation import lead, odds
from polemos.core.table import gap_to_obstacle
from polemos.rulesets.de_bello_gallico.geometry import on_table
from polemos.rulesets.de_bello_gallico.models import Ambush, HoldBridge
from polemos.rulesets.de_bello_gallico.objectives import Objective, eliminated, holders_on_bridge
from polemos.rulesets.de_bello_gallico.state import DbgState

if TYPE_CHECKING:
    from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico

OBJECTIVE_WEIGHT = 0.5
"""Half the evaluation is the scenario's objective, when it has one."""


def material(state: DbgState) -> dict[str, float]:
    """Each side's fighters on the table, a wound or a retreat making one count for less."""
    values = dict.fromkeys(state.sides, 0.0)
    for fighter in on_table(state):
        values[fighter.side] += (0.5 if fighter.retreating else 1.0) / (1 + fighter.wounds)
    return values


def approach(state: DbgState, objective: HoldBridge, side: str) -> float:
    """How close ``side``'s ``count`` nearest fighters not retreating stand to the bridge,
    from 0 (a table's length away, or none) to 1 (all touching it): DBG-57 is won on the
    bridge, and a search sees only a few activations ahead."""
    shape = state.ground.feature(objective.bridge).shape
    reach = max(state.ground.table.width, state.ground.table.height)
    gaps = sorted(max(gap_to_obstacle(f.base, shape), 0.0) for f in on_table(state)
                  if f.side == side and not f.retreating)[:objective.count]
    return sum(max(0.0, 1 - g / reach) for g in gaps) / objective.count


def objective_lead(state: DbgState, objective: Objective, side: str) -> float:
    """``side``'s lead toward the scenario's objective, from -1 to 1."""
    if isinstance(objective, HoldBridge):
        held = min(holders_on_bridge(state, objective, objective.holder, unpinned=True)
                   / objective.count, 1.0)
        turns = min(state.bridge_turns / objective.turns, 1.0)
        defended = min(holders_on_bridge(state, objective, objective.defender)
                       / objective.count, 1.0)
        near = (approach(state, objective, objective.holder)
                - approach(state, objective, objective.defender))
        holder = max(-1.0, min(1.0, 0.4 * held + 0.3 * turns - 0.4 * defended + 0.3 * near))
        return holder if side == objective.holder else -holder
    if isinstance(objective, Ambush):
        beyond = (eliminated(state, objective) - objective.draw_at) / max(objective.draw_at, 1)
        hunter = max(-1.0, min(1.0, beyond))
        return hunter if side == objective.hunter else -hunter
    return 0.0


def evaluate(rules: DeBelloGallico, state: DbgState, side: str) -> float:
    """``side``'s lead in fighters on the table and toward the objective (DBG-57, DBG-59)."""
    objective = rules.scenario.objective
    if objective is None:
        return odds((1.0, lead(material(state), side)))
    return odds((1 - OBJECTIVE_WEIGHT, lead(material(state), side)),
                (OBJECTIVE_WEIGHT, objective_lead(state, objective, side)))
