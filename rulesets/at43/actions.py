"""AT-43's actions, declared once: the activation's and the collision's decisions alike.

In an activation (``unit`` is the acting AFV, or the infantry unit for ``march`` and its
``hold``):

- ``declare`` {mode} — a normal move or a rush (AT-7, AT-11);
- ``move`` {heading, distance} — one straight move of the declared kind (AT-7);
- ``ram`` {target, offset} — after a rush, ram a vehicle at a contact point (AT-11 … AT-16);
- ``hold`` — the AFV, or the infantry unit, does nothing this round (AT-P1);
- ``march`` {heading, distance} — an infantry unit moves as a block (AT-P1).

During a collision, the active player's decisions (``join`` names the joining AFV; the others
name no unit): ``join`` {target, offset} (AT-34), ``strike`` (no one else joins, AT-34),
``allot`` {extra} (AT-33), ``split`` {extra} (AT-39), ``push`` / ``no_push`` (AT-21),
``throw`` {target} (AT-37, AT-40, AT-41). ``extra`` lists, comma-joined, the recipients of the
remainder of an even share ("" when there is none).

Headings are degrees clockwise from east, in [0, 360); a distance is at most the diagonal of
the largest table a scenario may have (``TableModel``: 10 000 cm a side), the rules then bound
it by the vehicle's reach; a contact point is an offset in degrees in [-180, 180] (AT-16).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationInfo

from polemos.core.actions import ActionArgs, ActionKind, ActionTable, UnitId, arg

MAX_DISTANCE = 14_143.0
"""cm: the diagonal of a 10 000 × 10 000 cm table, the largest a scenario may have."""


def _known_names(value: str, info: ValidationInfo) -> str:
    """Every name of a comma-joined ``extra`` must be a unit the parse was given."""
    known = (info.context or {}).get("units")
    unknown = [name for name in value.split(",") if name and known is not None
               and name not in known]
    if unknown:
        raise ValueError(f"unknown vehicle {unknown[0]!r} in extra")
    return value


Extra = Annotated[str, Field(max_length=2000, pattern=r"^([^,]+(,[^,]+)*)?$"),
                  AfterValidator(_known_names)]
"""Comma-joined ids of the vehicles that take the remainder of an even share ("" for none)."""


class DeclareArgs(ActionArgs):
    mode: Literal["normal", "rush"] = arg("AT-7", "A normal move (M) or a rush (M + 10 cm).")


class MoveArgs(ActionArgs):
    heading: float = arg("AT-7", "Degrees clockwise from east.", ge=0, lt=360)
    distance: float = arg("AT-7", "cm along the heading.", ge=0, le=MAX_DISTANCE)


class MarchArgs(ActionArgs):
    heading: float = arg("AT-P1", "Degrees clockwise from east.", ge=0, lt=360)
    distance: float = arg("AT-P1", "cm along the heading.", ge=0, le=MAX_DISTANCE)


class RamArgs(ActionArgs):
    target: UnitId = arg("AT-11", "The vehicle rammed (an enemy AFV, or a wreck for a walker).")
    offset: float = arg("AT-16", "Contact point: degrees round the target off the direct line.",
                        ge=-180, le=180)


class JoinArgs(ActionArgs):
    target: UnitId = arg("AT-41", "The vehicle the joining AFV rams.")
    offset: float = arg("AT-16", "Contact point: degrees round the target off the direct line.",
                        ge=-180, le=180)


class AllotArgs(ActionArgs):
    extra: Extra = arg("AT-33", "Who takes the remainder of the melee's damage, comma-joined.")


class SplitArgs(ActionArgs):
    extra: Extra = arg("AT-39", "Which attackers take the remainder of the backlash, "
                       "comma-joined.")


class ThrowArgs(ActionArgs):
    target: UnitId = arg("AT-37", "The rammed vehicle thrown next.")


ACTIONS = ActionTable(
    ActionKind("declare", "AT-7", DeclareArgs, doc="Declare a normal move or a rush (AT-7)."),
    ActionKind("move", "AT-7", MoveArgs, doc="The declared move, in a straight line (AT-7)."),
    ActionKind("ram", "AT-11", RamArgs, doc="After a rush, ram a vehicle (AT-11 … AT-16)."),
    ActionKind("hold", "AT-P1", doc="The AFV or the infantry unit does nothing (AT-P1)."),
    ActionKind("march", "AT-P1", MarchArgs, doc="An infantry unit moves as a block (AT-P1)."),
    ActionKind("join", "AT-34", JoinArgs, doc="Another AFV of the unit joins the ram (AT-34)."),
    ActionKind("strike", "AT-34", unit=False, doc="No one else joins: the impacts (AT-34)."),
    ActionKind("allot", "AT-33", AllotArgs, unit=False,
               doc="Spread a melee's damage as evenly as possible (AT-33)."),
    ActionKind("split", "AT-39", SplitArgs, unit=False,
               doc="Share a target's backlash among its attackers (AT-39)."),
    ActionKind("push", "AT-21", unit=False, doc="Push the rammed vehicles (AT-21, AT-22)."),
    ActionKind("no_push", "AT-21", unit=False, doc="Do not push (AT-21)."),
    ActionKind("throw", "AT-29", ThrowArgs, unit=False,
               doc="Throw the next rammed vehicle (AT-29, AT-37, AT-40, AT-41)."),
    rule="AT-P1",
)
