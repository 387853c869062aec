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
from polemos.rulesets.de_bello_gallico.features import REACH, features, roles
from polemos.rulesets.de_bello_gallico.geometry import on_table
from polemos.rulesets.de_bello_gallico.state import DbgState

if TYPE_CHECKING:
    from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico

Model = tuple[float, dict[str, float]]
"""A logistic model: the intercept and each feature's weight (``features``' names)."""

MODELS: dict[str, Model] = {
    "hold_bridge": (-0.641, {
        "a_fit": 1.257, "a_wounded": -0.026, "a_retreating": -0.390, "a_officers": 0.085,
        "a_to_break": 0.315, "a_edge": 0.306, "b_fit": -0.782, "b_wounded": -0.492,
        "b_retreating": 0.031, "b_officers": -0.060, "b_to_break": -0.049, "b_edge": -0.085,
        "time": -0.350, "held": 0.916, "held_full": 0.912, "held_next": 0.531, "a_on": 0.500,
        "b_on": -0.272, "turns": 0.893, "a_near": 0.313, "b_near": -0.334, "b_alone_t": -1.412,
        "b_alone_end": -0.294, "a_on_end": 0.190}),
    "ambush_hunter": (0.999, {
        "a_fit": 1.228, "a_wounded": 0.545, "a_retreating": 1.138, "a_officers": 0.554,
        "a_to_break": 0.563, "a_edge": 0.062, "a_threatened": 0.714, "a_striking": 0.205,
        "a_pending": 0.543, "a_loose": 0.656, "b_fit": -1.131, "b_wounded": 0.890,
        "b_retreating": 0.635, "b_officers": -0.710, "b_to_break": -0.880, "b_edge": -0.167,
        "b_threatened": 0.595, "b_striking": 0.302, "b_pending": -0.499, "b_loose": -0.123,
        "time": -0.306, "elim": 2.637, "elim_win": 1.396, "elim_draw": 0.552,
        "withdrawn": -1.491, "exit_dist": 0.495, "left": 0.394, "left_t": 0.584,
        "elim_t": 0.886}),
    "ambush_quarry": (1.062, {
        "a_fit": 1.925, "a_wounded": 0.990, "a_retreating": 0.971, "a_officers": 0.587,
        "a_to_break": 0.937, "a_edge": 0.056, "b_fit": -0.979, "b_wounded": 1.063,
        "b_retreating": 0.373, "b_officers": -0.649, "b_to_break": -0.747, "b_edge": -0.203,
        "time": -0.477, "elim": 2.810, "elim_win": 1.393, "elim_draw": 0.536,
        "withdrawn": -1.627, "exit_dist": 0.472, "left": 0.456, "left_t": 0.605,
        "elim_t": 0.871}),
}
"""Fitted by logistic regression (targets 1 won, ½ drawn, 0 lost for role ``a``) to one
position in three of games between greedy bots. The ambush's two to 101,671 positions of
1,300 games, where on one game in five held out they predict the result with a Brier score
of 0.145 (``ambush_hunter``) and 0.146 (``ambush_quarry``, without
``features.reach_features``; a constant 0.232): the reach of the next charges adds little to
the prediction of a whole game, but it is what one move changes. With it the Britons' search
won 31 of 48 games (14 of 24 without) and the Romans' 46 of 84; without it the Romans won 34
of 48 while it was being chosen and 31 of 48 on fresh seeds (issue 14, budget 0.2, seeds
64309-64312): read off greedy games, the threats and strikes of the charges to come reward a
quarry for standing to fight where it should make for its edge, which is what its hunter
wants.
``hold_bridge`` does without the reach (``LEFT_OUT`` of ``benchmarks.fit_dbg_evaluation``
says why) and is fitted to 117,653 positions of 1,300 games (Brier 0.093, a constant 0.135;
in the last turn 0.016, and 0.017 without the features of the end to come, ``b_alone_end``,
``a_on_end`` and ``held_next``, which turn a draw into a win or a loss there). With them the
search bot won 11 of 14 games as the Caesareans and 5 of 14 as the Pompeians, then 36 of 72
on fresh seeds (19 of 36 and 17 of 36), where it won 37 of 72 before (issue 14, budget 0.2,
depth 4, keep 1): a closer reading of the end, not yet more wins. Read where a movement
phase ends rather than four activations into it (``horizon=stage``), the same model won
87 of 144 (54 of 96 as the Caesareans, 33 of 48 as the Pompeians), and 89 of 144 (56 of 96,
33 of 48) with the candidates raced (``plugins/search/flat.py``). Fitted to where that
search reads it, the start of each melee (6,365 positions of 1,500 other greedy games), a
model judges those positions no better: Brier 0.0934 on held-out games, ``hold_bridge``
0.0935. ``python -m benchmarks.fit_dbg_evaluation`` refits them."""


JUDGES: dict[str, tuple[str, str]] = {"hold_bridge": ("hold_bridge", "hold_bridge"),
                                      "ambush": ("ambush_hunter", "ambush_quarry")}
"""Each objective kind's model for its first role's judgement and its second's (``roles``): a
side's search reads its own (``polemos_evaluate``), and at the ambush the hunter's searches
best with the reach of the charges weighed and the quarry's without (``MODELS``)."""

REACHING = {name: any(feature[2:] in REACH for feature in weights)
            for name, (_, weights) in MODELS.items()}
"""Whether each model weighs the reach of the next charges (its features are worked out only
then)."""


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
    """``side``'s chance of winning (DBG-57, DBG-59) as its own model judges it (``JUDGES``),
    or its lead in fighters on the table."""
    objective = rules.scenario.objective
    if objective is None:
        return odds((1.0, lead(material(state), side)))
    first = side == roles(objective, state.sides)[0]
    name = JUDGES[objective.kind][0 if first else 1]
    won = chance(MODELS[name], features(rules, state, REACHING[name]))
    return won if first else 1 - won
