"""AI-20 for the search bot: guess the enemy's face-down manoeuvre tokens (``determinize``).

A side sees its own tokens and those revealed when their aircraft moved; every other token is
replaced by a guess. Most guesses are the token the greedy bot would choose for that aircraft
from the searching side's own view (the positions every player sees): an opponent who plays
well chooses alike, so playouts against those guesses are playouts against the likely moves,
not against an enemy who flies at random. The rest are drawn from every token the aircraft
could have chosen (the templates its Ace rating allows, as the Choose Manoeuvres menu offers
them), so no plan of the enemy's is ever ruled out. Tokens are guessed in the order of the
models, never in the order the enemy placed them, so nothing hidden steers the draws.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from polemos.core.actions import Action
from polemos.rulesets.aeronautica.state import AiState

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis
    from polemos.rulesets.aeronautica.state import Setup

LIKELY = 0.75
"""The share of guesses that are the greedy bot's token; the rest are uniform draws."""
REMEMBERED = 512
"""Greedy guesses kept: a search guesses the same tokens from the same position thousands of
times, and the greedy choice of a token costs milliseconds."""
_guesses: dict[tuple[object, ...], tuple[Setup, int]] = {}


def tokens(setup: Setup, unit: str) -> list[int]:
    """AI-20: the manoeuvres ``unit`` may choose (templates up to its Ace rating)."""
    return [n for n in sorted(setup.templates) if n <= setup.specs[unit].ace]


def guess_orders(rules: AeronauticaImperialis, state: AiState, side: str,
                 rng: random.Random) -> None:
    """Replace every enemy token ``side`` has not seen revealed by a guess drawn with ``rng``."""
    orders = state.orders
    shown = set(orders.shown)
    for owner, placed in orders.orders.items():
        if owner == side:
            continue
        orders.orders[owner] = {
            unit: placed[unit] if unit in shown else _guess(rules, state, side, owner, unit, rng)
            for unit in state.models if unit in placed}


def _guess(rules: AeronauticaImperialis, state: AiState, side: str, owner: str, unit: str,
           rng: random.Random) -> int:
    choices = tokens(rules.setup, unit)
    if rng.random() >= LIKELY:
        return rng.choice(choices)
    return likely(rules, state, side, owner, unit, choices)


def likely(rules: AeronauticaImperialis, state: AiState, side: str, owner: str, unit: str,
           choices: list[int]) -> int:
    """The token the greedy bot would give ``unit`` (``owner``'s) from ``side``'s view, which
    shows every position; remembered per position, since only positions decide it."""
    setup = rules.setup
    key = (id(setup), side, owner, unit, *(
        (m.id, m.q, m.r, m.facing, m.altitude, m.speed, m.structure, m.marker, m.landed,
         m.in_play) for m in state.models.values()))
    found = _guesses.get(key)
    if found is not None and found[0] is setup:
        return found[1]
    from polemos.rulesets.aeronautica.bots import greedy_policy  # bots import the ruleset

    legal = [Action("manoeuvre", unit, {"number": n}) for n in choices]
    number = int(greedy_policy(rules, rules.view(state, side), owner, legal,
                               random.Random(0))["number"])
    if len(_guesses) >= REMEMBERED:
        _guesses.clear()
    _guesses[key] = (setup, number)
    return number
