"""De Bello Gallico throughput: whole random-bot games of both scenarios on one core.

The Corfinium figure is the one the issue asks for; the ambush, with more fighters, terrain that
blocks sight and a ten-turn limit, shows how the cost grows with a fuller table. A random game
of Corfinium usually runs all eight turns (a greedy one ends at turn 2, see the report).
"""

from __future__ import annotations

from benchmarks.common import bot_games, report


def main() -> None:
    for name, scenario in (("corfinium", "de-bello-gallico/corfinium-bridge.yaml"),
                           ("ambush", "de-bello-gallico/britons-ambush.yaml")):
        games, actions = bot_games(scenario)
        report(f"dbg_{name}_games_per_s", games, "games/s")
        report(f"dbg_{name}_actions_per_s", actions, "actions/s")


if __name__ == "__main__":
    main()
