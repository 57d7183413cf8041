"""Fold the match table into the game table: every match held exactly one game.

A game takes its match's referee settings, tournament, schedule number and deal; the
index that lets a scheduled game finish once moves with them. The match's status was its
game's, and its rules a copy of the game's.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

_FINISHED = sa.text("status = 'finished'")


def upgrade() -> None:
    """Give each game its match's columns, then drop the match table."""
    with op.batch_alter_table("game") as game:
        game.add_column(sa.Column("settings", sa.JSON(), nullable=True))
        game.add_column(sa.Column("tournament_id", sa.Integer(), nullable=True))
        game.add_column(sa.Column("schedule_number", sa.Integer(), nullable=True))
        game.add_column(sa.Column("schedule_deal", sa.Integer(), nullable=True))
    op.execute(
        "UPDATE game SET "
        + ", ".join(
            f"{column} = (SELECT match.{column} FROM match WHERE match.id = game.match_id)"
            for column in ("settings", "tournament_id", "schedule_number", "schedule_deal")
        )
    )
    with op.batch_alter_table("game") as game:
        game.alter_column("settings", existing_type=sa.JSON(), nullable=False)
        game.drop_index("ix_game_match_id")
        game.drop_column("match_id")
        game.create_foreign_key("game_tournament_id_fkey", "tournament", ["tournament_id"], ["id"])
        game.create_index("ix_game_tournament_id_id", ["tournament_id", "id"])
        game.create_index(
            "ux_game_tournament_finished_number",
            ["tournament_id", "schedule_number"],
            unique=True,
            sqlite_where=_FINISHED,
            postgresql_where=_FINISHED,
        )
    op.drop_table("match")
