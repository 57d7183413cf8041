"""A ladder played by one serve at a time, under a lease: any number of serves on one database.

Each ``croupier serve`` looks for open ladders; the one that takes a ladder's lease chooses
its games (and plays them, on one machine), renewing the lease as it goes. One that dies
loses nothing but the lease's time: another takes the ladder over, and the games the dead
one was playing are played again.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier_server.db.models import UTCDateTime

revision = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Give each ladder its runner and the end of its lease."""
    with op.batch_alter_table("ladder") as batch:
        batch.add_column(sa.Column("runner", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("runner_until", UTCDateTime(), nullable=True))
