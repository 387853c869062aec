"""How a Petit Cirque Volant game reads at the terminal: the cloth, the menu and the log."""

from __future__ import annotations

from typing import Any

from polemos.core.actions import Action
from polemos.core.board import Board, Piece, hex_centre_cm, hex_table_size
from polemos.core.hexgrid import FACING_NAMES, axial_to_offset
from polemos.core.wording import conjugate, dice, does, hex_at, verdict
from polemos.rulesets.petit_cirque.state import PcvState

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
ARROWS = ("→", "↘", "↙", "←", "↖", "↗")


def describe(state: PcvState) -> str:
    """An ASCII cloth (odd rows shifted right, as on the hex cloth) and a list of aircraft."""
    labels: dict[tuple[int, int], str] = {}
    lines = []
    for n, p in enumerate(state.planes.values(), 1):
        if not p.in_play:
            continue
        col, row = axial_to_offset(p.hex)
        label = f"{p.side[0].upper()}{n}{ARROWS[p.facing]}"
        labels[(col, row)] = label if (col, row) not in labels else "**"
        damaged = ", damaged" if p.damage else ""
        lines.append(f"  {label:4s} {p.id:10s} {hex_at((col, row)):9s} facing "
                     f"{FACING_NAMES[p.facing]:2s} alt {p.altitude} speed {p.speed} "
                     f"{p.role}{damaged}")
    grid = []
    for row in range(state.cloth.height):
        cells = [f"{labels.get((col, row), '·'):^4s}" for col in range(state.cloth.width)]
        grid.append(("  " if row % 2 else "") + "".join(cells))
    phase = f"{state.turn.side} to {state.phase}, round {state.turn.round}/{state.max_rounds}"
    return "\n".join(grid + [phase] + lines)


def describe_action(action: Action) -> str:
    args = action.args
    if action.kind == "step":
        return f"{action.unit}: forward {args['dir']}, {args['alt']}"
    if action.kind == "loop":
        return f"{action.unit}: loop, {args['alt']} one level"
    if action.kind == "speed":
        return f"{action.unit}: speed {args['change']:+d} for next turn"
    if action.kind == "fire":
        return f"{action.unit}: fire at {args['target']}"
    return f"{action.unit}: hold fire"


def narrate(event: dict[str, Any]) -> str | None:
    """One line per event, citing its rule ids; hexes as ``hex col,row`` (core.wording)."""
    kind = event["type"]
    if kind == "turn":
        return f"-- round {event['round']}: {does(event['side'], 'move')} ({event['rule']})"
    if kind == "move":
        rules = ", ".join(event["rules"])
        return (f"  {event['unit']} {event['how']} {hex_at(event['frm'])} → "
                f"{hex_at(event['to'])} facing {FACING_NAMES[event['facing']]} alt "
                f"{event['altitude']}, {event['mp_left']} MP left ({rules})")
    if kind == "speed":
        return f"  {event['unit']} speed {event['speed']} next turn ({event['rule']})"
    if kind == "collision":
        a, b = event["units"]
        return (f"  {a} and {b} collide at {hex_at(event['hex'])} alt {event['altitude']} "
                f"({event['rule']})")
    if kind == "lost":
        return f"  {event['unit']} is out of play: {event['why']} ({event['rule']})"
    if kind == "phase":
        return f"-- {does(event['side'], 'fire')} ({event['rule']})"
    if kind == "fire":
        rules = ", ".join(event["rules"])
        return (f"  {event['unit']} fires at {event['target']}, {ORDINAL[event['distance']]} "
                f"hex, needs {event['needed']}+, rolls {event['roll']}: {event['outcome']} "
                f"({rules})")
    if kind == "end":
        return f"== game over: {verdict(event['winner'], event['reason'])} ({event['rule']})"
    if kind == "roll" and event["purpose"] == "first player":
        return (f"  {event['side']} {conjugate(event['side'], 'roll')} {dice(event['dice'])} "
                f"for first player ({event['rule']})")
    return None


def board(state: PcvState, hex_cm: float) -> Board:
    """The cloth as a picture: each aircraft at its hex centre, nose along its facing."""
    width, height = hex_table_size(state.cloth.width, state.cloth.height, hex_cm)
    pieces = []
    for p in state.planes.values():
        if not p.in_play:
            continue
        x, y = hex_centre_cm(p.q, p.r, hex_cm)
        pieces.append(Piece(p.id, p.side, x, y, hex_cm * 0.3, facing_deg=60.0 * p.facing,
                            labels=[f"alt {p.altitude}", f"spd {p.speed}"],
                            markers=["damaged"] * bool(p.damage)))
    caption = f"round {state.turn.round}: {state.turn.side} to {state.phase}"
    return Board(width, height, pieces, hex_cm=hex_cm, hex_columns=state.cloth.width,
                 hex_rows=state.cloth.height, caption=caption)
