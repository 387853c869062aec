"""The AT-43 playout policy: the greedy bot's plan at a fraction of its cost, for search playouts.

The search bot (``mcts``) plays dozens of actions past each new node before it judges the
position, so a playout action must cost little more than a random one. This policy keeps the
greedy bot's plan — rush, ram whenever a ram is worth it, otherwise close in to charge range of
the best target (AT-P2 is won by wrecking and immobilising) — but weighs only what the menu or
one line of arithmetic gives:

- a declaration rushes the AFV with the best ram in band (AT-15) of an enemy, by distance alone
  (no path is swept, AT-16); with none in band, the first AFV offered;
- a vehicle that rushed makes the best ram the menu offers if it is worth more than
  ``RAM_FLOOR`` (``bots.ram_worth``), else drives straight at the target whose Charge is worth
  most less ``CLOSING`` per cm it stands beyond charge range, stopping ``CHARGE_DEPTH`` inside
  the charge band; already there (a blocked path), it takes a move of the menu at random;
- with no enemy AFV left, it drives at the nearest enemy model (AT-8 crushes it);
- a join is made when its ram is worth something by distance alone (AT-34), infantry march as
  the greedy bot's do, and the collision's other choices are the greedy bot's (``bots.settle``).
"""

from __future__ import annotations

import math
import random

from polemos.core.actions import Action
from polemos.core.table import Base, gap
from polemos.rulesets.at43.bots import (
    CHARGE_DEPTH,
    CLOSING,
    actor,
    ram_value,
    safest_march,
    settle,
    worthy_ram,
)
from polemos.rulesets.at43.geometry import heading_of
from polemos.rulesets.at43.impacts import band
from polemos.rulesets.at43.movement import reach
from polemos.rulesets.at43.ruleset import At43
from polemos.rulesets.at43.state import CHARGE, At43Params, At43State, Vehicle


def playout_policy(rules: At43, view: At43State, side: str, legal: list[Action],
                   rng: random.Random) -> Action:
    """The greedy bot's kind of choice at the cost of a few distances (module docstring)."""
    kinds = {a.kind for a in legal}
    settled = settle(view, legal, kinds)
    if settled is not None:
        return settled
    params = rules.params
    if kinds <= {"join", "strike"}:
        return _join(params, view, legal)
    if kinds <= {"move", "ram"}:
        return _move_or_ram(params, view, legal, rng)
    if "declare" not in kinds:
        return safest_march(view, side, legal)
    return _declaration(params, view, legal)


def _enemies(view: At43State, vehicle: Vehicle) -> list[Vehicle]:
    return [e for e in view.vehicles.values() if e.side and e.side != vehicle.side
            and not e.wreck]


def _best_in_band(params: At43Params, view: At43State, vehicle: Vehicle) -> float:
    """The best ram ``vehicle`` could make after a rush, by distance alone (AT-14, AT-15)."""
    best = -math.inf
    for enemy in _enemies(view, vehicle):
        distance = gap(vehicle.base, enemy.base)
        mine = band(distance, vehicle.move, params.rush_bonus)
        if mine is not None and distance > params.contact:
            best = max(best, ram_value(vehicle, enemy, mine))
    return best


def _declaration(params: At43Params, view: At43State, legal: list[Action]) -> Action:
    """Rush the AFV with the best ram in band; else the first AFV offered (AT-7, AT-11)."""
    rushes = [a for a in legal if a.kind == "declare" and a["mode"] == "rush"]
    if not rushes:
        return legal[0]
    return max(rushes, key=lambda a: _best_in_band(params, view, view.vehicles[actor(a)]))


def _join(params: At43Params, view: At43State, legal: list[Action]) -> Action:
    """The join whose ram is worth most by distance, if worth anything (AT-34); else strike."""
    best, worth = Action("strike"), 0.0
    for action in legal:
        if action.kind != "join":
            continue
        attacker, target = view.vehicles[actor(action)], view.vehicles[action["target"]]
        mine = band(gap(attacker.base, target.base), attacker.move, params.rush_bonus)
        value = ram_value(attacker, target, mine or CHARGE, in_contact=False)
        if value > worth:
            best, worth = action, value
    return best


def _move_or_ram(params: At43Params, view: At43State, legal: list[Action],
                 rng: random.Random) -> Action:
    """The best ram on offer if worth more than ``RAM_FLOOR``; else straight at the best
    target, to ``CHARGE_DEPTH`` inside its charge band (AT-15)."""
    ram = worthy_ram(params, view, legal)
    if ram is not None:
        return ram
    moves = [a for a in legal if a.kind == "move"]
    vehicle = view.vehicles[actor(moves[0])]
    here = vehicle.base
    standoff = vehicle.move + params.rush_bonus - CHARGE_DEPTH
    goal: Base | None = None
    enemies = _enemies(view, vehicle)
    if enemies:
        target = max(enemies, key=lambda e: ram_value(vehicle, e, CHARGE)
                     - CLOSING * max(0.0, gap(here, e.base) - standoff))
        goal = target.base
    else:
        prey = [t.base for t in view.troopers.values() if t.alive and t.side != vehicle.side]
        goal = min(prey, key=lambda b: gap(here, b), default=None)
        standoff = 0.0
    distance = 0.0 if goal is None else min(gap(here, goal) - standoff, reach(params, vehicle))
    if goal is None or distance < 1.0:
        return moves[int(rng.random() * len(moves))]
    heading = heading_of((goal.x - here.x, goal.y - here.y))
    return Action("move", vehicle.id, {"heading": round(heading, 1) % 360.0,
                                       "distance": math.floor(distance * 10) / 10})

