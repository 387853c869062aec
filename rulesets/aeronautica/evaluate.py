"""How well a side stands in Aeronautica Imperialis, for the search bot (``polemos_evaluate``).

AI-70: most victory points win. Three leads say who is likely to: the victory points if the
game ended now (AI-69: destroyed 100 %, damaged 50 %; objectives and delivered troops, AI-70)
over the points both sides fielded (AI-72); the share of each side's fielded Structure still in
play, what it can still lose and shoot with; and aim, the victory points each aircraft's best
volley would be expected to take from where both stand (AI-44 arcs, AI-47 range bands, AI-48
and AI-50 hits and damage), so a playout cut short between the moves and the shots tells an
enemy in our sights from our tail in theirs (nothing beyond Long range counts, AI-47).

They are weighed as a logistic model of the winner, fitted to greedy-against-greedy dogfights
(issue 14): a victory-point lead decides more as the turns run out (AI-66), so its weight grows
with the turn. The weighted sum it replaces gave the side that had shot down a Thunderbolt
0.58; this gives 0.91 at turn 6, and in those games a side about that far ahead in turns 4-8
won 95 % — so the search's rewards hardly told its actions apart.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from polemos.rulesets.aeronautica import victory
from polemos.rulesets.aeronautica.bots import expected
from polemos.rulesets.aeronautica.state import AIRCRAFT, TARGET, AiState

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis

VP_SLOPE, STRUCTURE_SLOPE, AIM_SLOPE, FIRING_AIM_SLOPE = 12.0, 4.5, 3.0, 6.5
"""Log-odds of winning per unit of lead: victory points over the points fielded, at the last
turn (a share of it before, by the turns played, AI-66); Structure left, as shares of each
side's own; aim, in victory points over the points fielded. Fitted to 4,400 positions of 145
greedy dogfights (11 to 13 and 4.5 to 5). Between the moves aim foretold little (the aircraft
still to move change it): 3 keeps a playout cut short there telling our sights from theirs."""

FIRING = ("tailing", "firing")
"""The phases where aim is about to be fired (AI-22, AI-25): there it foretells twice as much
as between the moves (``FIRING_AIM_SLOPE``, fitted to the 2,000 starts of Firing phases of 300
greedy dogfights, where the other two slopes came out as above)."""


def structure(rules: AeronauticaImperialis, state: AiState) -> dict[str, float]:
    """Each side's share of the Structure it fielded on models still in play (AI-69: what is
    out of play can be shot no more, nor shoot)."""
    specs = rules.setup.specs
    left = dict.fromkeys(rules.setup.sides, 0.0)
    fielded = dict.fromkeys(rules.setup.sides, 0.0)
    for model in state.models.values():
        if model.kind != TARGET:
            fielded[model.side] += specs[model.id].structure
            if model.in_play:
                left[model.side] += model.structure
    return {side: left[side] / fielded[side] if fielded[side] else 0.0 for side in left}


def aim(rules: AeronauticaImperialis, state: AiState, side: str) -> float:
    """The victory points ``side``'s aircraft would expect from their best volleys now (AI-69:
    a model's cost per Structure point), less the enemy's, over the points fielded (AI-72)."""
    setup = rules.setup
    models = [m for m in state.models.values() if m.in_play]
    shooters = [m for m in models if m.kind == AIRCRAFT and not m.landed and m.marker != "spin"]
    total = 0.0
    for firer in shooters:
        best = 0.0
        for target in models:
            if target.side != firer.side:  # nothing beyond Long range (``expected``, AI-47)
                spec = setup.specs[target.id]
                worth = setup.objectives.get(target.id, spec.cost) / max(spec.structure, 1)
                best = max(best, min(expected(setup, firer, target), target.structure)
                           * worth)
        total += best if firer.side == side else -best
    return total / max(sum(state.start_points.values()), 1)


def evaluate(rules: AeronauticaImperialis, state: AiState, side: str) -> float:
    """The odds that ``side`` wins: its leads in victory points if the game ended now (AI-69,
    AI-70, over the points fielded, AI-72; weighed by the share of the turns played, AI-66),
    in Structure left and in aim, on the logistic scale."""
    vp = victory.scores(rules.setup, state)
    fielded = max(sum(state.start_points.values()), 1)
    theirs = max(v for s, v in vp.items() if s != side)
    left = structure(rules, state)
    played = min(max(state.turn, 1) / rules.setup.params.turn_limit, 1.0)
    logit = (VP_SLOPE * played * (vp[side] - theirs) / fielded
             + STRUCTURE_SLOPE * (left[side] - max(v for s, v in left.items() if s != side))
             + (FIRING_AIM_SLOPE if state.phase in FIRING else AIM_SLOPE) * aim(rules, state, side))
    return 1 / (1 + math.exp(-logit))
