"""The scenario objective and the round limit (AT-P2, AT-P3), or on a shared table the part's
end (AT-P4); see the ruleset docstring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.wording import does
from polemos.rulesets.at43.state import At43State

if TYPE_CHECKING:
    from polemos.core.context import Context


def decide(state: At43State, game: Context, shared: bool = False) -> bool:
    """AT-P2: the last side with a mobile AFV wins; AT-P4 on a shared table instead."""
    if shared:
        return _part_spent(state, game)
    mobile = [s for s in state.sides
              if any(v.side == s and v.mobile for v in state.vehicles.values())]
    if len(mobile) > 1:
        return False
    winner = mobile[0] if mobile else None
    reason = (f"{does(winner, 'have')} the last mobile AFV" if winner
              else "no side has a mobile AFV left")
    finish(state, game, winner, reason, "AT-P2")
    return True


def _part_spent(state: At43State, game: Context) -> bool:
    """AT-P4: the part ends, deciding nothing, once none of its units can move any more (no
    mobile AFV, no living model, on any side); the mixed scenario's MIX-10 decides the game."""
    if any(v.side and v.mobile for v in state.vehicles.values()) or \
            any(t.alive for t in state.troopers.values()):
        return False
    finish(state, game, None, "no AT-43 unit can move any more", "AT-P4")
    return True


def scores(state: At43State) -> dict[str, float]:
    """AT-P3: enemy SP destroyed (a wreck counts all its SP) + enemy infantry killed."""
    lost = dict.fromkeys(state.sides, 0)
    for v in state.vehicles.values():
        if v.side:
            lost[v.side] += v.start_sp if v.wreck else v.start_sp - v.sp
    for side, count in state.killed.items():
        lost[side] += count
    return {s: float(sum(n for other, n in lost.items() if other != s)) for s in state.sides}


def round_limit(state: At43State, game: Context, shared: bool = False) -> None:
    """AT-P3: at the round limit, the most enemy SP destroyed wins; equal scores draw. AT-P4:
    on a shared table the part just ends there (the game's last turn, MIX-2)."""
    if shared:
        finish(state, game, None, f"round limit {state.max_rounds}: the mixed scenario decides",
               "AT-P4")
        return
    totals = scores(state)
    best = max(totals.values())
    leaders = [s for s, n in totals.items() if n == best]
    winner = leaders[0] if len(leaders) == 1 else None
    reason = (f"{winner} destroyed the most enemy SP by round {state.max_rounds}" if winner
              else f"equal scores at the round limit ({state.max_rounds})")
    finish(state, game, winner, reason, "AT-P3")


def finish(state: At43State, game: Context, winner: str | None, reason: str, rule: str) -> None:
    """The game is over: record the result and announce it with the scores."""
    state.over, state.winner, state.reason, state.rule = True, winner, reason, rule
    game.emit("end", winner=winner, reason=reason, rule=rule, scores=scores(state))
