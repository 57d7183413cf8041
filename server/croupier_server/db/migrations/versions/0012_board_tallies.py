"""Boards' tallies: ``board_tally``, each game and variant's finished games and the newest.

The home page and the leaderboards counted every finished game of every board on each
request; the tally is now kept as games finish
(:mod:`~croupier_server.db.board_tallies`), and made here from the games stored, by one
statement.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None

_FILL = (
    "INSERT INTO board_tally (game, variant, games, last_game_id)"
    " SELECT game, variant, count(*), max(id) FROM game WHERE status = 'finished'"
    " GROUP BY game, variant"
)
"""Each game and variant's finished games, counted once."""


def upgrade() -> None:
    """Add ``board_tally``, filled from the finished games."""
    op.create_table(
        "board_tally",
        sa.Column("game", sa.String(length=32), primary_key=True),
        sa.Column("variant", sa.String(length=32), primary_key=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("last_game_id", sa.Integer(), nullable=False),
    )
    op.execute(_FILL)
