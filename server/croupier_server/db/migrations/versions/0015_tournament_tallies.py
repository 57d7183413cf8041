"""Tournaments' tallies: ``tournament_tally``, each tournament's finished games and the newest.

The tournaments list counted every finished game of every tournament on each request; the
tally is now kept as games finish, as a board's is
(:mod:`~croupier_server.db.board_tallies`), and made here from the games stored, by one
statement.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision: str | None = "0014"
branch_labels: str | None = None
depends_on: str | None = None

_FILL = (
    "INSERT INTO tournament_tally (tournament_id, games, last_game_id)"
    " SELECT tournament_id, count(*), max(id) FROM game"
    " WHERE status = 'finished' AND tournament_id IS NOT NULL GROUP BY tournament_id"
)
"""Each tournament's finished games, counted once."""


def upgrade() -> None:
    """Add ``tournament_tally``, filled from the finished games."""
    op.create_table(
        "tournament_tally",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), primary_key=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("last_game_id", sa.Integer(), nullable=False),
    )
    op.execute(_FILL)
