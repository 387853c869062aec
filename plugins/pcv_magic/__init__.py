"""Magical flyers for Le Petit Cirque Volant (PCV-O6, rules PCV-M1 … PCV-M6), as a plugin.

A club adds abilities, not only modifiers, without touching the ruleset: a dragon turns on the
spot, breathes fire at short range and carries no guns; a witch hovers where an aircraft would
fall. Listed in a scenario's ``plugins``, with ``options.pcv_magic.flyers`` naming which
aircraft are what; the kinds are data (``data/flyers.yaml``), the rules too
(``data/rules.yaml``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from polemos.core.hookspecs import hookimpl
from polemos.core.rulebook import RuleText, load_rules
from polemos.plugins.pcv_magic.ability import NAME, MagicAbility
from polemos.plugins.pcv_magic.models import PcvMagic, flyer_kinds
from polemos.rulesets.petit_cirque.models import PcvScenario
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant

if TYPE_CHECKING:
    from polemos.core.game import Game
    from polemos.core.scenario_model import ScenarioBase

__version__ = "1.0.0"


@hookimpl
def polemos_plugin_options() -> dict[str, type[BaseModel]]:
    return {NAME: PcvMagic}


@hookimpl
def polemos_rules() -> list[RuleText]:
    return load_rules(__name__, ruleset=PetitCirqueVolant.name)


@hookimpl
def polemos_scenario_problems(scenario: ScenarioBase, options: dict[str, BaseModel]
                              ) -> list[tuple[str, str]]:
    """PCV-M1: every flyer is an aircraft of the scenario, of a kind the data defines."""
    magic = options.get(NAME)
    if not isinstance(magic, PcvMagic):
        return []
    if not isinstance(scenario, PcvScenario):
        return [(f"options.{NAME}", "magical flyers are Petit Cirque Volant aircraft: ruleset "
                 "petit_cirque only (PCV-M1)")]
    return magic.problems(set(scenario.unit_sides()))


@hookimpl
def polemos_configure_game(game: Game) -> None:
    options = game.options.get(NAME)
    if isinstance(options, PcvMagic) and isinstance(game.rules, PetitCirqueVolant):
        game.rules.add_ability(MagicAbility(options, flyer_kinds()), game.state)
