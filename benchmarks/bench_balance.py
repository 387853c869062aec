"""Balance-lab scaling: the same greedy games on one worker, on two, and on a Dask LocalCluster.

Goals (design.md, Performance; the balance-lab issue): two workers ≥ 1.8× one worker on two
cores; Dask within 10 % of the pool per game once its cluster is up (its start-up is reported
apart, with the workers' first import of Polemos). Every run plays the same games (seeds from
the batch seed and the game's index), so the figures compare like with like, and the results
are checked equal.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from benchmarks.common import SCENARIOS, report
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario
from polemos.plugins.lab.batch import BatchSpec, GameRow, run_dask, run_pool

GAMES = 160


def timed(run: Callable[..., list[GameRow]], *args: object) -> tuple[float, list[GameRow]]:
    start = time.perf_counter()
    rows = run(*args)
    return time.perf_counter() - start, rows


def main() -> None:
    pm = make_plugin_manager()
    loaded = load_scenario(SCENARIOS / "petit-cirque/duel.yaml", pm)
    spec = BatchSpec(loaded.raw, loaded.source, {"red": "greedy", "blue": "greedy"}, 0)
    games = range(GAMES)
    one, rows_one = timed(run_pool, spec, games, 1)
    two, rows_two = timed(run_pool, spec, games, 2)
    report("balance_pool_1_worker_games_per_s", GAMES / one, "games/s")
    report("balance_pool_2_workers_games_per_s", GAMES / two, "games/s")
    report("balance_pool_speedup_2_over_1", one / two, "x")
    from distributed import Client, LocalCluster

    start = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None, host="127.0.0.1") as cluster, \
            Client(cluster) as client:
        client.wait_for_workers(2)
        run_dask(spec, range(4), cluster.scheduler_address, 2)  # the workers import Polemos
        report("balance_dask_startup_s", time.perf_counter() - start, "s")
        dask, rows_dask = timed(run_dask, spec, games, cluster.scheduler_address, 2)
    report("balance_dask_2_workers_games_per_s", GAMES / dask, "games/s")
    report("balance_dask_over_pool_time_per_game", dask / two, "x")
    same = [r.winner for r in rows_one] == [r.winner for r in rows_two] == \
        [r.winner for r in rows_dask]
    report("balance_same_results", float(same), "bool")


if __name__ == "__main__":
    main()
