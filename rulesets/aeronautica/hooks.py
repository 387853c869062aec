"""Aeronautica Imperialis (2019 edition): rules AI-1 … AI-77 and AI-M1 … AI-M8."""

from __future__ import annotations

from typing import Any

from polemos.core.catalog import ScenarioRef, shipped_scenarios
from polemos.core.hookspecs import hookimpl
from polemos.core.rulebook import RuleText, load_rules
from polemos.core.ruleset import Ruleset
from polemos.rulesets.aeronautica.bots import greedy_policy
from polemos.rulesets.aeronautica.evaluate import evaluate
from polemos.rulesets.aeronautica.playout import playout_policy
from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis

__version__ = AeronauticaImperialis.version


@hookimpl
def polemos_rulesets() -> list[type[Ruleset]]:
    return [AeronauticaImperialis]


@hookimpl
def polemos_rules() -> list[RuleText]:
    return load_rules("polemos.rulesets.aeronautica", ruleset=AeronauticaImperialis.name)


@hookimpl
def polemos_scenarios() -> list[ScenarioRef]:
    return shipped_scenarios("polemos.scenarios", "aeronautica")


@hookimpl
def polemos_bot_policy(ruleset: str, kind: str) -> Any:
    if ruleset != AeronauticaImperialis.name:
        return None
    return {"greedy": greedy_policy, "playout": playout_policy}.get(kind)


@hookimpl
def polemos_evaluate(ruleset: str) -> Any:
    return evaluate if ruleset == AeronauticaImperialis.name else None
