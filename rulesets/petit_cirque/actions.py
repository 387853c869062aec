"""Le Petit Cirque Volant's actions, declared once (every one names the acting aircraft).

- ``step`` {dir, alt} — one hex forward, level, down or up (PCV-6, PCV-7, PCV-9);
- ``loop`` {alt} — a loop, one level up or down (PCV-8);
- ``speed`` {change} — next turn's speed, once the aircraft has spent all its MP (PCV-10);
- ``fire`` {target} — a shot at an enemy aircraft (PCV-14 … PCV-18); ``hold`` — no shot.
"""

from __future__ import annotations

from typing import Literal

from polemos.core.actions import ActionArgs, ActionKind, ActionTable, UnitId, arg

Direction = Literal["straight", "left", "right"]
Climb = Literal["level", "down", "up"]


class StepArgs(ActionArgs):
    dir: Direction = arg("PCV-9", "Forward is straight, left or right.")
    alt: Climb = arg("PCV-6", "Level, one level down or one level up.")


class LoopArgs(ActionArgs):
    alt: Literal["up", "down"] = arg("PCV-8", "A loop changes altitude by exactly one level.")


class SpeedArgs(ActionArgs):
    change: int = arg("PCV-10", "Speed change for next turn.", ge=-1, le=1)


class FireArgs(ActionArgs):
    target: UnitId = arg("PCV-14", "The aircraft fired at.")


ACTIONS = ActionTable(
    ActionKind("step", "PCV-6", StepArgs, doc="One hex forward (PCV-6, PCV-7, PCV-9)."),
    ActionKind("loop", "PCV-8", LoopArgs, doc="A loop: 3 MP, one level up or down (PCV-8)."),
    ActionKind("speed", "PCV-10", SpeedArgs, doc="Set next turn's speed (PCV-10)."),
    ActionKind("fire", "PCV-14", FireArgs, doc="Fire at an aircraft (PCV-14 … PCV-18)."),
    ActionKind("hold", "PCV-14", doc="This aircraft does not fire this turn (PCV-14)."),
    rule="PCV-4",
)
