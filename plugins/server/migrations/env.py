"""Alembic's entry point: runs the migrations on the connection ``polemos.plugins.server.db``
hands over (``config.attributes["connection"]``); there is no alembic.ini to keep in step."""

from __future__ import annotations

from alembic import context

from polemos.plugins.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
