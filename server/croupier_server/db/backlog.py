"""What waits to be done, for the metrics: games queued, versions not checked, fits aging."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, col, select

from croupier_server.db.models import BoardFitRecord
from croupier_server.db.submissions import BotVersionRecord, VersionStatus
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus

__all__ = ["checks_waiting", "fit_times", "queued_games"]


def queued_games(session: Session) -> int:
    """Scheduled games waiting for a worker (or the runner on one machine) to start them."""
    query = select(func.count()).where(ScheduledGameRecord.status == ScheduleStatus.QUEUED)
    return session.exec(query).one()


def checks_waiting(session: Session) -> int:
    """Submitted versions received or being checked: not yet active nor rejected."""
    waiting = (VersionStatus.RECEIVED, VersionStatus.CHECKING)
    query = select(func.count()).where(col(BotVersionRecord.status).in_(waiting))
    return session.exec(query).one()


def fit_times(session: Session) -> dict[str, datetime]:
    """When each board's stored ratings fit was computed, by board (those never fitted out)."""
    query = select(BoardFitRecord.board, BoardFitRecord.fitted_at).where(
        col(BoardFitRecord.fitted_at).is_not(None)
    )
    return {board: at for board, at in session.exec(query) if at is not None}
