"""De Bello Gallico events as board annotations (core/annotations.py): moves and charges leave a
trail (DBG-11), flights a fleeing trail (DBG-29), shots (DBG-22) and melee duels (DBG-18) a line
between the two fighters. Coordinates are already centimetres."""

from __future__ import annotations

from typing import Any

from polemos.core.annotations import Annotation, Link, Path, cm


def annotate(event: dict[str, Any]) -> Annotation | None:
    kind = event["type"]
    if kind in ("move", "flight") and event["frm"] != event["to"]:
        return Path(kind, event["unit"], (cm(event["frm"]), cm(event["to"])))
    if kind == "shot":
        return Link("shot", event["unit"], event["target"], bool(event["hit"]))
    if kind == "duel":
        return Link("melee", event["attacker"], event["target"],
                    event["winner"] == event["attacker"])
    return None
