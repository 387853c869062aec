"""AT-43 events as board annotations (core/annotations.py): moves leave a trail (AT-7), rams
(AT-11), pushes (AT-26), throws (AT-29) and survivors moved aside (AT-8) an arrow, and a crush a
line from the vehicle to the model it ran over (AT-8). Coordinates are already centimetres."""

from __future__ import annotations

from typing import Any

from polemos.core.annotations import Annotation, Link, Path, cm

PATHS = {"move": "move", "ram": "ram", "join": "ram", "throw": "throw",
         "survivor_moved": "push"}
"""Event types carrying ``frm`` and ``to``, and the kind of path each draws."""


def annotate(event: dict[str, Any]) -> Annotation | None:
    kind = event["type"]
    if kind in PATHS and "frm" in event and event["frm"] != event["to"]:
        return Path(PATHS[kind], event["unit"], (cm(event["frm"]), cm(event["to"])))
    if kind == "push" and event["travelled"] > 0:
        # One arrow for the block, from the first pushed vehicle's start to where it ended.
        unit, end = next(iter(event["at"].items()))
        dx, dy = event["direction"]
        start = (end[0] - dx * event["travelled"], end[1] - dy * event["travelled"])
        return Path("push", unit, (start, cm(end)))
    if kind == "crush":
        return Link("crush", event["by"], event["unit"], bool(event["killed"]))
    return None
