"""The web board in a real browser: Debian's headless Chromium driven by Playwright through
``executable_path`` (never ``playwright install``), against ``polemos serve`` in a subprocess.

Every page is checked for console errors and for requests to anything but the server's own
origin. Pages are found by their testable markup only (``data-unit``, ``data-side``,
``data-action``, ``data-version``). Screenshots go to ``tests/artifacts/web/`` (git-ignored),
and to ``docs/screenshots/`` when ``POLEMOS_UPDATE_SCREENSHOTS=1``. Without Chromium or
Playwright the tests skip, unless ``POLEMOS_REQUIRE_REAL=1``.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.core.test_replay_browser import CHROMIUM, start_playwright
from tests.plugins.server.conftest import ADMIN, Server, new_game

ROOT = Path(__file__).parents[3]
ARTIFACTS = ROOT / "tests" / "artifacts" / "web"
SCREENSHOTS = ROOT / "docs" / "screenshots"
UPDATE = os.environ.get("POLEMOS_UPDATE_SCREENSHOTS") == "1"
DESK, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
EXPECTED_FAILURE = "Failed to load resource: the server responded with a status of 4"
"""Chromium logs every 4xx answer; only the tests that provoke one accept it."""
CAN_ACT = "#board .piece.can-act, #menu .action"
"""What a page shows once its seat may act: units to click, or actions no unit takes."""


@dataclass
class Watched:
    """A page and what it did: console errors, and every URL it requested."""

    page: Any
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def unexpected(self, allow_4xx: bool = False) -> list[str]:
        return [e for e in self.errors if not (allow_4xx and e.startswith(EXPECTED_FAILURE))]


class Browser:
    """One headless Chromium; each ``open`` is a page in a context of its own (or a given one)."""

    def __init__(self, driver: Any) -> None:
        self.browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.watched: list[Watched] = []
        self.contexts: list[Any] = []

    def context(self, viewport: dict[str, int] = DESK) -> Any:
        # Playwright's waiting predicates are evaluated strings, which the pages' CSP forbids.
        context = self.browser.new_context(viewport=viewport, bypass_csp=True)
        self.contexts.append(context)
        return context

    def close_pages(self) -> None:
        """Close every page of a test: their live channels would keep a server from stopping."""
        for context in self.contexts:
            context.close()
        self.contexts.clear()
        self.watched.clear()

    def open(self, url: str, context: Any = None) -> Watched:
        page = (context or self.context()).new_page()
        page.set_default_timeout(15_000)
        seen = Watched(page)
        page.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: seen.errors.append(str(e)))
        page.on("request", lambda r: seen.requests.append(r.url))
        self.watched.append(seen)
        page.goto(url)
        return seen


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    with start_playwright() as driver:
        opened = Browser(driver)
        yield opened
        opened.browser.close()


@pytest.fixture
def browser(chromium: Browser) -> Iterator[Browser]:
    yield chromium
    chromium.close_pages()


def own_origin_only(server: Server, watched: Watched) -> None:
    strangers = [url for url in watched.requests
                 if not url.startswith(server.url + "/") and not url.startswith("data:")]
    assert strangers == []


def shoot(watched: Watched, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    watched.page.screenshot(path=str(path))
    assert path.stat().st_size > 5_000
    if UPDATE:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, SCREENSHOTS / path.name)


def version(watched: Watched) -> int:
    return int(watched.page.locator("body").get_attribute("data-version") or -1)


def wait_version(watched: Watched, at_least: int) -> int:
    watched.page.wait_for_function(
        f"Number(document.body.dataset.version) >= {at_least}")
    return version(watched)


def play_one(watched: Watched, pick: int) -> None:
    """Click a unit that may act (when no unit is selected), then action ``pick`` of the list
    (modulo its length), and wait for the page to show the next version."""
    page = watched.page
    before = version(watched)
    if page.locator("#menu .lines[data-group]:not([data-group=''])").count() == 0 and \
            page.locator("#board .piece.can-act").count():
        page.locator("#board .piece.can-act").first.click()
    actions = page.locator("#menu .lines .action")
    actions.nth(pick % actions.count()).click()
    wait_version(watched, before + 1)


def test_two_browsers_play_a_duel_to_its_end_then_replay_it(server: Server, browser: Browser):
    """PCV: red and blue in two contexts play the seed-3 duel by clicking; each sees the other's
    move arrive live with its log line and rule ids; the finished game opens as a replay that
    steps; no console error, no request off the server."""
    game = new_game(server)
    pages = {side: browser.open(seat["url"]) for side, seat in game["seats"].items()}
    for watched in pages.values():
        watched.page.wait_for_selector("#board svg .piece[data-unit]")
    assert pages["red"].page.locator("#board .piece[data-side='blue']").count() == 2
    for count in range(200):
        state = pages["red"].page.evaluate("polemosGame.state")
        if state["over"]:
            break
        mover, other = (pages["red"], pages["blue"]) if state["to_act"] == "red" else (
            pages["blue"], pages["red"])
        if count == 6:
            shoot(mover, "game-petit-cirque")
        play_one(mover, count)
        wait_version(other, version(mover))  # the live channel brought it, no reload
    else:
        raise AssertionError("the duel did not end in 200 clicks")
    for watched in pages.values():
        watched.page.wait_for_selector("#replay-link")
        assert "Game over" in watched.page.locator("#status").inner_text()
    rule = pages["blue"].page.locator("#log abbr.rule").first
    assert rule.get_attribute("title")
    pages["red"].page.click("#replay-link")
    replay = pages["red"].page
    replay.wait_for_function("window.polemosReplay !== undefined")
    replay.click("#next")
    replay.click("#next")
    assert replay.evaluate("polemosReplay.step") == 2
    replay.keyboard.press("End")
    assert replay.evaluate("polemosReplay.step") == version(pages["blue"])
    replay.evaluate("polemosReplay.show(12)")
    shoot(pages["red"], "replay")
    for watched in pages.values():
        assert watched.unexpected() == []
        own_origin_only(server, watched)


def test_a_sealed_manoeuvre_against_a_bot_stays_hidden_from_the_spectator(server: Server,
                                                                           browser: Browser):
    """AI-20: the imperial seat seals its manoeuvres privately against the ork bot; the
    spectator's page never shows the chosen one until the reveal; the seat plays the turn on."""
    game = new_game(server, "aeronautica/dogfight", seed=4,
                    seats={"imperial": "human", "ork": "bot:greedy"})
    seat = browser.open(game["seats"]["imperial"]["url"])
    watcher = browser.open(game["spectator"]["url"])
    seat.page.wait_for_selector(CAN_ACT)
    assert "Your turn" in seat.page.locator("#status").inner_text()
    seat.page.locator("#board .piece[data-unit='thunderbolt-1']").click()
    chosen = seat.page.locator("#menu .lines .action").last
    words = chosen.inner_text().split("\n")[0]
    action = json.loads(chosen.get_attribute("data-action") or "{}")
    assert action["kind"] == "manoeuvre" and action["unit"] == "thunderbolt-1"
    chosen.click()
    wait_version(seat, 1)
    wait_version(watcher, 1)
    assert "Watching" in watcher.page.locator("#status").inner_text()
    hidden = words.split(",")[0]  # "manoeuvre 6 (…)"
    assert hidden not in watcher.page.content()
    assert watcher.page.locator("#menu .action").count() == 0
    shoot(seat, "game-aeronautica")
    for _ in range(60):
        if "turn 2/" in seat.page.locator("#caption").inner_text():
            break
        seat.page.wait_for_selector(CAN_ACT)
        play_one(seat, 0)
    else:
        raise AssertionError("turn 1 did not end in 60 clicks")
    for watched in (seat, watcher):
        assert watched.unexpected() == []
        own_origin_only(server, watched)


