"""Aeronautica Imperialis throughput: bot-vs-bot games per second on one core.

Random bots over both shipped scenarios (µs per action and the ratio to OpenSpiel's
tic-tac-toe, goal ≤ 3×, issue 14; ``aeronautica_games_per_s`` pools them), then the greedy bots
on the dogfight, whose move search is the expensive part of a greedy game.
"""

from __future__ import annotations

from benchmarks.common import bot_games, report, scenario_report

FILES = (("dogfight", "aeronautica/dogfight.yaml"),
         ("bombing_run", "aeronautica/bombing-run.yaml"))


def main() -> None:
    rates = []
    for name, path in FILES:
        rates.append(scenario_report(f"aeronautica_{name}", path))
    report("aeronautica_games_per_s", len(rates) / sum(1 / rate for rate in rates), "games/s")
    greedy, _ = bot_games(FILES[0][1], "greedy", min_games=2)
    report("aeronautica_dogfight_greedy_games_per_s", greedy, "games/s")


if __name__ == "__main__":
    main()
