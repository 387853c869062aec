"""Refit De Bello Gallico's evaluation (``rulesets/de_bello_gallico/evaluate.py``, ``MODELS``).

``python -m benchmarks.fit_dbg_evaluation [GAMES]`` plays GAMES games (1,300 by default) between
greedy bots in each shipped objective's scenario, keeps one position in three with the game's
result for the objective's first role (1 won, ½ drawn, 0 lost: ``features.roles``), fits to it
a logistic model of ``features`` (less those ``LEFT_OUT``) for each of ``MODELS`` by Newton's
method and prints each as ``MODELS`` writes it, with its Brier score on one game in five held
out (and a constant's). Not a benchmark (``make bench`` runs only ``bench_*``): run it after
changing the features, the greedy bot or a scenario the weights were fitted to.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.rulesets.de_bello_gallico.features import REACH, features, roles

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "de-bello-gallico"
FITTED = {"hold_bridge": "corfinium-bridge", "ambush_hunter": "britons-ambush",
          "ambush_quarry": "britons-ambush"}
"""Each model (``evaluate.MODELS``) and the scenario its weights are fitted to."""
LEFT_OUT = {"hold_bridge": REACH, "ambush_hunter": (), "ambush_quarry": REACH}
"""Each model's features it does without (``a_``/``b_`` stripped). At Corfinium the reach of
the charges (``features.reach_features``) made the search bot worse (issue 14, budget 0.2,
``depth=4,keep=1``, 20 games a seat: 6 won as the Caesareans and 7 as the Pompeians; without
it, on ten of the same seeds, 6 and 4 where it won 1 and 2): weights read off greedy games,
such as the Caesareans doing better with their men beyond their centurion's reach, are no
guide to a move that puts them there. At the ambush the Britons' search does better with it,
the Romans' without (``evaluate.MODELS``)."""
EVERY, HELD_OUT, SEED, RIDGE = 3, 5, 777000, 1e-3


def positions(name: str, games: int) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """Feature names, and one row per kept position: features, result, game number."""
    pm = make_plugin_manager()
    loaded = load_scenario(SCENARIOS / f"{name}.yaml", pm)
    rows: list[list[float]] = []
    results: list[float] = []
    numbers: list[int] = []
    names: list[str] = []
    for number in range(games):
        seed = SEED + number
        game = Game.new(loaded, pm, seed=seed, transactional=False)
        rules = game.rules
        bots = {s: make_bot(pm, rules.name, "greedy", bot_rng(seed, s)) for s in rules.sides(
            game.state)}
        first = roles(rules.scenario.objective, game.state.sides)[0]
        pick, kept, step = random.Random(seed), 0, 0
        while (side := rules.to_act(game.state)) is not None:
            if step % EVERY == pick.randrange(EVERY):
                found = features(rules, game.state)
                names = list(found)
                rows.append([found[n] for n in names])
                kept += 1
            legal = rules.legal_actions(game.state)
            game.step(bots[side].choose(rules, rules.view(game.state, side), side, legal))
            step += 1
        outcome = rules.result(game.state)
        won = 0.5 if outcome.winner is None else float(outcome.winner == first)
        results += [won] * kept
        numbers += [number] * kept
    return names, np.array(rows), np.array(results), np.array(numbers)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression with a small ridge, intercept first (Newton's method)."""
    x = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + RIDGE * w
        hessian = (x.T * (p * (1 - p))) @ x / len(y) + RIDGE * np.eye(len(w))
        w -= np.linalg.solve(hessian, grad)
    return w


def brier(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    p = 1 / (1 + np.exp(-(w[0] + x @ w[1:])))
    return float(np.mean((p - y) ** 2))


def used(name: str, names: list[str], x: np.ndarray) -> tuple[list[str], np.ndarray]:
    """The features of model ``name`` (``LEFT_OUT``) and their columns."""
    kept = [i for i, n in enumerate(names) if n.removeprefix("a_").removeprefix("b_")
            not in LEFT_OUT[name]]
    return [names[i] for i in kept], x[:, kept]


def main(games: int) -> None:
    played: dict[str, tuple[list[str], np.ndarray, np.ndarray, np.ndarray]] = {}
    for model, scenario in FITTED.items():
        if scenario not in played:
            played[scenario] = positions(scenario, games)
        every, x, y, numbers = played[scenario]
        names, x = used(model, every, x)
        test = numbers % HELD_OUT == 0
        trained = fit(x[~test], y[~test])
        constant = float(np.mean((y[test] - y[~test].mean()) ** 2))
        print(f"# {model} ({scenario}): {len(y)} positions; Brier on held-out games "
              f"{brier(trained, x[test], y[test]):.3f}, a constant {constant:.3f}")
        w = fit(x, y)
        weights = ", ".join(f'"{n}": {v:.3f}' for n, v in zip(names, w[1:], strict=True))
        print(f'"{model}": ({w[0]:.3f}, {{{weights}}}),')


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1300)
