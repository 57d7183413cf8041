"""An author's fair share: uploads per hour, versions waiting for a check, bytes stored.

Uploads go through what ``croupier serve`` hands the dashboard
(:class:`~croupier_server.cli._submissions.ServerSubmissions`); each refusal says which
limit and when it frees, answers its HTTP status, and stores nothing. Another author is
never held back by the first's share.
"""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier_server import db
from croupier_server.cli._submissions import ServerSubmissions
from croupier_server.db import authors, versions
from croupier_server.db.submissions import BotArchiveRecord, BotVersionRecord
from croupier_server.settings import AuthorLimits, SubmissionSettings
from croupier_server.web.submissions import SubmissionRefused
from tests.server.submissions.building import TarEntry, archive, manifest_text


def upload(name: str, padding: int = 0) -> bytes:
    """A bot ``name``, its archive made larger by ``padding`` bytes that do not compress."""
    noise = random.Random(padding).randbytes(padding)
    return archive(
        [TarEntry("croupier.toml", manifest_text(name).encode()), TarEntry("noise", noise)]
    )


def taking(engine: Engine, tmp_path: Path, limits: AuthorLimits) -> ServerSubmissions:
    return ServerSubmissions(
        engine, SubmissionSettings(versions_dir=tmp_path / "versions", authors=limits)
    )


def two_authors(engine: Engine) -> tuple[int, int]:
    with Session(engine) as session:
        ada = authors.add_author(session, name="ada")[0].id
        bob = authors.add_author(session, name="bob")[0].id
    assert ada is not None
    assert bob is not None
    return ada, bob


def stored(engine: Engine) -> tuple[int, int]:
    """How many versions and archives the database holds."""
    with Session(engine) as session:
        return (
            len(session.exec(select(BotVersionRecord)).all()),
            len(session.exec(select(BotArchiveRecord)).all()),
        )


def refusal(submissions: ServerSubmissions, author_id: int, data: bytes) -> SubmissionRefused:
    with pytest.raises(SubmissionRefused) as refused:
        submissions.submit(author_id=author_id, archive=data)
    return refused.value


def test_an_author_uploads_so_many_versions_an_hour_then_waits(
    engine: Engine, tmp_path: Path
) -> None:
    ada, bob = two_authors(engine)
    submissions = taking(engine, tmp_path, AuthorLimits(uploads_per_hour=3, max_waiting=100))
    for number in range(3):
        submissions.submit(author_id=ada, archive=upload("flood", number))
    before = stored(engine)
    refused = refusal(submissions, ada, upload("flood", 99))
    assert refused.status == 429
    assert str(refused).startswith("3 uploads in the last hour, the most an author may make here")
    assert str(refused).endswith("the next is taken in 60 min")
    assert refused.retry_after_s is not None
    assert 3500 < refused.retry_after_s <= 3600
    assert stored(engine) == before
    assert submissions.submit(author_id=bob, archive=upload("other")).number == 1
    with Session(engine) as session:  # the first upload, an hour ago: one more is taken
        first = session.exec(
            select(BotVersionRecord).order_by(col(BotVersionRecord.bot_id))
        ).first()
        assert first is not None
        first.received_at -= timedelta(minutes=61)
        session.add(first)
        session.commit()
    assert submissions.submit(author_id=ada, archive=upload("flood", 100)).number == 4


def test_an_author_keeps_so_many_versions_waiting_for_their_check(
    engine: Engine, tmp_path: Path
) -> None:
    ada, bob = two_authors(engine)
    submissions = taking(engine, tmp_path, AuthorLimits(max_waiting=2))
    submissions.submit(author_id=ada, archive=upload("queued", 1))
    submissions.submit(author_id=ada, archive=upload("queued", 2))
    before = stored(engine)
    refused = refusal(submissions, ada, upload("queued", 3))
    assert (refused.status, refused.retry_after_s) == (409, None)
    assert str(refused) == (
        "2 of your versions wait for their check, the most here: upload again once one is "
        "checked (or retire one)"
    )
    assert stored(engine) == before
    submissions.submit(author_id=bob, archive=upload("other"))
    with Session(engine) as session:
        first = db.bot_ids(session, names=["queued@1"])["queued@1"]
        versions.begin_check(session, bot_id=first, detail="")
        versions.finish_check(
            session, bot_id=first, passed=True, detail="", check_log="", check_games=[]
        )
    assert submissions.submit(author_id=ada, archive=upload("queued", 3)).number == 3


def test_an_author_stores_so_many_bytes_of_archives(engine: Engine, tmp_path: Path) -> None:
    ada, bob = two_authors(engine)
    first, second, third = (upload("big", 40_000 + number) for number in range(3))
    limit = len(first) + len(second) + len(third) // 2
    submissions = taking(engine, tmp_path, AuthorLimits(max_stored_bytes=limit))
    submissions.submit(author_id=ada, archive=first)
    submissions.submit(author_id=ada, archive=second)
    before = stored(engine)
    refused = refusal(submissions, ada, third)
    assert (refused.status, refused.retry_after_s) == (413, None)
    assert str(refused) == (
        f"your archives hold {len(first) + len(second):,} bytes and this one {len(third):,}, "
        f"over the {limit:,} an author may store here: ask the organiser for more room"
    )
    assert stored(engine) == before
    submissions.submit(author_id=bob, archive=upload("small"))
