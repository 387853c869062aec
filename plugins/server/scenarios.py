"""A game's scenario from a client: an installed scenario's name, or YAML text validated exactly
like ``polemos validate`` (same size limit, bounded YAML, field paths).

Unlike the command line, the server never opens a path a client names, and an uploaded scenario
may only use plugins installed on the server: a plugin name is otherwise imported as a module
(``polemos.core.plugins.load_named_plugin``), and a client must not make the server import
whatever it likes.
"""

from __future__ import annotations

import pluggy

from polemos.core.catalog import scenario_catalog, unknown_scenario
from polemos.core.errors import ScenarioError, shown
from polemos.core.game import Game
from polemos.core.scenario import (
    MAX_FILE_BYTES,
    LoadedScenario,
    decode_text,
    parse_yaml,
    read_yaml,
    validate_scenario,
)

UPLOAD = "upload"
"""The source named in an uploaded scenario's errors and in its game's log header."""


def resolve_scenario(text: str, pm: pluggy.PluginManager) -> LoadedScenario:
    """The validated scenario ``text`` names or holds; a ``PolemosInputError`` otherwise."""
    catalog = scenario_catalog(pm)
    if text in catalog:
        return validate_scenario(read_yaml(catalog[text].path), text, pm)
    if "\n" not in text and ":" not in text:
        raise unknown_scenario(text, catalog)
    # JSON lets a string hold a lone surrogate: passed through, it is reported as not UTF-8.
    data = text.encode("utf-8", "surrogatepass")
    raw = parse_yaml(decode_text(data, UPLOAD, "scenario", MAX_FILE_BYTES), UPLOAD)
    plugins = raw.get("plugins")
    if isinstance(plugins, list):
        problems = [(f"plugins[{index}]", f"{shown(name)} is not installed on this server "
                     f"(installed: {', '.join(sorted(n for n, _ in pm.list_name_plugin()))})")
                    for index, name in enumerate(plugins)
                    if not isinstance(name, str) or pm.get_plugin(name) is None]
        if problems:
            raise ScenarioError(UPLOAD, problems)
    return validate_scenario(raw, UPLOAD, pm)


def scenario_sides(pm: pluggy.PluginManager) -> dict[str, list[str]]:
    """Every installed scenario's sides, in order: asked of its ruleset (a scenario file need
    not list them)."""
    sides = {}
    for name, ref in scenario_catalog(pm).items():
        game = Game.new(validate_scenario(read_yaml(ref.path), name, pm), pm, seed=0)
        sides[name] = list(game.rules.sides(game.state))
    return sides
