"""Petit Cirque Volant on a shared table (docs/mixing.md): what others see, what hits do.

Aircraft show as ``aircraft`` at their altitude (MIX-3); a hit from another ruleset is damage
in PCV terms (MIX-4: each point one damage, the second destroys as PCV-17 says); and an aircraft
that lands or falls comes down on whatever stands in its hex (MIX-7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.board import hex_centre_cm
from polemos.core.hexgrid import Hex
from polemos.core.world import AIRCRAFT, Hit, Outcome, Presence
from polemos.rulesets.petit_cirque.state import PcvParams, PcvState, Plane

if TYPE_CHECKING:
    from polemos.core.context import Context

RULESET = "petit_cirque"
CRASH_RULE = "MIX-7"


def presences(state: PcvState, hex_cm: float) -> list[Presence]:
    """MIX-3: every aircraft in play, at its hex centre and altitude."""
    found = []
    for p in state.planes.values():
        if p.in_play:
            x, y = hex_centre_cm(p.q, p.r, hex_cm)
            found.append(Presence(p.id, RULESET, p.side, AIRCRAFT, x, y, hex_cm * 0.3,
                                  p.altitude))
    return found


def take_hit(plane: Plane, params: PcvParams, hit: Hit) -> Outcome:
    """MIX-4: each damage point is one PCV damage; PCV-17's limit destroys; lethal destroys.

    Only the damage is applied here; the caller removes a destroyed aircraft.
    """
    plane.damage += hit.damage
    destroyed = hit.lethal or plane.damage >= params.hits_to_destroy.get(plane.role, 2)
    effect = "destroyed" if destroyed else ("damaged" if hit.damage else "unharmed")
    return Outcome(plane.id, hit.damage, destroyed, effect)


def crash_onto_ground(plane: Plane, game: Context) -> None:
    """MIX-7 (Decision): an aircraft that lands or falls deals 1 damage to each foreign ground
    unit standing in its hex."""
    for target in game.world.on_ground_in_hex(Hex(plane.q, plane.r), exclude=RULESET):
        game.world.hit(target, Hit(plane.id, RULESET, "crash", 1, CRASH_RULE), game)