def test_a_de_bello_gallico_activation_moves_to_a_clicked_point(server: Server,
                                                                 browser: Browser):
    """DBG-11: activate eques-1 by keyboard (tab to it, Enter, then its action), click a point
    of the table: the page offers the move there, and choosing it puts the base there."""
    game = new_game(server, "de-bello-gallico/britons-ambush", seed=3,
                    seats={"romans": "human", "britons": "human"})
    seat = browser.open(game["seats"]["romans"]["url"])
    page = seat.page
    page.wait_for_selector("#board .piece.can-act")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.unit") == "eques-1":
            break
    page.keyboard.press("Enter")
    assert page.evaluate("polemosGame.selected") == "eques-1"
    page.locator("#menu .action[data-action*='\"activate\"']").click()
    wait_version(seat, 1)
    svg = page.locator("#board svg")
    box = svg.bounding_box()
    k = float(svg.get_attribute("data-scale") or 0)
    width = page.evaluate("document.querySelector('#board svg').viewBox.baseVal.width")
    px = box["width"] / width
    page.mouse.click(box["x"] + 28.0 * k * px, box["y"] + 17.5 * k * px)
    proposed = page.locator("#menu .action.proposed")
    action = json.loads(proposed.get_attribute("data-action") or "{}")
    assert action["kind"] == "move" and action["unit"] == "eques-1"
    assert action["args"]["x"] == pytest.approx(28.0, abs=0.3)
    assert action["args"]["y"] == pytest.approx(17.5, abs=0.3)
    proposed.hover()  # draws the move's path over the board
    assert page.locator("#board .preview").count() == 1
    shoot(seat, "game-de-bello-gallico")
    proposed.click()
    wait_version(seat, 2)
    moved = page.locator("#board .piece[data-unit='eques-1']")
    assert float(moved.get_attribute("data-x") or 0) == pytest.approx(action["args"]["x"],
                                                                      abs=0.01)
    assert seat.unexpected() == []
    own_origin_only(server, seat)


