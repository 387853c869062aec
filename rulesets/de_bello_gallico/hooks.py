"""De Bello Gallico's hook implementations: thin doors to the ruleset, its rules and its bot."""

from __future__ import annotations

from typing import Any

from polemos.core.catalog import ScenarioRef, shipped_scenarios
from polemos.core.hookspecs import hookimpl
from polemos.core.rulebook import RuleText, load_rules
from polemos.core.ruleset import Ruleset
from polemos.rulesets.de_bello_gallico.bots import greedy_policy
from polemos.rulesets.de_bello_gallico.evaluate import evaluate
from polemos.rulesets.de_bello_gallico.playout import playout_policy
from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico

__version__ = DeBelloGallico.version


@hookimpl
def polemos_rulesets() -> list[type[Ruleset]]:
    return [DeBelloGallico]


@hookimpl
def polemos_rules() -> list[RuleText]:
    return load_rules("polemos.rulesets.de_bello_gallico", ruleset=DeBelloGallico.name)


@hookimpl
def polemos_scenarios() -> list[ScenarioRef]:
    return shipped_scenarios("polemos.scenarios", "de-bello-gallico")


@hookimpl
def polemos_bot_policy(ruleset: str, kind: str) -> Any:
    if ruleset != DeBelloGallico.name:
        return None
    return {"greedy": greedy_policy, "playout": playout_policy}.get(kind)


@hookimpl
def polemos_evaluate(ruleset: str) -> Any:
    return evaluate if ruleset == DeBelloGallico.name else None
