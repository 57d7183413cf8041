"""The workers: ``/workers`` lists the ``croupier worker`` processes; ``/api/workers`` its twin.

Each worker shows its slots, the games it holds now and its last heartbeat, and whether it
runs, stopped cleanly, or was lost (no heartbeat for
:data:`~croupier_server.db.worker_listing.LOST_AFTER_SECONDS` and no clean stop).
"""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier_server.db.worker_listing import (
    LOST_AFTER_SECONDS,
    ListedWorker,
    WorkerState,
    list_workers,
)
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.templating import render

__all__ = ["WorkerLine", "WorkersView", "how_long_ago", "router", "workers_listing"]

router = APIRouter()


class WorkerLine(BaseModel):
    """A worker in the list of workers."""

    id: int
    name: str
    host: str
    pid: int
    slots: int = Field(description="How many games it plays at once.")
    games_now: int = Field(description="The scheduled games it holds now.")
    state: WorkerState = Field(
        description=f"running; stopped (cleanly); or lost: no heartbeat for "
        f"{LOST_AFTER_SECONDS} s and no clean stop."
    )
    started_at: datetime
    heartbeat_at: datetime
    heartbeat_age_s: float = Field(description="Seconds since its last heartbeat.")
    stopped_at: datetime | None = Field(description="null unless it stopped cleanly.")


class WorkersView(BaseModel):
    """Every worker, newest first."""

    now: datetime = Field(description="The database's time the states were judged at.")
    workers: list[WorkerLine]


@router.get("/api/workers", response_model=WorkersView, summary="Every worker, newest first")
def workers_api(session: DatabaseSession) -> WorkersView:
    """The JSON twin of ``/workers``."""
    return workers_listing(session)


@router.get("/workers", include_in_schema=False, response_class=HTMLResponse)
def workers_page(request: Request, session: DatabaseSession) -> HTMLResponse:
    """Every worker."""
    context = {
        "section": "workers",
        "api_url": "/api/workers",
        "view": workers_listing(session),
        "ago": how_long_ago,
        "lost_after_s": LOST_AFTER_SECONDS,
    }
    return render(request, "workers.html", context)


def workers_listing(session: Session) -> WorkersView:
    """Every worker that ever registered, newest first."""
    listing = list_workers(session)
    return WorkersView(now=listing.now, workers=[_line(worker) for worker in listing.workers])


def how_long_ago(seconds: float) -> str:
    """A time span for people, in its largest whole unit.

    >>> [how_long_ago(s) for s in (0.4, 42, 150, 7300, 200000)]
    ['0 s ago', '42 s ago', '2 min ago', '2 h ago', '2 d ago']
    """
    for unit, length in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= length:
            return f"{int(seconds // length)} {unit} ago"
    return f"{int(seconds)} s ago"


def _line(worker: ListedWorker) -> WorkerLine:
    return WorkerLine(
        id=worker.id,
        name=worker.name,
        host=worker.host,
        pid=worker.pid,
        slots=worker.slots,
        games_now=worker.games_now,
        state=worker.state,
        started_at=worker.started_at,
        heartbeat_at=worker.heartbeat_at,
        heartbeat_age_s=round(worker.heartbeat_age_s, 1),
        stopped_at=worker.stopped_at,
    )
