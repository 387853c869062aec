"""The engine loop checks the ruleset contract where it is cheap: a side to act has a choice.

``Ruleset.legal_actions`` is never empty while ``to_act`` names a side; a ruleset that breaks
this is reported as an internal error naming the ruleset, the side, where the game stands and
how to replay it (issue 15), before any player sees an empty list.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.actions import Action
from polemos.core.engine import play
from polemos.core.errors import IllegalAction, PolemosError, PolemosInputError
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario, validate_scenario
from tests.core.toy import TOY, ToyPlugin

SHOWCASE = Path(__file__).parents[2] / "scenarios" / "mixed" / "bridge-showcase.yaml"


class Refusing:
    """A player that fails the test if it is ever asked to choose."""

    def choose(self, rules, view, side, legal):
        pytest.fail(f"{side} was handed {legal!r}")


def nothing_legal(state):
    return []


def test_a_side_to_act_with_no_legal_action_is_an_internal_error_naming_where(monkeypatch):
    pm = make_plugin_manager([ToyPlugin()], entry_points=False)
    game = Game.new(validate_scenario(TOY, "toy.yaml", pm), pm, seed=4)
    for _ in range(2):
        game.step(Action("take", None, {"n": 1}))
    monkeypatch.setattr(game.rules, "legal_actions", nothing_legal)
    with pytest.raises(PolemosError) as error:
        play(game, {"a": Refusing(), "b": Refusing()})
    assert not isinstance(error.value, PolemosInputError)  # a bug, not the person's input
    assert str(error.value) == ("toy: a is to act but has no legal action "
                                "(turn 1; toy.yaml, seed 4, after 2 actions)")


def test_a_mixed_part_with_no_legal_action_is_named_with_its_slot_turn_and_phase(pm,
                                                                                monkeypatch):
    game = Game.new(load_scenario(SHOWCASE, pm), pm, seed=3)
    monkeypatch.setattr(game.rules.parts["aeronautica"], "legal_actions", nothing_legal)
    with pytest.raises(PolemosError) as error:
        play(game, {"romans": Refusing(), "gauls": Refusing()})
    message = str(error.value)
    assert message.startswith("mixed: romans is to act but has no legal action (turn 1"), message
    assert "aeronautica" in message and "choose phase" in message, message
    assert message.endswith(f"; {SHOWCASE}, seed 3, after 0 actions)"), message


def test_scripted_dice_are_named_instead_of_a_seed(monkeypatch):
    pm = make_plugin_manager([ToyPlugin()], entry_points=False)
    game = Game.new(validate_scenario(TOY, "toy.yaml", pm), pm, dice_script=[6, 6])
    monkeypatch.setattr(game.rules, "legal_actions", nothing_legal)
    with pytest.raises(PolemosError, match=r"\(turn 1; toy.yaml, scripted dice, after 0 "):
        play(game, {"a": Refusing(), "b": Refusing()})


class Stubborn:
    """A player that always answers with its own action, whatever it is offered."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def choose(self, rules, view, side, legal):
        return self.action


def refusing_check(state, action):
    pytest.fail(f"checked again: {action!r}")


def toy_game(pile: int = 7) -> Game:
    pm = make_plugin_manager([ToyPlugin()], entry_points=False)
    return Game.new(validate_scenario({**TOY, "pile": pile}, "toy.yaml", pm), pm, seed=4)


def test_an_offered_legal_action_is_not_checked_again(monkeypatch):
    """Issue 14: the engine's loop passes the menu it offered; an action that is one of its
    objects is legal by the ruleset's contract, so ``check`` is not asked a second time."""
    game = toy_game()
    monkeypatch.setattr(game.rules, "check", refusing_check)
    play(game, {side: RandomBot(bot_rng(4, side)) for side in ("a", "b")})
    assert game.result() is not None and game.actions


def test_an_action_a_player_brings_itself_is_still_checked():
    """TOY-1: a player's own action, equal to nothing offered, is refused as from outside."""
    game = toy_game(pile=1)
    bold = Stubborn(Action("take", None, {"n": 2}))
    with pytest.raises(IllegalAction, match="not that many left"):
        play(game, {"a": bold, "b": bold})
    assert game.actions == []


class Undoing:
    """A player that replaces the game's state while it chooses, as an undo at the terminal
    does, then answers from the menu it was handed (stale by then)."""

    def __init__(self, game: Game, pile: int) -> None:
        self.game, self.pile = game, pile

    def choose(self, rules, view, side, legal):
        changed = rules.clone_state(self.game.state)
        changed.pile = self.pile
        self.game.state = changed
        return next(action for action in legal if action.args.get("n") == 2)


def test_a_menu_made_stale_by_the_player_is_not_trusted():
    """TOY-1: the engine trusts the menu it offered only for the state it offered it in; a
    player that changed the game meanwhile has its action checked against the game as it is."""
    game = toy_game()
    with pytest.raises(IllegalAction, match="not that many left"):
        play(game, {side: Undoing(game, pile=1) for side in ("a", "b")})
    assert game.actions == [] and game.state.pile == 1
