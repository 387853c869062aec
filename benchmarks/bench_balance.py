"""Balance-lab scaling: the same greedy games on one worker, on two, and on a Dask LocalCluster.

Goals (design.md, Performance; the balance-lab issue): two workers ≥ 1.8× one worker on two
cores; Dask within 10 % of the pool per game once its cluster is up (its start-up is reported
apart, with the workers' first import of Polemos). Every run plays the same games (seeds from
the batch seed and the game's index), so the figures compare like with like, and the results
are checked equal.

Pool and Dask runs alternate ``REPEATS`` times and the fastest of each counts, so a burst of
other work on the machine does not land on one side only. Wall time is what a user waits for,
but on a shared machine it mostly measures the neighbours; the CPU seconds every process of a
run spent (this one, the pool's workers, the Dask scheduler, nannies and workers) per game are
the steadier comparison, so both are printed, with the load average they were measured under.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Callable

import psutil

from benchmarks.common import report, scenario
from polemos.plugins.lab.batch import BatchSpec, GameRow, local_cluster, run_dask, run_pool

GAMES = 160
REPEATS = 3
WORKERS = 2


def cpu_seconds() -> float:
    """CPU spent so far by this process, its finished children and its live descendants."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    live = 0.0
    for process in psutil.Process().children(recursive=True):
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        live += times.user + times.system
    return time.process_time() + children.ru_utime + children.ru_stime + live


def timed(run: Callable[[], list[GameRow]]) -> tuple[float, float, list[GameRow]]:
    """(wall seconds, CPU seconds of every process, rows) of one run."""
    cpu, start = cpu_seconds(), time.perf_counter()
    rows = run()
    return time.perf_counter() - start, cpu_seconds() - cpu, rows


def main() -> None:
    loaded, _ = scenario("petit-cirque/duel.yaml")
    spec = BatchSpec(loaded.raw, loaded.source, {"red": "greedy", "blue": "greedy"}, 0)
    games = range(GAMES)
    one, _, rows_one = timed(lambda: run_pool(spec, games, 1))
    report("balance_pool_1_worker_games_per_s", GAMES / one, "games/s")
    start = time.perf_counter()
    with local_cluster(WORKERS) as cluster:
        address = cluster.scheduler_address
        run_dask(spec, range(4 * WORKERS), address, WORKERS)  # every worker imports Polemos
        report("balance_dask_startup_s", time.perf_counter() - start, "s")
        pool, dask = [], []
        for _ in range(REPEATS):
            pool.append(timed(lambda: run_pool(spec, games, WORKERS)))
            dask.append(timed(lambda: run_dask(spec, games, address, WORKERS)))
    two, two_cpu = min(run[0] for run in pool), min(run[1] for run in pool)
    dask_wall, dask_cpu = min(run[0] for run in dask), min(run[1] for run in dask)
    report("balance_pool_2_workers_games_per_s", GAMES / two, "games/s")
    report("balance_pool_speedup_2_over_1", one / two, "x")
    report("balance_dask_2_workers_games_per_s", GAMES / dask_wall, "games/s")
    report("balance_dask_over_pool_time_per_game", dask_wall / two, "x")
    report("balance_pool_cpu_ms_per_game", 1000 * two_cpu / GAMES, "ms")
    report("balance_dask_cpu_ms_per_game", 1000 * dask_cpu / GAMES, "ms")
    report("balance_dask_over_pool_cpu_per_game", dask_cpu / two_cpu, "x")
    report("balance_load_average_1min", os.getloadavg()[0], "processes")
    results = {tuple(row.winner for row in rows)
               for rows in [rows_one] + [run[2] for run in pool + dask]}
    report("balance_same_results", float(len(results) == 1), "bool")


if __name__ == "__main__":
    main()
