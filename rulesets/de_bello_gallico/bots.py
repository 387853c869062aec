"""The greedy De Bello Gallico bot: the objective first, charges on the weakened, rallies.

One decision at a time, no search: each legal action gets a value from the position it leads to
(how far from the objective, how far officers stand from their men) and from the odds of its
duel or shot, read from the same rule functions the ruleset uses.

The objective shapes every value. At Corfinium (DBG-57) the holder walks to the bridge; the
defender crosses onto it and goes for the holders touching it, because a holder pinned (DBG-17)
or driven off does not count: charging or shooting one is worth ``CONTEST`` more, whatever the
duel's odds. In the ambush (DBG-58, DBG-59) the quarry heads for its reserved edge and leaves by
it, charging only at ``FLEEING_CHARGE`` odds, while the hunter goes for the quarry. Officers
follow their men but keep out of javelin reach (``OFFICER_COVER``): one that is shot and
retreats sets off a morale test for every friend near it (DBG-26).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache

from polemos.core.actions import Action
from polemos.core.table import gap
from polemos.rulesets.de_bello_gallico import melee, rally, shooting
from polemos.rulesets.de_bello_gallico.geometry import (
    nearest_enemy,
    on_table,
    touches_feature,
    within,
)
from polemos.rulesets.de_bello_gallico.models import ITEMS, Ambush, HoldBridge
from polemos.rulesets.de_bello_gallico.morale_rules import substitution_reach
from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter

WORTH_CHARGING = 0.5
"""Charge when the duel is at least even, or the target is wounded or retreating."""
WORTH_SHOOTING = 0.2
FLEEING_CHARGE = 0.8
"""The ambush's quarry charges only at these odds: every turn spent in melee is a turn nearer
the Britons' victory (DBG-58), and a fighter in contact cannot march off (DBG-17)."""
CONTEST = 0.6
"""Extra worth of charging or shooting a holder touching the bridge (DBG-57): pinned or driven
off, it no longer counts."""
OFFICER_SLACK = 5.0
"""cm an officer may stand from the centre of its men before it walks back to them."""
OFFICER_COVER = 17.0
"""cm (centre to centre) an officer keeps from the nearest enemy, beyond a javelin's 15 cm: an
officer shot and retreating makes every friend in sight within 10 cm test (DBG-26)."""


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
    contested = _contested(rules, view, fighter)
    charges = [(duel_odds(view, fighter, view.fighters[a["target"]])
                + (0.5 if weakened(view.fighters[a["target"]]) else 0.0)
                + (CONTEST if a["target"] in contested else 0.0), a)
               for a in by_kind.get("charge", [])]
    if charges:
        value, best = max(charges, key=lambda pair: pair[0])
        if value >= _charge_threshold(rules, fighter) or fighter.frenzied:
            return best
    shots = [(_shot_value(view, fighter, view.fighters[a["target"]])
              + (CONTEST if a["target"] in contested else 0.0), a)
             for a in by_kind.get("shoot", [])]
    if shots:
        value, best = max(shots, key=lambda pair: pair[0])
        if value >= WORTH_SHOOTING:
            return best
    moves = by_kind.get("move", [])
    place = _placer(rules, view, fighter)
    here = place(fighter.base.x, fighter.base.y)
    if moves:
        value, best = max(((place(a["x"], a["y"]), a)
                           for a in moves), key=lambda pair: pair[0])
        if value > here + 0.05:
            return best
    return by_kind["end"][0] if "end" in by_kind else legal[0]


def _charge_threshold(rules: DeBelloGallico, fighter: Fighter) -> float:
    """``WORTH_CHARGING``, or ``FLEEING_CHARGE`` for the ambush's quarry (DBG-58, DBG-59)."""
    objective = rules.scenario.objective
    if isinstance(objective, Ambush) and fighter.side == objective.quarry:
        return FLEEING_CHARGE
    return WORTH_CHARGING


