"""``Game.fork``, the cheap copies behind it, and transactional steps (issue 14).

The conformance suite plays forks of every shipped scenario on, checks every clone and fails a
transactional step in each; these tests pin the API: what a fork keeps, what it starts
without, its dice, and how a failed step is undone (``polemos.core.transaction``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from polemos.core import transaction
from polemos.core.dice import Dice
from polemos.core.errors import DiceExhausted, PluginFailure, PolemosError
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng
from polemos.core.scenario import load_scenario
from polemos.core.serialize import canonical
from polemos.rulesets.petit_cirque.state import PcvParams
from tests.conftest import new_game
from tests.rulesets.petit_cirque.helpers import plane, plugin_manager
from tests.rulesets.petit_cirque.helpers import scenario as pcv_scenario

SCENARIOS = Path(__file__).parents[2] / "scenarios"
DUEL = SCENARIOS / "petit-cirque" / "duel.yaml"
SHOWCASE = SCENARIOS / "mixed" / "bridge-showcase.yaml"


def pcv_game(dice: list[int]) -> Game:
    """A two-aircraft duel, red first (no roll-off), on scripted ``dice``."""
    return new_game(pcv_scenario(plane("a", "red", 2, 2), plane("b", "blue", 8, 2, "W")),
                    dice=dice, pm=plugin_manager())


def played(game: Game, actions: int, seed: int = 0) -> Game:
    """``game`` after up to ``actions`` random-bot actions."""
    bots = {side: RandomBot(bot_rng(seed, side)) for side in game.rules.sides(game.state)}
    for _ in range(actions):
        side = game.to_act()
        if side is None:
            break
        game.step(bots[side].choose(game.rules, game.view(side), side, game.legal_actions()))
    return game


def test_a_fork_starts_with_no_log_no_listener_and_no_transaction(pm):
    game = Game.new(load_scenario(DUEL, pm), pm, seed=3)
    heard: list[dict] = []
    game.listeners.append(heard.append)
    played(game, 5)
    fork = game.fork()
    assert (fork.events, fork.actions, fork.listeners, fork.notes) == ([], [], [], [])
    assert fork.transactional is False and game.fork(transactional=True).transactional
    assert fork.snapshot() == game.snapshot() and fork.to_act() == game.to_act()
    assert fork.legal_actions() == game.legal_actions()
    heard.clear()
    played(fork, 5)
    assert heard == [] and len(game.actions) == 5


def test_a_fork_keeps_the_rules_params_but_not_the_ruleset_object_or_its_table(pm):
    game = Game.new(load_scenario(DUEL, pm), pm, seed=3)
    game.rules.params.ceiling["bomber"] = 3  # as a house-rule plugin would (PCV-O1)
    fork = game.fork()
    assert fork.rules is not game.rules and fork.world is not game.world
    assert isinstance(fork.rules.params, PcvParams)
    assert fork.rules.params.ceiling["bomber"] == 3
    assert fork.rules.scenario is game.rules.scenario


def test_a_fork_of_a_mixed_game_has_its_own_parts_on_its_own_table(pm):
    game = played(Game.new(load_scenario(SHOWCASE, pm), pm, seed=2, transactional=False), 30)
    fork = game.fork()
    assert fork.world.parts is not game.world.parts
    for name, rules in fork.rules.part_rules().items():
        assert rules is not game.rules.part_rules()[name] and rules.world is fork.world
        assert fork.world.states[name] is fork.state.parts[name]
        assert fork.world.states[name] is not game.state.parts[name]
    before = canonical(game.world.presences())
    played(fork, 200, seed=9)
    assert canonical(game.world.presences()) == before


def test_a_forks_dice_go_on_as_its_parents_would():
    game = pcv_game([6, 6, 1, 3])
    fork = game.fork()
    assert [fork.dice.d6(purpose="p", rule="r") for _ in range(4)] == [6, 6, 1, 3]
    assert [game.dice.d6(purpose="p", rule="r") for _ in range(4)] == [6, 6, 1, 3]
    with pytest.raises(DiceExhausted):
        fork.dice.d6(purpose="p", rule="r")


def test_a_fork_given_a_seed_rolls_a_fresh_stream_never_the_parents_dice():
    """A search bot samples the future dice: a seeded fork of a scripted game is unscripted,
    the same for the same seed, and leaves the parent's script where it was."""
    game = pcv_game([6])

    def rolls(seed: int) -> list[int]:
        fork = game.fork(seed=seed)
        assert fork.dice.script is None and fork.seed == seed
        return [fork.dice.d6(purpose="p", rule="r") for _ in range(12)]

    assert rolls(7) == rolls(7) == Dice(7).roll(12, purpose="p", rule="r")
    assert rolls(7) != rolls(8)
    assert game.dice.d6(purpose="p", rule="r") == 6


