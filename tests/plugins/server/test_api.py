"""The API contract on a real server (SQLite): playing, tokens, bad input, limits, lobby, bots,
the live channel. Every refusal leaves the game as it was (its version does not move)."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from tests.plugins.server.conftest import ADMIN, Server, Table, new_game, replays


def test_two_seats_play_a_duel_to_the_end_and_the_log_replays(server: Server,
                                                              tmp_path: Path) -> None:
    table = Table(server, new_game(server))
    first = table.state("red")
    assert first["you"] == "red" and first["version"] == 0 and first["view"] is not None
    assert (first["legal"] != []) == (first["to_act"] == "red")
    actions = table.play_out()
    end = table.state("blue")
    assert end["to_act"] is None and end["legal"] == [] and end["version"] == actions
    assert end["result"]["rule"] == "PCV-3" or end["result"]["rule"].startswith("PCV")
    assert replays(table.log(), tmp_path / "duel.jsonl") > actions


def test_the_log_waits_for_the_end(server: Server) -> None:
    table = Table(server, new_game(server))
    answer = table.clients["red"].get(f"/api/games/{table.id}/log")
    assert answer.status_code == 409


def test_wrong_missing_or_other_seats_token_is_403_and_changes_nothing(server: Server) -> None:
    table = Table(server, new_game(server))
    state = table.state()
    to_act = state["to_act"]
    other = next(side for side in table.tokens if side != to_act)
    action = table.state(to_act)["legal"][0]
    body = {"action": action, "version": 0}
    path = f"/api/games/{table.id}/actions"
    for client in (server.client(), server.client("not-a-token"), server.client(ADMIN),
                   server.client(table.spectator), table.clients[other]):
        answer = client.post(path, json=body)
        assert answer.status_code == 403, answer.text
    for client in (server.client(), server.client("not-a-token")):
        assert client.get(f"/api/games/{table.id}").status_code == 403
        assert client.get(f"/api/games/{table.id}/events").status_code == 403
    assert table.state()["version"] == 0


def test_malformed_illegal_and_stale_actions(server: Server) -> None:
    table = Table(server, new_game(server))
    to_act = table.state()["to_act"]
    client = table.clients[to_act]
    path = f"/api/games/{table.id}/actions"
    malformed = client.post(path, json={"action": {"kind": "fly-to-the-moon"}, "version": 0})
    assert malformed.status_code == 400 and malformed.json()["field"] == "kind"
    unit = table.state(to_act)["legal"][0]["unit"]
    enemy = next(u for u, p in table.state(to_act)["view"]["planes"].items()
                 if p["side"] != to_act)
    illegal = client.post(path, json={"action": {"kind": "step", "unit": enemy,
                                                 "args": {"alt": "level", "dir": "straight"}},
                                      "version": 0})
    assert illegal.status_code == 400, illegal.text
    assert illegal.json()["rule"].startswith("PCV") and illegal.json()["reason"]
    for bad in ({"action": [], "version": 0}, {"action": {}, "version": "0"}, {"version": 0},
                {"action": {"kind": "step"}, "version": 0, "extra": 1}):
        answer = client.post(path, json=bad)
        assert answer.status_code == 400, (bad, answer.text)
        assert answer.json()["problems"]
    assert client.post(path, content=b"{not json").status_code == 400
    assert unit is not None and table.state()["version"] == 0
    table.move()
    stale = client.post(path, json={"action": table.state(to_act)["legal"][0] or {},
                                    "version": 0})
    assert stale.status_code == 409 and stale.json()["version"] == 1


def test_bad_scenario_uploads_are_400_with_the_reason(server: Server) -> None:
    admin = server.client(ADMIN)

    def upload(scenario: Any, raw: bytes | None = None) -> dict[str, Any]:
        answer = (admin.post("/api/games", content=raw) if raw is not None else
                  admin.post("/api/games", json={"scenario": scenario, "seats": {}}))
        assert answer.status_code == 400, answer.text
        data: dict[str, Any] = answer.json()
        return data

    missing = upload("name: x\nruleset: petit_cirque\nsides: [red, blue]\n")
    assert {p["field"] for p in missing["problems"]} >= {"map", "aircraft"}
    assert "duel" in upload("duel")["error"]  # a name: the close installed ones are listed
    assert "invalid YAML" in upload("a: [1, 2\nb: 3\n")["error"]
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True))
    assert "aliases expand" in upload(bomb)["error"]
    assert "larger than" in upload("name: x\n" + "#" * (300 << 10))["error"]
    assert "not UTF-8" in upload(None, b'{"scenario": "name: \xff\\n", "seats": {}}')["error"]
    surrogate = b'{"scenario": "name: x\\nruleset: \\udc80\\n", "seats": {}}'
    assert upload(None, surrogate)["problems"][0]["field"] == "scenario"
    assert "binary" in upload("name: x\x00\n")["error"]
    plugin = upload("name: x\nruleset: petit_cirque\nplugins: [antigravity]\n")
    assert plugin["problems"][0]["field"] == "plugins[0]"
    assert "not installed" in plugin["problems"][0]["reason"]


def test_body_size_limit(server: Server) -> None:
    admin = server.client(ADMIN)
    big = b'{"scenario": "' + b"x" * (2 << 20) + b'"}'
    assert admin.post("/api/games", content=big).status_code == 413
    chunked = admin.post("/api/games", content=iter([big[:1 << 20], big[1 << 20:]]))
    assert chunked.status_code == 413


def test_cors_is_off_and_the_server_binds_loopback(server: Server) -> None:
    preflight = server.client().options("/api/health", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in preflight.headers
    plain = server.client().get("/api/health", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in plain.headers
    assert f"Uvicorn running on http://127.0.0.1:{server.port}" in server.log()


def test_openapi(server: Server) -> None:
    paths = server.client().get("/openapi.json").json()["paths"]
    assert {"/api/games", "/api/games/{game_id}/actions", "/api/games/{game_id}/events"} <= set(
        paths)
    assert "requestBody" in paths["/api/games/{game_id}/actions"]["post"]


def test_a_bot_seat_plays_by_itself(server: Server) -> None:
    game = new_game(server, seats={"red": "human", "blue": "bot:greedy"})
    assert set(game["seats"]) == {"red"} and game["bots"] == {"blue": "bot:greedy"}
    table = Table(server, game)
    for _ in range(200):
        state = table.state("red")
        if state["to_act"] is None:
            break
        if state["to_act"] == "red":
            table.move()
        else:
            time.sleep(0.02)
    assert table.state()["result"] is not None
    both = new_game(server, seats={"red": "bot:random", "blue": "bot:greedy"})
    spectator = server.client(both["spectator"]["token"])
    deadline = time.monotonic() + 20
    while spectator.get(f"/api/games/{both['id']}").json()["result"] is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_search_bot_seat_takes_its_options_and_plays(server: Server) -> None:
    """A seat "bot:mcts:..." is the search bot (plugins/search) with its options; a bad
    option is refused when the game is created."""
    bad = server.client(ADMIN).post("/api/games", json={
        "scenario": "petit-cirque/duel", "seats": {"red": "bot:mcts:depth=x"}})
    assert bad.status_code == 400 and "depth='x'" in bad.text
    game = new_game(server, seats={"red": "bot:mcts:iterations=2,depth=1", "blue": "bot:greedy"})
    spectator = server.client(game["spectator"]["token"])
    deadline = time.monotonic() + 120
    while spectator.get(f"/api/games/{game['id']}").json()["result"] is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_lobby_join_code_and_free_seats(server: Server) -> None:
    admin = server.client(ADMIN)
    club = admin.post("/api/clubs", json={"name": "Aero-club"}).json()
    assert server.client("x").post("/api/clubs", json={"name": "x"}).status_code == 403
    member = server.client(club["join_code"])
    game = member.post("/api/games", json={"scenario": "petit-cirque/duel",
                                           "seats": {"red": "human", "blue": "open"}})
    assert game.status_code == 200, game.text
    listed = member.get(f"/api/clubs/{club['id']}/games").json()["games"]
    assert [(g["id"], g["free"]) for g in listed] == [(game.json()["id"], ["blue"])]
    assert server.client("wrong").get(f"/api/clubs/{club['id']}/games").status_code == 403
    seat_path = f"/api/games/{game.json()['id']}/seats/blue"
    assert server.client("wrong").post(seat_path).status_code == 403
    taken = member.post(seat_path)
    assert taken.status_code == 200 and len(taken.json()["token"]) >= 22
    assert member.post(seat_path).status_code == 409
    blue = server.client(taken.json()["token"]).get(f"/api/games/{game.json()['id']}").json()
    assert blue["you"] == "blue"
    assert member.get(f"/api/clubs/{club['id']}/games").json()["games"][0]["free"] == []


def test_the_live_channel_tells_a_seat_the_game_changed(server: Server) -> None:
    table = Table(server, new_game(server))
    seen: list[int] = []
    url = f"/api/games/{table.id}/stream"

    def listen() -> None:
        with table.clients["red"].stream("GET", url) as stream:
            for line in stream.iter_lines():
                if line.startswith("data:"):
                    seen.append(json.loads(line[5:])["version"])
                    if len(seen) == 3:
                        return

    listener = threading.Thread(target=listen)
    listener.start()
    time.sleep(0.5)
    table.move()
    time.sleep(0.5)
    table.move()
    listener.join(timeout=10)
    assert seen == [0, 1, 2]
    assert server.client("nope").get(url).status_code == 403
