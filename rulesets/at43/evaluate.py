"""How well a side stands in an AT-43 derby, for the search bot (``polemos_evaluate``).

Two things decide: AT-P2, the last side with a mobile AFV wins at once (AT-5: neither a wreck
nor immobilised), and AT-P3, at the round limit the most enemy SP destroyed (infantry killed
count 1 each) wins. The position counts three things:

- staying power: each mobile AFV's ``durability``, the damage points it can still expect to
  take before it is immobilised or destroyed (AT-4, AT-5), so a hit that leaves an AFV on its
  last Propulsion point counts before it immobilises it;
- the lead in the AT-P3 score over everything there was to destroy;
- the rams on offer: each mobile AFV's best ram from where it stands, in band (AT-15) on a clear
  head-on path (AT-16), valued as the greedy bot values it (expected damage dealt less backlash
  taken, ``bots.ram_value``): whoever has the better Charges lined up strikes first next
  activation (AT-P1 alternates them).
"""

from __future__ import annotations

from typing import Any

from polemos.core.evaluation import lead, odds
from polemos.core.table import gap
from polemos.rulesets.at43 import objective
from polemos.rulesets.at43.bots import clear_path, ram_value
from polemos.rulesets.at43.impacts import band
from polemos.rulesets.at43.state import At43State, Vehicle

MOBILE_WEIGHT = 0.5
"""AT-P2 ends the game at once; AT-P3 only at the round limit, but it counts every hit."""
RAM_WEIGHT = 0.15
"""The rams lined up are only a chance, taken by whoever activates first."""
SCORE_WEIGHT = 1 - MOBILE_WEIGHT - RAM_WEIGHT
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
    """``side``'s lead in staying power (AT-P2), in enemy SP destroyed (AT-P3) and in the rams
    lined up for next activation."""
    scores = objective.scores(state)
    at_stake = max(sum(v.start_sp for v in state.vehicles.values() if v.side)
                   + len(state.troopers), 1)
    theirs = max(v for s, v in scores.items() if s != side)
    return odds((MOBILE_WEIGHT, lead(staying_power(state), side)),
                (SCORE_WEIGHT, (scores[side] - theirs) / at_stake),
                (RAM_WEIGHT, lead(rams_on_offer(rules, state), side)))
