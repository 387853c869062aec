"""De Bello Gallico's actions, declared once (``unit`` is the acting fighter or officer).

- movement phase: ``activate``; then for the fighter being activated ``move`` {x, y, via},
  ``charge`` {target}, ``withdraw`` {edge}, ``shoot`` {target}, ``end`` (DBG-11 … DBG-16,
  DBG-22, DBG-38, DBG-52, DBG-59); ``via`` is only a menu label;
- melee phase: ``attack`` {target, at: rider|mount} (DBG-18, DBG-50);
- morale a: ``substitute`` (name an officer, DBG-33), then ``break_test`` (DBG-32);
- morale b: ``rally`` (an officer's Rally manoeuvre, DBG-34/35) or ``pass``;
- morale c: ``rally_one`` (DBG-37) or ``pass``;
- ``orderly_retreat`` is declared so that asking for it cites DBG-36 (campaign play only).
"""

from __future__ import annotations

from typing import Any, Literal

from polemos.core.actions import Action, ActionArgs, ActionKind, ActionTable, UnitId, arg
from polemos.rulesets.de_bello_gallico.models import MAX_TABLE, EdgeName


class MoveArgs(ActionArgs):
    x: float = arg("DBG-11", "Where the base centre ends, cm from the west edge.", ge=0,
                   le=MAX_TABLE)
    y: float = arg("DBG-11", "Where the base centre ends, cm from the north edge.", ge=0,
                   le=MAX_TABLE)
    via: str = arg("DBG-11", "A label of the menu (the heading); no effect on the move.",
                   max_length=100)


class ChargeArgs(ActionArgs):
    target: UnitId = arg("DBG-14", "The enemy the charge ends in base contact with.")


class ShootArgs(ActionArgs):
    target: UnitId = arg("DBG-22", "The enemy shot at.")


class WithdrawArgs(ActionArgs):
    edge: EdgeName = arg("DBG-59", "The reserved table edge the fighter leaves by.")


class AttackArgs(ActionArgs):
    target: UnitId = arg("DBG-18", "The enemy in base contact attacked.")
    at: Literal["rider", "mount"] = arg("DBG-50", "A mounted enemy's rider or its mount.")


ACTIONS = ActionTable(
    ActionKind("activate", "DBG-11", doc="Activate a fighter of the side (DBG-11, DBG-12)."),
    ActionKind("move", "DBG-11", MoveArgs, doc="Move straight up to the Mouvement (DBG-11)."),
    ActionKind("charge", "DBG-14", ChargeArgs, doc="Move into base contact (DBG-14, DBG-16)."),
    ActionKind("withdraw", "DBG-59", WithdrawArgs, doc="Leave by a reserved edge (DBG-59)."),
    ActionKind("shoot", "DBG-22", ShootArgs, doc="Shoot at an enemy (DBG-22 … DBG-24)."),
    ActionKind("end", "DBG-11", doc="End the activation (DBG-12: it may do nothing)."),
    ActionKind("attack", "DBG-18", AttackArgs, doc="Attack an enemy in contact (DBG-18)."),
    ActionKind("substitute", "DBG-33", doc="Name an officer to test for friends (DBG-33)."),
    ActionKind("break_test", "DBG-32", unit=False, doc="Take the break-point tests (DBG-32)."),
    ActionKind("rally", "DBG-34", doc="An officer's Rally manoeuvre (DBG-34, DBG-35)."),
    ActionKind("rally_one", "DBG-37", doc="A retreating fighter tries to rally (DBG-37)."),
    ActionKind("pass", "DBG-9", unit=False, doc="Pass at morale step b or c (DBG-34, DBG-37)."),
    ActionKind("orderly_retreat", "DBG-36",
               doc="Campaign play only: refused in this version (DBG-36)."),
    rule="DBG-9",
)


VIA_MEMO = 10_000
"""Menu labels ``via`` keeps before it starts over (a bound on a long search's memory)."""
_VIAS: dict[tuple[str, float], str] = {}
"""A menu move's label by heading label and travel: writing a float costs more than the rest of
the move, and the same few lengths come back decision after decision (an unblocked heading
goes the whole or half Mouvement)."""


def via(label: str, travel: float) -> str:
    """A menu move's ``via``: its heading's label and its travel, e.g. ``"NE 4.5 cm"``."""
    found = _VIAS.get((label, travel))
    if found is None:
        if len(_VIAS) >= VIA_MEMO:
            _VIAS.clear()
        found = _VIAS[label, travel] = f"{label} {travel:g} cm"
    return found


class MoveChoice(Action):
    """A ``move`` the menu offers (DBG-11), kept as the menu's (x, y, label, travel) option
    (``movement.Option``): its ``args`` are made only when read. A menu offers a dozen moves
    and a player takes one of them, so the others never pay for an argument dict nor for
    writing their ``via`` (issue 14).

    Every consumer sees the plain ``Action("move", unit, {"x": x, "y": y, "via": via})``: the
    same kind, unit and args, the same ``to_json`` and ``recorded``, equal to it and hashed
    like it both ways round, shown like it, and copied or pickled as it. Made only by
    ``move_choices``, which sets its three slots without an ``__init__`` per move.
    """

    __slots__ = ("_option", "_args")
    _option: tuple[float, float, str, float]
    _args: dict[str, Any]
    kind = "move"  # one kind for the class: no slot to set

    @property
    def args(self) -> dict[str, Any]:
        """``{"x": x, "y": y, "via": via(label, travel)}``, made at the first reading and
        kept."""
        try:
            return self._args
        except AttributeError:
            x, y, label, travel = self._option
            made = {"x": x, "y": y, "via": via(label, travel)}
            _set_made(self, made)
            return made

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return (self.kind, self.unit, self.args) == (other.kind, other.unit, other.args)
        return NotImplemented

    __hash__ = Action.__hash__

    def to_json(self) -> dict[str, Any]:
        """``Action.to_json``, its arguments written straight in sorted order ("via", "x",
        "y"): the move a player takes is recorded at every step (``Action.recorded``)."""
        x, y, label, travel = self._option
        return {"kind": "move", "unit": self.unit,
                "args": {"via": via(label, travel), "x": x, "y": y}}

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, unit={self.unit!r}, args={self.args!r})"

    def __reduce__(self) -> tuple[type[Action], tuple[str, str | None, dict[str, Any]]]:
        return Action, (self.kind, self.unit, dict(self.args))


_set_unit = Action.__dict__["unit"].__set__
_set_recorded = Action.__dict__["_recorded"].__set__
_set_option = MoveChoice.__dict__["_option"].__set__
_set_made = MoveChoice.__dict__["_args"].__set__
"""The slots of a frozen action, written only while it is made (``move_choices``, ``args``)."""


def move_choices(unit: str, options: list[tuple[float, float, str, float]]) -> list[Action]:
    """``Action("move", unit, {"x": x, "y": y, "via": via(label, travel)})`` for each (x, y,
    label, travel) option (``movement.Option``), as ``MoveChoice``s."""
    made: list[Action] = []
    new = object.__new__
    for option in options:
        choice = new(MoveChoice)
        _set_unit(choice, unit)
        _set_recorded(choice, None)
        _set_option(choice, option)
        made.append(choice)
    return made
