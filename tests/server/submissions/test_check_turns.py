"""The checker takes authors in turn, and checks several versions at once.

Versions are uploaded as an author would
(:func:`~croupier_server.submissions.intake.receive_upload`)
and checked by the real checker (:func:`~croupier_server.submissions.checker.check_versions`)
through a real referee on loopback, every seat sealed. Their bots are shell scripts, so no
environment is made: one that exits at once is rejected as soon as it starts, one that
sleeps holds its check until the checker stops.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db import authors, create_database_engine, init_database, versions
from croupier_server.db.submissions import BotVersionRecord, VersionStatus
from croupier_server.settings import AuthorLimits, SubmissionSettings
from croupier_server.submissions.checker import check_versions
from croupier_server.submissions.intake import receive_upload
from tests.server.conftest import Said
from tests.server.submissions.building import TarEntry, archive, manifest_text
from tests.server.submissions.test_checking import referee

pytestmark = pytest.mark.usefixtures("sealed_seats")

EXITS = "#!/bin/sh\nexit 3\n"
"""A bot that never says Hello: it exits at once."""
SLEEPS = "#!/bin/sh\nexec sleep 600\n"
"""A bot that never says Hello: it sleeps."""


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'croupier.db'}")
    init_database(engine)
    yield engine
    engine.dispose()


def settings(tmp_path: Path, *, concurrency: int) -> SubmissionSettings:
    return SubmissionSettings(
        versions_dir=tmp_path / "versions",
        check_concurrency=concurrency,
        authors=AuthorLimits(max_waiting=100),
    )


def author(engine: Engine, name: str) -> int:
    with Session(engine) as session:
        made = authors.add_author(session, name=name)[0].id
    assert made is not None
    return made


def upload(
    engine: Engine, taking: SubmissionSettings, author_id: int, name: str, script: str
) -> int:
    """Upload the bot ``name`` whose command is the shell ``script``; its version's bot id."""
    data = archive(
        [
            TarEntry("croupier.toml", manifest_text(name, command="./bot").encode()),
            TarEntry("bot", script.encode(), mode=0o755),
        ]
    )
    return receive_upload(engine, taking, author_id=author_id, data=data).bot_id


def version(engine: Engine, bot_id: int) -> BotVersionRecord:
    with Session(engine) as session:
        found = versions.get_version(session, bot_id=bot_id)
        assert found is not None
        return found


async def checking_until(
    engine: Engine, taking: SubmissionSettings, *, done: Callable[[], bool]
) -> None:
    """Run the checker until ``done()`` holds, then stop it."""
    async with referee() as server:
        checker = asyncio.create_task(
            check_versions(engine, server, settings=taking, sealed=True, idle_seconds=0.05)
        )
        while not done():
            assert not checker.done(), checker
            await asyncio.sleep(0.05)
        checker.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await checker


def test_one_authors_backlog_does_not_hold_back_another_authors_version(
    engine: Engine, tmp_path: Path, said: Said
) -> None:
    taking = settings(tmp_path, concurrency=1)
    ada, bob = author(engine, "ada"), author(engine, "bob")
    flooded = [upload(engine, taking, ada, f"flood{number}", EXITS) for number in range(4)]
    single = upload(engine, taking, bob, "single", EXITS)
    everyone = [*flooded, single]

    def checked() -> list[str]:
        lines = said("croupier_server.submissions.checker")
        return [line.split()[1] for line in lines if line.startswith("version ")]

    def all_checked_and_said() -> bool:  # the checker says a version's end after storing it
        stored = all(version(engine, bot_id).checked_at is not None for bot_id in everyone)
        return stored and len(checked()) == len(everyone)

    asyncio.run(checking_until(engine, taking, done=all_checked_and_said))
    assert checked() == ["flood0@1", "single@1", "flood1@1", "flood2@1", "flood3@1"]
    assert all(version(engine, bot_id).status is VersionStatus.REJECTED for bot_id in everyone)


def test_checks_run_side_by_side_and_a_stopped_checker_leaves_them_received(
    engine: Engine, tmp_path: Path
) -> None:
    taking = settings(tmp_path, concurrency=2)
    ada, bob = author(engine, "ada"), author(engine, "bob")
    sleeping = [
        upload(engine, taking, ada, "slow", SLEEPS),
        upload(engine, taking, bob, "slow2", SLEEPS),
    ]
    seen: list[list[VersionStatus]] = []

    def both_checking_or_one_done() -> bool:
        statuses = [version(engine, bot_id).status for bot_id in sleeping]
        seen.append(statuses)
        return statuses == [VersionStatus.CHECKING] * 2 or VersionStatus.REJECTED in statuses

    asyncio.run(checking_until(engine, taking, done=both_checking_or_one_done))
    assert seen[-1] == [VersionStatus.CHECKING] * 2
    for bot_id in sleeping:
        stopped = version(engine, bot_id)
        assert stopped.status is VersionStatus.RECEIVED
        assert stopped.detail == "the server stopped"
