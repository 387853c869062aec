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

from typing import Literal

from polemos.core.actions import ActionArgs, ActionKind, ActionTable, UnitId, arg
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
