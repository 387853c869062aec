"""What a De Bello Gallico position looks like to the search bot's evaluation (``evaluate``).

Each feature is a number read from the state, measured for the scenario's two roles: ``a_``
the holder of the bridge (DBG-57) or the hunter of the ambush (DBG-58), ``b_`` the other side
(the first and second side of a plain skirmish). They are what decides these games between
two greedy bots: fighters fit, wounded and retreating, officers, how far each side stands from
its break point, the duels already joined, the charges the next activations may bring (who
stands within whose Mouvement, who is still to activate, who is beyond an officer's reach),
and the objective. Counts of fighters are shares of the side's starting strength, so one set
of weights serves any force. Most of them change only when the dice fall; the reach of the
charges changes with every move, which gives the search something to choose between moves by.

Cheap by design: the search evaluates every playout's last position, so this is a pass or two
over the fighters plus the contacts and gaps the table's layout keeps anyway (some 0.2 ms).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from polemos.core.table import EPS, gap_to_obstacle
from polemos.rulesets.de_bello_gallico.bots import duel_odds
from polemos.rulesets.de_bello_gallico.geometry import within
from polemos.rulesets.de_bello_gallico.layout import Layout, layout
from polemos.rulesets.de_bello_gallico.models import Ambush, HoldBridge
from polemos.rulesets.de_bello_gallico.morale_rules import losses, substitution_reach
from polemos.rulesets.de_bello_gallico.objectives import Objective, eliminated
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, WITHDRAWN, DbgState, Fighter

if TYPE_CHECKING:
    from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico

BREAK_HORIZON = 3
"""Losses short of the break point (DBG-32) beyond which a side counts as safe from it."""


def roles(objective: Objective, sides: list[str]) -> tuple[str, str]:
    """(a, b): the holder and the defender (DBG-57), the hunter and the quarry (DBG-58), else
    the scenario's first and second side."""
    if isinstance(objective, HoldBridge):
        return objective.holder, objective.defender
    if isinstance(objective, Ambush):
        return objective.hunter, objective.quarry
    return sides[0], sides[1]


def features(rules: DeBelloGallico, state: DbgState, reach: bool = True) -> dict[str, float]:
    """Every feature of the position, by name (``a_``/``b_`` for the two roles); without the
    ``REACH`` ones unless ``reach``: they cost a tenth of a search's playout, and a model that
    does without them (Corfinium's) should not pay for them."""
    objective = rules.scenario.objective
    a, b = roles(objective, state.sides)
    table = layout(state)
    found = {f"a_{k}": v for k, v in side_features(state, a, table, reach).items()}
    found |= {f"b_{k}": v for k, v in side_features(state, b, table, reach).items()}
    found["time"] = min(state.turn / state.max_turns, 1.0)
    if isinstance(objective, HoldBridge):
        found |= bridge_features(state, objective, table, found["time"])
    elif isinstance(objective, Ambush):
        found |= ambush_features(state, objective, found["time"])
    return found


def side_features(state: DbgState, side: str, table: Layout, reach: bool = True
                  ) -> dict[str, float]:
    """DBG-7 wounds, DBG-28 retreats, DBG-26/35 officers, DBG-32 break point, DBG-18/19 duels
    joined: each pinned fighter's best chance of winning a duel against a foe touching it
    (DBG-18: a tie has no effect), less one half."""
    fit = wounded = retreating = officers = edge = 0.0
    for fighter in state.fighters.values():
        if fighter.status != IN_PLAY or fighter.side != side:
            continue
        if fighter.retreating:
            retreating += 1
        elif fighter.wounds:
            wounded += 1
        else:
            fit += 1
        if fighter.officer and not fighter.retreating:
            officers += 1
        if fighter.id in table.pinned and not fighter.retreating:
            foes = [state.fighters[i] for i in table.touching[fighter.id]
                    if state.fighters[i].side != side]
            edge += max(duel_odds(state, fighter, foe) for foe in foes) - 0.5
    start = state.starting[side]
    threshold = math.ceil(start * state.params.break_percent / 100)
    margin = min(max(threshold - losses(state, side), 0), BREAK_HORIZON)
    found = {"fit": fit / start, "wounded": wounded / start, "retreating": retreating / start,
             "officers": officers, "to_break": margin / BREAK_HORIZON, "edge": edge / start}
    return found | reach_features(state, side, table) if reach else found


REACH = ("threatened", "striking", "pending", "loose")
"""The names of ``reach_features``' features (``a_``/``b_`` aside)."""


