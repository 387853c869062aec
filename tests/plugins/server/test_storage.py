"""Storage and concurrency on SQLite and on PostgreSQL: every acknowledged action survives
kill -9, a restarted server continues identically, racing clients get exactly one success, two
server processes on one database stay consistent, and a stored game that no longer re-plays is
a 500 with an error id (the traceback only in the server's log)."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.plugins.server.conftest import Server, Table, new_game, replays

GAMES = 3


def acknowledged_burst(table: Table, stop: threading.Event, acked: list[dict[str, Any]]
                       ) -> None:
    """Play ``table`` until ``stop`` or the server dies, keeping every acknowledged action."""
    try:
        while not stop.is_set():
            action = table.move(len(acked))
            if action is None:
                return
            acked.append(action)
    except Exception:  # the server was killed mid-request: that action was never acknowledged
        return


def stored_actions(table: Table) -> list[dict[str, Any]]:
    events = table.clients[next(iter(table.clients))].get(
        f"/api/games/{table.id}/events").json()["events"]
    return [event["action"] for event in events if event["type"] == "action"]


def test_kill_9_during_a_burst_loses_no_acknowledged_action(
        db_url: str, server_factory: Callable[..., Server], tmp_path: Path) -> None:
    server = server_factory(db_url)
    tables = [Table(server, new_game(server, seed=seed)) for seed in range(GAMES)]
    acked: list[list[dict[str, Any]]] = [[] for _ in tables]
    stop = threading.Event()
    clients = [threading.Thread(target=acknowledged_burst, args=(table, stop, done))
               for table, done in zip(tables, acked, strict=True)]
    for client in clients:
        client.start()
    time.sleep(1.0)
    server.kill()
    stop.set()
    for client in clients:
        client.join(timeout=30)
    assert all(len(done) > 0 for done in acked), acked
    again = server_factory(db_url)
    for table, done in zip(tables, acked, strict=True):
        table = Table(again, {"id": table.id, "spectator": {"token": table.spectator},
                              "seats": {side: {"token": t} for side, t in table.tokens.items()}})
        stored = stored_actions(table)
        # At most the one action in flight at the kill was stored without its answer.
        assert stored[:len(done)] == done and len(stored) - len(done) in (0, 1)
    table.play_out()  # the last game goes on to its end, and its log re-plays
    assert replays(table.log(), tmp_path / "log.jsonl") > len(acked[-1])


def test_restarted_server_continues_identically(
        db_url: str, server_factory: Callable[..., Server], tmp_path: Path) -> None:
    first = server_factory(db_url)
    game = new_game(first, seed=11)
    table = Table(first, game)
    for pick in range(10):
        table.move(pick)
    before = {side: table.state(side) for side in table.tokens}
    first.stop()
    second = server_factory(db_url)
    table = Table(second, game)
    assert {side: table.state(side) for side in table.tokens} == before
    played = 10 + table.play_out(10)
    assert replays(table.log(), tmp_path / "log.jsonl") > played


def test_racing_clients_on_one_seat_and_version(
        db_url: str, server_factory: Callable[..., Server]) -> None:
    """Two clients send an action for the same seat at the same version, many times: exactly
    one is accepted each time, the other gets 409, and nothing is lost or doubled."""
    server = server_factory(db_url)
    table = Table(server, new_game(server, seed=5))
    rounds = 12
    for _ in range(rounds):
        state = table.state()
        side = state["to_act"]
        legal = table.state(side)["legal"]
        statuses: list[int] = []
        barrier = threading.Barrier(2)

        def send(action: dict[str, Any], side: str = side, version: int = state["version"],
                 statuses: list[int] = statuses, barrier: threading.Barrier = barrier) -> None:
            with server.client(table.tokens[side]) as client:
                barrier.wait()
                statuses.append(client.post(f"/api/games/{table.id}/actions", json={
                    "action": action, "version": version}).status_code)

        racers = [threading.Thread(target=send, args=(legal[i % len(legal)],)) for i in (0, 1)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        assert sorted(statuses) == [200, 409]
    assert table.state()["version"] == rounds
    assert len(stored_actions(table)) == rounds


def test_two_server_processes_on_one_database(
        db_url: str, server_factory: Callable[..., Server], tmp_path: Path) -> None:
    """Actions alternate between two processes serving one game; both always agree."""
    one, two = server_factory(db_url), server_factory(db_url)
    game = new_game(one, seed=8)
    tables = [Table(one, game), Table(two, game)]
    count = 0
    while tables[count % 2].move(count) is not None:
        count += 1
        assert tables[0].state("red") == tables[1].state("red")
    assert count > 10
    assert tables[0].log() == tables[1].log()
    assert replays(tables[1].log(), tmp_path / "log.jsonl") > count


def test_a_stored_game_that_does_not_replay_is_a_500_with_an_id(
        server_factory: Callable[..., Server], tmp_path: Path) -> None:
    path = tmp_path / "polemos.db"
    server = server_factory(f"sqlite:///{path}")
    table = Table(server, new_game(server, seed=2))
    table.move()
    server.stop()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE actions SET events_digest = 'tampered'")
    again = server_factory(f"sqlite:///{path}")
    answer = again.client(table.spectator).get(f"/api/games/{table.id}")
    assert answer.status_code == 500
    body = answer.json()
    assert set(body) == {"error", "id"} and "Traceback" not in answer.text
    time.sleep(0.2)
    assert f"internal error {body['id']}" in again.log()
    assert "StoredGameMismatch" in again.log()
