"""The queue of tournaments asked for through the dashboard, on both backends.

``croupier serve`` claims the oldest queued tournament; a claim makes it running, so
servers that claim at once never play the same tournament twice.
"""

from __future__ import annotations

from concurrent import futures

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import TournamentStatus


def queue(session: Session, count: int) -> list[int]:
    """Queue ``count`` tournaments; their ids, oldest first."""
    ids = []
    for _ in range(count):
        record = db.create_tournament(
            session, game="lexio", options={"players": 3}, format="round-robin", settings={}
        )
        assert record.id is not None
        db.set_tournament_status(session, tournament_id=record.id, status=TournamentStatus.QUEUED)
        ids.append(record.id)
    return ids


def test_the_oldest_queued_tournament_is_claimed_and_made_running(session: Session) -> None:
    running = db.create_tournament(
        session, game="lexio", options={}, format="round-robin", settings={}
    )
    first, second = queue(session, 2)
    claimed = db.claim_queued_tournament(session)
    assert claimed is not None
    assert (claimed.id, claimed.status) == (first, TournamentStatus.RUNNING)
    again = db.claim_queued_tournament(session)
    assert again is not None
    assert again.id == second
    assert db.claim_queued_tournament(session) is None
    assert running.status is TournamentStatus.RUNNING


def test_servers_claiming_at_once_never_claim_a_tournament_twice(engine: Engine) -> None:
    with Session(engine) as session:
        queued = queue(session, 12)

    def claim_all() -> list[int]:
        claimed = []
        with Session(engine) as session:
            while (record := db.claim_queued_tournament(session)) is not None:
                assert record.id is not None
                claimed.append(record.id)
        return claimed

    with futures.ThreadPoolExecutor(max_workers=4) as pool:
        claims = [
            claim
            for server in [pool.submit(claim_all) for _ in range(4)]
            for claim in server.result()
        ]
    assert sorted(claims) == queued