def test_rewinding_the_dice_draws_the_generator_back_to_the_mark():
    """``Dice.mark`` holds counts only; ``rewind`` re-seeds and draws them again."""
    dice = Dice(9)
    dice.roll(3, purpose="p", rule="r")
    mark = dice.mark()
    first = dice.roll(5, purpose="p", rule="r")
    dice.rewind(mark)
    assert dice.roll(5, purpose="p", rule="r") == first
    twin = dice.fork()
    assert twin.roll(4, purpose="p", rule="r") == dice.roll(4, purpose="p", rule="r")


def test_a_transactional_game_copies_its_state_once_every_so_many_actions(pm, monkeypatch):
    monkeypatch.setattr(transaction, "EVERY", 4)
    game = Game.new(load_scenario(DUEL, pm), pm, seed=3)
    copies: list[object] = []
    clone = game.rules.clone_state

    def counted(state: object) -> object:
        copies.append(state)
        return clone(state)

    monkeypatch.setattr(game.rules, "clone_state", counted)
    monkeypatch.setattr("copy.deepcopy", lambda *a: pytest.fail("a deep copy per step"))
    played(game, 9)
    assert len(copies) == 3  # before actions 0, 4 and 8


def failing_once(game: Game, at_call: int, then: Callable[[Game], None] | None = None) -> None:
    """Make the ruleset's ``apply`` raise on its ``at_call``-th call from now (a plugin bug)
    and, when given, run ``then`` on every later call (to make the re-play differ)."""
    apply = game.rules.apply
    calls = []

    def flaky(state: Any, action: Any, context: Any) -> None:
        calls.append(action)
        if len(calls) == at_call:
            apply(state, action, context)
            raise RuntimeError("a plugin bug")
        if then is not None and len(calls) > at_call:
            then(game)
        apply(state, action, context)

    game.rules.apply = flaky  # type: ignore[method-assign]


def test_a_failed_step_after_the_checkpoint_leaves_the_game_exactly_as_it_was(pm):
    """The failing action (5 actions after the copy) is undone by re-playing those 5 from the
    copy, unheard; the game then plays on as one that never failed."""
    game = Game.new(load_scenario(DUEL, pm), pm, seed=4)
    twin = Game.new(load_scenario(DUEL, pm), pm, seed=4, transactional=False)
    heard: list[dict[str, Any]] = []
    game.listeners.append(heard.append)
    failing_once(game, 6)
    played(game, 5)
    played(twin, 5)
    before = game.snapshot(), canonical(game.events), list(game.actions), game.dice.mark()
    heard.clear()
    action = game.legal_actions()[0]
    with pytest.raises(PluginFailure, match="a plugin bug"):
        game.step(action)
    assert (game.snapshot(), canonical(game.events), game.actions, game.dice.mark()) == before
    assert game.world.states["petit_cirque"] is game.state
    start = len(twin.events)
    twin.step(action)
    assert canonical(heard) == canonical(twin.events[start:])  # the failed step's, no re-play
    game.step(action)
    played(game, 40, seed=1)
    played(twin, 40, seed=1)
    assert canonical(game.events) == canonical(twin.events)


def test_a_checkpoint_leaves_the_log_compact_and_a_failure_after_it_still_undoes(pm,
                                                                              monkeypatch):
    """A checkpoint counts the log (``Game.logged``) without making its pending entries into
    dicts: a transactional step would otherwise pay for every event a simulation never reads.
    The failed step's undo then re-plays from that count as from a built log."""
    monkeypatch.setattr(transaction, "EVERY", 4)
    game = Game.new(load_scenario(DUEL, pm), pm, seed=4)
    twin = Game.new(load_scenario(DUEL, pm), pm, seed=4, transactional=False)
    failing_once(game, 7)
    played(game, 6)
    played(twin, 6)
    built = len(game._events)  # the set-up's (checkpoints at actions 0 and 4 built none)
    assert built < 10 and game.logged == len(twin.events) > built + 10
    action = game.legal_actions()[0]
    with pytest.raises(PluginFailure, match="a plugin bug"):
        game.step(action)
    assert canonical(game.events) == canonical(twin.events)
    assert (game.snapshot(), game.actions) == (twin.snapshot(), twin.actions)


def test_a_re_play_that_gives_other_events_is_a_clear_error(pm):
    game = Game.new(load_scenario(DUEL, pm), pm, seed=4)
    failing_once(game, 4, then=lambda g: g.emit("noise"))
    played(game, 3)
    with pytest.raises(PolemosError, match="could not be undone: re-playing the 3 actions "
                       "before it gave other events"):
        game.step(game.legal_actions()[0])
