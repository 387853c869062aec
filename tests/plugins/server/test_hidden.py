"""Hidden orders over the API (AI-20): two Aeronautica games that differ only in the Imperial
seat's sealed manoeuvres give the Ork seat identical responses until the first reveal, and no
response carries the seed."""

from __future__ import annotations

import json
from typing import Any

from tests.plugins.server.conftest import Server, Table, new_game

SEATS = {"imperial": "human", "ork": "human"}


def ork_responses(server: Server, imperial_first: int) -> list[str]:
    """What the Ork seat receives after each action until an event reveals a manoeuvre; the
    Imperial seat's first sealed order is its legal action ``imperial_first``."""
    table = Table(server, new_game(server, "aeronautica/dogfight", seed=4, seats=SEATS))
    ork = table.clients["ork"]
    seen: list[str] = []
    for count in range(200):
        state = table.state("ork")
        del state["id"]  # the only difference two games may show
        events = ork.get(f"/api/games/{table.id}/events").json()
        if any(event["type"] == "reveal" for event in events["events"]):
            return seen
        seen.append(json.dumps([state, events], sort_keys=True))
        table.move(imperial_first if count == 0 else 0)
    raise AssertionError("no reveal in 200 actions")


def test_the_other_seat_sees_nothing_of_sealed_orders_before_the_reveal(server: Server) -> None:
    first = ork_responses(server, 0)
    second = ork_responses(server, 1)
    assert len(first) > 3
    assert first == second
    assert all('"seed"' not in response for response in first)


def test_a_seat_sees_its_own_sealed_order(server: Server) -> None:
    table = Table(server, new_game(server, "aeronautica/dogfight", seed=4, seats=SEATS))
    sent = table.move()
    mine: list[dict[str, Any]] = table.clients["imperial"].get(
        f"/api/games/{table.id}/events").json()["events"]
    theirs = table.clients["ork"].get(f"/api/games/{table.id}/events").json()["events"]
    assert any(event.get("action") == sent for event in mine)
    assert not any(event.get("action") == sent for event in theirs)
