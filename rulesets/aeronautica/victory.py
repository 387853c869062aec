"""Game end and victory points (AI-66 .. AI-71).

VP are counted once, when the game ends: each enemy model's share of its cost by how it ended
(AI-69, rounded up per model), destroyed scenario ground targets and delivered troops (AI-70).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.rulesets.aeronautica.state import (
    AIRCRAFT,
    DESTROYED,
    DISENGAGED,
    TARGET,
    WITHDRAWN,
    AiState,
    Model,
    Setup,
)

if TYPE_CHECKING:
    from polemos.core.context import Context


def flying(state: AiState, side: str) -> bool:
    """AI-67 Decision: Landed aircraft and ground assets are not in the air."""
    return any(m.side == side and m.kind == AIRCRAFT and m.in_play and not m.landed
               for m in state.models.values())


def air_cleared(state: AiState) -> bool:
    """AI-67: only one player (or none) still has aircraft in the air.

    Decision: a side that fielded no aircraft at the start does not count, so a side defended
    only by flak does not end the game before it begins.
    """
    sides = state.start_flying
    still = [side for side in sides if flying(state, side)]
    return len(still) < min(2, len(sides))


def force_value(setup: Setup, state: AiState, side: str) -> int:
    """AI-68 Decision: the cost of the side's models still in play, damaged or not."""
    return sum(setup.specs[m.id].cost for m in state.models.values()
               if m.side == side and m.kind != TARGET and m.in_play)


def broken_sides(setup: Setup, state: AiState) -> list[str]:
    """AI-68: sides at 25 % or less of their starting points."""
    percent = setup.params.disengage_percent
    return [side for side in setup.sides if state.start_points.get(side, 0) > 0
            and force_value(setup, state, side) * 100 <= percent * state.start_points[side]]


def share(setup: Setup, model: Model) -> int:
    """AI-69 percent of the model's cost its enemy scores (AI-71 for ejector seats)."""
    damaged = model.structure < setup.specs[model.id].structure
    if model.status == DESTROYED:
        return model.worth
    if model.status == DISENGAGED:
        return 100
    if model.status == WITHDRAWN:
        return 25 if damaged else 0
    return 50 if damaged else 0


def model_vp(setup: Setup, model: Model) -> int:
    """AI-69: the share of the model's cost, rounded up."""
    return -(-setup.specs[model.id].cost * share(setup, model) // 100)


def scores(setup: Setup, state: AiState) -> dict[str, int]:
    """VP of each side: enemy models (AI-69), ground targets and troops (AI-70)."""
    vp = dict.fromkeys(setup.sides, 0)
    for model in state.models.values():
        enemy = next(side for side in setup.sides if side != model.side)
        if model.kind == TARGET:
            if model.status == DESTROYED:
                vp[enemy] += setup.objectives[model.id]
        else:
            vp[enemy] += model_vp(setup, model)
    for side, points in state.troop_vp.items():
        vp[side] += points
    return vp


def finish(setup: Setup, state: AiState, reason: str, rule: str, game: Context) -> None:
    """End the game: VP decide it, equal VP is a draw (AI-70)."""
    state.scores = scores(setup, state)
    best = max(state.scores.values())
    leaders = [side for side, vp in state.scores.items() if vp == best]
    state.winner = leaders[0] if len(leaders) == 1 else None
    state.over, state.reason, state.rule, state.phase = True, reason, rule, "over"
    state.alternation = state.flight = state.volley = state.exchange = None
    game.emit("end", winner=state.winner, reason=reason, rule=rule, vp=state.scores,
              rules=[rule, "AI-69", "AI-70"])
