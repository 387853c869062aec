"""Aeronautica Imperialis's actions, declared once (each names its model, except ``first``).

- Choose Manoeuvres (AI-20): ``manoeuvre`` {number};
- Movement (AI-24, AI-27): ``first`` {side}, ``throttle`` {speed}, ``facing`` {turn},
  ``fly`` {hexes, turn}, ``drop`` {points} (AI-42), ``altitude`` {change}, ``land``,
  ``take_off`` and ``stay`` (AI-41);
- Tailing Fire and Firing (AI-22, AI-25): ``jink`` {dir} (AI-54), ``fire`` {weapon, target},
  ``done``;
- End phase: ``tail`` {target} (AI-65).

The ranges are what the rules can ever allow, so a number outside them is refused before the
rules look at it; whether it is allowed *now* (Throttle, the template, the ceiling) stays rule
logic in the ruleset's ``check``.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from polemos.core.actions import (
    Action,
    ActionArgs,
    ActionKind,
    ActionTable,
    SideName,
    UnitId,
    arg,
)
from polemos.rulesets.aeronautica.limits import SPEED_CAP
from polemos.rulesets.aeronautica.models import TURN_RANGE

TOP_TOKEN = 9
"""AI-13, AI-37: Ace Manoeuvres reach 8, 9 with Streamlined; no token is ever above 9."""
Turn = Annotated[int, Field(ge=TURN_RANGE.start, le=TURN_RANGE.stop - 1)]
"""Hexsides turned, -3 (left) to 3 (right) (AI-33, AI-36)."""


class ManoeuvreArgs(ActionArgs):
    number: int = arg("AI-36", "The manoeuvre token (AI-36 template number).", ge=1,
                      le=TOP_TOKEN)


class FirstArgs(ActionArgs):
    side: SideName = arg("AI-24", "The side that moves an aircraft first.")


class ThrottleArgs(ActionArgs):
    speed: int = arg("AI-28", "The new Speed (AI-12, AI-15, AI-28).", ge=0, le=SPEED_CAP)


class FacingArgs(ActionArgs):
    turn: Turn = arg("AI-33", "Hexsides turned before moving (the template's initial facing).")


class FlyArgs(ActionArgs):
    hexes: int = arg("AI-33", "Straight hexes before the next manoeuvre hex.", ge=1,
                     le=SPEED_CAP)
    turn: Turn = arg("AI-33", "Hexsides turned at that manoeuvre hex.")


class DropArgs(ActionArgs):
    points: int = arg("AI-42", "Transport points of troops dropped.", ge=1, le=99)


class AltitudeArgs(ActionArgs):
    change: int = arg("AI-38", "Levels climbed (+) or dived (-).", ge=-2, le=2)


class JinkArgs(ActionArgs):
    dir: int = arg("AI-54", "The neighbouring hex jinked to, 0-5.", ge=0, le=5)


class FireArgs(ActionArgs):
    weapon: str = arg("AI-17", "The weapon slot fired (its weapon key).", min_length=1,
                      max_length=200)
    target: UnitId = arg("AI-43", "The enemy model fired at; another ruleset's unit on a "
                                  "shared table as ``ruleset:unit`` (MIX-5, MIX-6).")


class TailArgs(ActionArgs):
    target: UnitId = arg("AI-65", "The enemy aircraft marked as tailed.")


ACTIONS = ActionTable(
    ActionKind("manoeuvre", "AI-20", ManoeuvreArgs, doc="A hidden manoeuvre token (AI-20)."),
    ActionKind("first", "AI-24", FirstArgs, unit=False,
               doc="The initiative player names who moves first (AI-24)."),
    ActionKind("throttle", "AI-28", ThrottleArgs, doc="Start the move: the Throttle (AI-28)."),
    ActionKind("take_off", "AI-41", doc="A Landed aircraft takes off (AI-41)."),
    ActionKind("stay", "AI-41", doc="A Landed aircraft stays landed (AI-41)."),
    ActionKind("facing", "AI-33", FacingArgs, doc="The template's initial facing (AI-33)."),
    ActionKind("fly", "AI-33", FlyArgs, doc="Fly to the next manoeuvre hex (AI-33, AI-34)."),
    ActionKind("drop", "AI-42", DropArgs, doc="Drop Jump Troops (AI-42)."),
    ActionKind("altitude", "AI-38", AltitudeArgs, doc="The altitude step (AI-38)."),
    ActionKind("land", "AI-41", doc="Land in a landing zone (AI-41)."),
    ActionKind("jink", "AI-54", JinkArgs, doc="Jink one hex before targeting (AI-54)."),
    ActionKind("fire", "AI-43", FireArgs, doc="Fire one weapon at a target (AI-43 .. AI-51)."),
    ActionKind("done", "AI-25", doc="End this model's fire (AI-25)."),
    ActionKind("tail", "AI-65", TailArgs, doc="Mark one of several tailed enemies (AI-65)."),
    rule="AI-19",
)


def acting(action: Action) -> str:
    """The model an action names: every kind but ``first`` names one (``ACTIONS``)."""
    assert action.unit is not None, f"{action.kind} names no model"
    return action.unit
