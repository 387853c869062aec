"""The club server under load: a real uvicorn on loopback, 50 concurrent games whose seats are
bots playing through HTTP (a GET for the view and legal actions, a POST for the action), on
SQLite and on PostgreSQL (a throwaway cluster, skipped when PostgreSQL is not installed).

Prints ``BENCH server_<db>_actions_per_s`` (accepted actions a second, all games together) and
the p50 / p99 latency of one action's POST, from sending to the committed answer.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.common import report
from tests.plugins.server.processes import ADMIN, Cluster, Server, pg_bin

GAMES = 50
ACTIONS_PER_GAME = 40
SCENARIO = "petit-cirque/duel"


def play(server: Server, seed: int, latencies: list[float]) -> int:
    """One game's seats play up to ``ACTIONS_PER_GAME`` random legal actions: the count."""
    with server.client(ADMIN) as admin:
        game = admin.post("/api/games", json={"scenario": SCENARIO, "seed": seed, "seats": {
            "red": "human", "blue": "human"}}).json()
    clients = {side: server.client(seat["token"]) for side, seat in game["seats"].items()}
    rng = random.Random(seed)
    side = next(iter(clients))
    path = f"/api/games/{game['id']}"
    for count in range(ACTIONS_PER_GAME):
        state = clients[side].get(path).json()
        if state["to_act"] is None:
            return count
        if state["to_act"] != side:
            side = state["to_act"]
            state = clients[side].get(path).json()
        action = rng.choice(state["legal"])
        start = time.perf_counter()
        answer = clients[side].post(f"{path}/actions",
                                    json={"action": action, "version": state["version"]})
        latencies.append(time.perf_counter() - start)
        if answer.status_code != 200:
            raise RuntimeError(f"game {game['id']}: {answer.status_code} {answer.text}")
    return ACTIONS_PER_GAME


def measure(name: str, db: str, workdir: Path) -> None:
    server = Server(db, workdir).start()
    try:
        latencies: list[float] = []
        counts = [0] * GAMES

        def run(index: int) -> None:
            counts[index] = play(server, index, latencies)

        threads = [threading.Thread(target=run, args=(i,)) for i in range(GAMES)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
    finally:
        server.stop()
    quantiles = statistics.quantiles(latencies, n=100)
    report(f"server_{name}_actions_per_s", sum(counts) / elapsed, "actions/s")
    report(f"server_{name}_action_p50", quantiles[49] * 1000, "ms")
    report(f"server_{name}_action_p99", quantiles[98] * 1000, "ms")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        workdir = Path(folder)
        measure("sqlite", f"sqlite:///{workdir / 'bench.db'}", workdir)
        bin_dir = pg_bin()
        if bin_dir is None:
            print("# bench_server: PostgreSQL not installed (apt-get install postgresql)")
            return
        cluster = Cluster(bin_dir).start()
        try:
            measure("postgresql", cluster.new_database(), workdir)
        finally:
            cluster.stop()


if __name__ == "__main__":
    main()
