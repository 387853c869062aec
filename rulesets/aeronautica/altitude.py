"""Adjust Altitude and the checks after it (AI-31, AI-32, AI-38 .. AI-42).

The altitude step closes a move: climb, dive or stay level by speed band, or land; then the
pull-out roll at altitude 0, breaking up above Max Speed and the Stall marker, in that order
(AI-32). Jump troops are dropped just before it (AI-42).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.hexgrid import Hex
from polemos.rulesets.aeronautica.losses import damage, destroy
from polemos.rulesets.aeronautica.state import CEILING, AiState, Flight, Model, Setup, Spec, Zone

if TYPE_CHECKING:
    from polemos.core.context import Context

Problem = tuple[str, str] | None


def changes(model: Model, flight: Flight) -> list[int]:
    """AI-38: 1 level at Speed 1-4, up to 2 at Speed 5+, none at Speed 0; AI-3 keeps 0-9.

    A take-off climbs exactly to Altitude 1 (AI-41).
    """
    if flight.takeoff:
        return [1]
    most = 0 if model.speed <= 0 else 1 if model.speed <= 4 else 2
    return [c for c in range(-most, most + 1) if 0 <= model.altitude + c <= CEILING]


def change_problem(model: Model, flight: Flight, change: int) -> Problem:
    if change in changes(model, flight):
        return None
    if flight.takeoff:
        return "AI-41", "a take-off climbs to Altitude 1"
    if model.altitude + change > CEILING:
        return "AI-3", f"altitude runs 0-{CEILING}"
    if model.altitude + change < 0:
        return "AI-38", f"{model.id} cannot dive below the ground"
    return "AI-38", (f"at speed {model.speed} {model.id} climbs or dives by "
                     f"{[c for c in changes(model, flight) if c]} levels")


def adjust(setup: Setup, state: AiState, model: Model, change: int, game: Context) -> None:
    """AI-38: climb (Speed −1) or dive (Speed +1), once per step; then the AI-32 checks."""
    flight = state.flight
    assert flight is not None
    model.altitude += change
    if change > 0 and not flight.takeoff:
        model.speed -= 1
    elif change < 0:
        model.speed += 1
    game.emit("altitude", unit=model.id, change=change, altitude=model.altitude,
              speed=model.speed, rule="AI-41" if flight.takeoff else "AI-38")
    checks(setup, state, model, game)


def checks(setup: Setup, state: AiState, model: Model, game: Context) -> None:
    """AI-32 Decision: pull-out (AI-40), then breaking up (AI-31), then the Stall (AI-39)."""
    spec = setup.specs[model.id]
    params = setup.params
    if model.altitude == 0:
        roll = game.dice.d6(purpose=f"{model.id} pulls out", rule="AI-40", unit=model.id)
        if roll != 1 and roll >= params.pull_out:
            model.altitude = 1
            game.emit("pull_out", unit=model.id, roll=roll, altitude=1, rule="AI-40")
        else:
            game.emit("crash", unit=model.id, roll=roll, rule="AI-40")
            destroy(setup, state, model, "crashed into the ground", "AI-40", game)
            return
    if model.speed > spec.max_speed:
        roll = game.dice.d6(purpose=f"{model.id} holds together", rule="AI-31", unit=model.id)
        held = roll != 1 and roll >= params.hold_together
        game.emit("break_up", unit=model.id, roll=roll, speed=model.speed, held=held,
                  rule="AI-31")
        if not held:
            damage(setup, state, model, 1, "breaking up", ["AI-31"], game,
                   why="broke up above its Max Speed")
            if not model.in_play:
                return
    reasons = []
    if model.speed < spec.min_speed:
        reasons.append(f"speed {model.speed} below Min Speed {spec.min_speed}")
    if model.altitude > spec.max_altitude:
        reasons.append(f"altitude {model.altitude} above Max Altitude {spec.max_altitude}")
    if reasons and model.marker != "stall":
        model.marker = "stall"
        game.emit("stall", unit=model.id, why=" and ".join(reasons), rules=["AI-39", "AI-16"])


# -- landing and jump troops (AI-41, AI-42) ------------------------------------------------
def zone_at(setup: Setup, side: str, hex_: Hex) -> Zone | None:
    for zone in setup.zones:
        if zone.side == side and hex_ in zone.hexes:
            return zone
    return None


def landing_problem(setup: Setup, spec: Spec, model: Model, flight: Flight) -> Problem:
    """AI-41 Decision: Transport > 0, in the side's landing zone, at Min Speed, and able to
    dive to 0 this step."""
    if flight.takeoff:
        return "AI-41", "an aircraft taking off cannot land in the same move"
    if spec.transport <= 0:
        return "AI-41", f"{model.id} has no Transport and cannot land"
    if zone_at(setup, model.side, model.hex) is None:
        return "AI-41", f"{model.id} is not in one of {model.side}'s landing zones"
    if model.speed != spec.min_speed:
        return "AI-41", f"{model.id} lands only at its Min Speed {spec.min_speed}"
    if -model.altitude not in changes(model, flight):
        return "AI-41", f"{model.id} cannot dive from altitude {model.altitude} to 0 at once"
    return None


def land(setup: Setup, state: AiState, model: Model, game: Context) -> None:
    """AI-41: no crash roll, no Speed change; Landed, and the troops aboard get off safely."""
    zone = zone_at(setup, model.side, model.hex)
    assert zone is not None
    model.altitude, model.speed, model.landed, model.marker = 0, 0, True, ""
    delivered = model.troops * zone.troop_vp
    state.troop_vp[model.side] = state.troop_vp.get(model.side, 0) + delivered
    game.emit("land", unit=model.id, troops=model.troops, vp=delivered, rule="AI-41")
    model.troops = 0


def drop_problem(setup: Setup, model: Model, flight: Flight, points: int) -> Problem:
    if flight.dropped:
        return "AI-42", f"{model.id} has already dropped troops this move"
    if model.troops <= 0:
        return "AI-42", f"{model.id} carries no troops"
    if not any(zone_at(setup, model.side, Hex(q, r)) for q, r in flight.path):
        return "AI-42", f"{model.id}'s move did not pass over a landing zone of {model.side}"
    if not 1 <= points <= model.troops:
        return "AI-42", f"drop 1 to {model.troops} Transport points"
    return None


def drop(setup: Setup, state: AiState, model: Model, points: int, game: Context) -> None:
    """AI-42: one D6 per point; each roll above Altitude + Speed lands safely and scores."""
    flight = state.flight
    assert flight is not None
    zone = next(z for q, r in flight.path if (z := zone_at(setup, model.side, Hex(q, r))))
    rolls = game.dice.roll(points, purpose=f"{model.id} drops troops", rule="AI-42",
                           unit=model.id)
    needed = model.altitude + model.speed
    safe = sum(1 for roll in rolls if roll > needed)
    flight.dropped = True
    model.troops -= points
    state.troop_vp[model.side] = state.troop_vp.get(model.side, 0) + safe * zone.troop_vp
    game.emit("drop", unit=model.id, points=points, rolls=rolls, above=needed, safe=safe,
              vp=safe * zone.troop_vp, rule="AI-42")
