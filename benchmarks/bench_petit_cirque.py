"""Petit Cirque Volant throughput: random-bot games and actions per second on one core.

``pcv_direct_actions_per_s`` drives the same ruleset functions with no engine around them (no
legality check, no event log, no player protocol): the gap to ``pcv_actions_per_s`` is what the
engine costs per action.
"""

from __future__ import annotations

import random
import time

from benchmarks.common import SCENARIOS, Sink, bot_games, report
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario


def direct_actions_per_s(scenario: str, seconds: float = 3.0) -> float:
    pm = make_plugin_manager()
    loaded = load_scenario(SCENARIOS / scenario, pm)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rules = loaded.ruleset(loaded.model)
        sink = Sink(games)
        rng = random.Random(games)
        state = rules.new_state(sink)
        while rules.to_act(state) is not None:
            legal = rules.legal_actions(state)
            rules.apply(state, legal[int(rng.random() * len(legal))], sink)
            actions += 1
        games += 1
    return actions / (time.perf_counter() - start)


def main() -> None:
    for name, scenario in (("duel", "petit-cirque/duel.yaml"),
                           ("6v6", "petit-cirque/dogfight-6v6.yaml")):
        games, actions = bot_games(scenario)
        report(f"pcv_{name}_games_per_s", games, "games/s")
        report(f"pcv_{name}_actions_per_s", actions, "actions/s")
    report("pcv_duel_direct_actions_per_s", direct_actions_per_s("petit-cirque/duel.yaml"),
           "actions/s")


if __name__ == "__main__":
    main()
