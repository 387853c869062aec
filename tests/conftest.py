"""Shared test helpers: a plugin manager per test session and a one-line game factory."""

from __future__ import annotations

from typing import Any

import pluggy
import pytest

from polemos.core.actions import Action
from polemos.core.errors import IllegalAction
from polemos.core.game import Game
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import validate_scenario


@pytest.fixture(scope="session")
def pm() -> pluggy.PluginManager:
    return make_plugin_manager()


def new_game(raw: dict[str, Any], dice: list[int] | None = None, seed: int = 0,
             pm: pluggy.PluginManager | None = None) -> Game:
    """A game of the scenario ``raw`` (a dict as YAML would give), with scripted ``dice``."""
    pm = pm or make_plugin_manager()
    loaded = validate_scenario(raw, "test-scenario", pm)
    return Game.new(loaded, pm, seed=seed, dice_script=dice)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--regen-golden", action="store_true",
                     help="rewrite the golden playthroughs in tests/golden/ (review the diff)")


def refused(game: Game, action: Any, rule: str, side: str | None = None) -> IllegalAction:
    """Assert ``action`` is refused citing ``rule`` and leaves the game exactly as it was.

    The action is sent as data, the way a person, a file or the server sends it, so the
    refusal may come from the ruleset's action declaration or from its rules.
    """
    data = action.to_json() if isinstance(action, Action) else action
    before = game.snapshot(), len(game.events), len(game.actions)
    with pytest.raises(IllegalAction) as error:
        game.step(data, side)
    assert error.value.rule == rule, error.value
    assert (game.snapshot(), len(game.events), len(game.actions)) == before
    return error.value


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    """The game's events of type ``kind``, in order."""
    return [event for event in game.events if event["type"] == kind]
