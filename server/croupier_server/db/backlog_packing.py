"""Packing the ended games still stored as rows: those of a database made before packing.

An upgrade adds the ``packed_log`` table without packing the games already ended (see the
migration ``0009``): their ``action`` and ``event`` rows are read as before until
:func:`pack_backlog` (``croupier db pack``) packs them, a batch of games at a time, each
game in its own transaction, so that it runs beside a server and can stop at any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session, col

from croupier_server.db.models import ActionRecord, EventRecord, GameRecord, PackedLogRecord
from croupier_server.db.packing import pack_game
from croupier_server.outcomes import GameStatus

__all__ = ["BacklogTally", "pack_backlog", "unpacked_games"]

BATCH = 200
"""How many games are packed between two reads of the next games' ids."""


@dataclass(frozen=True, slots=True)
class BacklogTally:
    """What :func:`pack_backlog` did: games packed, and games kept as rows."""

    packed: int = 0
    kept: int = 0
    """Games whose replay does not rebuild their stored events exactly (read as rows)."""


def unpacked_games(session: Session, *, after: int = 0, limit: int = BATCH) -> list[int]:
    """The ids after ``after`` of ended games that still have journal rows, in order."""
    has_rows = sa.or_(
        *(
            sa.select(col(table.game_id)).where(col(table.game_id) == col(GameRecord.id)).exists()
            for table in (ActionRecord, EventRecord)
        )
    )
    packed = sa.select(col(PackedLogRecord.game_id)).where(
        col(PackedLogRecord.game_id) == col(GameRecord.id)
    )
    query = (
        sa.select(col(GameRecord.id))
        .where(
            col(GameRecord.id) > after,
            col(GameRecord.status) != GameStatus.RUNNING,
            ~packed.exists(),
            has_rows,
        )
        .order_by(col(GameRecord.id))
        .limit(limit)
    )
    return [game_id for (game_id,) in session.execute(query)]


def pack_backlog(
    engine: Engine,
    *,
    batch: int = BATCH,
    progress: Callable[[BacklogTally], None] = lambda tally: None,
) -> BacklogTally:
    """Pack every ended game that has journal rows; ``progress`` hears after each batch.

    Raises:
        SQLAlchemyError: the database failed; the games packed before are kept packed.
    """
    tally, after = BacklogTally(), 0
    while True:
        with Session(engine) as session:
            games = unpacked_games(session, after=after, limit=batch)
            if not games:
                return tally
            packed = sum(pack_game(session, game_id=game_id) for game_id in games)
        tally = BacklogTally(tally.packed + packed, tally.kept + len(games) - packed)
        progress(tally)
        after = games[-1]
