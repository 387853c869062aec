"""Real server parts shared by the tests and ``benchmarks/bench_server.py``: ``polemos serve``
in a subprocess on a loopback port, and a throwaway PostgreSQL cluster (Debian's
``postgresql``) in a temporary folder, run as the ``postgres`` user when root."""

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
from pathlib import Path
from typing import Any

import httpx

from tests.children import dies_with_parent

ADMIN = "test-admin-token"


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
                                            env=self.env, start_new_session=True,
                                            preexec_fn=dies_with_parent)
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


def pg_bin() -> Path | None:
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
