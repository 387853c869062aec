"""Typed destinations for De Bello Gallico (``Ruleset.parse_command``; grammar in
core.destinations).

``move [FIGHTER] to X Y`` and ``move [FIGHTER] toward OTHER [stop CM]`` become DBG-11's
``move`` {x, y, via}: the point where the base centre ends (``via`` is only a menu label, left
empty). The fighter is the one being activated by default. The rules then check it like a menu
move: beyond the Mouvement, off the table or through impassable ground it is refused by DBG-11,
into contact while retreating by DBG-31, and nothing changes.
"""

from __future__ import annotations

from polemos.core.actions import Action
from polemos.core.destinations import read, short_of
from polemos.core.errors import PolemosInputError
from polemos.rulesets.de_bello_gallico.state import DbgState


def destination(state: DbgState, text: str) -> Action | None:
    """The ``move`` a typed destination means, or None when ``text`` is none."""
    wanted = read(text)
    if wanted is None:
        return None
    unit = wanted.unit or state.active
    if unit is None or unit not in state.fighters:
        raise PolemosInputError(f"'{text}': activate a fighter first, or name one (DBG-11)")
    if wanted.point is not None:
        x, y = wanted.point
    else:
        other = state.fighters.get(wanted.toward or "")
        if other is None or not other.in_play:
            raise PolemosInputError(f"no fighter {wanted.toward!r} on the table to move toward")
        x, y = short_of(state.fighters[unit].base, other.base, wanted.stop)
    return Action("move", unit, {"x": round(x, 2), "y": round(y, 2), "via": ""})
