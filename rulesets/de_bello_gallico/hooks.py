"""De Bello Gallico's hook implementations: thin doors to the ruleset, its bot and its morale."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from polemos.core.hookspecs import hookimpl
from polemos.core.morale import Morale, MoraleShock
from polemos.core.ruleset import Ruleset
from polemos.core.world import PartGame
from polemos.rulesets.de_bello_gallico.bots import greedy_policy
from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico

if TYPE_CHECKING:
    from polemos.core.game import Game

__version__ = DeBelloGallico.version


@hookimpl
def polemos_rulesets() -> list[type[Ruleset]]:
    return [DeBelloGallico]


@hookimpl
def polemos_bot_policy(ruleset: str, kind: str) -> Any:
    if ruleset == DeBelloGallico.name and kind == "greedy":
        return greedy_policy
    return None


@hookimpl
def polemos_morale_shock(game: Game, shock: MoraleShock) -> Morale | None:
    """Test a De Bello Gallico fighter shaken by anything (DBG-26); None if not ours.

    The fighter may be in this game's own state or, in a mixed scenario, in the De Bello
    Gallico part of the shared table (``game.rules.world``), whose events are then tagged.
    """
    rules = game.rules
    if isinstance(rules, DeBelloGallico):
        found = [(rules, game.state, game)]
    else:
        found = [(part, rules.world.states[name], PartGame(game, name))
                 for name, part in rules.world.parts.items()
                 if isinstance(part, DeBelloGallico)]
    for owner, state, part_game in found:
        fighter = state.fighters.get(shock.unit)
        if fighter is not None and fighter.in_play:
            return owner.morale_shock(state, shock, part_game)  # type: ignore[arg-type]
    return None
