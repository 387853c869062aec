"""Loading a scenario file: YAML to a validated model, or a ``ScenarioError`` a person can act on.

Errors name the file, the field path (``units[2].altitude``) and what was expected; nothing here
lets a traceback reach the user.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pluggy
import yaml
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from polemos.core import bounded_yaml
from polemos.core.errors import ScenarioError, UnknownName, clip, shown
from polemos.core.plugins import call_hook, load_named_plugin, options_models, ruleset_registry
from polemos.core.ruleset import Ruleset
from polemos.core.scenario_model import ScenarioBase

MAX_FILE_BYTES = 256 << 10
"""A scenario file larger than 256 KiB is refused unread: the largest shipped one is 5 KB, and
pure-Python YAML (chosen for its bounded, hookable composer) parses some 50 KB a second."""


@dataclass(frozen=True, slots=True)
class LoadedScenario:
    """A validated scenario, with the raw data kept for saves and event-log headers."""

    source: str
    raw: dict[str, Any]
    model: ScenarioBase
    ruleset: type[Ruleset[Any, Any]]
    options: dict[str, Any]
    plugin: str = ""
    """The plugin that provides the ruleset, named when it raises."""


def field_path(loc: tuple[Any, ...]) -> str:
    """``('units', 2, 'altitude')`` → ``units[2].altitude``."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            name = clip(str(part), 40)  # a key can be any length; the path stays readable
            path += f".{name}" if path else name
    return path


def _describe(error: ErrorDetails) -> str:
    if error["type"] == "extra_forbidden":
        return "unknown field"
    if error["type"] == "missing":
        return "field required"
    message = str(error["msg"])
    if error["type"] not in ("value_error", "assertion_error"):
        message += f" (got {shown(error['input'])})"
    return message.removeprefix("Value error, ")


def validation_problems(error: ValidationError, prefix: tuple[Any, ...] = ()
                        ) -> list[tuple[str, str]]:
    """pydantic errors as ``(field path, reason)`` pairs."""
    return [(field_path(prefix + tuple(e["loc"])), _describe(e)) for e in error.errors()]


def read_text(path: str | Path, what: str, limit: int) -> str:
    """A file's UTF-8 text, or a ``ScenarioError`` saying why it is not a text file: unreadable,
    over ``limit`` bytes, not UTF-8 (naming the byte offset), or binary (a NUL byte)."""
    source = str(path)
    try:
        with Path(path).open("rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise ScenarioError(source, [("", f"cannot read file: {error.strerror}")]) from None
    return decode_text(data, source, what, limit)


def decode_text(data: bytes, source: str, what: str, limit: int) -> str:
    """``data`` as UTF-8 text, or the ``ScenarioError`` of ``read_text`` (a file or an upload)."""
    if len(data) > limit:
        raise ScenarioError(source, [("", f"{what} is larger than {limit:,} bytes")])
    if 0 in data:
        raise ScenarioError(source, [("", f"{what} is binary, not text (NUL byte at offset "
                                      f"{data.index(0)})")])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ScenarioError(source, [("", f"{what} is not UTF-8 text: byte "
                                      f"0x{data[error.start]:02x} at offset {error.start} "
                                      f"({error.reason})")]) from None


def read_yaml(path: str | Path) -> dict[str, Any]:
    """Parse a YAML mapping or raise a ``ScenarioError`` naming the line."""
    return parse_yaml(read_text(path, "scenario file", MAX_FILE_BYTES), str(path))


def parse_yaml(text: str, source: str) -> dict[str, Any]:
    """A scenario's YAML text as a mapping (``read_yaml`` for a file, the server for uploads)."""
    try:
        data = bounded_yaml.load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        context = getattr(error, "context", None)
        if context:  # "expected a single document in the stream, but found another document"
            problem = f"{context}, {problem}"
        raise ScenarioError(source, [("", f"invalid YAML{where}: {clip(problem)}")]) from None
    if data is None:
        raise ScenarioError(source, [("", "the file is empty: expected a mapping of scenario "
                                      "fields")])
    if not isinstance(data, dict):
        kind = {"str": "string", "int": "number", "float": "number", "bool": "boolean"}.get(
            type(data).__name__, type(data).__name__)
        raise ScenarioError(source, [("", "expected a mapping of scenario fields at the top, "
                                      f"not a {kind}")])
    return data


def validate_scenario(raw: dict[str, Any], source: str, pm: pluggy.PluginManager
                      ) -> LoadedScenario:
    """Validate raw scenario data against its ruleset's model and its plugins' options."""
    registry = ruleset_registry(pm)
    name = raw.get("ruleset")
    if not isinstance(name, str):
        raise ScenarioError(source, [("ruleset", "field required: the name of a ruleset "
                                      f"(installed: {', '.join(sorted(registry))})")])
    if name not in registry:
        raise ScenarioError(source, [("ruleset", str(UnknownName("ruleset", name,
                                                                  list(registry))))])
    ruleset = registry[name]
    try:
        model = ruleset.scenario_model.model_validate(raw)
    except ValidationError as error:
        raise ScenarioError(source, validation_problems(error)) from None
    problems = model.problems() + ruleset.check_scenario(model, registry) + \
        dice_problems(model.dice, model.largest_die())
    options, option_problems = _plugin_options(model, pm)
    problems += option_problems
    if not option_problems:
        for found in call_hook(pm, "polemos_scenario_problems", only=set(model.plugins),
                               scenario=model, options=options):
            problems += found
    if problems:
        raise ScenarioError(source, problems)
    return LoadedScenario(source, raw, model, ruleset, options, registry.plugin[name])


def dice_problems(dice: list[int] | None, faces: int) -> list[tuple[str, str]]:
    """Scripted dice outside 1 to the scenario's largest die (``ScenarioBase.largest_die``),
    refused when the scenario, save or log is read, not at the first roll that meets them."""
    return [(f"dice[{i}]", f"a scripted die is 1 to {faces} (got {shown(value)})")
            for i, value in enumerate(dice or []) if not 1 <= value <= faces]


def _plugin_options(model: ScenarioBase, pm: pluggy.PluginManager
                    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    problems: list[tuple[str, str]] = []
    for index, plugin in enumerate(model.plugins):
        why = load_named_plugin(pm, plugin)
        if why is not None:
            problems.append((f"plugins[{index}]", why))
    models = options_models(pm)
    options: dict[str, Any] = {}
    for plugin, values in model.options.items():
        if plugin not in model.plugins:
            problems.append((f"options.{plugin}", "options for a plugin not listed in `plugins`"))
        elif plugin in models:
            try:
                options[plugin] = models[plugin].model_validate(values)
            except ValidationError as error:
                problems += validation_problems(error, ("options", plugin))
        else:
            problems.append((f"options.{plugin}", "this plugin takes no options"))
    for plugin in model.plugins:
        if plugin in models and plugin not in options:
            options[plugin] = models[plugin]()
    return options, problems


def load_scenario(path: str | Path, pm: pluggy.PluginManager) -> LoadedScenario:
    """Read and validate a scenario file."""
    return validate_scenario(read_yaml(path), str(path), pm)
