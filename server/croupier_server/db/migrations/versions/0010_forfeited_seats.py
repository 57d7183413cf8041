"""Forfeited seats found without a scan: a partial index of ``seat`` on forfeits.

A tournament's page lists its latest forfeits; forfeits are few among millions of seats,
so an index of the forfeited seats alone, by game, finds them from the newest game down.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None

_FORFEITED = sa.text("status = 'forfeited'")


def upgrade() -> None:
    """Index the forfeited seats by game."""
    op.create_index(
        "ix_seat_forfeited_game_id",
        "seat",
        ["game_id"],
        sqlite_where=_FORFEITED,
        postgresql_where=_FORFEITED,
    )
