"""``polemos db upgrade`` and ``polemos serve``'s start: a new database is created, the admin
token is printed once, the first club's lobby link is printed, several workers serve one
game."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.plugins.server.conftest import ADMIN, Server, Table, new_game


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


def lobby_line(server: Server) -> str:
    return next(x for x in reversed(server.log().splitlines()) if x.startswith("Club lobby"))


def test_serve_makes_one_club_and_prints_its_lobby_link(
        server_factory: Callable[..., Server], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    first = server_factory(url)
    link = lobby_line(first).rpartition(" ")[2]
    assert link.startswith(f"{first.url}/lobby/") and "#code=" in link
    page, _, code = link.partition("#code=")
    club = page.rpartition("/")[2]
    assert first.client().get(page).status_code == 200
    assert first.client(code).get(f"/api/clubs/{club}/games").json() == {"club": club,
                                                                         "games": []}
    made = first.client(code).post("/api/games", json={
        "scenario": "petit-cirque/duel", "club": club, "seats": {"red": "human"}})
    assert made.status_code == 200, made.text
    first.stop()
    second = server_factory(url)
    assert lobby_line(second) == f"Club lobby: {second.url}/lobby/{club}#code=JOIN-CODE " \
        "(the link printed at the first start)"
    with sqlite3.connect(tmp_path / "club.db") as db:
        assert db.execute("SELECT id, name FROM clubs").fetchall() == [(club, "Club")]
    assert second.client(ADMIN).get(f"/api/clubs/{club}/games").json()["games"][0]["free"] \
        == ["blue"]


def test_the_scenarios_and_their_sides_are_listed(server: Server) -> None:
    listed = server.client().get("/api/scenarios").json()["scenarios"]
    assert listed["petit-cirque/duel"] == ["red", "blue"]
    assert listed["aeronautica/dogfight"] == ["imperial", "ork"]


def test_workers_and_cors_when_asked(server_factory: Callable[..., Server],
                                     tmp_path: Path) -> None:
    origin = "https://club.example"
    server = server_factory(f"sqlite:///{tmp_path / 'club.db'}", "--workers", "2",
                            "--cors", origin)
    table = Table(server, new_game(server, seed=6))
    assert table.play_out() > 0
    answer = server.client().get("/api/health", headers={"Origin": origin})
    assert answer.headers["access-control-allow-origin"] == origin
