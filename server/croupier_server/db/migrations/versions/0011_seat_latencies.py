"""Seats keep their latencies: ``seat.latencies``, filled for the games already packed.

A bot's page takes the percentiles of its decision times in its latest thousand games; it
read them from the games' packed logs, a thousand decoded on every request. Each seat of a
packed game now keeps its own (:mod:`~croupier_server.db.packed_latencies`), filled here
from the packed logs, a batch of games at a time: their decisions are read without the
engine, about a minute for a million games. A game still in its journal keeps ``NULL``
(``croupier db pack`` fills its seats as it packs it), and so does one whose packed log is
unreadable.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from croupier_server.db.packed_latencies import pack_latencies
from croupier_server.db.packed_log import packed_decisions

revision = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None

_BATCH = 1_000
"""How many packed logs are read at a time."""

_LOGS = sa.text(
    "SELECT game_id, log FROM packed_log WHERE game_id > :after ORDER BY game_id LIMIT :batch"
)
_SEATS = sa.text(
    "SELECT game_id, seat FROM seat WHERE game_id >= :first AND game_id <= :last"
    " AND game_id IN (SELECT game_id FROM packed_log)"
)
_FILL = sa.text("UPDATE seat SET latencies = :latencies WHERE game_id = :game_id AND seat = :seat")


def upgrade() -> None:
    """Add ``seat.latencies``, filled from the packed logs."""
    op.add_column("seat", sa.Column("latencies", sa.LargeBinary(), nullable=True))
    connection = op.get_bind()
    after = -1
    while logs := connection.execute(_LOGS, {"after": after, "batch": _BATCH}).all():
        after = logs[-1][0]
        latencies = _latencies([(game_id, log) for game_id, log in logs])
        rows = [
            {"game_id": game_id, "seat": seat, "latencies": pack_latencies(by_seat.get(seat, []))}
            for game_id, seat in connection.execute(_SEATS, {"first": logs[0][0], "last": after})
            if (by_seat := latencies.get(game_id)) is not None
        ]
        if rows:
            connection.execute(_FILL, rows)


def _latencies(logs: Sequence[tuple[int, bytes]]) -> dict[int, dict[int, list[float]]]:
    """Each readable log's latencies of the actions its seats answered, by game and seat."""
    found: dict[int, dict[int, list[float]]] = {}
    for game_id, log in logs:
        try:
            decisions = packed_decisions(log)
        except ValueError:
            continue  # left NULL: an unreadable log has no latencies to give
        seats = found[game_id] = {}
        for decision in decisions:
            if decision.latency_ms is not None:
                seats.setdefault(decision.seat, []).append(decision.latency_ms)
    return found
