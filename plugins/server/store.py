"""Live games: kept in memory while a process serves them, rebuilt from the database on demand.

An action costs no re-play: the process keeps each game it served, and before every read or
write only steps the actions another process stored since (``_catch_up``). A game this process
has not seen (a restart, another worker) is rebuilt from its scenario, seed and actions, and
every re-played action must give the events whose digest was stored with it.

Writes hold the game's in-process lock and its database lock (``db.writing`` plus the row lock)
from reading the version to the commit; the answer is sent only after the commit. A game whose
commit failed after its in-memory step is dropped and rebuilt on next use.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import random
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pluggy
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from polemos.core.engine import MAX_ACTIONS, checked_legal_actions
from polemos.core.errors import PolemosError, PolemosInputError
from polemos.core.game import Game, GameRecord
from polemos.core.players import BOT_KINDS, Player, make_bot
from polemos.core.scenario import LoadedScenario
from polemos.core.serialize import canonical, to_jsonable
from polemos.plugins.server.db import reading, writing
from polemos.plugins.server.errors import ApiError
from polemos.plugins.server.models import GAME_FORMAT, ActionRow, Club, GameRow, Seat
from polemos.plugins.server.tokens import digest, holder, new_id, new_token

HUMAN, OPEN, BOT = "human", "open", "bot:"
SPECTATOR = ""
"""The seat key of the spectator token among a game's token hashes."""


class StoredGameMismatch(PolemosError):
    """A stored game that does not re-play to its stored events (other rules installed, or the
    database edited): a server fault, never the client's."""


@dataclass
class Live:
    """One game this process serves. ``stored`` is the number of actions known committed."""

    id: str
    club_id: str | None
    game: Game
    kinds: dict[str, str]
    hashes: dict[str, str | None]
    stored: int = 0
    broken: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)
    rng: random.Random = field(default_factory=random.Random)
    bots: dict[str, Player] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return len(self.game.actions)

    def seat_of(self, token: str) -> str | None:
        """The side whose token this is, ``SPECTATOR`` for the spectator's, else None."""
        return holder(token, self.hashes)

    def bot(self, side: str, pm: pluggy.PluginManager) -> Player | None:
        kind = self.kinds[side]
        if not kind.startswith(BOT):
            return None
        if side not in self.bots:
            self.bots[side] = make_bot(pm, self.game.rules.name, kind[len(BOT):], self.rng,
                                       game=self.game)
        # Re-seeded from the position before every choice: a bot plays the same after a
        # restart or in another worker, whatever it played before.
        self.rng.seed(f"polemos-server-bot:{self.game.seed}:{side}:{self.version}")
        return self.bots[side]


def events_digest(events: list[dict[str, Any]]) -> str:
    return hashlib.sha256(canonical(events).encode("utf-8")).hexdigest()


def engine_version() -> str:
    return importlib.metadata.version("polemos")


def check_seats(seats: Mapping[str, str], sides: list[str], pm: pluggy.PluginManager,
                ruleset: str) -> dict[str, str]:
    """Every side's seat kind (``open`` unless given); an unknown side or kind is bad input."""
    for side, kind in seats.items():
        where = f"seats.{side}"
        if side not in sides:
            raise ApiError(400, f"{where}: no such side (sides: {', '.join(sides)})")
        if kind.startswith(BOT):
            make_bot(pm, ruleset, kind[len(BOT):], random.Random())  # an unknown kind raises
        elif kind not in (HUMAN, OPEN):
            raise ApiError(400, f"{where}: expected 'human', 'open' or 'bot:KIND' (KIND one "
                           f"of {', '.join(BOT_KINDS)} or a bot a plugin adds), got {kind!r}")
    return {side: seats.get(side, OPEN) for side in sides}


def new_club(session: Session, name: str) -> tuple[Club, str]:
    """Add a club named ``name``: it and its join code (shown once; only its hash is kept)."""
    join_code = new_token()
    club = Club(id=new_id(), name=name, join_hash=digest(join_code))
    session.add(club)
    return club, join_code


