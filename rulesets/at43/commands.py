"""Typed destinations for AT-43 (``Ruleset.parse_command``; grammar in core.destinations).

``move [AFV] to X Y`` and ``move [AFV] toward OTHER [stop CM]`` become the one action AT-7
declares, ``move`` {heading, distance}: the heading (degrees clockwise from east) and the
distance from the AFV's centre to the point. The AFV is the one acting by default. The rules
then check it like a menu move: beyond the declared reach it is refused by AT-7; on its way the
sweep stops at what it meets (AT-23), as any move does.
"""

from __future__ import annotations

import math

from polemos.core.actions import Action
from polemos.core.destinations import read, short_of
from polemos.core.errors import PolemosInputError
from polemos.core.table import Base
from polemos.rulesets.at43.geometry import heading_of
from polemos.rulesets.at43.state import At43State


def destination(state: At43State, text: str) -> Action | None:
    """The ``move`` a typed destination means, or None when ``text`` is none."""
    wanted = read(text)
    if wanted is None:
        return None
    unit = wanted.unit or state.acting
    if unit is None or unit not in state.vehicles or not state.vehicles[unit].side:
        raise PolemosInputError(f"'{text}': name an AFV to move (AT-7); infantry march as a "
                                "unit from the menu (AT-P1)")
    base = state.vehicles[unit].base
    if wanted.point is not None:
        x, y = wanted.point
    else:
        x, y = short_of(base, _base(state, wanted.toward or ""), wanted.stop)
    dx, dy = x - base.x, y - base.y
    distance = round(math.hypot(dx, dy), 2)
    heading = round(heading_of((dx, dy)), 2) % 360.0 if distance else 0.0
    return Action("move", unit, {"heading": heading, "distance": distance})


def _base(state: At43State, other: str) -> Base:
    if other in state.vehicles:
        return state.vehicles[other].base
    if other in state.troopers and state.troopers[other].alive:
        return state.troopers[other].base
    raise PolemosInputError(f"no vehicle or model {other!r} on the table to move toward")
