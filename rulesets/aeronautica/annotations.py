"""Aeronautica Imperialis events as board annotations (core/annotations.py): each hex flown
(AI-33) extends the model's trail, fire (AI-47) and bombs (AI-60) are a line to the target.
Events give offset hexes; the board is in cm. A bomb on another ruleset's unit names it
``ruleset:unit`` (MIX-5); the board knows it by its unit id."""

from __future__ import annotations

from typing import Any

from polemos.core.annotations import Annotation, Link, Path, hex_point


def annotate(event: dict[str, Any], hex_cm: float) -> Annotation | None:
    kind = event["type"]
    if kind == "fly" and event["frm"] != event["to"]:
        return Path("move", event["unit"],
                    (hex_point(event["frm"], hex_cm), hex_point(event["to"], hex_cm)))
    if kind == "fire":
        return Link("shot", event["unit"], _unit(event["target"]), event["hits"] > 0)
    if kind == "scatter" and event.get("target"):
        return Link("shot", event["unit"], _unit(event["target"]), bool(event["hit"]))
    return None


def _unit(target: str) -> str:
    """The board's id of a target, which another ruleset's unit carries as ``ruleset:unit``."""
    return target.rsplit(":", 1)[-1]
