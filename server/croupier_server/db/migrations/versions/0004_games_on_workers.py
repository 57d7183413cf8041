"""Workers and scheduled games: tournaments whose games a job queue spreads over machines.

A game played by a worker names its attempt and its worker; a scheduled game holds the
current attempt (its fencing token) and its lease.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier_server.db.models import UTCDateTime

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``worker`` and ``scheduled_game``; give ``game`` its attempt and worker."""
    op.create_table(
        "worker",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.Column("host", sa.String(length=255), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("slots", sa.Integer(), nullable=False),
        sa.Column("started_at", UTCDateTime(), nullable=False),
        sa.Column("heartbeat_at", UTCDateTime(), nullable=False),
        sa.Column("stopped_at", UTCDateTime(), nullable=True),
    )
    op.create_index("ix_worker_name", "worker", ["name"])
    with op.batch_alter_table("game") as game:
        game.add_column(sa.Column("attempt", sa.Integer(), nullable=True))
        game.add_column(sa.Column("worker_id", sa.Integer(), nullable=True))
        game.create_foreign_key("game_worker_id_fkey", "worker", ["worker_id"], ["id"])
    op.create_table(
        "scheduled_game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("bots", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("last_attempt", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), sa.ForeignKey("worker.id"), nullable=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=True),
        sa.Column("lease_expires_at", UTCDateTime(), nullable=True),
        sa.Column("lease_s", sa.Float(), nullable=False),
        sa.Column("detail", sa.String(), nullable=False),
        sa.Column("queued_at", UTCDateTime(), nullable=False),
        sa.UniqueConstraint("tournament_id", "number", name="uq_scheduled_game_number"),
    )
    op.create_index(
        "ix_scheduled_game_status_lease", "scheduled_game", ["status", "lease_expires_at"]
    )
