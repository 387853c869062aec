"""Ground elements for Le Petit Cirque Volant (PCV-O5, rules PCV-G1 … PCV-G5), as a plugin.

The proof that a club adds abilities, not only modifiers, without touching the ruleset: flak
batteries and observation balloons stand on the cloth at altitude 0, fire by themselves at the
start of their side's fire phase, and aircraft strafe them. Listed in a scenario's ``plugins``,
with the elements under ``options.pcv_ground.elements``; their kinds are data
(``data/elements.yaml``), their rules too (``data/rules.yaml``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from polemos.core.hexgrid import HexMap, offset_to_axial
from polemos.core.hookspecs import hookimpl
from polemos.core.rulebook import RuleText, load_rules
from polemos.plugins.pcv_ground.ability import NAME, GroundAbility
from polemos.plugins.pcv_ground.models import PcvGround, ground_data
from polemos.rulesets.petit_cirque.models import PcvScenario
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant

if TYPE_CHECKING:
    from polemos.core.game import Game
    from polemos.core.scenario_model import ScenarioBase

__version__ = "1.0.0"


@hookimpl
def polemos_plugin_options() -> dict[str, type[BaseModel]]:
    return {NAME: PcvGround}


@hookimpl
def polemos_rules() -> list[RuleText]:
    return load_rules(__name__, ruleset=PetitCirqueVolant.name)


@hookimpl
def polemos_scenario_problems(scenario: ScenarioBase, options: dict[str, BaseModel]
                              ) -> list[tuple[str, str]]:
    """PCV-G1, PCV-G2: the elements must fit the scenario they stand in."""
    ground = options.get(NAME)
    if not isinstance(ground, PcvGround):
        return []
    if not isinstance(scenario, PcvScenario):
        return [(f"options.{NAME}", "ground elements stand on a Petit Cirque Volant cloth: "
                 "ruleset petit_cirque only (PCV-G1)")]
    cloth = HexMap(scenario.map.width, scenario.map.height)
    return ground.problems(scenario.sides, set(scenario.unit_sides()),
                           lambda col, row: cloth.contains(offset_to_axial(col, row)))


@hookimpl
def polemos_configure_game(game: Game) -> None:
    options = game.options.get(NAME)
    if isinstance(options, PcvGround) and isinstance(game.rules, PetitCirqueVolant):
        game.rules.add_ability(GroundAbility(options, ground_data()), game.state)
