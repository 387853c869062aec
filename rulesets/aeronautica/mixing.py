"""Aeronautica Imperialis on a shared table (docs/mixing.md): what the other rulesets see of its
models, what their hits do, and its bombs, guns and flak reaching their units.

- MIX-1: the Area of Engagement is the table's hex overlay; the game ends with the mixed turns.
- MIX-3: aircraft in the air show as ``aircraft`` at their altitude; Landed aircraft, ground
  assets and scenario ground targets as ``ground target`` at altitude 0; all at hex centres.
- MIX-4: another ruleset's damage point is one Structure point (AI-9, AI-50); lethal destroys.
- MIX-5, MIX-6: the firing rules see other rulesets' units as stand-in models (kind
  ``FOREIGN``) in the hex that holds their centre — ground units at altitude 0, targets of
  Ground Attack and strafing; aircraft at their altitude, targets of Ground-to-Air Fire only —
  and the Structure their damage rolls would remove is delivered as a ``Hit``.

Decisions (the contract leaves them to this ruleset):

- *Names*: a foreign unit is ``ruleset:unit`` in Aeronautica's actions and events, as AT-43 names
  them: another ruleset's ids may repeat Aeronautica's own.
- *No VP*: foreign units give no Aeronautica VP (AI-69 scores Aeronautica models by their cost;
  a foreign unit has none). They count for the mixed scenario's objective (MIX-10).
- *Air to air*: only Ground-to-Air Fire reaches a foreign aircraft; MIX-6 defines no other fire
  at aircraft across rulesets.
- *Modifiers*: a foreign target has no Stealth (AI-56) and no Stall or Spin marker (AI-48,
  AI-55), so neither modifier applies; a foreign stand-in has 1 Structure for the bots.
- *Losses*: a model lost to a foreign hit scores for the Aeronautica enemy like any other loss
  (AI-69 counts how a model ended, not who did it, as for crashes and friendly scatter).
- *End checks*: a foreign hit landing outside an Aeronautica activation checks AI-67 at once and
  runs the automatic steps (a side left with no aircraft to give a token passes on); during an
  activation the end of the phase checks it, as AI-67 says.
- *Occupancy*: other rulesets' units never occupy a hex for AI-4 or a jink (AI-54); like
  Aeronautica's own aircraft passing over each other, they cannot collide.
- *After the end*: once Aeronautica's own game is over its models stay on the table (they count
  for MIX-10) and still take hits, but its result stands: the VP were counted when it ended.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from polemos.core.board import hex_centre_cm, hex_map_size
from polemos.core.world import AIRCRAFT as FLYING
from polemos.core.world import GROUND_TARGET, Hit, Outcome, Presence, World
from polemos.rulesets.aeronautica import sequence
from polemos.rulesets.aeronautica.losses import activating, damage
from polemos.rulesets.aeronautica.models import TURN_LIMIT, WeaponProfile
from polemos.rulesets.aeronautica.state import AIRCRAFT, FOREIGN, AiState, Model, Setup

if TYPE_CHECKING:
    from polemos.core.context import Context

RULESET = "aeronautica"
HIT_RULE = "MIX-4"
GROUND_RULE = "MIX-5"
FLAK_RULE = "MIX-6"
RADIUS = 0.3
"""A model's base radius as a share of the hex size (pictures and presences)."""
NOBODY: Mapping[str, Model] = MappingProxyType({})
"""No foreign unit within reach: a one-ruleset game, or a volley with one allowed target."""


def fit_part(raw: dict[str, Any], width_cm: float, height_cm: float, hex_cm: float,
             turns: int) -> dict[str, Any]:
    """MIX-1: the Area of Engagement is the table's hex overlay (``hex_map_size``, as for Petit
    Cirque Volant); MIX-2, AI-66: the last turn is the mixed scenario's, or turn 12 if that
    comes sooner (or the part's own shorter limit)."""
    columns, rows = hex_map_size(width_cm, height_cm, hex_cm)
    limit = raw.get("turn_limit", TURN_LIMIT)
    return {**raw, "map": {"width": columns, "height": rows, "hex_cm": hex_cm},
            "turn_limit": min(limit, turns) if isinstance(limit, int) else limit}


