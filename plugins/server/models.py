"""The database tables: a game is its scenario, seed, versions and an append-only action log.

The state of a game is never stored: it is rebuilt by re-playing the actions (design.md, "A game
is scenario + seed + versions + actions"). ``actions`` has the primary key (game, seq), so two
processes can never both write action N of one game; ``games.version`` is the number of accepted
actions, and the row every writer locks first.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

GAME_FORMAT = "polemos-game/1"
"""The stored form of a game; a new format comes with a migration (``polemos db upgrade``)."""


class Base(DeclarativeBase):
    """The declarative base of the server's tables (SQLAlchemy 2)."""


class Admin(Base):
    """The one admin token's hash (its text is printed once, at first start)."""

    __tablename__ = "admin"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))


class Club(Base):
    """A club: its members create games and take free seats with its join code."""

    __tablename__ = "clubs"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    join_hash: Mapped[str] = mapped_column(String(64), unique=True)


class GameRow(Base):
    """One game: what re-plays it, the engine and ruleset versions it was played with, and a
    summary for the lobby (whose turn, the result) kept with every accepted action."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    club_id: Mapped[str | None] = mapped_column(ForeignKey("clubs.id"), index=True)
    format: Mapped[str] = mapped_column(String(40))
    engine_version: Mapped[str] = mapped_column(String(40))
    ruleset: Mapped[str] = mapped_column(String(100))
    ruleset_version: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(300))
    scenario: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    dice: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    spectator_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, default=0)
    to_act: Mapped[str | None] = mapped_column(String(100), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class Seat(Base):
    """One side of a game: a person (``human``: token given; ``open``: free until taken) or a
    bot the server plays (``bot:KIND``). Only the token's hash is kept."""

    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    side: Mapped[str] = mapped_column(String(100), primary_key=True)
    kind: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    """Action ``seq`` of a game as the seat sent it, and a digest of the events it gave: a
    rebuilt game must give the same events, or it is refused (other rules installed)."""

    __tablename__ = "actions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    side: Mapped[str] = mapped_column(String(100))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    events_digest: Mapped[str] = mapped_column(String(64))