class Store:
    """The games of one database, as served by this process."""

    def __init__(self, engine: Engine, pm: pluggy.PluginManager) -> None:
        self.engine = engine
        self.pm = pm
        self.games: dict[str, Live] = {}
        self.guard = threading.Lock()
        self.loading: dict[str, threading.Lock] = {}

    # -- creating and finding games ---------------------------------------------------------
    def create(self, loaded: LoadedScenario, seed: int, seats: Mapping[str, str],
               club_id: str | None) -> tuple[Live, dict[str, str], str]:
        """A new game: its live copy, the new seat tokens by side, and the spectator token."""
        game = Game.new(loaded, self.pm, seed=seed)
        kinds = check_seats(seats, list(game.rules.sides(game.state)), self.pm, game.rules.name)
        tokens = {side: new_token() for side, kind in kinds.items() if kind == HUMAN}
        spectator = new_token()
        hashes: dict[str, str | None] = {side: digest(tokens[side]) if side in tokens else None
                                         for side in kinds}
        hashes[SPECTATOR] = digest(spectator)
        live = Live(new_id(), club_id, game, kinds, hashes)
        with writing(self.engine) as session:
            session.add(GameRow(
                id=live.id, club_id=club_id, format=GAME_FORMAT, engine_version=engine_version(),
                ruleset=game.rules.name, ruleset_version=game.rules.version,
                name=loaded.model.name, source=loaded.source, scenario=loaded.raw, seed=seed,
                dice=game.dice.script, spectator_hash=hashes[SPECTATOR], version=0,
                to_act=game.to_act(), result=None))
            session.flush()
            session.add_all(Seat(game_id=live.id, side=side, kind=kind, token_hash=hashes[side])
                            for side, kind in kinds.items())
        with self.guard:
            self.games[live.id] = live
        return live, tokens, spectator

    def live(self, game_id: str) -> Live:
        """The game in memory, rebuilt from the database when this process has not got it."""
        with self.guard:
            live = self.games.get(game_id)
            if live is not None and not live.broken:
                return live
            loading = self.loading.setdefault(game_id, threading.Lock())
        with loading:  # one rebuild per game, however many requests ask for it at once
            with self.guard:
                live = self.games.get(game_id)
                if live is not None and not live.broken:
                    return live
            live = self._rebuild(game_id)
            with self.guard:
                self.games[game_id] = live
            return live

    def _rebuild(self, game_id: str) -> Live:
        with reading(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise ApiError(404, f"no game {game_id!r}")
            seats = session.scalars(select(Seat).where(Seat.game_id == game_id)).all()
            record = GameRecord(scenario=row.scenario, source=row.source, seed=row.seed,
                                dice=row.dice)
            try:
                game = Game.replayable(record, self.pm, f"game {game_id}")
            except PolemosInputError as error:
                raise StoredGameMismatch(f"game {game_id} no longer sets up: {error}") from None
            by_side = {seat.side: seat for seat in seats}
            sides = game.rules.sides(game.state)  # in the game's order, not the database's
            hashes: dict[str, str | None] = {side: by_side[side].token_hash for side in sides}
            hashes[SPECTATOR] = row.spectator_hash
            live = Live(game_id, row.club_id, game, {side: by_side[side].kind for side in sides},
                        hashes)
            self._catch_up(live, session, row.version)
        return live

    def _catch_up(self, live: Live, session: Session, version: int) -> None:
        """Step the actions stored after the ones ``live`` has, checking each one's events."""
        if version < live.version:
            live.broken = True
            raise StoredGameMismatch(f"game {live.id}: {live.version} actions in memory, "
                                     f"{version} stored")
        if version == live.version:
            return
        rows = session.scalars(select(ActionRow).where(ActionRow.game_id == live.id,
                                                       ActionRow.seq >= live.version)
                               .order_by(ActionRow.seq)).all()
        for row in rows:
            if row.seq != live.version:
                raise StoredGameMismatch(f"game {live.id}: action {live.version} is missing")
            before = len(live.game.events)
            try:
                live.game.step(row.action, side=row.side)
            except PolemosInputError as error:
                live.broken = True
                raise StoredGameMismatch(f"game {live.id}: stored action {row.seq} does not "
                                         f"re-play: {error}") from None
            if events_digest(live.game.events[before:]) != row.events_digest:
                live.broken = True
                raise StoredGameMismatch(f"game {live.id}: stored action {row.seq} re-plays "
                                         "to other events than it gave")
        live.stored = live.version

    @contextmanager
    def held(self, game_id: str) -> Iterator[Live]:
        """The game, under its in-process lock, current with the database (reads)."""
        while True:
            live = self.live(game_id)
            with live.lock:
                if live.broken:
                    continue
                with reading(self.engine) as session:
                    version = session.scalar(select(GameRow.version)
                                             .where(GameRow.id == game_id))
                    self._catch_up(live, session, int(version or 0))
                yield live
                return

    @contextmanager
    def changing(self, game_id: str) -> Iterator[tuple[Live, Session, GameRow]]:
        """The game under both its locks, current with the database, in a transaction that is
        committed on leaving (writes). A failure after an in-memory step drops the game."""
        while True:
            live = self.live(game_id)
            with live.lock:
                if live.broken:
                    continue
                try:
                    with writing(self.engine) as session:
                        row = session.get(GameRow, game_id, with_for_update=True)
                        if row is None:
                            raise ApiError(404, f"no game {game_id!r}")
                        self._catch_up(live, session, row.version)
                        yield live, session, row
                except BaseException:
                    if live.version != live.stored:
                        self._drop(live)
                    raise
                live.stored = live.version
                return

    def _drop(self, live: Live) -> None:
        live.broken = True
        with self.guard:
            if self.games.get(live.id) is live:
                del self.games[live.id]

    # -- playing ----------------------------------------------------------------------------
    def _step(self, live: Live, session: Session, row: GameRow, side: str,
              action: Mapping[str, Any]) -> None:
        """Step one action and stage its row (an ``IllegalAction`` leaves everything as it
        was); the caller's transaction commits it."""
        before = len(live.game.events)
        live.game.step(action, side=side)
        session.add(ActionRow(game_id=live.id, seq=row.version, side=side,
                              action=live.game.actions[-1],
                              events_digest=events_digest(live.game.events[before:])))
        row.version = live.version
        row.to_act = live.game.to_act()
        result = live.game.result()
        row.result = to_jsonable(result) if result is not None else None

    def act(self, game_id: str, token: str, action: Mapping[str, Any], version: int) -> int:
        """Accept one seat's action at ``version``; the new version once it is committed."""
        with self.changing(game_id) as (live, session, row):
            side = live.seat_of(token)
            if side is None or side == SPECTATOR:
                raise ApiError(403, "wrong token: not a seat of this game")
            if version != row.version:
                raise ApiError(409, f"stale version {version}: the game is at {row.version}",
                               version=row.version)
            acting = live.game.to_act()
            if acting != side:
                reason = "the game is over" if acting is None else f"it is {acting}'s turn"
                raise ApiError(403, f"not your turn: {reason}", to_act=acting)
            self._step(live, session, row, side, action)
            return live.version

    def play_bots(self, game_id: str) -> None:
        """Let the server's bots play while one of them is to act, each action committed."""
        for _ in range(MAX_ACTIONS):
            with self.changing(game_id) as (live, session, row):
                side = live.game.to_act()
                bot = live.bot(side, self.pm) if side is not None else None
                if side is None or bot is None:
                    return
                game = live.game
                action = bot.choose(game.rules, game.view(side), side,
                                    checked_legal_actions(game, side))
                self._step(live, session, row, side, action.to_json())

    def bot_to_act(self, live: Live) -> bool:
        side = live.game.to_act()
        return side is not None and live.kinds[side].startswith(BOT)

    # -- seats and the lobby ----------------------------------------------------------------
    def take_seat(self, game_id: str, club_id: str | None, side: str) -> str:
        """Give the free seat ``side`` to whoever has the club's join code: its new token."""
        token = new_token()
        with self.changing(game_id) as (live, session, _):
            if club_id is not None and live.club_id != club_id:
                raise ApiError(403, "this game belongs to another club")
            if side not in live.kinds:
                raise ApiError(404, f"no side {side!r} (sides: {', '.join(live.kinds)})")
            seat = session.get(Seat, (game_id, side), with_for_update=True)
            if seat is None or seat.kind != OPEN:
                raise ApiError(409, f"the {side} seat is not free")
            seat.kind, seat.token_hash = HUMAN, digest(token)
            live.kinds[side], live.hashes[side] = HUMAN, seat.token_hash
        return token

    def lobby(self, club_id: str) -> list[dict[str, Any]]:
        """A club's games: scenario, seats (free ones marked), whose turn, result."""
        with reading(self.engine) as session:
            rows = session.scalars(select(GameRow).where(GameRow.club_id == club_id)
                                   .order_by(GameRow.name, GameRow.id)).all()
            seats = session.scalars(select(Seat).where(Seat.game_id.in_([r.id for r in rows]))
                                    ).all()
            by_game: dict[str, dict[str, str]] = {}
            for seat in seats:
                by_game.setdefault(seat.game_id, {})[seat.side] = seat.kind
            return [{"id": r.id, "scenario": r.name, "ruleset": r.ruleset,
                     "seats": by_game.get(r.id, {}),
                     "free": sorted(s for s, k in by_game.get(r.id, {}).items() if k == OPEN),
                     "to_act": r.to_act, "version": r.version, "result": r.result}
                    for r in rows]

    def club(self, session: Session, join_code: str) -> Club | None:
        return session.scalar(select(Club).where(Club.join_hash == digest(join_code)))
