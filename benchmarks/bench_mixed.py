"""The showcase mixed scenario (four rulesets on one table): random-bot games per second."""

from __future__ import annotations

from benchmarks.common import bot_games, report


def main() -> None:
    games, actions = bot_games("mixed/bridge-showcase.yaml", seconds=5.0, min_games=3)
    report("mixed_showcase_games_per_s", games, "games/s")
    report("mixed_showcase_actions_per_s", actions, "actions/s")


if __name__ == "__main__":
    main()
