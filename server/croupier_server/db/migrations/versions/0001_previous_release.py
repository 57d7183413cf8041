"""The tables of the release before migrations (see :mod:`croupier_server.db.migrations.baseline`).

Revision ID: 0001
Revises: none
"""

from __future__ import annotations

from alembic import op

from croupier_server.db.migrations.baseline import BASELINE

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the baseline's tables and indexes."""
    BASELINE.create_all(op.get_bind())
