"""Petit Cirque Volant throughput: random-bot games and actions per second on one core, per
shipped scenario, and the ratio to OpenSpiel's tic-tac-toe (goal ≤ 1×, issue 14).

``bench_reference`` sets the engine beside a hand-written loop of the same rules, and the same
ruleset functions with no engine around them, its parts added one by one: what each costs.
"""

from __future__ import annotations

from benchmarks.common import scenario_report

FILES = (("duel", "petit-cirque/duel.yaml"), ("6v6", "petit-cirque/dogfight-6v6.yaml"),
         ("witches", "petit-cirque/witches-and-flak.yaml"))


def main() -> None:
    for name, path in FILES:
        scenario_report(f"pcv_{name}", path)


if __name__ == "__main__":
    main()
