"""``polemos db upgrade`` and ``polemos serve``'s start: a new database is created, the admin
token is printed once, several workers serve one game."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.plugins.server.conftest import Server, Table, new_game


def test_db_upgrade(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    command = [sys.executable, "-m", "polemos.core.cli", "db", "upgrade", "--db", url]
    first = subprocess.run(command, capture_output=True, text=True, check=True)
    assert "schema empty -> 0001" in first.stdout
    again = subprocess.run(command, capture_output=True, text=True, check=True)
    assert "schema 0001 -> 0001" in again.stdout
    bad = subprocess.run([*command[:-1], "nosuchdb://x"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_the_admin_token_is_made_and_printed_once(
        server_factory: Callable[..., Server], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    first = server_factory(url, env={"POLEMOS_ADMIN_TOKEN": ""})
    line = next(x for x in first.log().splitlines() if x.startswith("Admin token"))
    token = line.rpartition(" ")[2]
    assert first.client(token).post("/api/clubs", json={"name": "c"}).status_code == 200
    first.stop()
    second = server_factory(url, env={"POLEMOS_ADMIN_TOKEN": ""})
    assert "Admin token" not in second.log().replace(line, "")
    assert second.client(token).post("/api/clubs", json={"name": "d"}).status_code == 200


def test_workers_and_cors_when_asked(server_factory: Callable[..., Server],
                                     tmp_path: Path) -> None:
    origin = "https://club.example"
    server = server_factory(f"sqlite:///{tmp_path / 'club.db'}", "--workers", "2",
                            "--cors", origin)
    table = Table(server, new_game(server, seed=6))
    assert table.play_out() > 0
    answer = server.client().get("/api/health", headers={"Origin": origin})
    assert answer.headers["access-control-allow-origin"] == origin
