"""The greedy De Bello Gallico bot: officers near their men, charges on the weakened, rallies.

One decision at a time, no search: each legal action gets a value from the position it leads to
(how far from the objective, how far officers stand from their men) and from the odds of its
duel or shot, read from the same rule functions the ruleset uses.
"""

from __future__ import annotations

import math
import random
from functools import cache

from polemos.core.actions import Action
from polemos.core.table import gap
from polemos.rulesets.de_bello_gallico import melee, rally, shooting
from polemos.rulesets.de_bello_gallico.geometry import nearest_enemy, on_table, within
from polemos.rulesets.de_bello_gallico.models import ITEMS, Ambush, HoldBridge
from polemos.rulesets.de_bello_gallico.morale_rules import substitution_reach
from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter

WORTH_CHARGING = 0.5
"""Charge when the duel is at least even, or the target is wounded or retreating."""
WORTH_SHOOTING = 0.2
OFFICER_SLACK = 5.0
"""cm an officer may stand from the centre of its men before it walks back to them."""


@cache
def beats(margin: int, sides: int) -> float:
    """P(die + margin > die') for two dice of ``sides`` faces."""
    wins = sum(1 for a in range(1, sides + 1) for b in range(1, sides + 1) if a + margin > b)
    return wins / sides**2


def duel_odds(state: DbgState, attacker: Fighter, target: Fighter, at: str = "rider") -> float:
    on_mount = at == "mount" and target.mount is not None
    mine = attacker.combat + sum(v for v, _ in melee.modifiers(state, attacker, target))
    combat = (ITEMS[target.mount].mount_combat or 0) if on_mount and target.mount \
        else target.combat
    theirs = combat + sum(v for v, _ in melee.modifiers(state, target, attacker, mount=on_mount))
    return beats(mine - theirs, state.die)


def weakened(fighter: Fighter) -> bool:
    return fighter.wounds > 0 or fighter.retreating


def greedy_policy(rules: DeBelloGallico, view: DbgState, side: str, legal: list[Action],
                  rng: random.Random) -> Action:
    kind = legal[0].kind
    if kind == "activate":
        return max(legal, key=lambda a: _activation_priority(view, _unit(view, a)))
    if kind == "attack":
        return max(legal, key=lambda a: _attack_value(view, a))
    if kind in ("substitute", "break_test"):
        return _name_substitutes(view, legal)
    if kind == "rally" or view.phase == "manoeuvre":
        return max(legal, key=lambda a: len(rally.rally_targets(view, _unit(view, a)))
                   if a.kind == "rally" else 0)
    if kind == "rally_one":
        return legal[0]
    if kind == "pass":
        return legal[0]
    return _activate_one(rules, view, legal)


def _unit(view: DbgState, action: Action) -> Fighter:
    assert action.unit is not None, "this kind of action names its fighter"
    return view.fighters[action.unit]


def _activation_priority(view: DbgState, fighter: Fighter) -> float:
    """Bolting riders and fighters with a prey first, officers last (they follow their men)."""
    enemy = nearest_enemy(view, fighter)
    score = 0.0
    if fighter.bolting:
        score += 4
    if enemy is not None and gap(fighter.base, enemy.base) <= fighter.move:
        score += 3 if weakened(enemy) or duel_odds(view, fighter, enemy) >= WORTH_CHARGING else 1
    if shooting.shooter_problem(view, fighter) is None:
        score += 1
    if fighter.officer:
        score -= 2
    return score


def _attack_value(view: DbgState, action: Action) -> float:
    attacker = _unit(view, action)
    target = view.fighters[action["target"]]
    odds = duel_odds(view, attacker, target, action["at"])
    return odds + (0.3 if weakened(target) else 0.0) + (0.2 if target.officer else 0.0)


