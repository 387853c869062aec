"""The scenario envelope every ruleset's scenario model extends."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """Base for scenario parts: unknown fields are errors, so typos never pass silently."""

    model_config = ConfigDict(extra="forbid")


class ScenarioBase(Strict):
    """Fields every scenario has, whatever its ruleset."""

    name: str = Field(description="Title shown to players.")
    description: str = ""
    ruleset: str = Field(description="The ruleset that plays it (see `polemos rulesets`).")
    plugins: list[str] = Field(default_factory=list,
                               description="Plugins to switch on, e.g. house rules.")
    options: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="Options of each plugin, keyed by plugin name.")
    seed: int = Field(0, description="Seed of the dice; `polemos play --seed` overrides it.")
    dice: list[int] | None = Field(
        None, description="Scripted dice, served in order instead of the seeded generator.")

    def problems(self) -> list[tuple[str, str]]:
        """Checks across fields that pydantic cannot express: ``[(field path, reason)]``."""
        return []

    def unit_sides(self) -> dict[str, str]:
        """``{unit id: side}`` of every unit the scenario sets up.

        A mixed scenario checks with it, before play, that unit ids are unique across the table
        and that every part's sides are the scenario's (MIX-3).
        """
        return {}
