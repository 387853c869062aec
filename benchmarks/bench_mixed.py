"""The showcase mixed scenario (four rulesets on one table): random-bot games per second, µs
per action and the ratio to OpenSpiel's tic-tac-toe (goal ≤ 5×, issue 14)."""

from __future__ import annotations

from benchmarks.common import scenario_report


def main() -> None:
    scenario_report("mixed_showcase", "mixed/bridge-showcase.yaml", seconds=3.0, min_games=3)


if __name__ == "__main__":
    main()
