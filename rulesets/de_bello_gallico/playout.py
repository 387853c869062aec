"""The De Bello Gallico playout policy: the greedy bot's play, its activations found cheaply.

The search bot (``mcts``) plays a few actions past each new node before it judges the position
(``DeBelloGallico.search_depth``), and random ones ruin it: fighters wander off, never charge,
leave the bridge. A playout action must still cost little. The greedy bot spends about half
its time choosing whom to activate: it works out the duel odds (DBG-18) of every eligible
fighter with an enemy within reach, then the chosen fighter's menu is cheap to weigh (charge
the weakened or the bridge's holders, shoot the best target, walk at the objective, officers
back to their men), and so are melee, morale and rallies: those choices stay the greedy bot's.
The activation keeps the greedy order without the odds: bolting mounts first (DBG-52), then
a fighter with an enemy within its Mouvement (a charge, DBG-14), then one that may shoot
(DBG-22), officers last (they follow their men). Played against the greedy bot (60 games a
seat, the greedy bot's own results on the same seeds in brackets) it wins Corfinium as the
Pompeians 11 (12) and loses 15 (21), as the Caesareans wins 18 (21) and loses 19 (12); the
ambush as the Britons wins 30 (18), as the Romans 28 (37): greedy-like, not the same.
"""

from __future__ import annotations

import math
import random

from polemos.core.actions import Action
from polemos.rulesets.de_bello_gallico import shooting
from polemos.rulesets.de_bello_gallico.bots import greedy_policy
from polemos.rulesets.de_bello_gallico.geometry import on_table
from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico
from polemos.rulesets.de_bello_gallico.state import DbgState


def playout_policy(rules: DeBelloGallico, view: DbgState, side: str, legal: list[Action],
                   rng: random.Random) -> Action:
    """The greedy bot's choice, but for whom to activate (module docstring)."""
    if legal[0].kind == "activate":
        return _activation(view, side, legal)
    return greedy_policy(rules, view, side, legal, rng)


def _activation(view: DbgState, side: str, legal: list[Action]) -> Action:
    """Bolting first, then a fighter with an enemy within its Mouvement, officers last."""
    foes = [(f.base.x, f.base.y, f.base.radius) for f in on_table(view) if f.side != side]
    best, best_score = legal[0], -math.inf
    for action in legal:
        assert action.unit is not None, "an activation names its fighter"
        fighter = view.fighters[action.unit]
        base = fighter.base
        score = 4.0 if fighter.bolting else 0.0
        if fighter.officer:
            score -= 2.0
        reach = fighter.move + base.radius
        if any(math.hypot(base.x - x, base.y - y) - r <= reach for x, y, r in foes):
            score += 2.0
        if shooting.shooter_problem(view, fighter) is None:
            score += 1.0
        if score > best_score:
            best, best_score = action, score
    return best
