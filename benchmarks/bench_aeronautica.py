"""Aeronautica Imperialis throughput: bot-vs-bot games per second on one core.

Random bots over both shipped scenarios (``aeronautica_games_per_s`` pools them), then the
greedy bots on the dogfight, whose move search is the expensive part of a greedy game.
"""

from __future__ import annotations

import time

from benchmarks.common import SCENARIOS, random_games, report
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario

FILES = (("dogfight", "aeronautica/dogfight.yaml"),
         ("bombing_run", "aeronautica/bombing-run.yaml"))


def greedy_games(scenario: str, seconds: float = 3.0, min_games: int = 2) -> float:
    pm = make_plugin_manager()
    loaded = load_scenario(SCENARIOS / scenario, pm)
    games = 0
    start = time.perf_counter()
    while games < min_games or time.perf_counter() - start < seconds:
        game = Game.new(loaded, pm, seed=games, transactional=False)
        players = {side: make_bot(pm, "aeronautica", "greedy", bot_rng(games, side))
                   for side in game.rules.sides(game.state)}
        play(game, players)
        games += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    rates = []
    for name, scenario in FILES:
        games, actions = random_games(scenario)
        rates.append(games)
        report(f"aeronautica_{name}_games_per_s", games, "games/s")
        report(f"aeronautica_{name}_actions_per_s", actions, "actions/s")
    report("aeronautica_games_per_s", len(rates) / sum(1 / rate for rate in rates), "games/s")
    report("aeronautica_dogfight_greedy_games_per_s", greedy_games(FILES[0][1]), "games/s")


if __name__ == "__main__":
    main()
