"""How well a side stands in an AT-43 derby, for the search bot (``polemos_evaluate``).

Two things decide: AT-P2, the last side with a mobile AFV wins at once (AT-5: neither a wreck
nor immobilised), and AT-P3, at the round limit the most enemy SP destroyed (infantry killed
count 1 each) wins. The position counts three things:

- staying power: each mobile AFV's ``durability``, the damage points it can still expect to
  take before it is immobilised or destroyed (AT-4, AT-5), so a hit that leaves an AFV on its
  last Propulsion point counts before it immobilises it;
- the lead in the AT-P3 score, which counts the more the nearer the round limit;
- the rams on offer: each mobile AFV's best ram from where it stands, in band (AT-15) on a clear
  head-on path (AT-16), valued as the greedy bot values it (expected damage dealt less backlash
  taken, ``bots.ram_value``): whoever has the better Charges lined up strikes first next
  activation (AT-P1 alternates them).

They are weighed as the odds of winning: a logistic regression of the results of 400 greedy
derbies (seeds 5000–5399) on 22,708 of their positions fitted the weights (log loss 0.524;
0.628 for the hand-set weighted sum this replaces, whose 0.085 spread of values left a hit
worth a hundredth of a game, below the search's noise). A damage point now moves the odds by
several hundredths, so the search can tell a good ram from a bad one in a few playouts.
"""

from __future__ import annotations

import math
from typing import Any

from polemos.core.evaluation import lead
from polemos.core.table import gap
from polemos.rulesets.at43 import objective
from polemos.rulesets.at43.bots import clear_path, ram_value
from polemos.rulesets.at43.impacts import band
from polemos.rulesets.at43.state import At43State, Vehicle

STAYING_POWER = 2.58
"""Log-odds of winning per unit of lead in staying power (``lead``: from -1 to 1, AT-P2)."""
SCORE = 0.53
"""Log-odds per SP of lead in the AT-P3 score at the round limit; at round r of R, r/R of it
(early on the score is far from deciding, and the staying power already counts the hits)."""
RAMS = 0.20
"""Log-odds per point of lead in the rams lined up (``ram_value``'s expected damage points)."""
PROPULSION_SHARE = 3.0
"""Damage points per Propulsion point lost, on average: a point is located there on 1–2 of a
D6 (AT-4)."""
FRAME_SHARE = 2.0
"""Damage points per Frame point lost, on average: 3–5 of a D6, and 6 once no Weapon is left."""


def durability(vehicle: Vehicle) -> float:
    """The damage points ``vehicle`` can expect to take while still mobile (AT-4, AT-5): the
    Propulsion and Frame points it has left, each worth its average share of located damage,
    combined as two ways to fail in parallel; 0 for a wreck or an immobilised AFV."""
    if not vehicle.mobile:
        return 0.0
    return 1.0 / (1.0 / (PROPULSION_SHARE * vehicle.propulsion) +
                  1.0 / (FRAME_SHARE * vehicle.frame))


def staying_power(state: At43State) -> dict[str, float]:
    """Each side's summed ``durability`` (AT-P2)."""
    totals = dict.fromkeys(state.sides, 0.0)
    for vehicle in state.vehicles.values():
        if vehicle.side:
            totals[vehicle.side] += durability(vehicle)
    return totals


def rams_on_offer(rules: Any, state: At43State) -> dict[str, float]:
    """Each side's summed best ram per mobile AFV from where it stands (AT-14, AT-15, AT-16),
    counting only rams worth something."""
    params = rules.params
    totals = dict.fromkeys(state.sides, 0.0)
    vehicles = [v for v in state.vehicles.values() if v.side and not v.wreck]
    for attacker in vehicles:
        if not attacker.mobile:
            continue
        best = 0.0
        for target in vehicles:
            if target.side == attacker.side:
                continue
            distance = gap(attacker.base, target.base)
            mine = band(distance, attacker.move, params.rush_bonus)
            if distance <= params.contact or mine is None:
                continue
            value = ram_value(attacker, target, mine)
            if value > best and clear_path(state, attacker.base, target):
                best = value
        totals[attacker.side] += best
    return totals


def evaluate(rules: Any, state: At43State, side: str) -> float:
    """``side``'s odds of winning: the logistic of its leads in staying power (AT-P2), in enemy
    SP destroyed (AT-P3) and in the rams lined up for next activation, each by its fitted
    log-odds. Between two sides the leads are opposite, so the odds add up to 1."""
    scores = objective.scores(state)
    rams = rams_on_offer(rules, state)
    theirs = max(v for s, v in scores.items() if s != side)
    offered = max(v for s, v in rams.items() if s != side)
    logit = (STAYING_POWER * lead(staying_power(state), side)
             + SCORE * state.round / max(state.max_rounds, 1) * (scores[side] - theirs)
             + RAMS * (rams[side] - offered))
    return 1.0 / (1.0 + math.exp(-logit))
