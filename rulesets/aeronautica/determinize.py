"""AI-20 for the search bot: guess the enemy's face-down manoeuvre tokens (``determinize``).

A side sees its own tokens and those revealed when their aircraft moved; every other token is
replaced by a guess: the token the greedy bot would choose for that aircraft, from the positions
every player saw when the tokens were placed (``of_turn``). The search models the other side as
that bot (``Ruleset.search_opponent``), and so it does here: an opponent who plays well chooses
alike, so playouts against those guesses are playouts against the likely moves. Measured
(issue 14, dogfight, budget 0.2, against greedy): with three guesses in four so, the rest
drawn at random from the tokens allowed, and from the positions of the moment (wrong for a
quarter of the tokens once aircraft have moved), the search bot won 43 of 72 games (60 %);
with every guess the greedy token of the turn's start, 93 of 120 (78 %: imperial 47/60, ork
46/60). Against the greedy bot those guesses are its tokens, every one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from polemos.core.actions import Action
from polemos.rulesets.aeronautica.state import AiState

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis
    from polemos.rulesets.aeronautica.state import Setup

REMEMBERED = 512
"""Guesses kept (``of_turn``): a search guesses the same tokens thousands of times a turn, and
the greedy choice of a token costs milliseconds; a whole game makes at most 2 x 12 x 8."""
_of_turn: dict[tuple[int, str, str, str, int], tuple[Setup, int]] = {}


def tokens(setup: Setup, unit: str) -> list[int]:
    """AI-20: the manoeuvres ``unit`` may choose (templates up to its Ace rating)."""
    return [n for n in sorted(setup.templates) if n <= setup.specs[unit].ace]


def guess_orders(rules: AeronauticaImperialis, state: AiState, side: str,
                 rng: random.Random) -> None:
    """Replace every enemy token ``side`` has not seen revealed by its guess (``of_turn``);
    ``rng`` draws nothing: the guesses follow from what ``side`` saw."""
    orders = state.orders
    shown = set(orders.shown)
    for owner, placed in orders.orders.items():
        if owner == side:
            continue
        orders.orders[owner] = {
            unit: placed[unit] if unit in shown else
            of_turn(rules, state, side, owner, unit, tokens(rules.setup, unit))
            for unit in state.models if unit in placed}


def of_turn(rules: AeronauticaImperialis, state: AiState, side: str, owner: str, unit: str,
            choices: list[int]) -> int:
    """``likely`` from the positions when ``side`` first saw the token placed this turn: the
    enemy chose it in the Choose Manoeuvres phase (AI-20), and the aircraft that have moved
    since (``side``'s own, at the latest its first move after the tokens were placed) no longer
    stand where it saw them. Kept per game (its setup, which its forks share) and turn; a full
    memory forgets other games' guesses first."""
    setup = rules.setup
    key = (id(setup), side, owner, unit, state.turn)
    found = _of_turn.get(key)
    if found is None or found[0] is not setup:
        if len(_of_turn) >= REMEMBERED:
            for old in [k for k, (kept, _) in _of_turn.items() if kept is not setup]:
                del _of_turn[old]
        found = _of_turn[key] = (setup, likely(rules, state, side, owner, unit, choices))
    return found[1]


def likely(rules: AeronauticaImperialis, state: AiState, side: str, owner: str, unit: str,
           choices: list[int]) -> int:
    """The token the greedy bot would give ``unit`` (``owner``'s) from ``side``'s view, which
    shows every position."""
    from polemos.rulesets.aeronautica.bots import greedy_policy  # bots import the ruleset

    legal = [Action("manoeuvre", unit, {"number": n}) for n in choices]
    return int(greedy_policy(rules, rules.view(state, side), owner, legal,
                             random.Random(0))["number"])
