"""The stored fits of the boards: one row a board, read by every reader, written under a lease.

A row is made when a board is first asked for (:func:`note_request`) or fitted. The fit in
it covers a :class:`~croupier_server.db.statistics.BoardVersion`; readers compare it with
the board's version now to tell a fresh fit from a stale one. One process at a time fits a
board: it takes the row's lease (:func:`claim`, a conditional update that two processes
cannot both win, on SQLite as on PostgreSQL) and stores the fit fenced by it
(:func:`save`); a process that dies holding it loses nothing but the lease's time.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from croupier_server.board_fits.board import Board, BoardKey
from croupier_server.board_fits.packing import pack, unpack
from croupier_server.clock import utc_now
from croupier_server.db.ladders import LadderRecord, LadderStatus
from croupier_server.db.models import BoardFitRecord
from croupier_server.db.statistics import BoardVersion

__all__ = [
    "StoredFit",
    "claim",
    "kept_boards",
    "note_request",
    "read_board",
    "release",
    "save",
    "stored_fit",
]

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class StoredFit:
    """What a board's row says of its fit, without the fit itself (one narrow read).

    Attributes:
        version: The version the fit covers; ``None``: never fitted.
        fitted_at: When it was computed.
        seconds: How long it took.
        requested_at: When a page last asked for the board.
    """

    version: BoardVersion | None
    fitted_at: datetime | None
    seconds: float
    requested_at: datetime | None


def stored_fit(session: Session, key: BoardKey) -> StoredFit | None:
    """What the row of ``key`` says of its fit; ``None`` if the board has no row."""
    row = session.execute(
        sa.select(
            col(BoardFitRecord.version_games),
            col(BoardFitRecord.version_last_id),
            col(BoardFitRecord.fitted_at),
            col(BoardFitRecord.fit_seconds),
            col(BoardFitRecord.requested_at),
        ).where(col(BoardFitRecord.board) == key.text)
    ).one_or_none()
    if row is None:
        return None
    games, last_id, fitted_at, seconds, requested_at = row
    version = None if games is None else BoardVersion(games, last_id)
    return StoredFit(version, fitted_at, seconds, requested_at)


def read_board(session: Session, key: BoardKey) -> Board | None:
    """The stored fit of ``key``; ``None`` if it was never fitted (or its blob is unreadable)."""
    record = session.get(BoardFitRecord, key.text)
    if record is None or record.data is None or record.version_games is None:
        return None
    try:
        return unpack(
            record.data,
            key=key,
            version=BoardVersion(record.version_games, record.version_last_id),
            games=record.rated_games,
            computed_at=record.fitted_at,
            seconds=record.fit_seconds,
        )
    except ValueError as error:
        # A row of another packing, or damaged: forgotten, so that the fitter fits the board
        # again as if never fitted, and said once.
        _LOG.warning(
            "the stored fit of the board %s is unreadable, and is fitted again: %s",
            key.text,
            error,
        )
        _forget_fit(session, key, fitted_at=record.fitted_at)
        session.expire(record)
        return None


def _forget_fit(session: Session, key: BoardKey, *, fitted_at: datetime | None) -> None:
    """Clear the fit of ``key`` made at ``fitted_at`` (not a newer one).

    In a transaction of its own: the reader's session may be in the middle of its reads.
    """
    forget = (
        sa.update(BoardFitRecord)
        .where(col(BoardFitRecord.board) == key.text)
        .where(col(BoardFitRecord.fitted_at) == fitted_at)
        .values(data=None, version_games=None, version_last_id=None, fitted_at=None)
    )
    bind = session.get_bind()
    engine = bind if isinstance(bind, sa.Engine) else bind.engine
    with engine.begin() as connection:
        connection.execute(forget)


def note_request(session: Session, key: BoardKey) -> None:
    """Note that a page asked for ``key`` now, so that the fitter keeps it fitted; commits."""
    _ensure_row(session, key)
    session.execute(
        sa.update(BoardFitRecord)
        .where(col(BoardFitRecord.board) == key.text)
        .values(requested_at=utc_now())
    )
    session.commit()


def claim(session: Session, key: BoardKey, *, holder: str, lease: timedelta) -> bool:
    """Take the lease of ``key``'s fit for ``holder``, unless another holds it; commits.

    Returns whether ``holder`` holds it now (a lease of its own is renewed).
    """
    _ensure_row(session, key)
    now = utc_now()
    claimed = session.execute(
        sa.update(BoardFitRecord)
        .where(
            col(BoardFitRecord.board) == key.text,
            sa.or_(
                col(BoardFitRecord.lease_until).is_(None),
                col(BoardFitRecord.lease_until) < now,
                col(BoardFitRecord.lease_holder) == holder,
            ),
        )
        .values(lease_holder=holder, lease_until=now + lease)
    )
    session.commit()
    return bool(claimed.rowcount)  # type: ignore[attr-defined]


def save(session: Session, board: Board, *, holder: str) -> bool:
    """Store ``board`` as its key's fit and end ``holder``'s lease; commits.

    Returns ``False``, storing nothing, when ``holder`` no longer holds the lease (it ran
    out and another took it): the other's fit is the one kept.
    """
    saved = session.execute(
        sa.update(BoardFitRecord)
        .where(
            col(BoardFitRecord.board) == board.key.text,
            col(BoardFitRecord.lease_holder) == holder,
        )
        .values(
            version_games=board.version.games,
            version_last_id=board.version.last_game_id,
            rated_games=board.games,
            fitted_at=board.computed_at,
            fit_seconds=board.seconds,
            data=pack(board),
            lease_holder=None,
            lease_until=None,
        )
    )
    session.commit()
    return bool(saved.rowcount)  # type: ignore[attr-defined]


def release(session: Session, key: BoardKey, *, holder: str) -> None:
    """End ``holder``'s lease of ``key`` without storing a fit (its fit failed); commits."""
    session.execute(
        sa.update(BoardFitRecord)
        .where(col(BoardFitRecord.board) == key.text, col(BoardFitRecord.lease_holder) == holder)
        .values(lease_holder=None, lease_until=None)
    )
    session.commit()


def kept_boards(session: Session, *, asked_since: datetime) -> list[BoardKey]:
    """The boards to keep fitted: those asked for since ``asked_since``, and open ladders'.

    Those asked for first, the most recently asked first; then the ladders', by id.
    """
    asked = session.exec(
        select(BoardFitRecord)
        .where(col(BoardFitRecord.requested_at) >= asked_since)
        .order_by(col(BoardFitRecord.requested_at).desc())
    ).all()
    keys = [BoardKey(row.game, row.variant, row.tournament_id) for row in asked]
    ladders = session.exec(
        select(LadderRecord)
        .where(col(LadderRecord.status) == LadderStatus.OPEN)
        .order_by(col(LadderRecord.id))
    ).all()
    keys += [BoardKey(ladder.game, None, ladder.tournament_id) for ladder in ladders]
    return list(dict.fromkeys(keys))


def _ensure_row(session: Session, key: BoardKey) -> None:
    """Make the row of ``key`` unless it exists; commits."""
    if session.get(BoardFitRecord, key.text) is not None:
        return
    session.add(
        BoardFitRecord(
            board=key.text, game=key.game, variant=key.variant, tournament_id=key.tournament_id
        )
    )
    try:
        session.commit()
    except IntegrityError:  # made by another process at the same moment
        session.rollback()
