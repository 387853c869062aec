"""Petit Cirque Volant throughput: random-bot games and actions per second on one core, per
shipped scenario, and the ratio to OpenSpiel's tic-tac-toe (goal ≤ 1×, issue 14).

``pcv_duel_direct_us_per_action`` drives the same ruleset functions with no engine around them
(no legality check, no event log, no player protocol): the gap to ``pcv_duel_us_per_action`` is
what the engine costs per action. ``bench_reference`` sets both beside a hand-written loop.
"""

from __future__ import annotations

import random

from benchmarks.common import Sink, calibrate, per_action_us, report, scenario, scenario_report

FILES = (("duel", "petit-cirque/duel.yaml"), ("6v6", "petit-cirque/dogfight-6v6.yaml"),
         ("witches", "petit-cirque/witches-and-flak.yaml"))


def direct_game(path: str, seed: int) -> int:
    """One random game of the ruleset's own functions, no engine: its number of actions."""
    loaded, _ = scenario(path)
    rules = loaded.ruleset(loaded.model)
    sink = Sink(seed)
    rng = random.Random(seed)
    state = rules.new_state(sink)
    actions = 0
    while rules.to_act(state) is not None:
        legal = rules.legal_actions(state)
        rules.apply(state, legal[int(rng.random() * len(legal))], sink)
        actions += 1
    return actions


def main() -> None:
    for name, path in FILES:
        scenario_report(f"pcv_{name}", path)

    def duel(seed: int) -> int:
        return direct_game(FILES[0][1], seed)

    report("pcv_duel_direct_us_per_action", per_action_us(duel, calibrate(duel, 1.0, 20)), "us")


if __name__ == "__main__":
    main()
