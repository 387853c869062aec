"""The ruleset's hooks: registration, the greedy bot, and morale shocks from anywhere."""

from __future__ import annotations

import pluggy
import pytest

from polemos.core.morale import Morale, MoraleShock
from polemos.core.plugins import call_hook, make_plugin_manager
from polemos.rulesets.de_bello_gallico import hooks
from tests.conftest import events
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    f,
    fighter,
    scenario,
    start,
)


def test_the_ruleset_and_its_greedy_bot_are_registered(pm) -> None:
    from polemos.core.plugins import ruleset_registry

    assert ruleset_registry(pm)["de_bello_gallico"].title == "De Bello Gallico"
    assert hooks.polemos_bot_policy("de_bello_gallico", "greedy") is not None
    assert hooks.polemos_bot_policy("petit_cirque", "greedy") is None


def test_every_implementation_matches_a_spec(pm) -> None:
    """``polemos_morale_shock`` is a core hook: pluggy validates the implementation."""
    pm.check_pending()
    assert pm.hook.polemos_morale_shock.spec.opts["firstresult"]


@pytest.fixture()
def shock_pm() -> pluggy.PluginManager:
    return make_plugin_manager()


def test_a_shock_from_another_ruleset_makes_a_fighter_test(shock_pm) -> None:
    """DBG-26: anything may call for a test through ``polemos_morale_shock``."""
    raw = scenario(fighter("r1", "red", 30, 30), fighter("b1", "blue", 30, 50))
    game = start(raw, RED_FIRST + [3], shock_pm)
    shock = MoraleShock("r1", "a bomb burst 3 cm away", "AI-40", source="bomber-2")
    after = call_hook(shock_pm, "polemos_morale_shock", firstresult=True, game=game, shock=shock)
    assert after is Morale.RETREATING and f(game, "r1").retreating
    [test] = events(game, "morale_test")
    assert (test["cause"], test["difficulty"]) == ("a bomb burst 3 cm away", 10)
    assert events(game, "shock")[0]["source"] == "bomber-2"


def test_a_shock_for_someone_else_is_not_ours(shock_pm) -> None:
    raw = scenario(fighter("r1", "red", 30, 30), fighter("b1", "blue", 30, 50))
    game = start(raw, RED_FIRST, shock_pm)
    shock = MoraleShock("tank-7", "rammed", "AT-21")
    assert call_hook(shock_pm, "polemos_morale_shock", firstresult=True, game=game,
                     shock=shock) is None
    f(game, "r1").status = "out"
    assert hooks.polemos_morale_shock(game, MoraleShock("r1", "late", "AT-21")) is None


def test_a_shock_reaches_a_fighter_on_a_shared_table(shock_pm) -> None:
    """MIX-9: in a mixed scenario the hook finds the De Bello Gallico part and tags its events."""
    from polemos.core.game import Game
    from polemos.core.scenario import validate_scenario

    raw = {"name": "mixed", "ruleset": "mixed", "table": {"width": 60, "height": 40},
           "hex_cm": 5, "sides": ["red", "blue"], "rulesets": ["de_bello_gallico"],
           "order": ["de_bello_gallico"], "turns": 2,
           "parts": {"de_bello_gallico": {"sides": ["red", "blue"], "fighters": [
               fighter("r1", "red", 10, 10), fighter("b1", "blue", 50, 30)]}}}
    game = Game.new(validate_scenario(raw, "mixed.yaml", shock_pm), shock_pm,
                    dice_script=RED_FIRST + [9])
    after = call_hook(shock_pm, "polemos_morale_shock", firstresult=True, game=game,
                      shock=MoraleShock("b1", "crushed nearby", "AT-8"))
    assert after is Morale.STEADY
    [test] = events(game, "morale_test")
    assert test["ruleset"] == "de_bello_gallico" and test["passed"]