def _contested(rules: DeBelloGallico, view: DbgState, fighter: Fighter) -> set[str]:
    """The holders touching the bridge, when ``fighter`` defends it (DBG-57); else none."""
    objective = rules.scenario.objective
    if not isinstance(objective, HoldBridge) or fighter.side != objective.defender:
        return set()
    return {f.id for f in on_table(view) if f.side == objective.holder
            and touches_feature(view, f.base, objective.bridge)}


def _shot_value(view: DbgState, fighter: Fighter, target: Fighter) -> float:
    difficulty, _ = shooting.shot_difficulty(view, fighter, target)
    needed = difficulty - (fighter.shoot or 0)
    chance = min(max((view.die + 1 - needed) / view.die, 0.0), 1.0)
    return chance * (1.5 if target.wounds or target.officer else 1.0)


def _placer(rules: DeBelloGallico, view: DbgState, fighter: Fighter
            ) -> Callable[[float, float], float]:
    """The worth of standing at (x, y), higher is better: near the objective, officers near
    their men and out of javelin reach, men near an officer. What does not depend on the spot
    is gathered once per decision (every menu destination is weighed with it)."""
    to_goal = _goal(rules, view, fighter)
    mine = [f for f in on_table(view) if f.side == fighter.side and f.id != fighter.id]
    foes = [(f.base.x, f.base.y) for f in on_table(view)
            if f.side != fighter.side and not f.retreating]
    men = [f for f in mine if not f.officer]
    officers = [(o.base.x, o.base.y) for o in mine if o.officer]
    centre = (sum(f.base.x for f in men) / len(men), sum(f.base.y for f in men) / len(men)) \
        if men else None
    reach = view.params.officer_reach

    def value(x: float, y: float) -> float:
        worth = -0.1 * to_goal(x, y)
        if fighter.officer:
            if centre is not None:
                worth -= 0.2 * max(0.0, math.hypot(x - centre[0], y - centre[1]) - OFFICER_SLACK)
            nearest = min((math.hypot(x - fx, y - fy) for fx, fy in foes),
                          default=OFFICER_COVER)
            worth -= 0.05 * max(0.0, OFFICER_COVER - nearest)
        elif officers:
            nearest = min(math.hypot(x - ox, y - oy) for ox, oy in officers)
            worth -= 0.05 * max(0.0, nearest - reach)
        return worth

    return value


def _goal(rules: DeBelloGallico, view: DbgState, fighter: Fighter
          ) -> Callable[[float, float], float]:
    """How far a spot is from where this side wants to be."""
    objective = rules.scenario.objective
    table = view.ground.table
    if isinstance(objective, HoldBridge):
        x0, y0, x1, y1 = view.ground.feature(objective.bridge).shape.bbox

        def off(x: float, y: float) -> float:
            return math.hypot(x - min(max(x, x0), x1), y - min(max(y, y0), y1))

        if fighter.side != objective.defender:
            return off
        holders = [(f.base.x, f.base.y) for f in on_table(view) if f.side == objective.holder
                   and touches_feature(view, f.base, objective.bridge)]

        def across(x: float, y: float) -> float:
            """The river is crossed only by the bridge: onto it first, then at the holders."""
            return 2 * off(x, y) + min((math.hypot(x - hx, y - hy) for hx, hy in holders),
                                       default=0.0)

        return across
    if isinstance(objective, Ambush) and fighter.side == objective.quarry:
        exits = objective.exits

        def way_out(x: float, y: float) -> float:
            return min({"east": table.width - x, "west": x, "north": y,
                        "south": table.height - y}[edge] for edge in exits)

        return way_out
    foes = [(f.base.x, f.base.y) for f in on_table(view) if f.side != fighter.side]

    def at_foes(x: float, y: float) -> float:
        return min((math.hypot(x - fx, y - fy) for fx, fy in foes), default=0.0)

    return at_foes
