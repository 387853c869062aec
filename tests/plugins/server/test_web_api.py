"""The web board's routes without a browser: pages and assets come from the package, the board
route gives the seat's picture and menu, a click maps to a legal move, sealed orders (AI-20)
leave the other seat's board untouched until the reveal, bad links get clear pages."""

from __future__ import annotations

import json
from typing import Any

from tests.plugins.server.conftest import ADMIN, Server, Table, new_game


def board(table: Table, side: str | None) -> dict[str, Any]:
    client = table.clients[side] if side else table.server.client(table.spectator)
    answer = client.get(f"/api/games/{table.id}/board")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_pages_and_assets_are_served_from_the_package(server: Server) -> None:
    client = server.client()
    for path in ("/", "/play/any", "/watch/any", "/lobby/any"):
        answer = client.get(path)
        assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
        assert "default-src 'self'" in answer.headers["content-security-policy"]
        assert "http://" not in answer.text and "https://" not in answer.text
    assert client.get("/web/game.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/web/web.css").status_code == 200
    assert client.get("/web/../app.py").status_code == 404
    assert client.get("/web/app.py").status_code == 404


def test_the_board_gives_the_picture_the_menu_with_odds_and_the_log(server: Server) -> None:
    """PCV-4: blue moves first at seed 3; its menu groups its two fighters' moves."""
    table = Table(server, new_game(server))
    blue, red = board(table, "blue"), board(table, "red")
    assert (blue["you"], blue["to_act"], blue["version"]) == ("blue", "blue", 0)
    assert [group["unit"] for group in blue["menu"]] == ["blue-1", "blue-2"]
    assert red["menu"] == [] and red["svg"] == blue["svg"]
    assert 'data-unit="blue-1"' in blue["svg"] and 'data-side="red"' in blue["svg"]
    assert any('title="Turn order' in line for line in blue["log"])
    odds = []
    while not odds and table.move() is not None:
        to_act = board(table, None)["to_act"]
        odds = [line["odds"] for group in board(table, to_act)["menu"] if to_act
                for line in group["lines"] if line["odds"]] if to_act else []
    assert odds, "no shot offered with its odds (PCV-15)"
    table.play_out()
    over = board(table, None)
    assert over["over"] and over["result"] and over["menu"] == []


def test_every_ruleset_and_a_mixed_scenario_is_drawn(server: Server) -> None:
    for scenario in ("at43/derby", "mixed/bridge-showcase", "petit-cirque/witches-and-flak"):
        with server.client(ADMIN) as admin:  # every seat open: only the spectator looks
            made = admin.post("/api/games", json={"scenario": scenario, "seed": 1}).json()
        shown = server.client(made["spectator"]["token"]).get(
            f"/api/games/{made['id']}/board").json()
        assert shown["svg"].startswith("<svg") and 'data-unit="' in shown["svg"], scenario
        assert shown["you"] is None and shown["menu"] == []


def test_a_clicked_point_becomes_the_nearest_legal_move(server: Server) -> None:
    """DBG-11: with eques-1 activated, a point is the typed destination when it is legal,
    and otherwise the legal move ending nearest it."""
    table = Table(server, new_game(server, "de-bello-gallico/britons-ambush",
                                   seats={"romans": "human", "britons": "human"}))
    romans = table.clients["romans"]
    menu = board(table, "romans")["menu"]
    activate = next(line["action"] for group in menu if group["unit"] == "eques-1"
                    for line in group["lines"] if line["action"]["kind"] == "activate")
    assert romans.post(f"/api/games/{table.id}/actions",
                       json={"action": activate, "version": 0}).status_code == 200
    assert board(table, "romans")["points"] and not board(table, "britons")["points"]
    near = romans.post(f"/api/games/{table.id}/point",
                       json={"unit": "eques-1", "x": 31.0, "y": 18.0}).json()
    assert near["action"] == {"kind": "move", "unit": "eques-1",
                              "args": {"x": 31.0, "y": 18.0, "via": ""}}
    blocked = romans.post(f"/api/games/{table.id}/point",  # the ruined farm is in the way
                          json={"unit": "eques-1", "x": 30.2, "y": 17.0}).json()
    assert blocked["action"]["args"] == {"x": 30.143398492635384, "y": 17.50136944615159,
                                         "via": "toward companion-1 0.91 cm"}
    typed = romans.post(f"/api/games/{table.id}/point", json={"text": "move eques-1 to 30.2 17"})
    assert typed.status_code == 400 and "DBG-11" in typed.json()["error"]
    assert "ruined-farm" in typed.json()["error"]
    wrong = table.clients["britons"].post(f"/api/games/{table.id}/point",
                                          json={"unit": "eques-1", "x": 30.0, "y": 17.0})
    assert wrong.status_code == 403


def ork_boards(server: Server, imperial_first: int) -> list[str]:
    """The Ork seat's board answers until a manoeuvre is revealed (AI-20)."""
    seats = {"imperial": "human", "ork": "human"}
    table = Table(server, new_game(server, "aeronautica/dogfight", seed=4, seats=seats))
    seen: list[str] = []
    for count in range(200):
        events = table.clients["ork"].get(f"/api/games/{table.id}/events").json()["events"]
        if any(event["type"] == "reveal" for event in events):
            return seen
        shown = board(table, "ork")
        del shown["id"]
        seen.append(json.dumps(shown, sort_keys=True))
        table.move(imperial_first if count == 0 else 0)
    raise AssertionError("no reveal in 200 actions")


def test_the_other_seat_board_shows_nothing_of_sealed_orders(server: Server) -> None:
    first, second = ork_boards(server, 0), ork_boards(server, 5)
    assert len(first) > 3 and first == second


def test_a_seat_whose_orders_are_sealed_is_told_it_waits(server: Server) -> None:
    """AI-20: imperial seals its three manoeuvres, then waits for the ork seat."""
    seats = {"imperial": "human", "ork": "human"}
    table = Table(server, new_game(server, "aeronautica/dogfight", seed=4, seats=seats))
    for _ in range(3):
        assert board(table, "imperial")["to_act"] == "imperial"
        table.move()
    waiting, other = board(table, "imperial"), board(table, "ork")
    assert (waiting["to_act"], waiting["sealed"], other["sealed"]) == ("ork", True, False)
    assert waiting["points"] is False and other["points"] is False


def test_wrong_links_get_clear_answers(server: Server) -> None:
    table = Table(server, new_game(server))
    wrong = server.client("not-a-seat").get(f"/api/games/{table.id}/board")
    assert wrong.status_code == 403 and "wrong or expired" in wrong.json()["error"]
    assert server.client(table.spectator).get("/api/games/nope/board").status_code == 404
    replay = server.client().get(f"/replay/{table.id}?token=not-a-seat")
    assert replay.status_code == 403 and "<h1>No replay here</h1>" in replay.text
    early = server.client().get(f"/replay/{table.id}?token={table.spectator}")
    assert early.status_code == 409 and "once the game has ended" in early.text
    assert "Traceback" not in replay.text + early.text
