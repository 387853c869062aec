"""Damage and models leaving play: shot down (AI-9, AI-50), crashed, disengaged (AI-30).

One place removes models so that every way out of the game does the same bookkeeping: the
activation order forgets them, ejector seats are rolled (AI-71), the event names the rule, and
other rulesets or plugins sharing the table hear of it through ``polemos_unit_destroyed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.plugins import call_hook
from polemos.rulesets.aeronautica.models import WeaponProfile
from polemos.rulesets.aeronautica.state import (
    AIRCRAFT,
    DESTROYED,
    EJECTED,
    AiState,
    Model,
    Setup,
)

if TYPE_CHECKING:
    from polemos.core.context import Context


def activating(state: AiState) -> str | None:
    """The model whose activation is under way (it leaves the alternation when it ends)."""
    if state.flight is not None:
        return state.flight.unit
    if state.exchange is not None:
        return state.exchange.tailer
    if state.volley is not None:
        return state.volley.unit
    return None


def take_out(state: AiState, model: Model, status: str, why: str, rule: str, game: Context) -> None:
    """Remove ``model`` from play with ``status`` (destroyed, disengaged or withdrawn).

    A model lost during its own activation (a crash, a tail-gunner reply) stays listed in the
    alternation until the activation ends with ``Alternation.activated``, which hands over to
    the other side; ``withdraw`` would not, and the same side would act twice.
    """
    model.status = status
    model.tailing = None
    model.marker = ""
    if state.alternation is not None and model.id != activating(state):
        state.alternation.withdraw(model.id)
    game.emit("lost", unit=model.id, side=model.side, status=status, why=why, rule=rule)
    call_hook(game.pm, "polemos_unit_destroyed", game=game, unit=model.id, cause=why)


def destroy(setup: Setup, state: AiState, model: Model, why: str, rule: str, game: Context) -> None:
    """Shot down or crashed; AI-71: with Ejector Seats a 5+ makes it worth 75 %."""
    model.structure = 0
    if model.kind == AIRCRAFT and setup.specs[model.id].ejector:
        roll = game.dice.d6(purpose=f"{model.id} ejector seats", rule="AI-71", unit=model.id)
        if roll >= setup.params.ejector:
            model.worth = EJECTED
        game.emit("ejector", unit=model.id, roll=roll, worth=model.worth, rule="AI-71")
    take_out(state, model, DESTROYED, why, rule, game)


def damage_amount(weapon: WeaponProfile, rolls: list[int]) -> int:
    """AI-50/AI-51: each die at or above Damage removes 1 Structure, 2 at or above Extra Damage;
    a natural 1 never damages (AI-2)."""
    amount = 0
    for roll in rolls:
        if roll == 1 or roll < weapon.damage:
            continue
        amount += 2 if weapon.extra_damage is not None and roll >= weapon.extra_damage else 1
    return amount


def damage(setup: Setup, state: AiState, model: Model, amount: int, source: str,
           rules: list[str], game: Context, why: str | None = None) -> None:
    """Lose ``amount`` Structure; the last point lost shoots the model down (AI-9, AI-50)."""
    if amount <= 0 or not model.in_play:
        return
    model.structure = max(0, model.structure - amount)
    game.emit("damage", unit=model.id, amount=amount, structure=model.structure,
              source=source, rules=rules)
    if model.structure == 0:
        how = "shot down" if model.kind == AIRCRAFT else "destroyed"
        destroy(setup, state, model, why or f"{how} by {source}", "AI-9", game)
