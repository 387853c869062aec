"""The scenario envelope every ruleset's scenario model extends."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

ScriptedDie = Annotated[int, Field(ge=1)]
"""The top of a scripted die's range is the scenario's ``largest_die`` (checked at validation)."""


class Strict(BaseModel):
    """Base for scenario parts: unknown fields are errors, so typos never pass silently; NaN
    and infinities are refused, since every number in a scenario is a finite measure."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Knob(Strict):
    """A scenario field the balance tuner may set (``polemos tune``): a dotted path into the
    scenario (``max_turns``, ``aircraft[2].altitude``, ``parts.at43.vehicles[0].x``) and the
    range it may take; a path ending in ``[i]`` with the range 0..1 is that unit's presence."""

    path: str = Field(min_length=1, max_length=300)
    low: float = Field(ge=-1e6, le=1e6)
    high: float = Field(ge=-1e6, le=1e6)
    step: float = Field(1.0, gt=0, le=1e6)


class BalanceSection(Strict):
    """What a scenario says of its own balance: the knobs to tune it by, and its history."""

    knobs: list[Knob] = Field(default_factory=list, max_length=10)
    history: str = Field("", description="Why the scenario is not even, if it is not: the "
                         "measured rates and the command that measured them.")


class Ending(Strict):
    """How a game (or one ruleset's part of a shared table) already ended, for a position
    taken after its end: the result stands, the units stay where they are."""

    winner: str | None = Field(None, description="The winning side; omitted: a draw.")
    reason: str = Field(max_length=500, description="Why it ended.")
    rule: str = Field(max_length=20, description="The rule that ended it.")


class ScenarioBase(Strict):
    """Fields every scenario has, whatever its ruleset."""

    name: str = Field(description="Title shown to players.")
    description: str = ""
    ruleset: str = Field(description="The ruleset that plays it (see `polemos rulesets`).")
    plugins: list[str] = Field(default_factory=list,
                               description="Plugins to switch on, e.g. house rules.")
    options: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="Options of each plugin, keyed by plugin name.")
    seed: int = Field(0, ge=0, lt=2**64,
                      description="Seed of the dice; `polemos play --seed` overrides it.")
    dice: list[ScriptedDie] | None = Field(
        None, description="Scripted dice, served in order instead of the seeded generator; "
        "each from 1 to the largest die the ruleset rolls (a D6 unless it says otherwise).")

    balance: BalanceSection | None = Field(
        None, description="Knobs for `polemos tune` and the scenario's balance history.")

    def problems(self) -> list[tuple[str, str]]:
        """Checks across fields that pydantic cannot express: ``[(field path, reason)]``."""
        return []

    def largest_die(self) -> int:
        """The most faces of any die this scenario rolls: scripted dice above it are refused
        when the scenario is validated. A D6, unless the ruleset's model says otherwise."""
        return 6

    def unit_sides(self) -> dict[str, str]:
        """``{unit id: side}`` of every unit the scenario sets up.

        A mixed scenario checks with it, before play, that unit ids are unique across the table
        and that every part's sides are the scenario's (MIX-3).
        """
        return {}