def test_the_lobby_lists_games_and_gives_a_free_seat(server: Server, browser: Browser):
    with server.client(ADMIN) as admin:
        club = admin.post("/api/clubs", json={"name": "Cercle de Vesontio"}).json()
        for scenario in ("petit-cirque/duel", "aeronautica/dogfight"):
            made = admin.post("/api/games", json={"scenario": scenario, "seed": 1,
                                                  "club": club["id"],
                                                  "seats": {"red": "open", "blue": "human"}
                                                  if "duel" in scenario else {}})
            assert made.status_code == 200, made.text
    lobby = browser.open(f"{server.url}/lobby/{club['id']}#code={club['join_code']}")
    lobby.page.wait_for_selector("#games tbody tr")
    assert lobby.page.locator("#games tbody tr").count() == 2
    shoot(lobby, "lobby")
    lobby.page.locator("button[data-take='red']").click()
    lobby.page.wait_for_selector("#board .piece[data-side='red']")
    assert lobby.page.evaluate("polemosGame.state.you") == "red"
    assert lobby.unexpected() == []
    own_origin_only(server, lobby)


def test_two_members_start_a_duel_from_the_printed_lobby_link(server_factory: Any,
                                                               browser: Browser,
                                                               tmp_path: Path):
    """The link ``polemos serve`` prints: one member creates a duel there (red "me", blue
    "open") and plays at once; the other sees the free seat in the same lobby, takes blue;
    both play by clicking."""
    running = server_factory(f"sqlite:///{tmp_path / 'club.db'}")
    line = next(x for x in running.log().splitlines() if x.startswith("Club lobby"))
    link = line.rpartition(" ")[2]
    first = browser.open(link)
    first.page.wait_for_selector("#new-game:not([hidden])")
    first.page.select_option("#scenario", "petit-cirque/duel")
    first.page.select_option("#seats select[data-seat='red']", "me")
    first.page.select_option("#seats select[data-seat='blue']", "open")
    first.page.click("#new-game button[type='submit']")
    first.page.wait_for_selector("#board .piece[data-side='red']")
    assert first.page.evaluate("polemosGame.state.you") == "red"
    second = browser.open(link)
    second.page.locator("button[data-take='blue']").click()
    second.page.wait_for_selector("#board .piece[data-side='blue']")
    assert second.page.evaluate("polemosGame.state.you") == "blue"
    pages = {"red": first, "blue": second}
    for count in range(4):
        mover = pages[first.page.evaluate("polemosGame.state.to_act")]
        mover.page.wait_for_selector(CAN_ACT)
        play_one(mover, count)
        for watched in pages.values():
            wait_version(watched, count + 1)
    for watched in pages.values():
        assert watched.unexpected() == []
        own_origin_only(running, watched)


def test_wrong_links_and_a_phone_get_clear_readable_pages(server: Server, browser: Browser):
    game = new_game(server)
    wrong = browser.open(f"{server.url}/play/{game['id']}#token=not-a-seat")
    wrong.page.wait_for_selector("#fatal")
    assert "wrong or has expired" in wrong.page.locator("#fatal").inner_text()
    bare = browser.open(f"{server.url}/play/{game['id']}")
    bare.page.wait_for_selector("#fatal")
    assert "no seat token" in bare.page.locator("#fatal").inner_text()
    lost = browser.open(f"{server.url}/lobby/nope#code=wrong")
    lost.page.wait_for_selector("body[data-broken='true']")
    assert wrong.unexpected(allow_4xx=True) == [] and lost.unexpected(allow_4xx=True) == []
    phone = browser.open(game["seats"]["blue"]["url"], browser.context(PHONE))
    phone.page.wait_for_selector(CAN_ACT)
    board = phone.page.locator("#board svg").bounding_box()
    menu = phone.page.locator("#menu").bounding_box()
    assert board["width"] <= PHONE["width"] and menu["y"] >= board["y"] + board["height"]
    shoot(phone, "phone")
    assert phone.unexpected() == []


