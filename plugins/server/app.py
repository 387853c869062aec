"""The HTTP API (FastAPI): clubs, games, seats, actions, per-seat events, the live channel.

Every game route takes ``Authorization: Bearer TOKEN``: a seat's token plays and sees that
seat's view and events; the spectator's sees what every side may see until the game ends, and
everything after. Bodies are parsed here, not by FastAPI, so a body that is not UTF-8 or not
JSON is a 400 saying so (``errors``), and the size limit applies first (``limits``).
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
from collections.abc import AsyncIterator
from typing import Annotated, Any

import pluggy
from fastapi import BackgroundTasks, Depends, FastAPI, Query, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import PlainTextResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictInt
from starlette.concurrency import run_in_threadpool

from polemos.core.eventlog import log_text
from polemos.core.plugins import make_plugin_manager
from polemos.core.serialize import to_jsonable
from polemos.plugins.server import DEFAULT_DB
from polemos.plugins.server.db import make_engine, reading, writing
from polemos.plugins.server.errors import ApiError, forbidden, install_handlers, log_failure
from polemos.plugins.server.limits import BodyLimit
from polemos.plugins.server.models import Admin, Club
from polemos.plugins.server.scenarios import resolve_scenario, scenario_sides
from polemos.plugins.server.store import SPECTATOR, Live, Store, new_club
from polemos.plugins.server.tokens import matches
from polemos.plugins.server.web import add_web_routes

DB_ENV = "POLEMOS_SERVER_DB"
CORS_ENV = "POLEMOS_SERVER_CORS"
"""What ``polemos serve`` hands each worker (uvicorn starts workers from an import string)."""
STREAM_POLL_S = 0.25
STREAM_KEEPALIVE_S = 15.0
SEED_RANGE = 1 << 63


class NewClub(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200)


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scenario: str = Field(min_length=1, description="an installed scenario's name, or a "
                          "scenario's YAML text (at most 256 KiB, as `polemos validate`)")
    seed: StrictInt | None = Field(None, ge=-SEED_RANGE, lt=SEED_RANGE)
    seats: dict[Annotated[str, Field(max_length=100)],
                Annotated[str, Field(max_length=100)]] = Field(
        default_factory=dict, description='"human", "open" or "bot:KIND" by side')
    club: str | None = Field(None, max_length=32, description="the club (admin only)")


class NewAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: dict[str, JsonValue]
    version: StrictInt


def documented(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that parses its body itself."""
    return {"requestBody": {"required": True, "content": {
        "application/json": {"schema": model.model_json_schema()}}}}


async def json_body(request: Request) -> Any:
    data = await request.body()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ApiError(400, f"request body is not UTF-8: byte 0x{data[error.start]:02x} at "
                       f"offset {error.start}") from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ApiError(400, f"request body is not JSON: {str(error)[:200]}") from None


Body = Annotated[Any, Depends(json_body)]


