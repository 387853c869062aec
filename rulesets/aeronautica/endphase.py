"""The End phase: Stall tests, Spin recovery, Tailing check (AI-26, AI-62 .. AI-65).

At each step the initiative player resolves all its aircraft first (AI-26). Only the tailing
check can need a decision: an aircraft tailing several enemies marks one (AI-65 Decision).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.hexgrid import arcs_of, distance, strictly_in_rear, turn
from polemos.rulesets.aeronautica.losses import destroy
from polemos.rulesets.aeronautica.state import AIRCRAFT, AiState, Model, Setup

if TYPE_CHECKING:
    from polemos.core.context import Context


def in_order(setup: Setup, state: AiState) -> list[Model]:
    """Aircraft in play, the initiative player's first (AI-26), each side in scenario order."""
    first = state.initiative or setup.sides[0]
    planes = [m for m in state.models.values() if m.kind == AIRCRAFT and m.in_play]
    return [m for m in planes if m.side == first] + [m for m in planes if m.side != first]


def handling_test(setup: Setup, model: Model, purpose: str, rule: str, game: Context
                  ) -> tuple[int, bool]:
    """AI-14: one D6, no modifiers, passed on Handling or more; a natural 1 fails."""
    needed = setup.specs[model.id].handling
    roll = game.dice.d6(purpose=purpose, rule=rule, unit=model.id, target=needed)
    return roll, roll != 1 and roll >= needed


def stall_tests(setup: Setup, state: AiState, game: Context) -> None:
    """AI-62: pass — Speed −1 (not below Min), Altitude to Max, marker off; fail — Spin."""
    for model in in_order(setup, state):
        if model.marker != "stall":
            continue
        spec = setup.specs[model.id]
        roll, passed = handling_test(setup, model, f"{model.id} stall test", "AI-62", game)
        if passed:
            model.speed = max(spec.min_speed, model.speed - 1)
            model.altitude = spec.max_altitude
            model.marker = ""
        else:
            model.marker, model.spin_turn = "spin", state.turn
        game.emit("stall_test", unit=model.id, roll=roll, passed=passed, speed=model.speed,
                  altitude=model.altitude, rules=["AI-62", "AI-14"])


def spin_recovery(setup: Setup, state: AiState, game: Context) -> None:
    """AI-63/AI-64: a spin started in an earlier End phase tests now. Pass — Max Speed and a
    random facing (Decision: D6, 1 unchanged, else that many minus one hexsides clockwise);
    fail — down one level, crashing at 0 with no pull-out roll."""
    for model in in_order(setup, state):
        if model.marker != "spin" or model.spin_turn >= state.turn:
            continue
        spec = setup.specs[model.id]
        roll, passed = handling_test(setup, model, f"{model.id} spin recovery", "AI-64", game)
        if passed:
            spin = game.dice.d6(purpose=f"{model.id} random facing", rule="AI-64",
                                unit=model.id)
            model.speed, model.marker = spec.max_speed, ""
            model.facing = turn(model.facing, spin - 1)
            game.emit("spin_recovery", unit=model.id, roll=roll, passed=True,
                      facing=model.facing, speed=model.speed, rules=["AI-64", "AI-14"])
            continue
        model.altitude -= 1
        game.emit("spin_recovery", unit=model.id, roll=roll, passed=False,
                  altitude=model.altitude, rules=["AI-64", "AI-14"])
        if model.altitude <= 0:
            destroy(setup, state, model, "spun into the ground", "AI-64", game)


def tails(setup: Setup, a: Model, b: Model) -> bool:
    """AI-65: B in A's Front arc, A entirely in B's Rear arc, within 10 hexes (Decision)."""
    if a.side == b.side or b.kind != AIRCRAFT or not b.in_play or b.landed:
        return False
    if b.marker == "spin" or distance(a.hex, b.hex) > setup.params.tailing_range:
        return False
    return "front" in arcs_of(a.hex, a.facing, b.hex) and strictly_in_rear(b.hex, b.facing, a.hex)


def tailing_check(setup: Setup, state: AiState, game: Context) -> None:
    """AI-65: mark who tails whom for next turn; several candidates wait for their owner."""
    state.tail_options = {}
    for model in in_order(setup, state):
        if model.landed or model.marker == "spin":
            continue
        tailed = [b.id for b in state.models.values() if tails(setup, model, b)]
        if len(tailed) == 1:
            mark(state, model, tailed[0], game)
        elif tailed:
            state.tail_options[model.id] = tailed


def mark(state: AiState, model: Model, target: str, game: Context) -> None:
    model.tailing = target
    state.tail_options.pop(model.id, None)
    game.emit("tailing", unit=model.id, target=target, rule="AI-65")
