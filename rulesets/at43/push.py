"""The push after an Assault (AT-21 … AT-28, AT-37, AT-40).

The pushing attackers and the pushed vehicles move as one block (``polemos.core.table.sweep``
with a 2.5 cm stop gap, AT-23), straight along the travel direction, for the rest of the normal
movement; the first meeting of any member stops the whole block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.table import apply_sweep, sweep
from polemos.rulesets.at43.crushing import Pass, crush
from polemos.rulesets.at43.geometry import afv_bases, obstacles
from polemos.rulesets.at43.groups import push_direction
from polemos.rulesets.at43.meeting import resolve_meetings
from polemos.rulesets.at43.state import At43Params, At43State, Collision

if TYPE_CHECKING:
    from polemos.core.context import Context


def pushers(state: At43State, c: Collision) -> list[str]:
    """AT-21: attackers the backlash left able to move. Decision: an attacker the backlash
    immobilised cannot push either (AT-5: it cannot move)."""
    return [a.id for a in c.attackers if state.vehicles[a.id].mobile]


def push_distance(state: At43State, c: Collision) -> float:
    """AT-22: until the attacker's centre has travelled M this activation (the rush's +10 cm
    does not count); AT-40 Decision: the least left to any pushing attacker."""
    return max(0.0, min((state.vehicles[a].move - state.vehicles[a].travelled
                         for a in pushers(state, c)), default=0.0))


def push(state: At43State, params: At43Params, c: Collision, game: Context) -> None:
    """Push the block, then crush (AT-26) and apply what it met (AT-24, AT-25, AT-27); the
    attackers end in contact with what they pushed (AT-28)."""
    ids = pushers(state, c)
    direction = push_direction(state, c, ids)
    distance = push_distance(state, c)
    block = [state.vehicles[i].base for i in ids + c.movers]
    starts = {b.id: (b.x, b.y) for b in block}
    if direction is None:  # held between opposed attackers (groups.held_or_mean)
        game.emit("push", units=ids, pushed=c.movers, direction=[0.0, 0.0],
                  distance=0.0, travelled=0.0, at={b.id: [b.x, b.y] for b in block},
                  rules=["AT-21", "AT-40"])
        return
    result = sweep(block, direction, distance, bases=afv_bases(state, starts),
                   obstacles=obstacles(state), table=state.table, stop_gap=params.contact)
    apply_sweep(block, direction, result)
    for i in ids:
        state.vehicles[i].travelled += result.travelled
    rules = ["AT-21", "AT-22", "AT-28"]
    if len(c.movers) > 1:
        rules.append("AT-37")
    if len(ids) > 1:
        rules.append("AT-40")
    game.emit("push", units=ids, pushed=c.movers, direction=list(direction),
              distance=round(distance, 6), travelled=round(result.travelled, 6),
              at={b.id: [b.x, b.y] for b in block}, rules=rules)
    crush(state, params, [Pass(state.vehicles[b.id], starts[b.id], direction, result.travelled)
                          for b in block], game, rule="AT-26")
    resolve_meetings(state, result, c.movers, game, rule="AT-24")
