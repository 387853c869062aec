"""Le Petit Cirque Volant events as board annotations (core/annotations.py): each hex flown
(PCV-6) extends the aircraft's trail, fire (PCV-15) is a line to the target, a collision
(PCV-12) a line between the two aircraft. Events give offset hexes; the board is in cm."""

from __future__ import annotations

from typing import Any

from polemos.core.annotations import Annotation, Link, Path, hex_point


def annotate(event: dict[str, Any], hex_cm: float) -> Annotation | None:
    kind = event["type"]
    if kind == "move":
        return Path("move", event["unit"],
                    (hex_point(event["frm"], hex_cm), hex_point(event["to"], hex_cm)))
    if kind == "fire":
        return Link("shot", event["unit"], event["target"], event["outcome"] != "miss")
    if kind == "collision":
        first, second = event["units"]
        return Link("collision", first, second, True)
    return None
