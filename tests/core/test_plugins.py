"""Plugin discovery, registration in code, and plugins named when they fail."""

from __future__ import annotations

import re

import pytest

from polemos.core import hookspecs
from polemos.core.errors import PluginFailure, ScenarioError, UnknownName
from polemos.core.game import Game
from polemos.core.plugins import call_hook, make_plugin_manager, ruleset_registry
from polemos.core.scenario import validate_scenario
from tests.core.toy import TOY, BrokenConfigure, ToyPlugin


def test_entry_points_discover_the_installed_rulesets_and_plugins():
    pm = make_plugin_manager()
    assert "petit_cirque" in ruleset_registry(pm)
    assert pm.get_plugin("pcv_house_rules") is not None


def test_no_global_manager_registration_in_code_stays_local():
    with_toy = make_plugin_manager([ToyPlugin()], entry_points=False)
    assert list(ruleset_registry(with_toy)) == ["toy"]
    assert "toy" not in ruleset_registry(make_plugin_manager())


def test_unknown_ruleset_lists_what_is_installed():
    pm = make_plugin_manager([ToyPlugin()])
    expected = "unknown ruleset 'chess'; installed: .*petit_cirque.*toy"
    registry = ruleset_registry(pm)
    assert str(UnknownName("ruleset", "chess", list(registry))).startswith("unknown ruleset")
    assert re.search(expected, str(UnknownName("ruleset", "chess", list(registry))))
    with pytest.raises(ScenarioError, match="test: ruleset: unknown ruleset 'chess'"):
        validate_scenario({"name": "x", "ruleset": "chess"}, "test", pm)


def test_a_ruleset_provided_twice_is_an_error():
    pm = make_plugin_manager([ToyPlugin()], entry_points=False)
    pm.register(ToyPlugin(), name="again")
    with pytest.raises(Exception, match="provided twice"):
        ruleset_registry(pm)


def test_a_plugin_that_raises_is_named():
    pm = make_plugin_manager([ToyPlugin(), BrokenConfigure()], entry_points=False)
    assert Game.new(validate_scenario(TOY, "test", pm), pm)  # not named: not called
    loaded = validate_scenario({**TOY, "plugins": ["BrokenConfigure"]}, "test", pm)
    with pytest.raises(PluginFailure) as error:
        Game.new(loaded, pm)
    assert error.value.plugin == "BrokenConfigure"
    assert "plugin 'BrokenConfigure' failed" in str(error.value)
    assert error.value.hook == "polemos_configure_game"
    assert "RuntimeError: boom" in str(error.value)


def test_call_hook_firstresult_and_collect():
    class A:
        @hookspecs.hookimpl
        def polemos_bot_policy(self, ruleset, kind):
            return "a"

    class B:
        @hookspecs.hookimpl
        def polemos_bot_policy(self, ruleset, kind):
            return None

    pm = make_plugin_manager([A(), B()], entry_points=False)
    assert call_hook(pm, "polemos_bot_policy", firstresult=True, ruleset="x", kind="y") == "a"
    assert call_hook(pm, "polemos_bot_policy", ruleset="x", kind="y") == ["a"]


def test_a_ruleset_that_raises_is_named():
    pm = make_plugin_manager([ToyPlugin()], entry_points=False)
    game = Game.new(validate_scenario(TOY, "test", pm), pm)
    game.rules.apply = lambda *a: 1 / 0  # a bug inside the ruleset's code
    before = game.snapshot()
    with pytest.raises(PluginFailure, match="toy.apply.*ZeroDivisionError"):
        game.step({"kind": "take", "args": {"n": 1}})
    assert game.snapshot() == before


HOUSE_RULE = """
from polemos.core.hookspecs import hookimpl


@hookimpl
def polemos_configure_game(game):
    game.state.pile = 99
"""


def test_a_scenario_may_name_a_plugin_module_that_is_not_installed(tmp_path, monkeypatch):
    (tmp_path / "club_rules.py").write_text(HOUSE_RULE)
    (tmp_path / "broken_rules.py").write_text("raise RuntimeError('typo')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    pm = make_plugin_manager([ToyPlugin()], entry_points=False)
    game = Game.new(validate_scenario({**TOY, "plugins": ["club_rules"]}, "t", pm), pm)
    assert game.state.pile == 99
    with pytest.raises(ScenarioError, match="plugins\\[0\\]: plugin module 'broken_rules' "
                       "failed to import: RuntimeError: typo"):
        validate_scenario({**TOY, "plugins": ["broken_rules"]}, "t", pm)
    with pytest.raises(ScenarioError, match="plugins\\[0\\]: unknown plugin 'nowhere'"):
        validate_scenario({**TOY, "plugins": ["nowhere"]}, "t", pm)
    with pytest.raises(ScenarioError, match="'json' is not a Polemos plugin"):
        validate_scenario({**TOY, "plugins": ["json"]}, "t", pm)
