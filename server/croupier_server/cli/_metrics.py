"""The metrics only the database knows, read at each scrape of a long-running command.

A scrape while the database is away gives no figure (NaN, or no board) rather than an error.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.clock import utc_now
from croupier_server.db.backlog import checks_waiting, fit_times, queued_games
from croupier_server.db.engine import DATABASE_FAILURES
from croupier_server.metrics import watch, watch_each

__all__ = ["watch_backlog"]


def watch_backlog(engine: Engine) -> None:
    """Gauges of the games queued, the checks waiting and the fits' ages in the database."""
    watch(
        "croupier_queued_games",
        "Scheduled games waiting to be started (the queue's depth).",
        _counted(engine, queued_games),
    )
    watch(
        "croupier_checks_waiting",
        "Submitted versions received or being checked.",
        _counted(engine, checks_waiting),
    )
    watch_each(
        "croupier_fit_age_seconds",
        "Seconds since each board's stored ratings fit was computed.",
        "board",
        lambda: _fit_ages(engine),
    )


def _counted(engine: Engine, count: Callable[[Session], int]) -> Callable[[], float]:
    def read() -> float:
        try:
            with Session(engine) as session:
                return float(count(session))
        except DATABASE_FAILURES:
            return float("nan")

    return read


def _fit_ages(engine: Engine) -> dict[str, float]:
    try:
        with Session(engine) as session:
            fitted = fit_times(session)
    except DATABASE_FAILURES:
        return {}
    now = utc_now()
    return {board: (now - at).total_seconds() for board, at in fitted.items()}
