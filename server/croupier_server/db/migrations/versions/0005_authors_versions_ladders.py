"""Authors, their bots' versions and archives, ladders; games that are not rated.

A bot gains its author and, for a version (``NAME@N``), the submitted bot it is a version
of; a game says whether it counts in the ratings (every game stored before does).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier_server.db.models import UTCDateTime

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the authors, archives, versions and ladders; extend ``bot`` and ``game``."""
    op.create_table(
        "author",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(length=64), nullable=False, unique=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True, unique=True),
        sa.Column("signed_up", sa.Boolean(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("revoked_at", UTCDateTime(), nullable=True),
    )
    with op.batch_alter_table("bot") as bot:
        bot.add_column(sa.Column("author_id", sa.Integer(), nullable=True))
        bot.add_column(sa.Column("version_of_id", sa.Integer(), nullable=True))
        bot.create_foreign_key("bot_author_id_fkey", "author", ["author_id"], ["id"])
        bot.create_foreign_key("bot_version_of_id_fkey", "bot", ["version_of_id"], ["id"])
        bot.create_index("ix_bot_author_id", ["author_id"])
        bot.create_index("ix_bot_version_of_id", ["version_of_id"])
    with op.batch_alter_table("game") as game:
        game.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.create_table(
        "bot_archive",
        sa.Column("digest", sa.String(length=64), primary_key=True),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("files", sa.Integer(), nullable=False),
        sa.Column("stored_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "bot_version",
        sa.Column("bot_id", sa.Integer(), sa.ForeignKey("bot.id"), primary_key=True),
        sa.Column("submitted_id", sa.Integer(), sa.ForeignKey("bot.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column(
            "digest", sa.String(length=64), sa.ForeignKey("bot_archive.digest"), nullable=False
        ),
        sa.Column("manifest", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("detail", sa.String(), nullable=False),
        sa.Column("check_log", sa.String(), nullable=False),
        sa.Column("check_games", sa.JSON(), nullable=False),
        sa.Column("received_at", UTCDateTime(), nullable=False),
        sa.Column("checked_at", UTCDateTime(), nullable=True),
        sa.Column("retired_at", UTCDateTime(), nullable=True),
        sa.UniqueConstraint("submitted_id", "number", name="uq_bot_version_number"),
    )
    op.create_index("ix_bot_version_submitted_id", "bot_version", ["submitted_id"])
    op.create_index("ix_bot_version_status", "bot_version", ["status"])
    op.create_table(
        "ladder",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("variant", sa.String(length=32), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournament.id"),
            nullable=False,
            unique=True,
        ),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("closed_at", UTCDateTime(), nullable=True),
    )
    op.create_index("ix_ladder_game", "ladder", ["game"])
