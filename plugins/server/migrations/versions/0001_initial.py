"""The first schema: admin, clubs, games, seats and the append-only action log.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("admin", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("token_hash", sa.String(64), nullable=False))
    op.create_table("clubs", sa.Column("id", sa.String(32), primary_key=True),
                    sa.Column("name", sa.String(200), nullable=False),
                    sa.Column("join_hash", sa.String(64), nullable=False, unique=True))
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("club_id", sa.String(32), sa.ForeignKey("clubs.id"), nullable=True,
                  index=True),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("engine_version", sa.String(40), nullable=False),
        sa.Column("ruleset", sa.String(100), nullable=False),
        sa.Column("ruleset_version", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("source", sa.String(300), nullable=False),
        sa.Column("scenario", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("dice", sa.JSON, nullable=True),
        sa.Column("spectator_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("to_act", sa.String(100), nullable=True),
        sa.Column("result", sa.JSON, nullable=True))
    op.create_table("seats",
                    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"),
                              primary_key=True),
                    sa.Column("side", sa.String(100), primary_key=True),
                    sa.Column("kind", sa.String(100), nullable=False),
                    sa.Column("token_hash", sa.String(64), nullable=True))
    op.create_table("actions",
                    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"),
                              primary_key=True),
                    sa.Column("seq", sa.Integer, primary_key=True),
                    sa.Column("side", sa.String(100), nullable=False),
                    sa.Column("action", sa.JSON, nullable=False),
                    sa.Column("events_digest", sa.String(64), nullable=False))


def downgrade() -> None:
    for table in ("actions", "seats", "games", "clubs", "admin"):
        op.drop_table(table)
