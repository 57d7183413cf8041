"""Ratings fitted once per board and stored: the ``board_fit`` table.

A board's fit (its standings with intervals, head-to-head, rating histories and seat games)
is stored packed with the version of the games it covers, when it was computed and how
long that took; a page that asks for a board notes it, and one ``serve`` at a time fits a
board under a lease held in its row. The table starts empty: every board is fitted anew.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier_server.db.models import UTCDateTime

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``board_fit``."""
    op.create_table(
        "board_fit",
        sa.Column("board", sa.String(length=200), primary_key=True),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("variant", sa.String(length=32), nullable=True),
        sa.Column("tournament_id", sa.Integer(), nullable=True),
        sa.Column("version_games", sa.Integer(), nullable=True),
        sa.Column("version_last_id", sa.Integer(), nullable=True),
        sa.Column("rated_games", sa.Integer(), nullable=False),
        sa.Column("fitted_at", UTCDateTime(), nullable=True),
        sa.Column("fit_seconds", sa.Float(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=True),
        sa.Column("requested_at", UTCDateTime(), nullable=True),
        sa.Column("lease_holder", sa.String(length=64), nullable=True),
        sa.Column("lease_until", UTCDateTime(), nullable=True),
    )
