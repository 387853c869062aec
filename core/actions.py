"""Actions: what a player may do, cheap inside the engine and validated at the boundary.

Inside the engine an action is a small frozen dataclass, built by the ruleset's legal-action
generator and compared by value. Actions arriving from outside (a terminal, a saved game, an
event log, the web) are validated by the pydantic ``ActionModel`` first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from polemos.core.errors import PolemosInputError

ArgValue = int | float | str | bool | None


@dataclass(frozen=True, slots=True)
class Action:
    """``kind`` names the action in its ruleset; ``unit`` is the acting unit, if any."""

    kind: str
    unit: str | None = None
    args: dict[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.kind, self.unit, tuple(sorted(self.args.items()))))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.unit is not None:
            data["unit"] = self.unit
        if self.args:
            data["args"] = dict(sorted(self.args.items()))
        return data

    def __getitem__(self, key: str) -> Any:
        return self.args[key]


class ActionModel(BaseModel):
    """The boundary form of an action (JSON from a player, a save or an event log)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    unit: str | None = None
    args: dict[str, ArgValue] = {}

    def to_action(self) -> Action:
        return Action(self.kind, self.unit, dict(self.args))


def parse_action(data: Any) -> Action:
    """Validate untrusted action data and return the engine form."""
    try:
        return ActionModel.model_validate(data).to_action()
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'action'}: {e['msg']}"
                             for e in error.errors())
        raise PolemosInputError(f"malformed action {data!r}: {problems}") from None
