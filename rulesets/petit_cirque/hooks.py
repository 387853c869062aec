"""Le Petit Cirque Volant: the smallest hex dogfight rule (rules PCV-1 … PCV-18)."""

from __future__ import annotations

from typing import Any

from polemos.core.catalog import ScenarioRef, shipped_scenarios
from polemos.core.hookspecs import hookimpl
from polemos.core.rulebook import RuleText, load_rules
from polemos.core.ruleset import Ruleset
from polemos.rulesets.petit_cirque.bots import greedy_policy, playout_policy
from polemos.rulesets.petit_cirque.evaluate import evaluate
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant

__version__ = PetitCirqueVolant.version


@hookimpl
def polemos_rulesets() -> list[type[Ruleset]]:
    return [PetitCirqueVolant]


@hookimpl
def polemos_rules() -> list[RuleText]:
    return load_rules("polemos.rulesets.petit_cirque", ruleset=PetitCirqueVolant.name)


@hookimpl
def polemos_scenarios() -> list[ScenarioRef]:
    return shipped_scenarios("polemos.scenarios", "petit-cirque")


@hookimpl
def polemos_bot_policy(ruleset: str, kind: str) -> Any:
    if ruleset != PetitCirqueVolant.name:
        return None
    return {"greedy": greedy_policy, "playout": playout_policy}.get(kind)


@hookimpl
def polemos_evaluate(ruleset: str) -> Any:
    return evaluate if ruleset == PetitCirqueVolant.name else None
