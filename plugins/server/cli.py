"""``polemos serve`` and ``polemos db upgrade``.

``serve`` creates a new database (all migrations), refuses one that is behind (``polemos db
upgrade`` first: a migration is a decision, not a side effect of a restart), makes the admin
token and a first club (its lobby link printed), then runs uvicorn. It binds 127.0.0.1 unless
told otherwise.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

import pluggy

from polemos.core.errors import PolemosInputError
from polemos.plugins.server import DEFAULT_DB

if TYPE_CHECKING:
    from sqlalchemy import Engine

ADMIN_ENV = "POLEMOS_ADMIN_TOKEN"
DB_HELP = f"database URL (default {DEFAULT_DB}; PostgreSQL: postgresql+psycopg://USER@HOST/DB)"


def shown_url(url: str) -> str:
    """The URL without its password, for the terminal."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def add_serve(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("serve", help="run the club server (HTTP API on uvicorn)")
    p.add_argument("--db", default=DEFAULT_DB, metavar="URL", help=DB_HELP)
    p.add_argument("--host", default="127.0.0.1",
                   help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--workers", type=int, default=1, metavar="N", help="server processes")
    p.add_argument("--cors", action="append", default=[], metavar="ORIGIN",
                   help="allow browser requests from this origin (default: none)")
    p.set_defaults(func=cmd_serve)


def add_db(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("db", help="the club server's database")
    p.add_argument("action", choices=["upgrade"], help="apply the migrations not yet applied")
    p.add_argument("--db", default=DEFAULT_DB, metavar="URL", help=DB_HELP)
    p.set_defaults(func=cmd_db)


def cmd_db(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    from polemos.plugins.server.db import make_engine, upgrade

    before, now = upgrade(make_engine(args.db))
    print(f"{shown_url(args.db)}: schema {before or 'empty'} -> {now}")
    return 0


def ready_database(url: str) -> Engine:
    """The engine of a database at the newest schema: a new one is created."""
    from polemos.plugins.server.db import current_revision, head_revision, make_engine, upgrade

    engine = make_engine(url)
    revision, head = current_revision(engine), head_revision()
    if revision is None:
        upgrade(engine)
        print(f"{shown_url(url)}: new database, schema {head}", flush=True)
    elif revision != head:
        raise PolemosInputError(f"{shown_url(url)}: schema {revision}, this server needs "
                                f"{head}: run `polemos db upgrade --db {shown_url(url)}`")
    return engine


def admin_token(engine: Engine) -> str | None:
    """Store ``POLEMOS_ADMIN_TOKEN``'s hash, or make a token at first start: the new token."""
    from polemos.plugins.server.db import writing
    from polemos.plugins.server.models import Admin
    from polemos.plugins.server.tokens import digest, new_token

    given = os.environ.get(ADMIN_ENV)
    with writing(engine) as session:
        admin = session.get(Admin, 1)
        if given:
            if admin is None:
                session.add(Admin(id=1, token_hash=digest(given)))
            else:
                admin.token_hash = digest(given)
            return None
        if admin is not None:
            return None
        token = new_token()
        session.add(Admin(id=1, token_hash=digest(token)))
        return token


def first_club(engine: Engine) -> tuple[str, str | None]:
    """The first club's id, made (named "Club") when the database has none: with its join code
    then (only its hash is kept, so a later start cannot show it again)."""
    from sqlalchemy import select

    from polemos.plugins.server.db import writing
    from polemos.plugins.server.models import Club
    from polemos.plugins.server.store import new_club

    with writing(engine) as session:
        club = session.scalars(select(Club).order_by(Club.id).limit(1)).first()
        if club is not None:
            return club.id, None
        club, join_code = new_club(session, "Club")
        return club.id, join_code


def cmd_serve(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    import uvicorn

    from polemos.plugins.server.app import CORS_ENV, DB_ENV

    if args.workers < 1:
        raise PolemosInputError(f"--workers {args.workers}: at least 1")
    engine = ready_database(args.db)
    token = admin_token(engine)
    club, join_code = first_club(engine)
    engine.dispose()
    if token is not None:
        print(f"Admin token (shown once, keep it): {token}", flush=True)
    lobby = f"http://{args.host}:{args.port}/lobby/{club}"
    if join_code is not None:
        print(f"Club lobby (share it with your members): {lobby}#code={join_code}", flush=True)
    else:
        print(f"Club lobby: {lobby}#code=JOIN-CODE (the link printed at the first start)",
              flush=True)
    os.environ[DB_ENV] = args.db
    os.environ[CORS_ENV] = ",".join(args.cors)
    print(f"Polemos club server: http://{args.host}:{args.port}/ "
          f"(API docs /docs, database {shown_url(args.db)})", flush=True)
    uvicorn.run("polemos.plugins.server.app:app_from_env", factory=True, host=args.host,
                port=args.port, workers=args.workers, log_level="info")
    return 0
