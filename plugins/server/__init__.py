"""The club server: games in a database, seats with secret tokens, an HTTP API (``polemos serve``).

A builtin plugin on the same hooks as any outside one; its third-party dependencies (FastAPI,
uvicorn, SQLAlchemy, Alembic, psycopg) are the ``polemos[server]`` extra and are imported only
when one of its commands runs, so the engine and its other commands never need them.
"""

from __future__ import annotations

import argparse

from polemos.core.hookspecs import hookimpl

__version__ = "0.1.0"
DEFAULT_DB = "sqlite:///polemos.db"
"""``polemos serve`` with no configuration: a SQLite file in the current folder."""


@hookimpl
def polemos_add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]
                         ) -> None:
    from polemos.plugins.server.cli import add_db, add_serve

    add_serve(subparsers)
    add_db(subparsers)
