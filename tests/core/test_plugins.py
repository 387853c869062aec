"""Plugin discovery, registration in code, and plugins named when they fail."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from polemos.core import hookspecs
from polemos.core.errors import PluginFailure, PolemosError, ScenarioError, UnknownName
from polemos.core.game import Game
from polemos.core.players import make_bot
from polemos.core.plugins import (
    call_hook,
    call_static_hook,
    make_plugin_manager,
    register,
    ruleset_registry,
)
from polemos.core.scenario import validate_scenario
from tests.core.toy import TOY, BrokenConfigure, Toy, ToyPlugin


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
    args = {"ruleset": "x", "kind": "y", "pm": pm}
    assert call_hook(pm, "polemos_bot_policy", firstresult=True, **args) == "a"
    assert call_hook(pm, "polemos_bot_policy", **args) == ["a"]
    assert call_hook(pm, "polemos_bot_policy", only=["B"], **args) == []
    # nobody named implements it: nothing runs, the answer is the empty one
    assert call_hook(pm, "polemos_bot_policy", only=["C"], **args) == []
    assert call_hook(pm, "polemos_bot_policy", only=["C"], firstresult=True, **args) is None


def test_a_static_hook_is_asked_once_per_manager_until_its_plugins_change():
    asked: list[str] = []

    class Kinds:
        def __init__(self, name: str) -> None:
            self.name = name

        @hookspecs.hookimpl
        def polemos_bot_kinds(self):
            asked.append(self.name)
            return {self.name: None}

    pm = make_plugin_manager([Kinds("a")], entry_points=False)
    other = make_plugin_manager([Kinds("b")], entry_points=False)
    for _ in range(3):
        assert call_static_hook(pm, "polemos_bot_kinds") == [{"a": None}]
        assert call_static_hook(other, "polemos_bot_kinds") == [{"b": None}]
    assert asked == ["a", "b"]  # each manager keeps its own answers
    register(pm, Kinds("c"), "c")
    assert call_static_hook(pm, "polemos_bot_kinds") == [{"c": None}, {"a": None}]
    assert call_static_hook(pm, "polemos_bot_kinds") == [{"c": None}, {"a": None}]
    assert asked == ["a", "b", "c", "a"]  # asked again once, after the registration


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
    with pytest.raises(ScenarioError, match="plugins\\[0\\]: cannot import plugin module "
                       "'broken_rules': RuntimeError: typo"):
        validate_scenario({**TOY, "plugins": ["broken_rules"]}, "t", pm)
    with pytest.raises(ScenarioError) as error:
        validate_scenario({**TOY, "plugins": ["nowhere"]}, "t", pm)
    assert ("plugins[0]: cannot import plugin module 'nowhere': No module named 'nowhere' "
            "(install it, or put its folder on PYTHONPATH); installed plugins: ToyPlugin"
            ) in str(error.value)
    with pytest.raises(ScenarioError, match="'json' is not a Polemos plugin"):
        validate_scenario({**TOY, "plugins": ["json"]}, "t", pm)


class Watcher:
    """A hook wrapper: sees every call of ``polemos_bot_policy`` and its result."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, object]] = []

    @hookspecs.hookimpl(wrapper=True)
    def polemos_bot_policy(self, ruleset: str, kind: str):
        result = yield
        self.seen.append((ruleset, result))
        return result


class Raises:
    @hookspecs.hookimpl
    def polemos_bot_policy(self, ruleset: str, kind: str):
        raise KeyError(ruleset)


class Typo:
    @hookspecs.hookimpl
    def polemos_rulset(self):
        return []


def test_hooks_go_through_pluggys_call_loop_wrappers_and_tracing_see_them():
    watcher = Watcher()
    pm = make_plugin_manager([ToyPlugin(), watcher])
    traced: list[str] = []
    undo = pm.add_hookcall_monitoring(lambda name, impls, kwargs: traced.append(name),
                                      lambda outcome, name, impls, kwargs: None)
    assert make_bot(pm, "petit_cirque", "greedy", random.Random(0)) is not None
    assert watcher.seen[-1][0] == "petit_cirque" and callable(watcher.seen[-1][1])
    assert "toy" in ruleset_registry(pm)
    undo()
    assert traced == ["polemos_bot_kinds", "polemos_bot_policy",
                      *["polemos_rulesets"] * len(traced[2:])]
    assert len(traced) > 3  # one call per plugin providing rulesets, each traced
    lines: list[str] = []
    pm.trace.root.setwriter(lines.append)
    pm.enable_tracing()
    call_hook(pm, "polemos_plugin_options")
    assert any("polemos_plugin_options" in line for line in lines)


def test_the_plugin_that_raises_is_found_from_the_traceback_through_a_wrapper():
    watcher = Watcher()
    pm = make_plugin_manager([Raises(), watcher], entry_points=False)
    with pytest.raises(PluginFailure) as error:
        call_hook(pm, "polemos_bot_policy", ruleset="x", kind="greedy", pm=pm)
    assert (error.value.plugin, error.value.hook) == ("Raises", "polemos_bot_policy")
    assert isinstance(error.value.error, KeyError)
    assert watcher.seen == []  # the wrapper saw the error pass, not a result


def test_a_misspelt_hook_is_refused_naming_the_plugin_and_the_hook():
    with pytest.raises(PolemosError, match="plugin 'Typo' implements an unknown hook "
                       "'polemos_rulset' \\(did you mean 'polemos_rulesets'\\?\\)"):
        make_plugin_manager([Typo()], entry_points=False)


def test_a_scenario_naming_a_module_with_a_misspelt_hook_says_so(tmp_path, monkeypatch):
    (tmp_path / "typo_rules.py").write_text("from polemos.core.hookspecs import hookimpl\n\n\n"
                                            "@hookimpl\ndef polemos_configure_gam(game):\n"
                                            "    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    pm = make_plugin_manager([ToyPlugin()], entry_points=False)
    with pytest.raises(ScenarioError, match="unknown hook 'polemos_configure_gam'"):
        validate_scenario({**TOY, "plugins": ["typo_rules"]}, "t", pm)
    assert pm.get_plugin("typo_rules") is None


def test_the_registry_writes_nothing_on_the_ruleset_classes():
    before = dict(vars(Toy))
    registry = ruleset_registry(make_plugin_manager([ToyPlugin()], entry_points=False))
    assert registry.plugin == {"toy": "ToyPlugin"}
    assert dict(vars(Toy)) == before


def test_a_plugin_failure_crosses_a_process_boundary_with_its_message():
    """A balance worker pickles the failure back to the parent; a cause that cannot be pickled
    (arguments its class cannot be rebuilt from) travels as its text, named as it was."""

    class Stubborn(Exception):
        def __init__(self, what: str, code: int) -> None:
            super().__init__(what)

    failure = PluginFailure("pcv_house_rules", "polemos_configure_game", Stubborn("boom", 3))
    back = pickle.loads(pickle.dumps(failure))
    assert isinstance(back, PluginFailure)
    assert (back.plugin, back.hook, str(back)) == (
        "pcv_house_rules", "polemos_configure_game",
        "plugin 'pcv_house_rules' failed in polemos_configure_game: Stubborn: boom")
