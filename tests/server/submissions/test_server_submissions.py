"""What croupier serve hands the dashboard for uploads: each refusal with its HTTP status."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli._submissions import ServerSubmissions
from croupier_server.db import authors, versions
from croupier_server.db.submissions import VersionStatus
from croupier_server.settings import ArchiveLimits, SubmissionSettings
from croupier_server.web.submissions import SubmissionRefused
from tests.server.submissions.building import TarEntry, archive, manifest_text


def bot(name: str = "my-bot", *extra: TarEntry) -> bytes:
    return archive([TarEntry("croupier.toml", manifest_text(name).encode()), *extra])


@pytest.fixture
def taking(engine: Engine, tmp_path: Path) -> ServerSubmissions:
    limits = ArchiveLimits(max_file_bytes=1000)
    return ServerSubmissions(
        engine, SubmissionSettings(versions_dir=tmp_path / "versions", limits=limits)
    )


def test_uploads_are_stored_or_refused_with_their_status(
    engine: Engine, taking: ServerSubmissions
) -> None:
    with Session(engine) as session:
        ada = authors.add_author(session, name="ada")[0].id
        bob = authors.add_author(session, name="bob")[0].id
        db.add_bot(session, name="house", game="cribbage", command="true")
    assert ada is not None
    assert bob is not None
    stored = taking.submit(author_id=ada, archive=bot())
    assert (stored.bot, stored.number, stored.status) == ("my-bot", 1, VersionStatus.RECEIVED)
    refusals = [
        (ada, b"not gzip", 400, "not a gzipped tar archive"),
        (ada, bot("my-bot", TarEntry("/etc/x")), 400, "/etc/x is an absolute path"),
        (ada, bot("my-bot", TarEntry("big", b"x" * 1001)), 413, "big is 1001 bytes"),
        (bob, bot(), 403, "'my-bot' is another author's bot"),
        (ada, bot("house"), 409, "'house' is the name of an organiser's bot"),
    ]
    for author_id, data, status, message in refusals:
        with pytest.raises(SubmissionRefused) as refused:
            taking.submit(author_id=author_id, archive=data)
        assert (refused.value.status, str(refused.value)[: len(message)]) == (status, message)
    assert taking.max_archive_bytes == ArchiveLimits().max_archive_bytes


def test_retiring_a_rejected_version_is_a_conflict(
    engine: Engine, taking: ServerSubmissions
) -> None:
    with Session(engine) as session:
        ada = authors.add_author(session, name="ada")[0].id
    assert ada is not None
    taking.submit(author_id=ada, archive=bot())
    with Session(engine) as session:
        bot_id = db.bot_ids(session, names=["my-bot@1"])["my-bot@1"]
        versions.begin_check(session, bot_id=bot_id, detail="")
        versions.finish_check(
            session, bot_id=bot_id, passed=False, detail="no", check_log="", check_games=[]
        )
    with pytest.raises(SubmissionRefused) as refused:
        taking.retire(version_bot_id=bot_id, by_admin=False)
    assert refused.value.status == 409
    with pytest.raises(SubmissionRefused) as missing:
        taking.retire(version_bot_id=bot_id + 100, by_admin=True)
    assert missing.value.status == 404
