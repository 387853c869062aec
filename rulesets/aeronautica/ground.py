"""What altitude means for fire: which weapons may engage what, and the altitude modifiers.

Air-to-air fire loses 1 per level between firer and target (AI-48); Ground-to-Air fire counts
levels above its Effective Altitude, lowered by Stealth (AI-55, AI-56); bombing has its own
table (AI-59) and scatters onto neighbours (AI-60); other guns strafe from Altitude 1 (AI-61).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.hexgrid import distance
from polemos.rulesets.aeronautica import mixing
from polemos.rulesets.aeronautica.losses import damage, damage_amount
from polemos.rulesets.aeronautica.models import WeaponProfile
from polemos.rulesets.aeronautica.state import FOREIGN, AiState, Model, Setup

if TYPE_CHECKING:
    from polemos.core.context import Context
    from polemos.core.world import Presence, World

Problem = tuple[str, str] | None
BOMBING = {1: 1, 2: 0, 3: -1, 4: -2}
"""AI-59: bombing modifier by the firer's levels above its target."""
BOMBING_HIGH = -3
"""AI-59 Decision: 5 levels or more."""


def engage_problem(firer: Model, weapon: WeaponProfile, target: Model) -> Problem:
    """The altitudes a weapon may engage: AI-52, AI-55, AI-57, AI-61; another ruleset's
    aircraft only by Ground-to-Air Fire (MIX-6)."""
    if target.kind == FOREIGN and target.altitude >= 1 and not weapon.ground_to_air:
        return "MIX-6", (f"only Ground-to-Air Fire reaches another ruleset's aircraft, not "
                         f"{weapon.name}")
    if weapon.ground_to_air:
        if firer.altitude != 0:
            return "AI-55", f"{weapon.name} fires Ground-to-Air only from Altitude 0"
        if target.altitude < 1:
            return "AI-55", f"{weapon.name} fires only at targets at Altitude 1 or more"
        return None
    if weapon.aerial_attack and target.altitude < 1:
        return "AI-52", f"{weapon.name} (Aerial Attack) only targets Altitude 1 or more"
    if weapon.ground_attack and target.altitude != 0:
        return "AI-57", f"{weapon.name} (Ground Attack) only targets Altitude 0"
    if not weapon.ground_attack and target.altitude == 0 and firer.altitude != 1:
        return "AI-61", (f"{weapon.name} strafes a ground target only from Altitude 1, "
                         f"not {firer.altitude}")
    return None


def bombing(weapon: WeaponProfile, target: Model) -> bool:
    """AI-58/AI-59: a Ground Attack weapon at an Altitude 0 target is bombing."""
    return weapon.ground_attack and target.altitude == 0


def modifier(firer: Model, weapon: WeaponProfile, target: Model, stealth: int
             ) -> tuple[int, list[str]]:
    """The to-hit modifier and the rules that give it (AI-48, AI-55, AI-56, AI-59, AI-61)."""
    if weapon.ground_to_air:
        ceiling = (weapon.effective_altitude or 0) - stealth
        mod = -max(0, target.altitude - ceiling)
        rules = ["AI-55"] + (["AI-56"] if stealth else [])
    elif bombing(weapon, target):
        levels = firer.altitude - target.altitude
        mod, rules = BOMBING.get(max(levels, 1), BOMBING_HIGH), ["AI-59"]
    elif target.altitude == 0:
        mod, rules = 0, ["AI-61"]
    else:
        mod, rules = -abs(firer.altitude - target.altitude), ["AI-48"]
    if target.marker in ("stall", "spin"):
        mod -= 1
        if "AI-48" not in rules:
            rules.append("AI-48")
    return mod, rules


def foreign_near(world: World, target: Model) -> list[Presence]:
    """MIX-5: other rulesets' ground units in the hexes next to the target's, taken when the
    bomb falls — before its hit, which may send them running (their own morale rules)."""
    return [p for p in mixing.on_ground(world) if distance(world.hex_of(p), target.hex) == 1]


def scatter(setup: Setup, state: AiState, firer: Model, weapon: WeaponProfile, target: Model,
            near: list[Presence], game: Context) -> None:
    """AI-60 (Decision: only after a bombing hit): each other Altitude 0 target adjacent to the
    target hex, friends included, is hit on 4+ and takes one damage die; MIX-5: so is each
    other ruleset's unit that stood there (``foreign_near``), after Aeronautica's models, unless
    it has left the table since."""
    for other in list(state.models.values()):
        if (not other.in_play or other.id in (target.id, firer.id) or other.altitude != 0
                or distance(other.hex, target.hex) != 1):
            continue
        amount = _scatter_onto(setup, firer, weapon, other.id, [], game)
        damage(setup, state, other, amount, firer.id, ["AI-60", "AI-50"], game)
    for presence in near:
        unit = mixing.key(presence)
        if mixing.find(game.world, unit) is not None:
            amount = _scatter_onto(setup, firer, weapon, unit, [mixing.GROUND_RULE], game)
            mixing.strike(game, unit, amount, firer.id, weapon)


def _scatter_onto(setup: Setup, firer: Model, weapon: WeaponProfile, unit: str,
                  extra: list[str], game: Context) -> int:
    """AI-60: the 4+ roll for one model near the bomb, then its damage die (AI-50, AI-51)."""
    roll = game.dice.d6(purpose=f"scatter onto {unit}", rule="AI-60", unit=unit)
    hit = roll != 1 and roll >= setup.params.scatter
    rolls = game.dice.roll(1, purpose=f"scatter damage on {unit}", rule="AI-50",
                           unit=unit) if hit else []
    amount = damage_amount(weapon, rolls)
    game.emit("scatter", unit=firer.id, weapon=weapon.name, target=unit, roll=roll, hit=hit,
              damage_rolls=rolls, damage=amount, rules=["AI-60", "AI-50", *extra])
    return amount
