"""Versions in the database, on SQLite and PostgreSQL: names, numbers, archives, statuses.

Names claimed by their first upload, numbers, archives shared by identical uploads, the
check's statuses, retiring; and an upload taken whole or not at all.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier.manifest import Manifest
from croupier_server import db
from croupier_server.db import BotKind, authors, versions
from croupier_server.db.errors import BotNameTaken, NotTheAuthor, VersionNotRetirable
from croupier_server.db.submissions import BotArchiveRecord, BotVersionRecord, VersionStatus
from croupier_server.settings import ArchiveLimits, SubmissionSettings
from croupier_server.submissions.archive import ArchiveRefused
from croupier_server.submissions.intake import receive_upload
from tests.server.submissions.building import TarEntry, archive, manifest_text

MANIFEST = Manifest(name="my-bot", game="cribbage", command="python bot.py")


def new_archive(data: bytes = b"the bytes") -> versions.NewArchive:
    return versions.NewArchive(hashlib.sha256(data).hexdigest(), data, size=9, files=2)


def author(session: Session, name: str) -> int:
    record, _ = authors.add_author(session, name=name)
    assert record.id is not None
    return record.id


def create(
    session: Session, author_id: int, manifest: Manifest = MANIFEST, data: bytes = b"x"
) -> BotVersionRecord:
    return versions.create_version(
        session, author_id=author_id, manifest=manifest, archive=new_archive(data), command="c"
    )


def test_the_first_upload_claims_the_name_and_each_makes_the_next_version(
    session: Session,
) -> None:
    ada = author(session, "ada")
    first = create(session, ada, data=b"one")
    second = create(session, ada, data=b"two")
    assert (first.number, second.number) == (1, 2)
    parent = db.get_bot_by_name(session, name="my-bot")
    assert parent is not None
    assert parent.kind is BotKind.SUBMITTED
    assert parent.command is None
    assert parent.author_id == ada
    bot = db.get_bot(session, bot_id=second.bot_id)
    assert bot is not None
    assert (bot.name, bot.kind, bot.command) == ("my-bot@2", BotKind.COMMAND, "c")
    assert (bot.author_id, bot.version_of_id) == (ada, parent.id)
    assert second.status is VersionStatus.RECEIVED
    assert second.manifest == MANIFEST.to_data()
    assert parent.id is not None
    listed = versions.list_versions(session, submitted_id=parent.id)
    assert [v.number for v in listed] == [1, 2]


def test_identical_uploads_share_one_archive(session: Session) -> None:
    ada = author(session, "ada")
    create(session, ada, data=b"same")
    create(session, ada, data=b"same")
    create(session, ada, data=b"other")
    assert len(session.exec(select(BotArchiveRecord)).all()) == 2
    assert len(session.exec(select(BotVersionRecord)).all()) == 3


def test_another_author_s_name_and_an_organiser_s_bot_s_name_are_refused(
    session: Session,
) -> None:
    ada, bob = author(session, "ada"), author(session, "bob")
    create(session, ada)
    with pytest.raises(NotTheAuthor, match=r"^'my-bot' is another author's bot"):
        create(session, bob)
    db.add_bot(session, name="house", game="cribbage", command="true")
    with pytest.raises(BotNameTaken, match=r"^'house' is the name of an organiser's bot"):
        create(session, ada, Manifest(name="house", game="cribbage", command="./bot"))
    lexio = Manifest(name="my-bot", game="lexio", command="python bot.py")
    with pytest.raises(ValueError, match=r"^'my-bot' plays cribbage: a version of it cannot"):
        create(session, ada, lexio)
    assert len(session.exec(select(BotVersionRecord)).all()) == 1
    assert len(session.exec(select(BotArchiveRecord)).all()) == 1


def test_a_check_moves_a_version_on_once(session: Session) -> None:
    ada = author(session, "ada")
    version = create(session, ada)
    assert versions.next_received(session) == version
    assert versions.begin_check(session, bot_id=version.bot_id, detail="unpacking")
    assert not versions.begin_check(session, bot_id=version.bot_id, detail="again")
    assert versions.next_received(session) is None
    assert versions.note_progress(session, bot_id=version.bot_id, detail="game 1", check_log="a")
    status = versions.finish_check(
        session, bot_id=version.bot_id, passed=True, detail="ok", check_log="ab", check_games=[7]
    )
    assert status is VersionStatus.ACTIVE
    stored = versions.get_version(session, bot_id=version.bot_id)
    assert stored is not None
    assert (stored.detail, stored.check_log, stored.check_games) == ("ok", "ab", [7])
    assert stored.checked_at is not None
    assert not versions.note_progress(session, bot_id=version.bot_id, detail="x", check_log="")


def test_a_version_retired_while_checked_stays_retired(session: Session) -> None:
    version = create(session, author(session, "ada"))
    versions.begin_check(session, bot_id=version.bot_id, detail="checking")
    retired = versions.retire_version(session, bot_id=version.bot_id, by_admin=False)
    assert (retired.status, retired.detail) == (VersionStatus.RETIRED, "retired by its author")
    assert not versions.note_progress(session, bot_id=version.bot_id, detail="x", check_log="")
    status = versions.finish_check(
        session, bot_id=version.bot_id, passed=True, detail="ok", check_log="log", check_games=[]
    )
    assert status is VersionStatus.RETIRED


def test_retiring_is_refused_for_a_rejected_version_and_changes_nothing_the_second_time(
    session: Session,
) -> None:
    ada = author(session, "ada")
    rejected, active = create(session, ada, data=b"1"), create(session, ada, data=b"2")
    for version, passed in [(rejected, False), (active, True)]:
        versions.begin_check(session, bot_id=version.bot_id, detail="")
        versions.finish_check(
            session, bot_id=version.bot_id, passed=passed, detail="", check_log="", check_games=[]
        )
    with pytest.raises(VersionNotRetirable, match="a rejected version plays no games"):
        versions.retire_version(session, bot_id=rejected.bot_id, by_admin=True)
    first = versions.retire_version(session, bot_id=active.bot_id, by_admin=True)
    again = versions.retire_version(session, bot_id=active.bot_id, by_admin=False)
    assert first.detail == again.detail == "retired by the admin"
    assert first.retired_at == again.retired_at
    with pytest.raises(LookupError):
        versions.retire_version(session, bot_id=12345, by_admin=True)


def test_versions_left_checking_are_received_again(session: Session) -> None:
    ada = author(session, "ada")
    left = create(session, ada, data=b"1")
    create(session, ada, data=b"2")
    versions.begin_check(session, bot_id=left.bot_id, detail="check game 2 of 3")
    assert versions.receive_checking_again(session) == 1
    again = versions.get_version(session, bot_id=left.bot_id)
    assert again is not None
    assert again.status is VersionStatus.RECEIVED
    assert again.detail == "its check starts again: the server stopped during it"
    assert versions.receive_checking_again(session) == 0


def test_an_upload_is_stored_whole_or_not_at_all(engine: Engine, tmp_path: Path) -> None:
    settings = SubmissionSettings(versions_dir=tmp_path / "versions")
    with Session(engine) as session:
        ada = author(session, "ada")
    good = archive(
        [TarEntry("croupier.toml", manifest_text().encode()), TarEntry("bot.py", b"x = 1\n")]
    )
    received = receive_upload(engine, settings, author_id=ada, data=good)
    assert (received.bot, received.number, received.status) == ("my-bot", 1, "received")
    with Session(engine) as session:
        bot = db.get_bot(session, bot_id=received.bot_id)
        assert bot is not None
        digest = hashlib.sha256(good).hexdigest()
        here = tmp_path / "versions" / digest
        assert bot.command == f"{here}/env/bin/python {here}/files/bot.py"
    bad = archive([TarEntry("croupier.toml", manifest_text().encode()), TarEntry("/x", b"")])
    too_big = archive([TarEntry("croupier.toml", manifest_text().encode() + b"#" * 100)])
    for data, limits in [(bad, ArchiveLimits()), (too_big, ArchiveLimits(max_file_bytes=100))]:
        small = SubmissionSettings(versions_dir=tmp_path / "versions", limits=limits)
        with pytest.raises(ArchiveRefused):
            receive_upload(engine, small, author_id=ada, data=data)
    with Session(engine) as session:
        assert len(session.exec(select(BotVersionRecord)).all()) == 1
        assert len(session.exec(select(BotArchiveRecord)).all()) == 1
    assert not (tmp_path / "versions").exists()  # nothing is unpacked before the check
