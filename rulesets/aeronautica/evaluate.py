"""How well a side stands in Aeronautica Imperialis, for the search bot (``polemos_evaluate``).

AI-70: most victory points win. The position is scored as if the game ended now — each enemy
model's share of its cost by its fate (AI-69: destroyed 100 %, damaged 50 %), objectives and
delivered troops (AI-70) — as a lead over the points both sides fielded (AI-72); a smaller part
counts the Structure left on each side's models in play, so a hit that does not yet change the
victory points still counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.evaluation import lead, odds
from polemos.rulesets.aeronautica import victory
from polemos.rulesets.aeronautica.state import TARGET, AiState

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis

VP_WEIGHT = 0.8
"""The victory points decide (AI-70); Structure only breaks their ties."""


def structure(rules: AeronauticaImperialis, state: AiState) -> dict[str, float]:
    """Each side's models in play, each counted by the share of its Structure left."""
    specs = rules.setup.specs
    values = dict.fromkeys(rules.setup.sides, 0.0)
    for model in state.models.values():
        if model.in_play and model.kind != TARGET:
            values[model.side] += model.structure / max(specs[model.id].structure, 1)
    return values


def evaluate(rules: AeronauticaImperialis, state: AiState, side: str) -> float:
    """The victory points ``side`` leads by if the game ended now (AI-69, AI-70), over the
    points fielded (AI-72), and its lead in Structure left."""
    vp = victory.scores(rules.setup, state)
    fielded = max(sum(state.start_points.values()), 1)
    theirs = max(v for s, v in vp.items() if s != side)
    return odds((VP_WEIGHT, (vp[side] - theirs) / fielded),
                (1 - VP_WEIGHT, lead(structure(rules, state), side)))
