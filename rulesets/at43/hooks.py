"""AT-43 vehicle collisions as a Polemos plugin: the ruleset, its greedy bot and the search
bot's playout policy and evaluation."""

from __future__ import annotations

from typing import Any

from polemos.core.catalog import ScenarioRef, shipped_scenarios
from polemos.core.hookspecs import hookimpl
from polemos.core.rulebook import RuleText, load_rules
from polemos.core.ruleset import Ruleset
from polemos.rulesets.at43.bots import greedy_policy
from polemos.rulesets.at43.evaluate import evaluate
from polemos.rulesets.at43.playout import playout_policy
from polemos.rulesets.at43.ruleset import At43

__version__ = At43.version


@hookimpl
def polemos_rulesets() -> list[type[Ruleset]]:
    return [At43]


@hookimpl
def polemos_rules() -> list[RuleText]:
    return load_rules("polemos.rulesets.at43", ruleset=At43.name)


@hookimpl
def polemos_scenarios() -> list[ScenarioRef]:
    return shipped_scenarios("polemos.scenarios", "at43")


@hookimpl
def polemos_bot_policy(ruleset: str, kind: str) -> Any:
    if ruleset != At43.name:
        return None
    return {"greedy": greedy_policy, "playout": playout_policy}.get(kind)


@hookimpl
def polemos_evaluate(ruleset: str) -> Any:
    return evaluate if ruleset == At43.name else None
