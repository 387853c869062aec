"""House rules for Le Petit Cirque Volant (PCV-O1 … PCV-O4), switched on from a scenario.

The proof that a club changes a game with a plugin: nothing here touches the ruleset's code.
Listed in a scenario's ``plugins``, with its settings under ``options.pcv_house_rules``; at set-up
it rewrites the ruleset's ``PcvParams`` and records under which option id a changed limit is
cited when it refuses an action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from polemos.core.hookspecs import hookimpl
from polemos.rulesets.petit_cirque.state import PcvParams

if TYPE_CHECKING:
    from polemos.core.game import Game
    from polemos.core.scenario_model import ScenarioBase

__version__ = "1.0.0"
NAME = "pcv_house_rules"
Role = Literal["fighter", "bomber"]
GUN_OFFSETS = {"front": 0, "right": 1, "rear-right": 2, "rear": 3, "rear-left": 4, "left": 5}
"""Extra guns fire along a hexside direction relative to the facing (PCV-O3)."""
Gun = Literal["right", "rear-right", "rear", "rear-left", "left"]


class PcvHouseRules(BaseModel):
    """The options a scenario may set; omitted ones leave the rule as written."""

    model_config = ConfigDict(extra="forbid")

    bomber_ceiling: int | None = Field(None, ge=1, le=6,
                                       description="PCV-O1: bombers never climb above this.")
    bomber_max_speed: int | None = Field(None, ge=1, le=6,
                                         description="PCV-O1: bombers' speed cap.")
    bombers_loop: bool = Field(True, description="PCV-O2: false forbids loops to bombers.")
    extra_guns: dict[Role, list[Gun]] = Field(
        default_factory=dict, description="PCV-O3: rear or side guns by role.")
    hits_to_destroy: dict[Role, Annotated[int, Field(ge=1, le=6)]] = Field(
        default_factory=dict, description="PCV-O4: damage that destroys, by role (default 2).")


@hookimpl
def polemos_plugin_options() -> dict[str, type[BaseModel]]:
    return {NAME: PcvHouseRules}


@hookimpl
def polemos_scenario_problems(scenario: ScenarioBase, options: dict[str, BaseModel]
                              ) -> list[tuple[str, str]]:
    """PCV-O1: a bomber may not start above the ceiling or the speed cap it must keep."""
    rules = options.get(NAME)
    if not isinstance(rules, PcvHouseRules) or scenario.ruleset != "petit_cirque":
        return []
    problems = []
    for i, plane in enumerate(getattr(scenario, "aircraft", [])):
        if plane.role != "bomber":
            continue
        if rules.bomber_ceiling is not None and plane.altitude > rules.bomber_ceiling:
            problems.append((f"aircraft[{i}].altitude", f"above the bomber ceiling "
                             f"{rules.bomber_ceiling} (PCV-O1)"))
        if rules.bomber_max_speed is not None and plane.speed > rules.bomber_max_speed:
            problems.append((f"aircraft[{i}].speed", f"above the bomber speed cap "
                             f"{rules.bomber_max_speed} (PCV-O1)"))
    return problems


@hookimpl
def polemos_configure_game(game: Game) -> None:
    options = game.options.get(NAME)
    params = getattr(game.rules, "params", None)
    if options is not None and isinstance(params, PcvParams):
        apply_house_rules(params, options)


def apply_house_rules(params: PcvParams, options: PcvHouseRules) -> None:
    """Write the chosen options into a ruleset's ``PcvParams``."""
    if options.bomber_ceiling is not None:
        params.ceiling["bomber"] = options.bomber_ceiling
        params.rules["ceiling"] = "PCV-O1"
    if options.bomber_max_speed is not None:
        params.max_speed["bomber"] = options.bomber_max_speed
        params.rules["max_speed"] = "PCV-O1"
    if not options.bombers_loop:
        params.no_loops.add("bomber")
        params.rules["loops"] = "PCV-O2"
    for role, guns in options.extra_guns.items():
        offsets = (0, *sorted({GUN_OFFSETS[g] for g in guns}))
        params.guns[role] = offsets
        params.rules["guns"] = "PCV-O3"
    for role, hits in options.hits_to_destroy.items():
        params.hits_to_destroy[role] = hits
        params.rules["hits"] = "PCV-O4"
