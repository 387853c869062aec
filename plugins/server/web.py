"""The web board: pages served by ``polemos serve`` and the JSON they draw from.

Pages are static shells shipped in ``static/`` (HTML, script, style: nothing fetched from
outside, no build step); the seat's token stays in the URL's fragment, which browsers never
send, and the script passes it as ``Authorization`` to the API. What a seat is shown comes
from one route, ``/api/games/{id}/board``: the shared renderer's picture of the position
(``core.render``), the menu grouped by unit as at the terminal (``core.menu``, with odds) and
the narrated log of the events that seat may see. The picture is the ruleset's ``board``
(positions, labels, markers): no ruleset draws orders not yet revealed, so a sealed manoeuvre
never reaches the other seat. The replay of a finished game is the HTML replay
(``core.render.page``), rebuilt by re-playing.
"""

from __future__ import annotations

import html
import math
from importlib.resources import files
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from polemos.core.actions import Action
from polemos.core.annotations import StepNotes, annotate_step
from polemos.core.cli import Recorder, drawable_board, result_words
from polemos.core.errors import PolemosInputError
from polemos.core.game import VISIBLE_TO, Game
from polemos.core.menu import MenuKeys, build_menu
from polemos.core.render import frame, highlights, log_line_html, render_html, side_colours
from polemos.core.rulebook import rulebook
from polemos.plugins.server.errors import ApiError, forbidden
from polemos.plugins.server.store import SPECTATOR, Live, Store

ASSETS = {"game.js": "text/javascript", "lobby.js": "text/javascript", "web.css": "text/css"}
PAGES = ("game.html", "lobby.html")
LOG_LINES = 60
"""The most recent narrated lines a seat's page is sent (the replay has them all)."""
SECURITY = {"Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
            "script-src 'self' 'unsafe-inline'; img-src 'self' data:",
            "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
"""Pages may load nothing but the server's own assets (the replay inlines its script)."""


class Point(BaseModel):
    """A click on the table: the selected unit and a point in cm, or a typed command."""

    model_config = ConfigDict(extra="forbid")
    unit: str | None = Field(None, max_length=100)
    x: float | None = Field(None, allow_inf_nan=False)
    y: float | None = Field(None, allow_inf_nan=False)
    text: str | None = Field(None, max_length=200)


def web_file(name: str) -> str:
    return files("polemos.plugins.server").joinpath("static", name).read_text(encoding="utf-8")


def message_page(status: int, title: str, text: str) -> HTMLResponse:
    """A clear page for a link that leads nowhere (never a stack trace)."""
    body = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>'
            f'{html.escape(title)}</title><link rel="stylesheet" href="/web/web.css"></head>'
            f'<body><main class="message"><h1>{html.escape(title)}</h1><p>{html.escape(text)}'
            '</p><p><a href="/">Polemos club server</a></p></main></body></html>')
    return HTMLResponse(body, status_code=status, headers=SECURITY)


def seat_side(live: Live, token: str) -> str | None:
    side = live.seat_of(token)
    if side is None:
        raise forbidden("wrong or expired link: this token is no seat of this game")
    return None if side == SPECTATOR else side


def visible_log(live: Live, you: str | None, rules: dict[str, str]
                ) -> tuple[list[str], StepNotes]:
    """The last narrated lines ``you`` may see, and the notes of the last step it saw."""
    game = live.game
    shown = game.events_for(you)
    last = max((i for i, e in enumerate(shown) if e["type"] == "action"), default=len(shown))
    lines = [log_line_html(line, rules) for event in shown
             if (line := game.rules.narrate(event)) is not None]
    return lines[-LOG_LINES:], annotate_step(game.rules, shown[last:])


def menu_json(live: Live, you: str) -> list[dict[str, Any]]:
    """The seat's legal actions grouped by unit, in words, with the odds of shots."""
    game = live.game
    sides = game.rules.sides(game.state)
    legal = game.legal_actions()
    if not legal:
        return []
    view = game.view(you)
    units = game.rules.units(game.state)
    keys = MenuKeys(sides)
    keys.know_units(units)
    menu = build_menu(keys, legal, you, units, lambda a: game.rules.describe_action(view, a),
                      lambda a: game.rules.odds(view, a), legal[0])
    return [{"unit": g.unit, "side": g.side, "key": g.key,
             "lines": [{"key": line.key, "action": line.action.to_json(), "text": line.text,
                        "odds": line.odds} for line in g.lines]} for g in menu.groups]


def sealed(live: Live, you: str | None) -> bool:
    """Whether ``you``'s last action was a sealed order (its event shown to ``you`` alone)."""
    own = next((e for e in reversed(live.game.events)
                if e["type"] == "action" and e.get("side") == you), None)
    return you is not None and own is not None and own.get(VISIBLE_TO) == [you]


def to_point(action: Action) -> bool:
    """A move that ends at a table point (x, y in cm): a click on the table can choose it."""
    return all(isinstance(action.args.get(axis), int | float) for axis in ("x", "y"))


