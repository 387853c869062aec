"""Real parts for the server tests: uvicorn subprocesses on loopback, SQLite files, and a
throwaway PostgreSQL cluster (Debian's ``postgresql``) started and removed by the fixtures.

Without PostgreSQL its tests skip naming the package, unless ``POLEMOS_REQUIRE_REAL=1`` (CI),
where they fail.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx", reason="the server extra: pip install -e '.[server]'")

ADMIN = "test-admin-token"
REQUIRE_REAL = os.environ.get("POLEMOS_REQUIRE_REAL") == "1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``polemos serve`` in a subprocess; ``client()`` talks to it."""

    def __init__(self, db: str, workdir: Path, *args: str, env: dict[str, str] | None = None
                 ) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.output = workdir / f"server-{self.port}.log"
        self.args = args
        self.env = {**os.environ, "POLEMOS_ADMIN_TOKEN": ADMIN, **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        command = [sys.executable, "-m", "polemos.core.cli", "serve", "--db", self.db,
                   "--port", str(self.port), *self.args]
        with self.output.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                            env=self.env, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log()}")

    def log(self) -> str:
        return self.output.read_text(errors="replace")

    def kill(self) -> None:
        """kill -9 the whole process group (uvicorn's workers too): no shutdown at all."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def client(self, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30)


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Cluster:
    """A PostgreSQL cluster in a temporary folder, on a loopback port, trusting local users."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="polemos-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_postgres:
            shutil.chown(self.root, "postgres")
        self.databases = 0

    def run(self, *command: str) -> None:
        subprocess.run([*self.as_postgres, *command], check=True, capture_output=True,
                       cwd=self.root)

    def start(self) -> Cluster:
        self.run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U",
                 "postgres", "--no-sync")
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-l",
                 str(self.root / "log"), "-o",
                 f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                 "-c fsync=off -c max_connections=300", "start")
        return self

    def new_database(self) -> str:
        import psycopg

        self.databases += 1
        name = f"polemos{self.databases}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    bin_dir = _pg_bin()
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