def test_two_tabs_of_a_seat_agree_and_a_stale_choice_is_refused(server: Server,
                                                                 browser: Browser):
    """One tab's choice reaches the other; a tab that missed it (no live channel) has its
    choice refused as stale, shows the server's reason and catches up: applied once."""
    game = new_game(server)
    context = browser.context()
    first = browser.open(game["seats"]["blue"]["url"], context)
    second = browser.open(game["seats"]["blue"]["url"], context)
    deaf = Watched(context.new_page())  # its live channel answers, and never says anything
    deaf.page.route("**/stream*", lambda route: route.fulfill(
        status=200, content_type="text/event-stream", body=": quiet\n\n"))
    deaf.page.goto(game["seats"]["blue"]["url"])
    for watched in (first, second, deaf):
        watched.page.wait_for_selector(CAN_ACT)
    play_one(first, 0)
    assert wait_version(second, 1) == 1
    assert version(deaf) == 0
    deaf.page.locator("#board .piece.can-act").first.click()
    deaf.page.locator("#menu .lines .action").first.click()
    deaf.page.wait_for_selector("#notice:not([hidden])")
    assert "stale version 0" in deaf.page.locator("#notice").inner_text()
    assert wait_version(deaf, 1) == 1
    state = server.client(game["spectator"]["token"]).get(f"/api/games/{game['id']}")
    assert state.json()["version"] == 1
    assert first.unexpected() == [] and second.unexpected() == []


def test_losing_the_connection_shows_reconnecting_and_resumes(server_factory: Any,
                                                               browser: Browser,
                                                               tmp_path: Path):
    """The server dies under an open page: it says "reconnecting", and once the server is back
    it follows the game again without a reload (the seat's fixture closes first)."""
    running = server_factory(f"sqlite:///{tmp_path / 'web.db'}")
    game = new_game(running)
    seat = browser.open(game["seats"]["red"]["url"])
    seat.page.wait_for_selector("body[data-connection='live']")
    running.kill()
    seat.page.wait_for_selector("body[data-connection='reconnecting']")
    assert "reconnecting" in seat.page.locator("#connection").inner_text()
    running.start()
    seat.page.wait_for_selector("body[data-connection='live']", timeout=20_000)
    blue = game["seats"]["blue"]["token"]
    legal = running.client(blue).get(f"/api/games/{game['id']}").json()["legal"]
    answer = running.client(blue).post(f"/api/games/{game['id']}/actions",
                                       json={"action": legal[0], "version": 0})
    assert answer.status_code == 200
    assert wait_version(seat, 1) == 1


@pytest.mark.parametrize("scenario, human, bot, name", [
    ("at43/derby", "red", "blue", "game-at43"),
    ("mixed/bridge-showcase", "romans", "gauls", "game-mixed"),
])
def test_an_at43_and_a_mixed_game_are_drawn_and_played_by_clicking(server: Server,
                                                                   browser: Browser,
                                                                   scenario: str, human: str,
                                                                   bot: str, name: str):
    """Every ruleset's table: each unit the server lists is drawn with its side, a few choices
    are played by clicking against a bot seat, no console error, no request off the server."""
    game = new_game(server, scenario, seed=2, seats={human: "human", bot: "bot:greedy"})
    watched = browser.open(game["seats"][human]["url"])
    watched.page.wait_for_selector("#board svg .piece[data-unit]")
    drawn = watched.page.locator("#board .piece[data-unit]")
    assert drawn.count() > 0
    assert {drawn.nth(i).get_attribute("data-side") for i in range(drawn.count())} == \
        {human, bot}
    for pick in range(4):
        if watched.page.evaluate("polemosGame.state.over"):
            break
        watched.page.wait_for_function(
            f"polemosGame.state.to_act === {human!r} || polemosGame.state.over")
        if watched.page.evaluate("polemosGame.state.over"):
            break
        play_one(watched, pick)
    shoot(watched, name)
    assert watched.unexpected() == []
    own_origin_only(server, watched)
