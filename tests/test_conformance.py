"""Conformance: the suite every ruleset owes (``polemos.core.conformance``), on ours.

The suite ships in the package as a pytest plugin, so an outside ruleset package runs the same
tests on its own scenarios; here it runs over every installed scenario — this checkout's, as
the plugins list them through ``polemos_scenarios``. ``SCENARIOS`` is that list, for the other
suites that play every shipped scenario (golden logs, rule citations).
"""

from __future__ import annotations

from pathlib import Path

from polemos.core.catalog import scenario_catalog
from polemos.core.conformance import ConformanceTests
from polemos.core.plugins import make_plugin_manager

SCENARIOS = [ref.path for ref in scenario_catalog(make_plugin_manager()).values()]


def scenario_id(path: Path) -> str:
    """A shipped scenario's name (``petit-cirque/duel``): its folder and its stem."""
    return f"{path.parent.name}/{path.stem}"


class TestConformance(ConformanceTests):
    """Every conformance test, on every installed scenario."""
