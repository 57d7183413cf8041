"""Drop the digest of each seat's token: the referee admits a game's bots in memory.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Drop ``seat.token_hash`` and its unique constraint."""
    with op.batch_alter_table("seat") as seat:
        seat.drop_column("token_hash")
