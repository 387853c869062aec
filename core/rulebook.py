"""Rules as data: every rule id a ruleset cites, with its title, a short statement and its source.

Each package ships its rules in a YAML file (``data/rules.yaml``) and hands them over through the
``polemos_rules`` hook, so ``polemos rules``, ``polemos explain`` and the HTML replay can show a
rule's text wherever its id is cited, and a test can prove that no code cites an id nobody wrote.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any

import pluggy
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from polemos.core.errors import PolemosError, PolemosInputError
from polemos.core.plugins import call_hook
from polemos.core.scenario import validation_problems

RULE_ID_PATTERN = r"[A-Z]{2,4}-[A-Z]?\d+"
"""What a rule id looks like: a system prefix, a dash, an optional letter and a number."""
CLOSE_MATCH_CUTOFF = 0.75
"""difflib similarity a suggested id needs: one slipped or doubled digit, not any sibling id."""


class RuleText(BaseModel):
    """One rule as people read it; ``cites`` is the source section, or the Decision it makes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=f"^{RULE_ID_PATTERN}$")
    title: str = Field(min_length=1)
    statement: str = Field(min_length=1)
    cites: str = Field(min_length=1)
    ruleset: str = Field(min_length=1)


class UnknownRule(PolemosInputError):
    """A rule id no installed plugin defines; names the close matches."""

    def __init__(self, rule: str, matches: list[str]) -> None:
        hint = (f"close matches: {', '.join(matches)}" if matches
                else "no close match (`polemos rules RULESET` lists a ruleset's rules)")
        super().__init__(f"unknown rule {rule!r}; {hint}")
        self.rule = rule
        self.matches = matches


def load_rules(package: str, resource: str = "data/rules.yaml", *, ruleset: str
               ) -> list[RuleText]:
    """The rules a package ships: a YAML list of ``{id, title, statement, cites}`` mappings.

    A broken file is a packaging bug, so it raises ``PolemosError`` naming the file, the entry's
    field path and the reason, for every problem at once.
    """
    source = f"{package}:{resource}"
    try:
        raw = yaml.safe_load(resources.files(package).joinpath(resource)
                             .read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise PolemosError(f"{source}: {error}") from error
    if not isinstance(raw, list):
        raise PolemosError(f"{source}: expected a list of rules, got {type(raw).__name__}")
    rules: list[RuleText] = []
    problems: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(raw):
        data: Any = {**entry, "ruleset": ruleset} if isinstance(entry, dict) else entry
        try:
            rule = RuleText.model_validate(data)
        except ValidationError as error:
            problems += validation_problems(error, (index,))
            continue
        if rule.id in seen:
            problems.append((f"[{index}].id", f"{rule.id} is already defined at [{seen[rule.id]}]"))
        seen.setdefault(rule.id, index)
        rules.append(rule)
    if problems:
        raise PolemosError("\n".join(f"{source}: {path}: {reason}" for path, reason in problems))
    return rules


class Rulebook(Mapping[str, RuleText]):
    """Every installed rule by id (ids are upper case; lookups through ``explain`` are not)."""

    def __init__(self, rules: Mapping[str, RuleText]) -> None:
        self._rules = dict(rules)

    def __getitem__(self, rule: str) -> RuleText:
        return self._rules[rule]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def for_ruleset(self, name: str) -> list[RuleText]:
        """The rules ``name`` defines, in the order its data lists them."""
        return [rule for rule in self._rules.values() if rule.ruleset == name]

    def explain(self, rule: str) -> RuleText:
        """The rule ``rule`` names, in any case; ``UnknownRule`` with close matches otherwise."""
        wanted = rule.strip().upper()
        if wanted in self._rules:
            return self._rules[wanted]
        matches = difflib.get_close_matches(wanted, self._rules, n=5, cutoff=CLOSE_MATCH_CUTOFF)
        raise UnknownRule(rule, matches)

    def texts(self) -> dict[str, str]:
        """``{id: "title: statement"}``: what the HTML replay shows when an id is hovered."""
        return {rule.id: f"{rule.title}: {rule.statement}" for rule in self._rules.values()}


def rulebook(pm: pluggy.PluginManager) -> Rulebook:
    """Every plugin's ``polemos_rules``; an id defined by two plugins is an error naming both."""
    rules: dict[str, RuleText] = {}
    owners: dict[str, str] = {}
    for impl in reversed(pm.hook.polemos_rules.get_hookimpls()):
        plugin = impl.plugin_name
        for found in call_hook(pm, "polemos_rules", only=[plugin]):
            for rule in found:
                if rule.id in owners:
                    raise PolemosError(f"rule {rule.id} is defined twice (plugins "
                                       f"{owners[rule.id]!r} and {plugin!r})")
                owners[rule.id] = plugin
                rules[rule.id] = rule
    return Rulebook(rules)