def _name_substitutes(view: DbgState, legal: list[Action]) -> Action:
    """DBG-33: name an officer whose one steady roll covers at least two others."""
    for action in legal:
        if action.kind != "substitute":
            continue
        officer = _unit(view, action)
        reach = substitution_reach(view, officer)
        covered = [f for f in on_table(view) if f.side == officer.side and f.id != officer.id
                   and not f.retreating and within(f, officer, reach)]
        if len(covered) >= 2:
            return action
    return next(a for a in legal if a.kind == "break_test")


def _activate_one(rules: DeBelloGallico, view: DbgState, legal: list[Action]) -> Action:
    """Charge a weakened or weaker enemy, else shoot, else walk where the objective is."""
    fighter = _unit(view, legal[0])
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    if "withdraw" in by_kind:
        return by_kind["withdraw"][0]
    charges = [(duel_odds(view, fighter, view.fighters[a["target"]])
                + (0.5 if weakened(view.fighters[a["target"]]) else 0.0), a)
               for a in by_kind.get("charge", [])]
    if charges:
        value, best = max(charges, key=lambda pair: pair[0])
        if value >= WORTH_CHARGING or fighter.frenzied:
            return best
    shots = [(_shot_value(view, fighter, view.fighters[a["target"]]), a)
             for a in by_kind.get("shoot", [])]
    if shots:
        value, best = max(shots, key=lambda pair: pair[0])
        if value >= WORTH_SHOOTING:
            return best
    moves = by_kind.get("move", [])
    here = _place_value(rules, view, fighter, fighter.base.x, fighter.base.y)
    if moves:
        value, best = max(((_place_value(rules, view, fighter, a["x"], a["y"]), a)
                           for a in moves), key=lambda pair: pair[0])
        if value > here + 0.05:
            return best
    return by_kind["end"][0] if "end" in by_kind else legal[0]


def _shot_value(view: DbgState, fighter: Fighter, target: Fighter) -> float:
    difficulty, _ = shooting.shot_difficulty(view, fighter, target)
    needed = difficulty - (fighter.shoot or 0)
    chance = min(max((view.die + 1 - needed) / view.die, 0.0), 1.0)
    return chance * (1.5 if target.wounds or target.officer else 1.0)


def _place_value(rules: DeBelloGallico, view: DbgState, fighter: Fighter, x: float,
                 y: float) -> float:
    """Higher is better: near the objective, officers near their men, men near an officer."""
    value = -0.1 * _to_goal(rules, view, fighter, x, y)
    mine = [f for f in on_table(view) if f.side == fighter.side and f.id != fighter.id]
    if fighter.officer:
        men = [f for f in mine if not f.officer]
        if men:
            cx = sum(f.base.x for f in men) / len(men)
            cy = sum(f.base.y for f in men) / len(men)
            value -= 0.2 * max(0.0, math.hypot(x - cx, y - cy) - OFFICER_SLACK)
    else:
        officers = [f for f in mine if f.officer]
        if officers:
            nearest = min(math.hypot(x - o.base.x, y - o.base.y) for o in officers)
            value -= 0.05 * max(0.0, nearest - view.params.officer_reach)
    return value


def _to_goal(rules: DeBelloGallico, view: DbgState, fighter: Fighter, x: float,
             y: float) -> float:
    """How far (x, y) is from where this side wants to be."""
    objective = rules.scenario.objective
    table = view.ground.table
    if isinstance(objective, HoldBridge):
        shape = view.ground.feature(objective.bridge).shape
        x0, y0, x1, y1 = shape.bbox
        return math.hypot(x - min(max(x, x0), x1), y - min(max(y, y0), y1))
    if isinstance(objective, Ambush) and fighter.side == objective.quarry:
        return min({"east": table.width - x, "west": x, "north": y,
                    "south": table.height - y}[edge] for edge in objective.exits)
    foes = [f for f in on_table(view) if f.side != fighter.side]
    return min((math.hypot(x - f.base.x, y - f.base.y) for f in foes), default=0.0)
