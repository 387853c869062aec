"""Batch play: many whole bot games of one scenario, on a process pool or a Dask cluster.

Game ``i`` of a batch is seeded from ``(seed, i)`` alone (``game_seed``), and each game builds
its own bots from that seed, so a game's result never depends on which worker played it, in
which order or beside what: one worker, two, or a cluster give the same rows. Work is sent as
*tasks* of several games (``tasks``) so that a task is worth the cost of shipping it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pluggy

from polemos.core.engine import play
from polemos.core.errors import PolemosInputError
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import LoadedScenario, validate_scenario

if TYPE_CHECKING:
    from distributed import LocalCluster

RULE_KEYS = ("rule", "rules")


@dataclass(frozen=True, slots=True)
class BatchSpec:
    """What every game of a batch shares: the scenario (as data, so it pickles), the bots."""

    raw: dict[str, Any]
    source: str
    bots: dict[str, str]
    """Bot kind per side."""
    seed: int


@dataclass(slots=True)
class GameRow:
    """One game's result, as the report and ``games.csv`` need it."""

    index: int
    seed: int
    winner: str | None = None
    reason: str = ""
    rule: str = ""
    length: int = 0
    """Actions played."""
    scores: dict[str, float] = field(default_factory=dict)
    survivors: list[str] = field(default_factory=list)
    """Units still in play at the end."""
    rules: dict[str, int] = field(default_factory=dict)
    """How many events cited each rule id."""
    error: str = ""
    """Why the game raised (then the other fields are empty); ``polemos play --seed`` redoes it."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded ``seed``: a function of the pair only."""
    digest = hashlib.sha256(f"polemos-balance:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def rule_counts(events: Sequence[dict[str, Any]]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for event in events:
        for key in RULE_KEYS:
            cited = event.get(key)
            if isinstance(cited, str):
                counts[cited] += 1
            elif isinstance(cited, list):
                counts.update(c for c in cited if isinstance(c, str))
    return counts


def play_game(loaded: LoadedScenario, pm: pluggy.PluginManager, bots: dict[str, str],
              index: int, seed: int) -> GameRow:
    """Play one game to its result; a game that raises is a row with its error."""
    row = GameRow(index, seed)
    try:
        game = Game.new(loaded, pm, seed=seed, transactional=False)
        players = {side: make_bot(pm, game.rules.name, bots[side], bot_rng(seed, side),
                                  game=game)
                   for side in game.rules.sides(game.state)}
        result = play(game, players)
    except Exception as error:  # reported with its seed; the batch goes on
        row.error = f"{type(error).__name__}: {error}"
        row.error += "\n" + "".join(traceback.format_exception(error)[-3:])
        return row
    row.winner, row.reason, row.rule = result.winner, result.reason, result.rule
    row.length = len(game.actions)
    row.scores = dict(result.scores)
    row.survivors = sorted(game.rules.units(game.state))
    row.rules = dict(rule_counts(game.events))
    return row


@functools.cache
def worker_plugins() -> pluggy.PluginManager:
    """This worker process's plugin manager, found once: finding the plugins (5 ms) would
    otherwise be paid again by every task, however short (the games of a task share it too)."""
    return make_plugin_manager()


def play_task(spec: BatchSpec, indices: Sequence[int]) -> list[GameRow]:
    """A task: games ``indices`` of the batch, in one worker (one plugin manager for all)."""
    pm = worker_plugins()
    loaded = validate_scenario(spec.raw, spec.source, pm)
    return [play_game(loaded, pm, spec.bots, i, game_seed(spec.seed, i)) for i in indices]


TASKS_PER_WORKER = 8
"""About this many tasks per worker of the same size first: the progress bar moves, and Ctrl-C
loses little (the games of a task come back together)."""
SMALLEST_TASK = 2
"""Games in the smallest task: a task costs a round trip."""


def tasks(games: range, workers: int) -> list[range]:
    """Split the games into tasks: equal ones (``TASKS_PER_WORKER`` per worker), then, once
    half the games are handed out, tasks that shrink with what is left (guided sizing).

    A short tail keeps every worker busy to the end: a worker never waits long for another
    to finish its last task. That matters most on Dask, where a worker already holds its next
    task while it plays one, so an even split can leave a worker idle for a whole task.
    """
    most = max(SMALLEST_TASK, -(-len(games) // (workers * TASKS_PER_WORKER)))
    chunks = []
    start = games.start
    while start < games.stop:
        left = games.stop - start
        size = max(SMALLEST_TASK, min(most, -(-left // (workers * TASKS_PER_WORKER // 2))))
        chunks.append(range(start, min(start + size, games.stop)))
        start += size
    return chunks


Progress = Callable[[int], None]
"""Told how many more games finished."""


def run_pool(spec: BatchSpec, games: range, workers: int, progress: Progress | None = None
             ) -> list[GameRow]:
    """Play the batch on ``workers`` processes (in this process when ``workers`` is 1).

    Ctrl-C stops it: the games finished so far are returned, sorted by index.
    """
    rows: list[GameRow] = []
    if workers == 1:
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C keeps the games finished
            for chunk in tasks(games, 1):
                rows += play_task(spec, chunk)
                if progress:
                    progress(len(chunk))
        return sorted(rows, key=lambda row: row.index)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[list[GameRow]]] = {pool.submit(play_task, spec, chunk)
                                               for chunk in tasks(games, workers)}
        try:
            rows += _collect(pending, progress)
        except KeyboardInterrupt:
            for future in pending:
                future.cancel()
            rows += [row for future in pending if future.done() and not future.cancelled()
                     and future.exception() is None for row in future.result()]
    return sorted(rows, key=lambda row: row.index)


def _collect(pending: set[Future[list[GameRow]]], progress: Progress | None
             ) -> Iterator[GameRow]:
    while pending:
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            pending.discard(future)
            found = future.result()
            if progress:
                progress(len(found))
            yield from found


def run_dask(spec: BatchSpec, games: range, address: str, workers: int,
             progress: Progress | None = None) -> list[GameRow]:
    """Play the batch on Dask: ``address`` "local" starts a LocalCluster of ``workers``
    processes; any other address is an existing scheduler (``tcp://HOST:PORT``)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise PolemosInputError("--dask needs the lab extra: pip install 'polemos[lab]'"
                                ) from None
    cluster = None
    if address == "local":
        cluster = local_cluster(workers)
        address = cluster.scheduler_address
    try:
        client = Client(address, timeout="10s")
    except OSError as error:
        if cluster is not None:
            cluster.close()
        raise PolemosInputError(f"--dask {address}: cannot reach the scheduler ({error})"
                                ) from None
    rows: list[GameRow] = []
    try:
        chunks = tasks(games, max(1, sum(client.nthreads().values())))
        shared = client.scatter(spec, broadcast=True, hash=False)  # once per worker, not per task
        futures = client.map(play_task, [shared] * len(chunks), chunks, pure=False)
        try:
            for future in as_completed(futures):
                found = future.result()
                rows += found
                if progress:
                    progress(len(found))
        except KeyboardInterrupt:
            client.cancel(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return sorted(rows, key=lambda row: row.index)


def local_cluster(workers: int) -> LocalCluster:
    """A Dask LocalCluster of ``workers`` one-thread processes on loopback, no dashboard
    (``--dask local``; the benchmark times the same cluster)."""
    from distributed import LocalCluster

    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        dashboard_address=None, host="127.0.0.1")


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        (os.cpu_count() or 1)
