"""Small mixed scenarios (docs/mixing.md) built from the real rulesets' own scenario fields.

Every builder returns the plain dict a YAML file would give, so a test reads as its scenario:
one table with a hex overlay, the sides ``romans`` and ``gauls``, and one part per ruleset with
the few units the rule under test needs. Hex units are placed by [column, row] of the overlay;
centimetre units by their base centre, which ``centre`` gives for any hex.
"""

from __future__ import annotations

from typing import Any

from polemos.core.board import hex_centre_cm
from polemos.core.hexgrid import offset_to_axial

HEX_CM = 6.0
SIDES = ["romans", "gauls"]
WIDTH, HEIGHT = 90.0, 60.0
"""A 90 × 60 cm table with 6 cm hexes: a 14 × 11 overlay."""


def centre(col: int, row: int, hex_cm: float = HEX_CM) -> tuple[float, float]:
    """The table point (cm) at the centre of overlay hex [col, row]."""
    h = offset_to_axial(col, row)
    return hex_centre_cm(h.q, h.r, hex_cm)


def mixed(parts: dict[str, dict[str, Any]], *, order: list[str] | None = None, turns: int = 2,
          objective: dict[str, Any] | None = None) -> dict[str, Any]:
    """A mixed scenario loading exactly the rulesets of ``parts``, in that order unless told."""
    raw: dict[str, Any] = {
        "name": "mixing end to end", "ruleset": "mixed",
        "table": {"width": WIDTH, "height": HEIGHT}, "hex_cm": HEX_CM, "sides": list(SIDES),
        "rulesets": list(parts), "order": order or list(parts), "turns": turns,
        "parts": parts}
    if objective is not None:
        raw["objective"] = objective
    return raw


# -- De Bello Gallico -----------------------------------------------------------------------
def fighter(id_: str, side: str, x: float, y: float, troop: str = "legionary",
            nation: str = "roman", **extra: Any) -> dict[str, Any]:
    return {"id": id_, "side": side, "troop": troop, "nation": nation, "at": [x, y], **extra}


def dbg(*fighters: dict[str, Any], terrain: list[dict[str, Any]] | None = None
        ) -> dict[str, Any]:
    return {"sides": list(SIDES), "terrain": terrain or [], "fighters": list(fighters)}


# -- Aeronautica Imperialis -----------------------------------------------------------------
def aircraft(id_: str, kind: str, col: int, row: int, facing: str = "E", altitude: int = 3,
             speed: int = 3) -> dict[str, Any]:
    return {"id": id_, "aircraft": kind, "hex": [col, row], "facing": facing,
            "altitude": altitude, "speed": speed}


def battery(id_: str, col: int, row: int, ground: str = "flak_platform") -> dict[str, Any]:
    return {"id": id_, "ground": ground, "hex": [col, row]}


def aeronautica(romans: list[dict[str, Any]], gauls: list[dict[str, Any]]) -> dict[str, Any]:
    return {"sides": list(SIDES), "points": 1000,
            "squadrons": {"romans": romans, "gauls": gauls}}


# -- Le Petit Cirque Volant -----------------------------------------------------------------
def biplane(id_: str, side: str, col: int, row: int, altitude: int, facing: str = "E",
            speed: int = 1) -> dict[str, Any]:
    return {"id": id_, "side": side, "hex": [col, row], "facing": facing,
            "altitude": altitude, "speed": speed}


def petit_cirque(*aircraft_: dict[str, Any], first_side: str = "romans") -> dict[str, Any]:
    return {"sides": list(SIDES), "first_side": first_side, "aircraft": list(aircraft_)}


# -- AT-43 ----------------------------------------------------------------------------------
def afv(id_: str, side: str, profile: str, x: float, y: float) -> dict[str, Any]:
    """One AFV in a unit of its own (``<id>-unit``)."""
    return {"id": f"{id_}-unit", "side": side,
            "vehicles": [{"id": id_, "profile": profile, "at": [x, y]}]}


def at43(*units: dict[str, Any]) -> dict[str, Any]:
    """AT-P4: on a shared table a part may field one side; the first listed acts first."""
    sides = list(dict.fromkeys(u["side"] for u in units))
    return {"sides": sides, "first_side": sides[0], "units": list(units)}