def board_json(live: Live, you: str | None, rules: dict[str, str]) -> dict[str, Any]:
    game = live.game
    to_act = game.to_act()
    result = game.result()
    board = drawable_board(game)
    lines, notes = visible_log(live, you, rules)
    sides = game.rules.sides(game.state)
    mine = you is not None and you == to_act
    return {"id": live.id, "title": game.loaded.model.name, "ruleset": game.rules.name,
            "you": you, "to_act": to_act, "version": live.version, "sides": sides,
            "seats": live.kinds, "caption": board.caption,
            "svg": frame(board, highlights(notes, board), side_colours(sides)),
            "menu": menu_json(live, you) if mine and you is not None else [],
            "points": mine and any(to_point(a) for a in game.legal_actions()),
            "sealed": sealed(live, you),
            "log": lines, "over": to_act is None,
            "result": None if result is None
            else result_words(result, game.rules.score_meaning(game.state))}


def nearest_move(live: Live, you: str, point: Point) -> Action:
    """The action a click means: the typed destination when the rules accept it exactly
    (``Ruleset.parse_command``), else the selected unit's legal move ending nearest the point."""
    game = live.game
    view = game.view(you)
    text = point.text or (f"move {point.unit} to {point.x:.2f} {point.y:.2f}"
                          if point.unit and point.x is not None and point.y is not None else None)
    if text is None:
        raise ApiError(400, "send a unit and a point (x, y in cm) or a command text")
    try:
        typed = game.rules.parse_command(view, text)
        if typed is not None:
            game.rules.check(game.state, typed)
            return typed
    except PolemosInputError as error:
        if point.text:
            raise ApiError(400, f"{text!r}: {error}") from None
    moves = [a for a in game.legal_actions() if a.unit == point.unit and to_point(a)]
    if not moves or point.x is None or point.y is None:
        raise ApiError(400, f"{text!r}: no legal move of {point.unit} to a point here")
    x, y = point.x, point.y
    return min(moves, key=lambda a: math.hypot(a.args["x"] - x, a.args["y"] - y))


def replay_page(store: Store, live: Live) -> str:
    """The finished game as the HTML replay, re-played from its scenario, seed and actions."""
    played = live.game
    game = Game.new(played.loaded, store.pm, seed=played.seed, dice_script=played.dice.script)
    recorder = Recorder(game)
    for action in played.actions:
        game.step(action)
        recorder(game)
    title = f"{played.loaded.model.name} — replay of game {live.id}"
    return render_html(recorder.boards, recorder.logs, game.rules.sides(game.state), title,
                       recorder.rules, recorder.notes)


def add_web_routes(app: FastAPI, store: Store, bearer: Any) -> None:
    """The pages and the board route, on ``app`` serving ``store``."""
    rules = rulebook(store.pm).texts()

    def page(name: str) -> HTMLResponse:
        return HTMLResponse(web_file(name), headers=SECURITY)

    @app.get("/web/{name}", include_in_schema=False)
    def asset(name: str) -> Response:
        if name not in ASSETS:
            raise ApiError(404, f"no asset {name!r}")
        return Response(web_file(name), media_type=ASSETS[name],
                        headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    def home() -> HTMLResponse:
        return message_page(200, "Polemos club server",
                            "Open the link of your seat, or your club's lobby link "
                            "(/lobby/CLUB#code=JOIN-CODE).")

    @app.get("/play/{game_id}", include_in_schema=False)
    @app.get("/watch/{game_id}", include_in_schema=False)
    def game_page(game_id: str) -> HTMLResponse:
        return page("game.html")

    @app.get("/lobby/{club_id}", include_in_schema=False)
    def lobby_page(club_id: str) -> HTMLResponse:
        return page("lobby.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    def replay(game_id: str, token: Annotated[str, Query()] = "") -> HTMLResponse:
        try:
            with store.held(game_id) as live:
                seat_side(live, token)
                if live.game.to_act() is not None:
                    return message_page(409, "Not finished yet",
                                        "The replay opens once the game has ended.")
                return HTMLResponse(replay_page(store, live), headers=SECURITY)
        except ApiError as error:
            return message_page(error.status, "No replay here", str(error.args[0]))

    @app.get("/api/games/{game_id}/board")
    def board(game_id: str, request: Request) -> dict[str, Any]:
        token = bearer(request)
        with store.held(game_id) as live:
            return board_json(live, seat_side(live, token), rules)

    @app.post("/api/games/{game_id}/point")
    def point(game_id: str, request: Request, wanted: Point) -> dict[str, Any]:
        token = bearer(request)
        with store.held(game_id) as live:
            you = seat_side(live, token)
            if you is None or you != live.game.to_act():
                raise ApiError(403, "not your turn")
            action = nearest_move(live, you, wanted)
            return {"action": action.to_json(), "version": live.version,
                    "text": live.game.rules.describe_action(live.game.view(you), action)}
