"""Whether people may play against a bot at the dashboard's tables, as its owner says.

The organiser's bots stay open to people; a submitted bot is closed until its author
opens it (its versions follow it).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``bot.open_to_people``: true, but for the submitted bots."""
    with op.batch_alter_table("bot") as bot:
        bot.add_column(
            sa.Column("open_to_people", sa.Boolean(), nullable=False, server_default=sa.true())
        )
    stored = sa.table("bot", sa.column("kind", sa.String()), sa.column("open_to_people"))
    op.execute(stored.update().where(stored.c.kind == "submitted").values(open_to_people=False))