def reach_features(state: DbgState, side: str, table: Layout) -> dict[str, float]:
    """Where the next charges may come from, as shares of the side's starting strength:
    ``threatened``, its steady fighters that a free enemy (neither retreating nor pinned,
    DBG-12, DBG-31) stands within Mouvement of, edge to edge (DBG-14: a charge is a move
    ending in contact; terrain and zones of control, DBG-15/16, are not traced);
    ``striking``, its free fighters with a steady enemy within their own Mouvement;
    ``pending``, its fighters still to activate in this movement phase, the one under way
    aside (DBG-11: the side with more of them left has the last word); ``loose``, its steady
    men beyond every steady officer's substitution reach (DBG-33: alone, each tests morale for
    itself, and an officer's fall or flight within 10 cm shakes only those near it, DBG-26)."""
    fighters = state.fighters
    threatened = striking = pending = loose = 0
    officers = [f for f in fighters.values() if f.side == side and f.status == IN_PLAY
                and f.officer and not f.retreating]
    for fighter in fighters.values():
        if fighter.status != IN_PLAY or fighter.side != side or fighter.retreating:
            continue
        free = fighter.id not in table.pinned
        foes = [(fighters[i], g) for i, g in table.enemy_gaps(state, fighter)]
        if any(g <= foe.move and not foe.retreating and foe.id not in table.pinned
               for foe, g in foes):
            threatened += 1
        if free and any(g <= fighter.move and not foe.retreating for foe, g in foes):
            striking += 1
        if not fighter.officer and not any(
                within(fighter, o, substitution_reach(state, o)) for o in officers):
            loose += 1
    if state.phase == "move" and state.alternation is not None:
        pending = sum(1 for unit in state.alternation.remaining.get(side, [])
                      if unit != state.active)
    start = state.starting[side]
    return {"threatened": threatened / start, "striking": striking / start,
            "pending": pending / start, "loose": loose / start}


def bridge_features(state: DbgState, objective: HoldBridge, table: Layout, time: float
                    ) -> dict[str, float]:
    """DBG-57: the holder's unpinned fighters on the bridge toward the count (and the count
    reached, and reached with a win at the end of this turn should it stand), the turns held
    toward those needed, each side's fighters on it and how near its ``count`` nearest stand,
    and the defender alone on it as the last turn nears. In the last turn, the end of the game
    as it would be if the bridge stayed as it is: ``b_alone_end`` the defender's win,
    ``a_on_end`` at best a draw for it; the time alone does not tell a model fitted over the
    whole game that it is then the result itself."""
    shape = state.ground.feature(objective.bridge).shape
    x0, y0, x1, y1 = shape.bbox
    reach = max(state.ground.table.width, state.ground.table.height)
    contact = state.params.contact + EPS
    count = objective.count
    on: dict[str, list[Fighter]] = {objective.holder: [], objective.defender: []}
    near: dict[str, list[float]] = {objective.holder: [], objective.defender: []}
    for fighter in state.fighters.values():
        if fighter.status != IN_PLAY or fighter.retreating or fighter.side not in on:
            continue
        base = fighter.base
        # The gap to the bridge's bounding box never exceeds the gap to the bridge itself.
        boxed = max(math.hypot(base.x - min(max(base.x, x0), x1),
                               base.y - min(max(base.y, y0), y1)) - base.radius, 0.0)
        near[fighter.side].append(boxed)
        if boxed <= contact and gap_to_obstacle(base, shape) <= contact:
            on[fighter.side].append(fighter)
    held = sum(1 for f in on[objective.holder] if f.id not in table.pinned)

    def approach(side: str) -> float:
        return sum(max(0.0, 1 - g / reach) for g in sorted(near[side])[:count]) / count

    alone = bool(on[objective.defender]) and not on[objective.holder]
    last = float(state.turn >= state.max_turns)
    full = float(held >= count)
    return {"held": min(held, count) / count, "held_full": full,
            "held_next": full * float(state.bridge_turns + 1 >= objective.turns),
            "a_on": min(len(on[objective.holder]), count) / count,
            "b_on": min(len(on[objective.defender]), count) / count,
            "turns": state.bridge_turns / objective.turns,
            "a_near": approach(objective.holder), "b_near": approach(objective.defender),
            "b_alone_t": float(alone) * time, "b_alone_end": float(alone) * last,
            "a_on_end": float(bool(on[objective.holder])) * last}


def ambush_features(state: DbgState, objective: Ambush, time: float) -> dict[str, float]:
    """DBG-58/59: the quarry eliminated against the draw (and past it, or at it), withdrawn,
    still on the table and how far those stand from their nearest reserved edge."""
    quarry = [f for f in state.fighters.values() if f.side == objective.quarry]
    width, height = state.ground.table.width, state.ground.table.height
    distances = [min({"east": width - f.base.x, "west": f.base.x, "north": f.base.y,
                      "south": height - f.base.y}[edge] for edge in objective.exits)
                 / max(width, height) for f in quarry if f.status == IN_PLAY]
    lost, draw = eliminated(state, objective), objective.draw_at
    beyond = (lost - draw) / max(draw, 1)
    left = len(distances) / len(quarry)
    return {"elim": beyond, "elim_win": float(lost > draw), "elim_draw": float(lost == draw),
            "withdrawn": sum(1 for f in quarry if f.status == WITHDRAWN) / len(quarry),
            "exit_dist": sum(distances) / len(quarry), "left": left, "left_t": left * time,
            "elim_t": beyond * time}
