"""How well a side stands in De Bello Gallico, for the search bot (``polemos_evaluate``).

A simulated action costs too much for the search to play many moves ahead in its 0.2 s, so
the evaluation carries it: the chance that the holder of the bridge (DBG-57) or the hunter
of the ambush (DBG-58, DBG-59) goes on to win, a draw counting half, read off the position's
``features`` by a logistic model. Its weights were fitted to the positions of games between
two greedy bots (``MODELS``), so the value of a position is how greedy play goes on from it,
and a search that picks the move leading to the best such value is a step of policy
improvement over greedy, as far as the model is right. A plain skirmish (no objective; a
part of a mixed table) is judged by the fighters on the table (DBG-9 Decision: a side with
none left loses).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from polemos.core.evaluation import lead, odds
from polemos.rulesets.de_bello_gallico.features import features, roles
from polemos.rulesets.de_bello_gallico.geometry import on_table
from polemos.rulesets.de_bello_gallico.state import DbgState

if TYPE_CHECKING:
    from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico

Model = tuple[float, dict[str, float]]
"""A logistic model: the intercept and each feature's weight (``features``' names)."""

MODELS: dict[str, Model] = {
    "hold_bridge": (-0.601, {
        "a_fit": 1.213, "a_wounded": -0.352, "a_retreating": -0.280, "a_officers": 0.071,
        "a_to_break": 0.362, "a_edge": 0.295, "b_fit": -0.656, "b_wounded": -0.537,
        "b_retreating": -0.136, "b_officers": -0.067, "b_to_break": 0.062, "b_edge": -0.078,
        "time": -0.141, "held": 0.872, "held_full": 1.278, "a_on": 0.529, "b_on": -0.511,
        "turns": 1.169, "a_near": 0.416, "b_near": -0.507, "b_alone_t": -1.428}),
    "ambush": (1.247, {
        "a_fit": 1.630, "a_wounded": 1.215, "a_retreating": 0.955, "a_officers": 0.795,
        "a_to_break": 0.941, "a_edge": -0.004, "b_fit": -1.146, "b_wounded": 1.258,
        "b_retreating": 0.302, "b_officers": -0.564, "b_to_break": -0.950, "b_edge": -0.164,
        "time": -0.542, "elim": 2.880, "elim_win": 1.288, "elim_draw": 0.432,
        "withdrawn": -1.565, "exit_dist": 0.512, "left": 0.414, "left_t": 0.477,
        "elim_t": 0.982}),
}
"""Fitted by logistic regression (targets 1 won, ½ drawn, 0 lost for role ``a``) to one
position in three of games between greedy bots, 51,859 positions of 575 games at Corfinium
for ``hold_bridge`` and 52,500 of 675 in the Britons' ambush for ``ambush``; on one game in
five held out they predict the result with a Brier score of 0.095 and 0.150, against 0.143
and 0.237 for a constant. ``python -m benchmarks.fit_dbg_evaluation`` refits them."""


def material(state: DbgState) -> dict[str, float]:
    """Each side's fighters on the table, a wound or a retreat making one count for less."""
    values = dict.fromkeys(state.sides, 0.0)
    for fighter in on_table(state):
        values[fighter.side] += (0.5 if fighter.retreating else 1.0) / (1 + fighter.wounds)
    return values


def chance(model: Model, found: dict[str, float]) -> float:
    """The model's chance for role ``a``: the logistic of the weighted features."""
    intercept, weights = model
    score = intercept + sum(weight * found[name] for name, weight in weights.items())
    return 1 / (1 + math.exp(-score))


def evaluate(rules: DeBelloGallico, state: DbgState, side: str) -> float:
    """``side``'s chance of winning (DBG-57, DBG-59), or its lead in fighters on the table."""
    objective = rules.scenario.objective
    if objective is None:
        return odds((1.0, lead(material(state), side)))
    won = chance(MODELS[objective.kind], features(rules, state))
    return won if side == roles(objective, state.sides)[0] else 1 - won
