"""Taking back the games whose lease ran out: their worker died, was cut off, or is stuck.

Every worker reaps, a few times a minute: whichever gets to an expired lease first
records that attempt as lost (its game row aborted, ``ended_by`` lost, with the reason),
and queues the game again with a new job, in one transaction. The holder, should it come
back, finds its attempt gone: it can neither renew the lease nor store the result.
"""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.db.engine import translated_failures
from croupier_server.db.schedule import expired_leases
from croupier_server.db.work import WorkerRecord
from croupier_server.tournament.scheduled import lose_and_queue_again

__all__ = ["REAP_SECONDS", "reap_expired_leases"]

REAP_SECONDS = 2.0
"""How often a worker looks for expired leases."""


def reap_expired_leases(engine: Engine) -> list[str]:
    """Take back every game whose lease ran out; returns a line for each.

    Raises:
        DatabaseFailure: the database failed; nothing was taken back.
    """
    lines = []
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        for scheduled in expired_leases(session):
            holder = (
                None
                if scheduled.worker_id is None
                else session.get(WorkerRecord, scheduled.worker_id)
            )
            name = "?" if holder is None else holder.name
            reason = (
                f"the lease of worker {name} ran out: the game made no progress for "
                f"{scheduled.lease_s:.0f} s (the worker died, was cut off, or is stuck)"
            )
            lose_and_queue_again(session, scheduled, reason)
            lines.append(
                f"took back game {scheduled.number} of tournament {scheduled.tournament_id} "
                f"(attempt {scheduled.attempt}): {reason}"
            )
    return lines
