"""Actions: declared once per ruleset as typed kinds, cheap inside the engine, parsed at the edge.

Inside the engine an action is a small frozen dataclass, ``Action``, built by the ruleset's
legal-action generator and compared by value: it is trusted and never re-validated, so the hot
loop of a simulation pays nothing for validation (design.md, Performance). An action that
arrives from outside — a person, a file, the club server — is plain data, and the ruleset's
``ActionTable`` parses it against the declared kinds first: an unknown kind, an unknown or
missing argument, a wrong type, a non-finite or out-of-range number, an unknown unit or side
are refused with the field and the rule id before anything changes. ``Ruleset.check`` then only
ever sees well-formed actions and keeps nothing but rule logic.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, cast

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    create_model,
)

from polemos.core.errors import IllegalAction, clip, shown


@dataclass(frozen=True, slots=True)
class Action:
    """``kind`` names the action in its ruleset; ``unit`` is the acting unit, if any."""

    kind: str
    unit: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    _recorded: dict[str, Any] | None = field(default=None, init=False, repr=False,
                                             compare=False)
    """``to_json`` once made, for ``recorded``."""

    def __init__(self, kind: str, unit: str | None = None, args: dict[str, Any] | None = None
                 ) -> None:
        # Legal-action generators build thousands of these per game: setting the slots through
        # their descriptors costs a third of the frozen dataclass's object.__setattr__ calls.
        _set_kind(self, kind)
        _set_unit(self, unit)
        _set_args(self, {} if args is None else args)
        _set_recorded(self, None)

    def __hash__(self) -> int:
        return hash((self.kind, self.unit, tuple(sorted(self.args.items()))))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.unit is not None:
            data["unit"] = self.unit
        if self.args:
            data["args"] = dict(sorted(self.args.items()))
        return data

    def recorded(self) -> dict[str, Any]:
        """``to_json``, made once per action and shared by every game that plays it (a
        ruleset hands out the same action objects decision after decision): what a game
        records in its action list and "action" events, which nobody changes."""
        data = self._recorded
        if data is None:
            data = self.to_json()
            _set_recorded(self, data)
        return data

    def __getitem__(self, key: str) -> Any:
        return self.args[key]

    @property
    def actor(self) -> str:
        """The acting unit of a kind declared with one (the parse guarantees it is there)."""
        if self.unit is None:
            raise ValueError(f"action {self.kind!r} names no acting unit")
        return self.unit


_set_kind = Action.__dict__["kind"].__set__
_set_unit = Action.__dict__["unit"].__set__
_set_args = Action.__dict__["args"].__set__
_set_recorded = Action.__dict__["_recorded"].__set__
"""The slots of the class ``dataclass(slots=True)`` made: writable only here (``__init__``)."""


class MalformedAction(IllegalAction):
    """Action data that does not fit its ruleset's declaration; ``field`` says where."""

    def __init__(self, rule: str, field: str, reason: str) -> None:
        super().__init__(rule, f"{field}: {reason}")
        self.field = field


def _known(what: str, key: str) -> AfterValidator:
    """A validator checking a name against the ids the parse was given in its context."""

    def check(value: str, info: ValidationInfo) -> str:
        known = (info.context or {}).get(key)
        if known is not None and value not in known:
            raise ValueError(f"unknown {what} {shown(value)}")
        return value

    return AfterValidator(check)


UnitId = Annotated[str, Field(min_length=1, max_length=200,
                              description="The id of a unit of the scenario."),
                   _known("unit", "units")]
"""An argument naming a unit: refused at parse time unless the scenario has that unit."""
SideName = Annotated[str, Field(min_length=1, max_length=200,
                                description="A side of the scenario."), _known("side", "sides")]
"""An argument naming a side: refused at parse time unless the scenario has that side."""


def arg(rule: str | None = None, description: str = "", **constraints: Any) -> Any:
    """A declared argument's constraints (``ge``, ``le``, ...), and the rule cited when it is
    malformed if not the action's own (shown in the JSON Schema as ``rule``)."""
    extra: dict[str, JsonValue] | None = {"rule": rule} if rule else None
    return Field(description=description or None, json_schema_extra=extra, **constraints)


