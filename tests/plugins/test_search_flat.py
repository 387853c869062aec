"""The search bot's flat search to the end of the stage (``horizon=stage``, plugins/search/
flat.py): every candidate played on with the same dice, judged where the stage ends, and the
greedy choice kept unless the paired gains prove another better."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from polemos.core.game import Game
from polemos.core.players import make_bot
from polemos.core.scenario import load_scenario
from polemos.plugins.search import flat
from polemos.plugins.search.bot import SearchBot
from polemos.plugins.search.flat import MARGIN, RACE_FROM, _best

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def decision(pm, path: str, seed: int) -> Game:
    """A game of ``path`` played on by its first legal actions to a real decision."""
    game = Game.new(load_scenario(SCENARIOS / path, pm), pm, seed=seed, transactional=False)
    while len(game.legal_actions()) == 1:
        game.step(game.legal_actions()[0])
    return game


def test_each_candidate_is_played_to_the_end_of_the_phase_with_the_same_dice(pm, monkeypatch):
    """DBG-9: a decision of the movement phase is judged when the melee starts (the turn and
    phase, ``search_stage``); each round plays every legal action on one fresh dice seed, the
    greedy choice first."""
    game = decision(pm, "de-bello-gallico/corfinium-bridge.yaml", 3)
    side, legal = game.to_act(), game.legal_actions()
    start = game.rules.search_stage(game.state)
    assert start == (1, "move") and len(legal) > 2
    seeds: list[int | None] = []
    judged: list[tuple[Any, str | None]] = []
    fork, rewards = Game.fork, flat.rewards

    def seeded(self: Game, *, seed: int | None = None, transactional: bool = False) -> Game:
        seeds.append(seed)
        return fork(self, seed=seed, transactional=transactional)

    def judging(rules: Any, state: Any, sides: list[str], evaluate: Any, judge: str) -> Any:
        judged.append((rules.search_stage(state), rules.to_act(state)))
        return rewards(rules, state, sides, evaluate, judge)

    monkeypatch.setattr(Game, "fork", seeded)
    monkeypatch.setattr(flat, "rewards", judging)
    bot = make_bot(pm, game.rules.name, f"mcts:iterations={2 * len(legal)},horizon=stage",
                   random.Random(0), game=game)
    assert isinstance(bot, SearchBot)
    chosen = bot.choose(game.rules, game.view(side), side, legal)
    assert chosen in legal
    assert len(seeds) == 2 * len(legal)
    assert seeds[:len(legal)] == [seeds[0]] * len(legal)
    assert seeds[len(legal):] == [seeds[-1]] * len(legal) and seeds[0] != seeds[-1]
    assert all(stage == (1, "melee") or mover is None for stage, mover in judged)


def test_without_stages_a_playout_plays_depth_actions(pm, monkeypatch):
    """A ruleset with no stages (Petit Cirque Volant: ``search_stage`` is None) has each
    candidate played on for ``depth`` actions."""
    game = decision(pm, "petit-cirque/duel.yaml", 1)
    assert game.rules.search_stage(game.state) is None
    played: list[int] = []
    play_stage = flat._play_stage

    def counted(fork: Game, *args: Any) -> None:
        play_stage(fork, *args)
        played.append(len(fork.actions))

    monkeypatch.setattr(flat, "_play_stage", counted)
    side = game.to_act()
    bot = make_bot(pm, "petit_cirque", "mcts:iterations=5,depth=3,horizon=stage",
                   random.Random(0), game=game)
    bot.choose(game.rules, game.view(side), side, game.legal_actions())
    assert played == [1 + 3] * 5  # the candidate, then three actions


@pytest.mark.parametrize(("values", "keep", "chosen"), [
    ({"g": [0.5, 0.6, 0.4], "b": [0.505, 0.605, 0.405]}, 1.0, "g"),  # gains below MARGIN
    ({"g": [0.5, 0.6, 0.4], "b": [0.55, 0.65, 0.45]}, 1.0, "b"),  # the same gain each round
    ({"g": [0.5, 0.6, 0.4], "b": [0.8, 0.4, 0.5]}, 1.0, "g"),  # a mean gain within the noise
    ({"g": [0.5, 0.6, 0.4], "b": [0.8, 0.4, 0.5]}, 0.0, "b"),  # … which keep=0 accepts
    ({"g": [0.5, 0.6, 0.4], "b": [0.55, 0.65, 0.45], "c": [0.6, 0.7, 0.5]}, 1.0, "c"),
    ({"g": [0.5, 0.6, 0.4], "b": [0.6], "c": []}, 1.0, "b"),  # paired on the first round
    ({"g": [0.5], "b": [0.5 + MARGIN / 2]}, 0.0, "g"),
])
def test_the_greedy_choice_is_kept_unless_paired_gains_prove_another_better(values, keep,
                                                                            chosen):
    """Gains are paired round by round (the same dice); another action wins on a mean gain
    above ``MARGIN`` and ``keep`` standard errors, the largest such; one not played on the
    greedy choice's rounds is not compared."""
    tried: list[Any] = list(values)
    assert _best(tried, list(values.values()), keep) == chosen



@pytest.mark.parametrize("close_call", [True, False])
def test_clear_losers_drop_out_of_the_race_and_their_rounds_go_to_the_close_calls(
        pm, monkeypatch, close_call):
    """From round ``RACE_FROM`` on, a candidate whose paired gain could not clear ``MARGIN``
    within ``RACE_WIDTH`` standard errors is played no more; a close call (a gain of 0 ± 0.1)
    goes on with the greedy choice until the iterations run out; with the greedy choice alone
    the decision ends."""
    game = decision(pm, "de-bello-gallico/corfinium-bridge.yaml", 3)
    side, legal = game.to_act(), game.legal_actions()
    assert len(legal) > 2
    order: list[Any] = []  # the candidates as recorded, in the order the first round plays them
    played: list[Any] = []
    play_stage = flat._play_stage

    def staged(fork: Game, *args: Any) -> None:
        played.append(fork.actions[-1])
        if fork.actions[-1] not in order:
            order.append(fork.actions[-1])
        play_stage(fork, *args)

    def judging(rules: Any, state: Any, sides: list[str], evaluate: Any, judge: str) -> Any:
        action = played[-1]
        if action == order[0]:
            return {judge: 0.5}
        if close_call and action == order[1]:
            return {judge: 0.5 + (0.1 if played.count(action) % 2 else -0.1)}
        return {judge: 0.2}

    monkeypatch.setattr(flat, "_play_stage", staged)
    monkeypatch.setattr(flat, "rewards", judging)
    extra = 10
    bot = make_bot(pm, game.rules.name, f"mcts:iterations={RACE_FROM * len(legal) + extra},"
                   "horizon=stage", random.Random(0), game=game)
    assert bot.choose(game.rules, game.view(side), side, legal).to_json() == order[0]
    counts = [played.count(action) for action in order]
    assert len(order) == len(legal)
    if close_call:
        assert counts == [RACE_FROM + extra // 2] * 2 + [RACE_FROM] * (len(legal) - 2)
    else:
        assert counts == [RACE_FROM] * len(legal)
