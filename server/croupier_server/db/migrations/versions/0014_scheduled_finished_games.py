"""Every tournament's finished games get their scheduled games: one lifecycle for old ones too.

Every game a tournament plays is now a ``scheduled_game`` row, created before it is played,
on one machine as on workers. A tournament played on one machine before kept none: each of
its finished games gets its row here, ``finished``, with its number, deal, bots in seat
order and seed, so that an old tournament reads as a new one does (and a resume stores only
the games left). A batch of games at a time.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier_server.db.models import UTCDateTime

revision = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None

_BATCH = 1_000
"""How many finished games are given their rows at a time."""

_ATTEMPTS = 5
"""The attempts a scheduled game allows (``tournament.scheduled.ATTEMPTS`` when written)."""

_UNSCHEDULED = sa.text(
    "SELECT g.id, g.tournament_id, g.schedule_number, g.schedule_deal, g.seed, g.attempt,"
    " g.started_at FROM game g"
    " WHERE g.status = 'finished' AND g.tournament_id IS NOT NULL"
    " AND g.schedule_number IS NOT NULL AND g.id > :after"
    " AND NOT EXISTS (SELECT 1 FROM scheduled_game s"
    " WHERE s.tournament_id = g.tournament_id AND s.number = g.schedule_number)"
    " ORDER BY g.id LIMIT :batch"
).columns(
    sa.column("id", sa.Integer()),
    sa.column("tournament_id", sa.Integer()),
    sa.column("schedule_number", sa.Integer()),
    sa.column("schedule_deal", sa.Integer()),
    sa.column("seed", sa.BigInteger()),
    sa.column("attempt", sa.Integer()),
    sa.column("started_at", UTCDateTime()),
)
_SEATED = sa.text(
    "SELECT s.game_id, s.seat, b.name FROM seat s JOIN bot b ON b.id = s.bot_id"
    " WHERE s.game_id >= :first AND s.game_id <= :last ORDER BY s.game_id, s.seat"
)
_SCHEDULED = sa.table(
    "scheduled_game",
    sa.column("tournament_id", sa.Integer()),
    sa.column("number", sa.Integer()),
    sa.column("deal", sa.Integer()),
    sa.column("bots", sa.JSON()),
    sa.column("seed", sa.BigInteger()),
    sa.column("status", sa.String()),
    sa.column("attempt", sa.Integer()),
    sa.column("last_attempt", sa.Integer()),
    sa.column("lease_s", sa.Float()),
    sa.column("detail", sa.String()),
    sa.column("queued_at", UTCDateTime()),
)


def upgrade() -> None:
    """Give each finished game of a tournament without one its scheduled game, finished."""
    connection = op.get_bind()
    after = 0
    while games := connection.execute(_UNSCHEDULED, {"after": after, "batch": _BATCH}).all():
        first, after = games[0].id, games[-1].id
        bots: dict[int, list[str]] = {}
        for game_id, _, name in connection.execute(_SEATED, {"first": first, "last": after}):
            bots.setdefault(game_id, []).append(name)
        connection.execute(
            sa.insert(_SCHEDULED),
            [
                {
                    "tournament_id": game.tournament_id,
                    "number": game.schedule_number,
                    "deal": game.schedule_deal if game.schedule_deal is not None else 0,
                    "bots": bots.get(game.id, []),
                    "seed": game.seed,
                    "status": "finished",
                    "attempt": game.attempt or 1,
                    "last_attempt": max(_ATTEMPTS, game.attempt or 1),
                    "lease_s": 60.0,
                    "detail": "",
                    "queued_at": game.started_at,
                }
                for game in games
            ],
        )
