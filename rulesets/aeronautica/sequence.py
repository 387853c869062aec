"""The turn sequence (AI-19 .. AI-26) built from the core turn blocks.

Choose Manoeuvres is ``SealedOrders`` (each side commits its hidden tokens), Initiative is the
core ``roll_off`` (ties re-rolled, AI-21), Tailing Fire, Movement and Firing are ``Alternation``
phases, the End phase runs its steps in order. ``advance`` runs every automatic step until a
side must decide something, so the ruleset only dispatches decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.dice import roll_off
from polemos.core.turns import Alternation, SealedOrders
from polemos.rulesets.aeronautica import endphase, victory
from polemos.rulesets.aeronautica.state import AIRCRAFT, GROUND, AiState, Setup

if TYPE_CHECKING:
    from polemos.core.context import Context


def choosers(state: AiState, side: str) -> list[str]:
    """AI-20: aircraft that take a token — in play, neither Spinning nor Landed."""
    return [m.id for m in state.models.values() if m.side == side and m.kind == AIRCRAFT
            and m.in_play and not m.landed and m.marker != "spin"]


def movers(state: AiState, side: str) -> list[str]:
    """AI-24: aircraft that move (Landed ones may take off); Spinning ones do not."""
    return [m.id for m in state.models.values() if m.side == side and m.kind == AIRCRAFT
            and m.in_play and m.marker != "spin"]


def firers(setup: Setup, state: AiState, side: str) -> list[str]:
    """AI-25: aircraft and ground assets with weapons; not Spinning (AI-63) nor Landed
    (Decision: a Landed aircraft does not fire)."""
    return [m.id for m in state.models.values() if m.side == side and m.in_play
            and setup.specs[m.id].slots and (m.kind == GROUND or (
                m.kind == AIRCRAFT and not m.landed and m.marker != "spin"))]


def tailers(state: AiState, side: str) -> list[str]:
    """AI-22: aircraft marked Tailing; neither it nor its quarry may be Spinning."""
    found = []
    for m in state.models.values():
        if m.side != side or not m.in_play or m.tailing is None or m.marker == "spin":
            continue
        quarry = state.models[m.tailing]
        if quarry.in_play and quarry.marker != "spin" and not quarry.landed:
            found.append(m.id)
    return found


def begin_turn(setup: Setup, state: AiState, game: Context) -> None:
    """AI-19: a new turn opens with Choose Manoeuvres."""
    state.turn += 1
    state.phase = "choose"
    state.orders = SealedOrders(list(setup.sides), one_by_one=True)
    state.draft = {}
    state.initiative = state.first_mover = None
    for model in state.models.values():
        model.gunner_used = False
    game.emit("turn", turn=state.turn, disengagement=state.turn == state.last_turn,
              rule="AI-19")


def advance(setup: Setup, state: AiState, game: Context) -> None:
    """Run automatic steps until a side must decide, or the game is over."""
    while not state.over:
        phase = state.phase
        if phase == "choose":
            side = state.orders.pending()
            if side is None:
                _initiative(setup, state, game)
            elif all(unit in state.draft for unit in choosers(state, side)):
                state.orders.commit(side, state.draft)
                game.emit("orders", side=side, tokens=len(state.draft), rule="AI-20")
                state.draft = {}
            else:
                return
        elif phase in ("tailing", "movement", "firing"):
            busy = state.flight or state.volley or state.exchange
            assert state.alternation is not None
            if busy or state.alternation.side() is not None:
                return
            _END[phase](setup, state, game)
        elif phase == "end":
            if state.tail_options:
                return
            _close_turn(setup, state, game)
        else:
            return


def settle(setup: Setup, state: AiState, game: Context) -> None:
    """After a change from outside the turn sequence (another ruleset's hit, MIX-4): AI-67 at
    once, then the automatic steps, so a side left with nothing to decide passes on."""
    if not state.over and not _air_cleared(setup, state, game):
        advance(setup, state, game)


def _initiative(setup: Setup, state: AiState, game: Context) -> None:
    """AI-21: opposed D6, ties re-rolled; then Tailing Fire (AI-22)."""
    winner, totals = roll_off(game.dice, setup.sides, purpose="initiative", rule="AI-21")
    state.initiative = winner
    game.emit("initiative", side=winner, rolls=totals, rule="AI-21")
    units = {side: tailers(state, side) for side in _ordered(setup, winner)}
    _open(state, "tailing", winner, units, "AI-22", game)


def _ordered(setup: Setup, first: str) -> list[str]:
    return [first] + [side for side in setup.sides if side != first]


def _open(state: AiState, phase: str, first: str, units: dict[str, list[str]], rule: str,
          game: Context) -> None:
    state.phase = phase
    state.alternation = Alternation.start(first, units)
    game.emit("phase", phase=phase, first=first, rule=rule)


def _end_tailing(setup: Setup, state: AiState, game: Context) -> None:
    """AI-23: tailing markers go once the phase ends; then Movement (AI-24)."""
    for model in state.models.values():
        model.tailing = None
    if _air_cleared(setup, state, game):
        return
    assert state.initiative is not None
    moving = [side for side in setup.sides if movers(state, side)]
    if len(moving) == 2:
        state.phase, state.alternation = "first", None
        game.emit("phase", phase="first", side=state.initiative, rule="AI-24")
    else:
        start_movement(setup, state, moving[0] if moving else state.initiative, game)


def start_movement(setup: Setup, state: AiState, first: str, game: Context) -> None:
    """AI-24: ``first`` moves an aircraft first, then the players alternate."""
    state.first_mover = first
    units = {side: movers(state, side) for side in _ordered(setup, first)}
    _open(state, "movement", first, units, "AI-24", game)


def _end_movement(setup: Setup, state: AiState, game: Context) -> None:
    """AI-25: the player who moved first fires first."""
    if _air_cleared(setup, state, game):
        return
    first = state.first_mover or state.initiative
    assert first is not None
    units = {side: firers(setup, state, side) for side in _ordered(setup, first)}
    _open(state, "firing", first, units, "AI-25", game)


def _end_firing(setup: Setup, state: AiState, game: Context) -> None:
    """AI-26: End phase — stall tests, spin recovery, tailing check."""
    state.alternation = None
    if _air_cleared(setup, state, game):
        return
    state.phase = "end"
    game.emit("phase", phase="end", first=state.initiative, rule="AI-26")
    endphase.stall_tests(setup, state, game)
    endphase.spin_recovery(setup, state, game)
    endphase.tailing_check(setup, state, game)


def _close_turn(setup: Setup, state: AiState, game: Context) -> None:
    """After the End phase: AI-67, the disengagement turn (AI-68), turn 12 (AI-66)."""
    if _air_cleared(setup, state, game):
        return
    if state.last_turn == state.turn:
        victory.finish(setup, state, "the disengagement turn is over", "AI-68", game)
        return
    if state.turn >= setup.params.turn_limit:
        victory.finish(setup, state, f"turn {state.turn} was the last", "AI-66", game)
        return
    broken = victory.broken_sides(setup, state)
    if broken and not state.last_turn:
        state.last_turn = state.turn + 1
        game.emit("disengagement", sides=broken, turn=state.last_turn, rule="AI-68")
    begin_turn(setup, state, game)


def _air_cleared(setup: Setup, state: AiState, game: Context) -> bool:
    """AI-67, checked at the end of every phase."""
    if not victory.air_cleared(state):
        return False
    left = [side for side in state.start_flying if victory.flying(state, side)]
    why = f"only {left[0]} still has aircraft in the air" if left else "no aircraft in the air"
    victory.finish(setup, state, why, "AI-67", game)
    return True


def end_activation(state: AiState, unit: str) -> None:
    """The unit has acted: the alternation hands over (AI-24, AI-25)."""
    state.flight = state.volley = state.exchange = None
    assert state.alternation is not None
    state.alternation.activated(unit)


_END = {"tailing": _end_tailing, "movement": _end_movement, "firing": _end_firing}
