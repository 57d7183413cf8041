"""Names people could confuse are one name: bots and authors get a unique folded name.

``bot.folded_name`` and ``author.folded_name`` hold the name folded (NFKC, case folded,
NFKC again), under a unique index, so that no two bots, and no two authors, are ``alice``
and ``Alice``. Names stored before are all kept: where two of them fold alike, the older
row holds the folded name and the newer gets none (``NULL``, which the index lets be).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None

_TABLES = ("bot", "author")


def upgrade() -> None:
    """Add and fill ``folded_name`` in ``bot`` and ``author``, then index it, unique."""
    for table in _TABLES:
        with op.batch_alter_table(table) as altered:
            altered.add_column(sa.Column("folded_name", sa.String(), nullable=True))
        _fill(table)
        op.create_index(f"ux_{table}_folded_name", table, ["folded_name"], unique=True)


def _fill(table: str) -> None:
    """Give each row its folded name, unless an older row of the table has it."""
    stored = sa.table(table, sa.column("id"), sa.column("name"), sa.column("folded_name"))
    connection = op.get_bind()
    held: set[str] = set()
    for row_id, name in connection.execute(
        sa.select(stored.c.id, stored.c.name).order_by(stored.c.id)
    ):
        folded = _folded(name)
        if folded in held:
            continue
        held.add(folded)
        connection.execute(stored.update().where(stored.c.id == row_id).values(folded_name=folded))


def _folded(name: str) -> str:
    """The folding of :func:`croupier_server.db.names.folded_name`, as it was at 0007."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
