"""How well a side stands in Aeronautica Imperialis, for the search bot (``polemos_evaluate``).

AI-70: most victory points win. The position is scored as if the game ended now — each enemy
model's share of its cost by its fate (AI-69: destroyed 100 %, damaged 50 %), objectives and
delivered troops (AI-70) — as a lead over the points both sides fielded (AI-72). A smaller part
is aim: the victory points each aircraft's best volley would be expected to take from where
both stand (AI-44 arcs, AI-47 range bands, AI-48 and AI-50 hits and damage), so a playout cut
short between the moves and the shots tells an enemy in our sights from our tail in theirs
(nothing beyond Long range counts, AI-47, which spares most of the work); the least part
counts the Structure left on each side's models in play, so a hit that does not yet change
the victory points still counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.evaluation import lead, odds
from polemos.core.hexgrid import distance
from polemos.rulesets.aeronautica import firing, victory
from polemos.rulesets.aeronautica.state import AIRCRAFT, TARGET, AiState

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis

VP_WEIGHT, AIM_WEIGHT = 0.6, 0.25
"""The victory points decide (AI-70); aim says where the next ones are likely to come from;
Structure (the rest) only breaks ties."""


def structure(rules: AeronauticaImperialis, state: AiState) -> dict[str, float]:
    """Each side's models in play, each counted by the share of its Structure left."""
    specs = rules.setup.specs
    values = dict.fromkeys(rules.setup.sides, 0.0)
    for model in state.models.values():
        if model.in_play and model.kind != TARGET:
            values[model.side] += model.structure / max(specs[model.id].structure, 1)
    return values


def aim(rules: AeronauticaImperialis, state: AiState, side: str) -> float:
    """The victory points ``side``'s aircraft would expect from their best volleys now (AI-69:
    a model's cost per Structure point), less the enemy's, over the points fielded (AI-72)."""
    setup = rules.setup
    reach = setup.params.bands[-1]
    models = [m for m in state.models.values() if m.in_play]
    shooters = [m for m in models if m.kind == AIRCRAFT and not m.landed and m.marker != "spin"]
    total = 0.0
    for firer in shooters:
        best = 0.0
        for target in models:
            if target.side != firer.side and distance(firer.hex, target.hex) <= reach:
                spec = setup.specs[target.id]
                worth = setup.objectives.get(target.id, spec.cost) / max(spec.structure, 1)
                best = max(best, min(firing.expected(setup, firer, target), target.structure)
                           * worth)
        total += best if firer.side == side else -best
    return total / max(sum(state.start_points.values()), 1)


def evaluate(rules: AeronauticaImperialis, state: AiState, side: str) -> float:
    """The victory points ``side`` leads by if the game ended now (AI-69, AI-70), over the
    points fielded (AI-72), its lead in aim, and its lead in Structure left."""
    vp = victory.scores(rules.setup, state)
    fielded = max(sum(state.start_points.values()), 1)
    theirs = max(v for s, v in vp.items() if s != side)
    return odds((VP_WEIGHT, (vp[side] - theirs) / fielded),
                (AIM_WEIGHT, aim(rules, state, side)),
                (1 - VP_WEIGHT - AIM_WEIGHT, lead(structure(rules, state), side)))
