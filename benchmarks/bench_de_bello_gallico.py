"""De Bello Gallico throughput: whole random-bot games of both scenarios on one core, with the
ratio to OpenSpiel's tic-tac-toe (goal ≤ 3×, issue 14).

The Corfinium figure is the one the issue asks for; the ambush, with more fighters, terrain that
blocks sight and a ten-turn limit, shows how the cost grows with a fuller table. A random game
of Corfinium usually runs all eight turns (a greedy one ends at turn 2, see the report).
"""

from __future__ import annotations

from benchmarks.common import scenario_report


def main() -> None:
    for name, path in (("corfinium", "de-bello-gallico/corfinium-bridge.yaml"),
                       ("ambush", "de-bello-gallico/britons-ambush.yaml")):
        scenario_report(f"dbg_{name}", path)


if __name__ == "__main__":
    main()
