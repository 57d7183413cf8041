"""Games stored compact: ``packed_log``, seats' slowest decisions, game JSON deflated.

The schema only: the ``packed_log`` table; ``seat.slowest_decision_ms``, filled from the
actions by one statement so that the games list finds slow games without reading their
actions; ``game.options`` and ``game.result`` made binary
(:class:`~croupier_server.db.compact_json.CompactJSON`), their JSON text kept as it is
(which that type reads; SQLite keeps it as text), new values written deflated. The games
ended before it keep their ``action`` and ``event`` rows, which the readers read as
before; ``croupier db pack`` packs them afterwards, a batch at a time
(:mod:`croupier_server.db.backlog_packing`), beside a running server: replaying every old
game here would keep a large database closed for a day.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


_COMPACT_COLUMNS = ("options", "result")
"""The columns of ``game`` whose JSON text becomes bytes."""

_FILL_SLOWEST = (
    "UPDATE seat SET slowest_decision_ms = (SELECT max(action.latency_ms) FROM action"
    " WHERE action.game_id = seat.game_id AND action.seat = seat.seat"
    " AND action.decided_by = 'bot')"
)
"""Each seat's slowest decision of its bot, from the actions."""

_FILL_SLOWEST_POSTGRESQL = (
    "UPDATE seat SET slowest_decision_ms = slowest.ms FROM (SELECT game_id, seat,"
    " max(latency_ms) AS ms FROM action WHERE decided_by = 'bot'"
    " GROUP BY game_id, seat) AS slowest"
    " WHERE slowest.game_id = seat.game_id AND slowest.seat = seat.seat"
)
"""The same in one grouped pass over the actions: minutes for a database of millions."""


def upgrade() -> None:
    """Add ``packed_log`` and ``seat.slowest_decision_ms`` (filled); game JSON as bytes."""
    op.create_table(
        "packed_log",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("log", sa.LargeBinary(), nullable=False),
    )
    with op.batch_alter_table("seat") as altered:
        altered.add_column(sa.Column("slowest_decision_ms", sa.Float(), nullable=True))
    postgresql = op.get_bind().dialect.name == "postgresql"
    op.execute(_FILL_SLOWEST_POSTGRESQL if postgresql else _FILL_SLOWEST)
    if postgresql:
        for column in _COMPACT_COLUMNS:
            op.execute(
                f"ALTER TABLE game ALTER COLUMN {column} TYPE bytea"
                f" USING convert_to({column}::text, 'UTF8')"
            )
        return
    with op.batch_alter_table("game") as altered:
        for column in _COMPACT_COLUMNS:
            altered.alter_column(column, type_=sa.LargeBinary(), existing_type=sa.JSON())
