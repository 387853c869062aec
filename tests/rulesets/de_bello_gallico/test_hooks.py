"""The ruleset's hooks: registration, the greedy bot, and morale shocks from anywhere
(``World.shake`` → ``DeBelloGallico.shaken``, then ``polemos_unit_shaken``)."""

from __future__ import annotations

from typing import Any

import pluggy
import pytest

from polemos.core.hookspecs import hookimpl
from polemos.core.morale import Morale, MoraleShock
from polemos.core.plugins import make_plugin_manager
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
    """The ruleset's hook implementations are all core hooks: pluggy validates them."""
    pm.check_pending()


class ShakenLog:
    """A third-party plugin told of every unit shaken (``polemos_unit_shaken``)."""

    def __init__(self) -> None:
        self.told: list[tuple[str, Morale]] = []
        self.in_forks: list[str] = []

    @hookimpl
    def polemos_unit_shaken(self, game: Any, shock: MoraleShock, morale: Morale) -> None:
        if game.forked:  # a search playout: the same rules, but no game anyone played
            self.in_forks.append(shock.unit)
        else:
            self.told.append((shock.unit, morale))


@pytest.fixture()
def shaken_log() -> tuple[pluggy.PluginManager, ShakenLog]:
    pm = make_plugin_manager()
    log = ShakenLog()
    pm.register(log, "shaken-log")
    return pm, log


def test_a_shock_from_another_ruleset_makes_a_fighter_test(shaken_log) -> None:
    """DBG-26: anything may call for a test through ``World.shake``; the plugins are told."""
    pm, log = shaken_log
    raw = scenario(fighter("r1", "red", 30, 30), fighter("b1", "blue", 30, 50))
    game = start(raw, RED_FIRST + [3], pm)
    shock = MoraleShock("r1", "a bomb burst 3 cm away", "AI-40", source="bomber-2")
    after = game.world.shake(shock, game)
    assert after is Morale.RETREATING and f(game, "r1").retreating
    [test] = events(game, "morale_test")
    assert (test["cause"], test["difficulty"]) == ("a bomb burst 3 cm away", 10)
    assert events(game, "shock")[0]["source"] == "bomber-2"
    assert log.told == [("r1", Morale.RETREATING)]


def test_a_plugin_tells_a_fork_s_shocks_from_the_game_s(shaken_log) -> None:
    """A fork (a search playout) plays by the same rules, the plugins' reactions included, and
    says it is one (``Context.forked``): a chronicle keeps out what never happened."""
    pm, log = shaken_log
    raw = scenario(fighter("r1", "red", 30, 30), fighter("b1", "blue", 30, 50))
    game = start(raw, RED_FIRST, pm)
    fork = game.fork(seed=5)
    assert (game.forked, fork.forked) == (False, True)
    shock = MoraleShock("r1", "a bomb burst 3 cm away", "AI-40")
    fork.world.shake(shock, fork)
    assert log.in_forks == ["r1"] and log.told == []
    assert events(fork, "morale_test") and not events(game, "morale_test")


def test_a_shock_for_someone_else_is_not_ours(shaken_log) -> None:
    """A unit no ruleset on the table owns, or a fighter out of play, is not shaken."""
    pm, log = shaken_log
    raw = scenario(fighter("r1", "red", 30, 30), fighter("b1", "blue", 30, 50))
    game = start(raw, RED_FIRST, pm)
    assert game.world.shake(MoraleShock("tank-7", "rammed", "AT-21"), game) is None
    f(game, "r1").status = "out"
    assert game.world.shake(MoraleShock("r1", "late", "AT-21"), game) is None
    assert game.rules.shaken(game.state, MoraleShock("r1", "late", "AT-21"), game) is None
    assert log.told == [] and events(game, "morale_test") == []


def test_a_shock_reaches_a_fighter_on_a_shared_table(shaken_log) -> None:
    """MIX-9: in a mixed scenario the world finds the De Bello Gallico part and tags its
    events."""
    from polemos.core.game import Game
    from polemos.core.scenario import validate_scenario

    pm, log = shaken_log
    raw = {"name": "mixed", "ruleset": "mixed", "table": {"width": 60, "height": 40},
           "hex_cm": 5, "sides": ["red", "blue"], "rulesets": ["de_bello_gallico"],
           "order": ["de_bello_gallico"], "turns": 2,
           "parts": {"de_bello_gallico": {"sides": ["red", "blue"], "fighters": [
               fighter("r1", "red", 10, 10), fighter("b1", "blue", 50, 30)]}}}
    game = Game.new(validate_scenario(raw, "mixed.yaml", pm), pm,
                    dice_script=RED_FIRST + [9])
    after = game.world.shake(MoraleShock("b1", "crushed nearby", "AT-8"), game)
    assert after is Morale.STEADY
    [test] = events(game, "morale_test")
    assert test["ruleset"] == "de_bello_gallico" and test["passed"]
    assert log.told == [("b1", Morale.STEADY)]
    fork = game.fork(seed=3)  # the part's context says whether its game is a fork
    fork.world.shake(MoraleShock("b1", "crushed nearby", "AT-8"), fork)
    assert log.in_forks == ["b1"] and len(log.told) == 1
