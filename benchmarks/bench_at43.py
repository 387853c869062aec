"""AT-43 collisions: collisions resolved per second, and whole derby games per second (random
bots: µs per action and the ratio to OpenSpiel's tic-tac-toe, goal ≤ 3×, issue 14).

A collision is timed from the rush declaration to the end of its push or throw, through the
ruleset's plain functions (no engine, no event log): the AT-E2 charge (one attacker, one
target, a throw) and the AT-E6 group ram (three Toads joining against a unit of two Hekats,
allotment, push). Choices are the first legal one; the dice are seeded, so outcomes vary as in
play. The contact-graph build benchmark lives in ``bench_contacts.py``.
"""

from __future__ import annotations

import copy
import time
from typing import Any

from benchmarks.common import Sink, bot_games, report, scenario_report
from polemos.core.actions import Action
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import validate_scenario

OFF = 30.0


def _vehicle(id_: str, profile: str, x: float, y: float) -> dict[str, Any]:
    return {"id": id_, "profile": profile, "at": [OFF + x, OFF + y]}


def _scenario(red: list[dict[str, Any]], blue: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": "bench", "ruleset": "at43", "table": {"width": 150, "height": 120},
            "sides": ["red", "blue"], "first_side": "red",
            "units": [{"id": "r", "side": "red", "vehicles": red},
                      {"id": "b", "side": "blue", "vehicles": blue}]}


SINGLE = (_scenario([_vehicle("kossak", "Kossak", 0, 0)],
                    [_vehicle("lancelot", "Lancelot", 31.5, 0)]),
          [Action("declare", "kossak", {"mode": "rush"}),
           Action("ram", "kossak", {"target": "lancelot", "offset": 0})])
GROUP = (_scenario([_vehicle("t1", "Toad", 36, 40), _vehicle("t2", "Toad", 36, 60),
                    _vehicle("t3", "Toad", 50, 26)],
                   [_vehicle("h1", "Hekat", 50, 40), _vehicle("h2", "Hekat", 50, 60)]),
         [Action("declare", "t1", {"mode": "rush"}),
          Action("ram", "t1", {"target": "h1", "offset": 0}),
          Action("join", "t2", {"target": "h2", "offset": 0}),
          Action("join", "t3", {"target": "h1", "offset": 0})])


def collisions_per_s(case: tuple[dict[str, Any], list[Action]], seconds: float = 2.0) -> float:
    pm = make_plugin_manager()
    loaded = validate_scenario(case[0], "bench", pm)
    rules = loaded.ruleset(loaded.model)
    start_state = rules.new_state(Sink(0))
    count, spent = 0, 0.0
    while spent < seconds:
        state = copy.deepcopy(start_state)
        sink = Sink(count)
        begin = time.process_time()
        for action in case[1]:
            rules.apply(state, action, sink)
        while state.collision is not None:
            rules.apply(state, rules.legal_actions(state)[0], sink)
        spent += time.process_time() - begin
        count += 1
    return count / spent


def main() -> None:
    report("at43_single_collisions_per_s", collisions_per_s(SINGLE), "collisions/s")
    report("at43_group_collisions_per_s", collisions_per_s(GROUP), "collisions/s")
    scenario_report("at43_derby_random", "at43/derby.yaml")
    greedy, _ = bot_games("at43/derby.yaml", "greedy", min_games=3)
    report("at43_derby_greedy_games_per_s", greedy, "games/s")


if __name__ == "__main__":
    main()
