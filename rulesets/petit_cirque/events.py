"""Le Petit Cirque Volant's commonest events, logged compactly (``Context.log``).

A game logs the values; each function here makes the event's dict from them when the log is
read, so a simulation that never reads its log never builds them (issue 14). The dicts are
exactly those the rules logged before, fields in the same order (the log adds ``seq``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from polemos.core.hexgrid import Hex, axial_to_offset


def move(unit: str, how: str, frm_q: int, frm_r: int, col: int, row: int, facing: int,
         altitude: int, mp_left: int, rules: Sequence[str]) -> dict[str, Any]:
    """A step or loop from the hex of axial ``(frm_q, frm_r)`` (the mover's, kept as it is:
    its offset coordinates are worked out here, only if the log is read) into the hex
    ``[col, row]`` (PCV-6 … PCV-9), citing ``rules``."""
    frm_col, frm_row = axial_to_offset(Hex(frm_q, frm_r))
    return {"type": "move", "unit": unit, "how": how, "frm": [frm_col, frm_row],
            "to": [col, row], "facing": facing, "altitude": altitude, "mp_left": mp_left,
            "rules": list(rules)}


def speed(unit: str, speed: int, change: int) -> dict[str, Any]:
    """Next turn's speed, set once the move is spent (PCV-10)."""
    return {"type": "speed", "unit": unit, "speed": speed, "change": change, "rule": "PCV-10"}


def hold(unit: str) -> dict[str, Any]:
    """An aircraft that holds its fire (PCV-14)."""
    return {"type": "hold", "unit": unit, "rule": "PCV-14"}


def fire_phase(side: str) -> dict[str, Any]:
    """The side's aircraft have all moved: they fire now (PCV-14)."""
    return {"type": "phase", "side": side, "phase": "fire", "rule": "PCV-14"}


def turn(side: str, round_: int) -> dict[str, Any]:
    """The turn passes to ``side`` (PCV-4)."""
    return {"type": "turn", "side": side, "round": round_, "rule": "PCV-4"}
