"""Real parts for the server tests: uvicorn subprocesses on loopback, SQLite files, and a
throwaway PostgreSQL cluster (Debian's ``postgresql``) started and removed by the fixtures
(``processes``).

Without PostgreSQL its tests skip naming the package, unless ``POLEMOS_REQUIRE_REAL=1`` (CI),
where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx", reason="the server extra: pip install -e '.[server]'")

from tests.plugins.server.processes import ADMIN, Cluster, Server, pg_bin  # noqa: E402

REQUIRE_REAL = os.environ.get("POLEMOS_REQUIRE_REAL") == "1"


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    bin_dir = pg_bin()
    if bin_dir is None:
        message = "PostgreSQL is not installed (Debian: apt-get install postgresql)"
        if REQUIRE_REAL:
            pytest.fail(f"{message}; POLEMOS_REQUIRE_REAL=1 requires it")
        pytest.skip(message)
    cluster = Cluster(bin_dir).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'polemos.db'}"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Any]:
    """Start servers on a database; all are stopped after the test."""
    started: list[Server] = []

    def start(db: str, *args: str, env: dict[str, str] | None = None) -> Server:
        server = Server(db, tmp_path, *args, env=env).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server on SQLite shared by a module's API tests."""
    workdir = tmp_path_factory.mktemp("server")
    running = Server(f"sqlite:///{workdir / 'polemos.db'}", workdir).start()
    yield running
    running.stop()


def new_game(server: Server, scenario: str = "petit-cirque/duel", seed: int = 3,
             seats: dict[str, str] | None = None) -> dict[str, Any]:
    with server.client(ADMIN) as admin:
        answer = admin.post("/api/games", json={"scenario": scenario, "seed": seed,
                                                "seats": seats or {"red": "human",
                                                                   "blue": "human"}})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


class Table:
    """The seats of one game on one server, played by picking among the legal actions."""

    def __init__(self, server: Server, game: dict[str, Any]) -> None:
        self.server = server
        self.id = game["id"]
        self.tokens = {side: seat["token"] for side, seat in game["seats"].items()}
        self.spectator = game["spectator"]["token"]
        self.clients = {side: server.client(token) for side, token in self.tokens.items()}

    def state(self, side: str | None = None) -> dict[str, Any]:
        client = self.clients[side] if side else self.server.client(self.spectator)
        answer = client.get(f"/api/games/{self.id}")
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def move(self, pick: int = 0) -> dict[str, Any] | None:
        """The side to act plays its legal action ``pick`` (modulo their number); the action
        sent, or None when the game is over."""
        to_act = self.state()["to_act"]
        if to_act is None:
            return None
        state = self.state(to_act)
        action: dict[str, Any] = state["legal"][pick % len(state["legal"])]
        answer = self.clients[to_act].post(f"/api/games/{self.id}/actions",
                                           json={"action": action, "version": state["version"]})
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"version": state["version"] + 1}
        return action

    def play_out(self, pick: int = 0, limit: int = 5000) -> int:
        for count in range(limit):
            if self.move(pick + count) is None:
                return count
        raise AssertionError(f"game {self.id} did not end in {limit} actions")

    def log(self) -> str:
        answer = self.clients[next(iter(self.clients))].get(f"/api/games/{self.id}/log")
        assert answer.status_code == 200, answer.text
        return str(answer.text)


def replays(log: str, path: Path) -> int:
    """``polemos replay``'s check of a log the server sent: the number of identical events."""
    from polemos.core.eventlog import replay_log
    from polemos.core.plugins import make_plugin_manager

    path.write_text(log, encoding="utf-8")
    _, count = replay_log(path, make_plugin_manager())
    return count
