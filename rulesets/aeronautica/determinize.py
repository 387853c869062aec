"""AI-20 for the search bot: guess the enemy's face-down manoeuvre tokens (``determinize``).

A side sees its own tokens and those revealed when their aircraft moved; every other token is
replaced by one drawn from what that aircraft could have chosen (the templates its Ace rating
allows, as the Choose Manoeuvres menu offers them). Tokens are drawn in the order of the
models, never in the order the enemy placed them, so nothing hidden steers the draws.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from polemos.rulesets.aeronautica.state import AiState

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.state import Setup


def tokens(setup: Setup, unit: str) -> list[int]:
    """AI-20: the manoeuvres ``unit`` may choose (templates up to its Ace rating)."""
    return [n for n in sorted(setup.templates) if n <= setup.specs[unit].ace]


def guess_orders(setup: Setup, state: AiState, side: str, rng: random.Random) -> None:
    """Replace every enemy token ``side`` has not seen revealed by a draw from ``rng``."""
    orders = state.orders
    shown = set(orders.shown)
    for owner, placed in orders.orders.items():
        if owner == side:
            continue
        orders.orders[owner] = {
            unit: placed[unit] if unit in shown else rng.choice(tokens(setup, unit))
            for unit in state.models if unit in placed}