class ActionArgs(BaseModel):
    """Base of every action's arguments: strict types, finite numbers, no unknown field."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


class NoArgs(ActionArgs):
    """An action that takes no arguments."""


@dataclass(frozen=True, slots=True)
class ActionKind:
    """One kind of action of a ruleset: its name, its rule, its arguments, its acting unit."""

    name: str
    rule: str
    """The rule that defines the action, cited when the action is malformed."""
    args: type[ActionArgs] = NoArgs
    unit: bool = True
    """True: the action names the unit that acts (``unit``); False: it must not name one."""
    doc: str = ""


_ENVELOPE = ConfigDict(extra="forbid", strict=True)


@functools.cache
def _model(kind: ActionKind) -> type[BaseModel]:
    """The whole action of ``kind`` as one pydantic model (for parsing and for its schema).

    Built once per kind and shared by every table declaring it: building a model costs
    milliseconds, and a game whose plugins add kinds (``ActionTable.extended``) makes its own
    table at every set-up, so a batch of short games would otherwise spend most of its time
    here (issue 14).
    """
    required = any(f.is_required() for f in kind.args.model_fields.values())
    fields: dict[str, Any] = {
        "kind": (Literal[kind.name], ...),
        "unit": (UnitId, ...) if kind.unit else (None, None),
        "args": (kind.args, ...) if required else (kind.args, {}),
    }
    title = "".join(part.title() for part in kind.name.split("_")) + "Action"
    model = create_model(title, __config__=_ENVELOPE, __doc__=kind.doc or None, **fields)
    return cast(type[BaseModel], model)


def _field(loc: tuple[int | str, ...]) -> str:
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "action"


class ActionTable:
    """A ruleset's declared action kinds: the parser of outside actions and their schema."""

    def __init__(self, *kinds: ActionKind, rule: str) -> None:
        self.kinds = {kind.name: kind for kind in kinds}
        self.rule = rule
        """Cited when the data is no action of this ruleset at all (not an object, no kind)."""
        self._models = {kind.name: _model(kind) for kind in kinds}

    def extended(self, *kinds: ActionKind) -> ActionTable:
        """This table and ``kinds``: the declaration of one game whose plugins add actions (a
        club's ability); the ruleset's own table is left as it is. A kind declared twice is a
        plugin bug, refused at once."""
        clash = sorted(set(self.kinds) & {kind.name for kind in kinds})
        if clash or len({kind.name for kind in kinds}) != len(kinds):
            raise ValueError(f"action kinds declared twice: {', '.join(clash) or 'in kinds'}")
        return ActionTable(*self.kinds.values(), *kinds, rule=self.rule)

    def parse(self, data: Any, units: Collection[str] | None = None,
              sides: Collection[str] | None = None) -> Action:
        """The engine form of untrusted ``data``, or ``MalformedAction``; changes nothing.

        ``units`` and ``sides`` are the scenario's ids that ``UnitId`` and ``SideName``
        arguments must name (None: not checked).
        """
        if not isinstance(data, Mapping):
            raise MalformedAction(self.rule, "action", "expected an object with a `kind`, got "
                                  f"{shown(data)}")
        name = data.get("kind")
        if not isinstance(name, str) or name not in self.kinds:
            raise MalformedAction(self.rule, "kind", f"unknown action kind {shown(name)}; "
                                  f"this ruleset's kinds: {', '.join(self.kinds)}")
        try:
            self._models[name].model_validate(data, context={"units": units, "sides": sides})
        except ValidationError as error:
            first = error.errors()[0]
            reason = "unknown argument" if first["type"] == "extra_forbidden" else \
                str(first["msg"]).removeprefix("Value error, ")
            raise MalformedAction(self._rule(name, first["loc"]), _field(first["loc"]),
                                  clip(reason, 200)) from None
        unit = data.get("unit")
        return Action(name, unit, dict(data.get("args") or {}))

    def _rule(self, name: str, loc: tuple[int | str, ...]) -> str:
        """The rule of the malformed argument at ``loc`` if it names one, else the kind's."""
        kind = self.kinds[name]
        if loc[:1] == ("unit",):
            return self.rule  # who acts is the turn's rule, whatever the action
        if len(loc) >= 2 and loc[0] == "args" and isinstance(loc[1], str):
            declared = kind.args.model_fields.get(loc[1])
            extra = declared.json_schema_extra if declared is not None else None
            if isinstance(extra, dict) and isinstance(extra.get("rule"), str):
                return str(extra["rule"])
        return kind.rule

    def json_schema(self) -> dict[str, Any]:
        """Every kind's action as JSON Schema, discriminated by ``kind``."""
        models = list(self._models.values())
        if not models:  # a mixed scenario: every action is one of its parts'
            return {"description": "No action kinds of its own: each action is one of the "
                    "ruleset whose turn it is (see that ruleset's schema).", "not": {}}
        if len(models) == 1:
            return models[0].model_json_schema()
        union: Any = Annotated[functools.reduce(operator.or_, models),
                               Field(discriminator="kind")]
        return TypeAdapter(union).json_schema()
