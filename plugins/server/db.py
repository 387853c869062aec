"""The database: an engine per URL (SQLite file or PostgreSQL), write transactions that lock the
game they change, and the Alembic migrations (``polemos db upgrade``).

Every writer takes the game's lock before it reads the version it checks: on PostgreSQL a row
lock (``SELECT … FOR UPDATE`` on the game), on SQLite the database write lock taken at the start
of the transaction (``BEGIN IMMEDIATE``; readers go on under WAL). So two processes serving one
game alternately, or racing on it, always see each other's accepted actions.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session

from polemos.core.errors import PolemosInputError

MIGRATIONS = Path(__file__).parent / "migrations"
WRITE = "polemos_write"
"""The execution option that makes a SQLite transaction take the write lock at once."""
SQLITE_BUSY_MS = 30_000


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a bad URL or a missing driver is bad input (exit 2), not a crash."""
    try:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite":
            engine = create_engine(parsed, connect_args={"timeout": SQLITE_BUSY_MS / 1000,
                                                         "check_same_thread": False})
            _sqlite_transactions(engine)
        else:
            engine = create_engine(parsed, pool_size=20, max_overflow=20, pool_pre_ping=True)
    except (ArgumentError, ImportError, ValueError) as error:
        raise PolemosInputError(f"--db {url}: {error}") from None
    return engine


def _sqlite_transactions(engine: Engine) -> None:
    """pysqlite's own transaction handling cannot take the write lock up front; this does."""

    @event.listens_for(engine, "connect")
    def connect(connection: Any, record: Any) -> None:
        connection.isolation_level = None
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        connection.execute("PRAGMA foreign_keys=ON")

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        write = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


@contextmanager
def writing(engine: Engine) -> Iterator[Session]:
    """A session whose transaction may write: committed on leaving, rolled back on an error."""
    with Session(engine, expire_on_commit=False) as session:
        session.connection(execution_options={WRITE: True})  # begins the transaction
        try:
            yield session
        except BaseException:
            session.rollback()
            raise
        session.commit()


@contextmanager
def reading(engine: Engine) -> Iterator[Session]:
    """A read-only session (a plain ``BEGIN`` on SQLite: it waits for no writer)."""
    with Session(engine, expire_on_commit=False) as session:
        yield session


def _config(connection: Any) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str | None:
    return ScriptDirectory(str(MIGRATIONS)).get_current_head()


def current_revision(engine: Engine) -> str | None:
    """The database's schema revision; None for a new (empty) database."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> tuple[str | None, str | None]:
    """Bring the schema to the newest revision: ``(revision before, revision now)``."""
    before = current_revision(engine)
    with engine.begin() as connection:
        command.upgrade(_config(connection), "head")
    return before, head_revision()
