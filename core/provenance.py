"""What a game was played with, and what changed since.

Saves and event-log headers record the versions of the engine, of the game's rulesets and of
its plugins, and a digest of every rule those rulesets define (rules as data,
core/rulebook.py): a game is never silently continued under rules other than its own. On
loading, ``changes`` says what differs — versions, and the ids of the rules whose text changed,
that were added or removed — and ``RulesChanged`` refuses the file naming them and how to
continue anyway (``--accept-rule-changes``).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pluggy
from pydantic import BaseModel, ConfigDict

from polemos.core.errors import PolemosInputError
from polemos.core.plugins import plugin_version, ruleset_registry
from polemos.core.rulebook import RuleText, rulebook

ENGINE_DISTRIBUTION = "polemos"
DIGEST_CHARS = 12
"""Hex digits of a rule's digest: enough that an edited rule never keeps its digest by chance."""
SHOWN_IDS = 12
"""Rule ids named per kind of change; a reworked ruleset says "… and 40 more"."""
ACCEPT_HINT = ("to continue anyway, add --accept-rule-changes: the game is re-played with "
               "today's rules as far as they agree and continues from the first action that does "
               "not")


class Versions(BaseModel):
    """The versions a game was played with."""

    model_config = ConfigDict(extra="forbid")

    engine: str
    rulesets: dict[str, str]
    plugins: dict[str, str]


@dataclass(frozen=True)
class PlayedWith:
    """Versions and rule digests (``{rule id: digest of its title and statement}``)."""

    versions: Versions
    rules: dict[str, str]

    def to_json(self) -> dict[str, Any]:
        """The two fields saves and log headers carry, ``versions`` and ``rules``."""
        return {"versions": self.versions.model_dump(), "rules": self.rules}


def engine_version() -> str:
    try:
        return importlib.metadata.version(ENGINE_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:  # run from a source tree never installed
        return "unknown"


def rule_digest(rule: RuleText) -> str:
    """A short hash of what the rule says: a changed title or statement changes it."""
    text = f"{rule.title}\n{rule.statement}".encode()
    return hashlib.sha256(text).hexdigest()[:DIGEST_CHARS]


_DIGESTS: weakref.WeakKeyDictionary[pluggy.PluginManager, tuple[frozenset[str],
                                                              dict[str, dict[str, str]]]]
_DIGESTS = weakref.WeakKeyDictionary()
"""Rule digests by ruleset, per plugin manager and its set of plugins: the rulebook parses every
plugin's YAML (a quarter of a second), and every save and log header needs the digests."""


def ruleset_digests(pm: pluggy.PluginManager) -> dict[str, dict[str, str]]:
    """``{ruleset: {rule id: digest}}`` of every installed rule."""
    plugins = frozenset(name for name, _ in pm.list_name_plugin())
    cached = _DIGESTS.get(pm)
    if cached is not None and cached[0] == plugins:
        return cached[1]
    digests: dict[str, dict[str, str]] = {}
    for rule in rulebook(pm).values():
        digests.setdefault(rule.ruleset, {})[rule.id] = rule_digest(rule)
    _DIGESTS[pm] = (plugins, digests)
    return digests


def played_with(pm: pluggy.PluginManager, rulesets: Iterable[str], plugins: Iterable[str]
                ) -> PlayedWith:
    """What a game of ``rulesets`` (a mixed game: "mixed" and its parts) with the scenario's
    ``plugins`` is played with today: the plugins providing the rulesets are included."""
    registry = ruleset_registry(pm)
    names = sorted(set(rulesets))
    providers = {registry.plugin[name] for name in names if name in registry.plugin}
    plugin_versions = {}
    for name in sorted(providers | set(plugins)):
        plugin = pm.get_plugin(name)
        plugin_versions[name] = plugin_version(pm, plugin) if plugin is not None else "missing"
    digests = ruleset_digests(pm)
    rules = {rule: digest for name in names for rule, digest in digests.get(name, {}).items()}
    return PlayedWith(Versions(engine=engine_version(),
                               rulesets={name: registry[name].version for name in names
                                         if name in registry},
                               plugins=plugin_versions),
                      dict(sorted(rules.items())))


def _listed(ids: list[str]) -> str:
    more = len(ids) - SHOWN_IDS
    return ", ".join(ids[:SHOWN_IDS]) + (f" and {more} more" if more > 0 else "")


def _version_changes(kind: str, then: dict[str, str], now: dict[str, str]) -> list[str]:
    return [f"{kind} {name} {then.get(name, 'absent')} → {now.get(name, 'absent')}"
            for name in sorted(then.keys() | now.keys()) if then.get(name) != now.get(name)]


def changes(versions: Versions | None, rules: dict[str, str] | None, now: PlayedWith
            ) -> list[str]:
    """What differs between what a file recorded and today, one phrase per kind of change;
    nothing when the file recorded nothing (format 1: the re-play alone decides)."""
    found: list[str] = []
    if versions is not None:
        if versions.engine != now.versions.engine:
            found.append(f"engine {versions.engine} → {now.versions.engine}")
        found += _version_changes("ruleset", versions.rulesets, now.versions.rulesets)
        found += _version_changes("plugin", versions.plugins, now.versions.plugins)
    if rules is not None:
        changed = sorted(r for r in rules.keys() & now.rules.keys() if rules[r] != now.rules[r])
        added = sorted(now.rules.keys() - rules.keys())
        removed = sorted(rules.keys() - now.rules.keys())
        for kind, ids in (("rules changed", changed), ("rules added", added),
                          ("rules removed", removed)):
            if ids:
                found.append(f"{kind}: {_listed(ids)}")
    return found


class RulesChanged(PolemosInputError):
    """A file played with other versions or other rules than today's: refused unless the
    player accepts the changes."""

    def __init__(self, source: str, changed: list[str]) -> None:
        super().__init__(f"{source}: the rules changed since this game was recorded "
                         f"({'; '.join(changed)}); {ACCEPT_HINT}")
        self.changed = changed