# -- what the others see and do to us (MIX-3, MIX-4) ------------------------------------------
def presences(state: AiState, hex_cm: float) -> list[Presence]:
    """MIX-3: every model in play at its hex centre; only aircraft in the air fly."""
    found = []
    for model in state.models.values():
        if not model.in_play:
            continue
        x, y = hex_centre_cm(model.q, model.r, hex_cm)
        if model.kind == AIRCRAFT and not model.landed:
            found.append(Presence(model.id, RULESET, model.side, FLYING, x, y, hex_cm * RADIUS,
                                  model.altitude))
        else:
            found.append(Presence(model.id, RULESET, model.side, GROUND_TARGET, x, y,
                                  hex_cm * RADIUS, 0))
    return found


def suffer(setup: Setup, state: AiState, unit: str, hit: Hit, game: Context) -> Outcome:
    """MIX-4: each damage point removes one Structure point, the last shoots the model down
    (AI-9, AI-50); a lethal hit destroys it. Then the end checks (module Decision)."""
    model = state.models[unit]
    if not model.in_play:
        return Outcome(unit, 0, False, "already out of play")
    before = model.structure
    rules = list(dict.fromkeys([hit.rule, HIT_RULE]))
    damage(setup, state, model, before if hit.lethal else hit.damage, hit.source, rules, game,
           why=f"{hit.cause} by {hit.source} ({hit.ruleset})")
    if activating(state) is None and game.world.holds_turn(RULESET):
        sequence.settle(setup, state, game)
    lost = before - model.structure
    destroyed = not model.in_play
    return Outcome(unit, lost, destroyed,
                   "destroyed" if destroyed else ("damaged" if lost else "unharmed"))


# -- other rulesets' units as targets (MIX-5, MIX-6) -------------------------------------------
def key(presence: Presence) -> str:
    """A foreign unit's name in Aeronautica's actions (module Decision)."""
    return f"{presence.ruleset}:{presence.unit}"


def reachable(world: World) -> list[Presence]:
    """Foreign units Aeronautica's weapons may reach: aircraft in the air (MIX-6) and units
    standing at altitude 0 (MIX-5), in the world's stable order."""
    return [p for p in world.presences(exclude=RULESET)
            if (p.altitude >= 1 if p.kind == FLYING else p.altitude == 0)]


def strangers(world: World) -> dict[str, Model]:
    """Stand-ins for the reachable foreign units, by ``key``: in the hex holding their centre,
    at their altitude, facing nothing, unmarked (module Decision)."""
    found: dict[str, Model] = {}
    for presence in reachable(world):
        at, name = world.hex_of(presence), key(presence)
        found[name] = Model(name, presence.side, FOREIGN, at.q, at.r, 0, presence.altitude, 0, 1)
    return found


def on_ground(world: World) -> list[Presence]:
    """Foreign units at altitude 0 (AI-60 scatter reaches them, MIX-5)."""
    return [p for p in reachable(world) if p.kind != FLYING]


def find(world: World, unit_key: str) -> Presence | None:
    """The foreign unit as it stands now, or None once it has left the table."""
    return next((p for p in world.presences(exclude=RULESET) if key(p) == unit_key), None)


def cause(weapon: WeaponProfile) -> tuple[str, str]:
    """What a hit on a foreign unit is called, and the rule that lets it land."""
    if weapon.ground_to_air:
        return "flak", FLAK_RULE
    return ("bomb" if weapon.ground_attack else "strafe"), GROUND_RULE


def strike(game: Context, unit_key: str, amount: int, source: str, weapon: WeaponProfile) -> None:
    """MIX-5, MIX-6: the Structure the damage rolls would remove, as damage points of a hit on
    the foreign unit, now; nothing is delivered for 0, nor to a unit gone from the table."""
    presence = find(game.world, unit_key) if amount > 0 else None
    if presence is None:
        return
    name, rule = cause(weapon)
    game.world.hit(presence, Hit(source, RULESET, name, amount, rule), game)
