"""Canonical JSON for states and events: the same game always gives the same bytes.

Rulesets keep their mutable state in plain slots dataclasses (cheap to mutate, design.md
Performance); this module turns such a tree into JSON-able data without each ruleset writing
its own encoder.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from typing import Any


def to_jsonable(value: Any) -> Any:
    """Dataclasses, enums, tuples, sets and mappings to plain JSON data."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.name.startswith("_")}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(to_jsonable(v) for v in value)
    if hasattr(value, "to_json"):
        return value.to_json()
    raise TypeError(f"cannot serialize {type(value).__name__}")


def canonical(value: Any) -> str:
    """One line of JSON with sorted keys and no spaces: byte-comparable."""
    return json.dumps(to_jsonable(value), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