def bearer(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise forbidden("missing token: send Authorization: Bearer TOKEN")
    return token.strip()


Token = Annotated[str, Depends(bearer)]


def create_app(db_url: str = DEFAULT_DB, cors: list[str] | None = None,
               pm: pluggy.PluginManager | None = None) -> FastAPI:
    """The application serving the database at ``db_url``; CORS only for the ``cors`` origins."""
    engine = make_engine(db_url)
    store = Store(engine, pm or make_plugin_manager())
    app = FastAPI(title="Polemos club server", version="1")
    install_handlers(app)
    if cors:
        app.add_middleware(CORSMiddleware, allow_origins=cors, allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type"])
    app.add_middleware(BodyLimit)

    sides: dict[str, list[str]] = {}
    """Each installed scenario's sides, found at the first ``/api/scenarios`` request."""

    def is_admin(token: str) -> bool:
        with reading(engine) as session:
            admin = session.get(Admin, 1)
        return admin is not None and matches(token, admin.token_hash)

    def club_of(token: str) -> Club | None:
        with reading(engine) as session:
            return store.club(session, token)

    def seat(live: Live, token: str) -> str | None:
        """The token's side (None: the spectator); 403 for any other token."""
        side = live.seat_of(token)
        if side is None:
            raise forbidden("wrong token for this game")
        return None if side == SPECTATOR else side

    def urls(request: Request, game_id: str, token: str) -> dict[str, str]:
        return {"token": token, "url": f"{request.base_url}play/{game_id}#token={token}"}

    @app.get("/api/health")
    def health() -> dict[str, bool]:
        return {"ok": True}

    @app.post("/api/clubs", openapi_extra=documented(NewClub))
    def create_club(token: Token, body: Body) -> dict[str, str]:
        if not is_admin(token):
            raise forbidden("creating a club takes the admin token")
        new = NewClub.model_validate(body)
        with writing(engine) as session:
            club, join_code = new_club(session, new.name)
        return {"id": club.id, "name": club.name, "join_code": join_code}

    @app.get("/api/scenarios")
    def scenarios() -> dict[str, dict[str, list[str]]]:
        """The installed scenarios and their sides, for the lobby's new-game form."""
        if not sides:
            sides.update(scenario_sides(store.pm))
        return {"scenarios": sides}

    @app.get("/api/clubs/{club_id}/games")
    def lobby(club_id: str, token: Token) -> dict[str, Any]:
        club = club_of(token)
        if not is_admin(token) and (club is None or club.id != club_id):
            raise forbidden("the lobby takes the club's join code")
        return {"club": club_id, "games": store.lobby(club_id)}

    @app.post("/api/games", openapi_extra=documented(NewGame))
    def create_game(request: Request, token: Token, body: Body,
                    tasks: BackgroundTasks) -> dict[str, Any]:
        admin = is_admin(token)
        club = None if admin else club_of(token)
        if not admin and club is None:
            raise forbidden("creating a game takes the admin token or a club's join code")
        new = NewGame.model_validate(body)
        if club is not None and new.club not in (None, club.id):
            raise forbidden("a join code creates games of its own club only")
        club_id = club.id if club is not None else new.club
        if admin and club_id is not None:
            with reading(engine) as session:
                if session.get(Club, club_id) is None:
                    raise ApiError(400, f"club: no club {club_id!r}")
        loaded = resolve_scenario(new.scenario, store.pm)
        seed = new.seed if new.seed is not None else secrets.randbelow(1 << 31)
        live, tokens, spectator = store.create(loaded, seed, new.seats, club_id)
        tasks.add_task(play_bots, live.id)
        return {"id": live.id, "club": club_id,
                "seats": {side: urls(request, live.id, tok) for side, tok in tokens.items()},
                "bots": {side: kind for side, kind in live.kinds.items() if kind != "human"},
                "spectator": urls(request, live.id, spectator)}

    @app.post("/api/games/{game_id}/seats/{side}")
    def take_seat(request: Request, game_id: str, side: str, token: Token) -> dict[str, str]:
        club = club_of(token)
        if club is None and not is_admin(token):
            raise forbidden("taking a seat takes the club's join code")
        seat_token = store.take_seat(game_id, club.id if club is not None else None, side)
        return urls(request, game_id, seat_token)

    @app.get("/api/games/{game_id}")
    def game_state(game_id: str, token: Token, tasks: BackgroundTasks) -> dict[str, Any]:
        with store.held(game_id) as live:
            you = seat(live, token)
            game = live.game
            to_act = game.to_act()
            result = game.result()
            if store.bot_to_act(live):
                tasks.add_task(play_bots, game_id)  # after a restart nobody else would
            return {"id": game_id, "you": you, "to_act": to_act, "version": live.version,
                    "sides": list(live.kinds), "seats": live.kinds,
                    "view": to_jsonable(game.view(you)) if you is not None else None,
                    "legal": [a.to_json() for a in game.legal_actions()]
                    if you is not None and you == to_act else [],
                    "result": to_jsonable(result) if result is not None else None}

    @app.post("/api/games/{game_id}/actions", openapi_extra=documented(NewAction))
    def post_action(game_id: str, token: Token, body: Body,
                    tasks: BackgroundTasks) -> dict[str, int]:
        new = NewAction.model_validate(body)
        version = store.act(game_id, token, new.action, new.version)
        tasks.add_task(play_bots, game_id)
        return {"version": version}

    @app.get("/api/games/{game_id}/events")
    def game_events(game_id: str, token: Token,
                    since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        with store.held(game_id) as live:
            you = seat(live, token)
            shown = live.game.events_for(you, since)
            return {"events": shown, "next": shown[-1]["seq"] + 1 if shown else since}

    @app.get("/api/games/{game_id}/log", response_class=PlainTextResponse)
    def game_log(game_id: str, token: Token) -> PlainTextResponse:
        with store.held(game_id) as live:
            seat(live, token)
            if live.game.to_act() is not None:
                raise ApiError(409, "the log is available once the game has ended")
            return PlainTextResponse(log_text(live.game), media_type="application/jsonl")

    @app.get("/api/games/{game_id}/stream")
    async def stream(game_id: str, request: Request,
                     token: Annotated[str | None, Query()] = None) -> StreamingResponse:
        """Server-sent events: ``version`` each time the game changes (also seen from other
        processes: the database is polled). ``?token=`` for browsers' EventSource."""
        secret = token or bearer(request)

        def status() -> tuple[int, bool]:
            with store.held(game_id) as live:
                seat(live, secret)
                return live.version, live.game.to_act() is None

        first = await run_in_threadpool(status)

        async def changes() -> AsyncIterator[str]:
            version, over = first
            yield f"event: version\ndata: {json.dumps({'version': version})}\n\n"
            quiet = 0.0
            while not over:
                await asyncio.sleep(STREAM_POLL_S)
                now, over = await run_in_threadpool(status)
                quiet += STREAM_POLL_S
                if now != version:
                    version, quiet = now, 0.0
                    yield f"event: version\ndata: {json.dumps({'version': version})}\n\n"
                elif quiet >= STREAM_KEEPALIVE_S:
                    quiet = 0.0
                    yield ": keep-alive\n\n"

        return StreamingResponse(changes(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    def play_bots(game_id: str) -> None:
        try:
            store.play_bots(game_id)
        except Exception as error:  # after the answer was sent: only the log can tell
            log_failure(error, f"bots of game {game_id}")

    add_web_routes(app, store, bearer)
    app.state.store = store
    return app


def app_from_env() -> FastAPI:
    """The application ``polemos serve`` configures through the environment, for each worker."""
    cors = [origin for origin in os.environ.get(CORS_ENV, "").split(",") if origin]
    return create_app(os.environ.get(DB_ENV, DEFAULT_DB), cors)
