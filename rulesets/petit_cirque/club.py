"""The hooks every club plugin adding one ability to Le Petit Cirque Volant needs, written once.

A plugin such as ``pcv_ground`` (PCV-O5) or ``pcv_magic`` (PCV-O6) is then an instance of
``ClubPlugin``, named by its entry point (``module:plugin``): its options are validated and
checked against the scenario, its rules are read from its ``data/rules.yaml``, and a game that
lists it gets its ability (``PetitCirqueVolant.add_ability``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from polemos.core.hookspecs import hookimpl
from polemos.core.rulebook import RuleText, load_rules
from polemos.rulesets.petit_cirque.abilities import Ability, AbilityOptions
from polemos.rulesets.petit_cirque.models import PcvScenario
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant

if TYPE_CHECKING:
    from polemos.core.game import Game
    from polemos.core.scenario_model import ScenarioBase


class ClubPlugin:
    """One club ability as a Polemos plugin (``options.<name>`` configures it)."""

    def __init__(self, name: str, package: str, version: str, options: type[AbilityOptions],
                 build: Callable[[Any], Ability]) -> None:
        self.name, self.package, self.__version__ = name, package, version
        self.options, self.build = options, build

    @hookimpl
    def polemos_plugin_options(self) -> dict[str, type[BaseModel]]:
        return {self.name: self.options}

    @hookimpl
    def polemos_rules(self) -> list[RuleText]:
        return load_rules(self.package, ruleset=PetitCirqueVolant.name)

    @hookimpl
    def polemos_scenario_problems(self, scenario: ScenarioBase, options: dict[str, BaseModel]
                                  ) -> list[tuple[str, str]]:
        """The options must fit the scenario: ids, sides, hexes (``AbilityOptions.problems``)."""
        chosen = options.get(self.name)
        if not isinstance(chosen, AbilityOptions):
            return []
        if not isinstance(scenario, PcvScenario):
            return [(f"options.{self.name}", f"{self.name} plays with Le Petit Cirque Volant "
                     "only (ruleset petit_cirque)")]
        return chosen.problems(scenario)

    @hookimpl
    def polemos_configure_game(self, game: Game) -> None:
        chosen = game.options.get(self.name)
        if isinstance(chosen, AbilityOptions) and isinstance(game.rules, PetitCirqueVolant):
            game.rules.add_ability(self.build(chosen), game.state)
