"""A version's game on a worker, on PostgreSQL: the worker makes it ready from the database.

The worker's machine is another ``VERSIONS_DIR`` (``$CROUPIER_VERSIONS_DIR``, as a worker
reads it): the version is unpacked and given its environment there before the claim, and
plays with its command there; one that cannot be made ready loses the attempt to the
worker, as missing files do.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.attempts.attempt import play_attempt
from croupier_server.attempts.claim import RunnerIdentity
from croupier_server.db import authors, versions
from croupier_server.queueing.tournaments import queue_tournament
from croupier_server.referee.containment import sandbox
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.settings import RequirementIndex, SubmissionSettings
from croupier_server.submissions.intake import receive_upload
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from tests.server.conftest import Said
from tests.server.queueing.harness import (
    LEXIO,
    add_example_bots,
    new_tournament,
    new_worker,
    queue_engine,
    scheduled_of,
)
from tests.server.submissions.building import (
    FIRST_LEGAL_BOT,
    TarEntry,
    archive,
    manifest_text,
    write_wheel,
)

__all__ = ["queue_engine"]

HELPED = FIRST_LEGAL_BOT.replace("import croupier\n", "import croupier\nimport tinyhelper\n")


def play_a_game_of(
    engine: Engine, tmp_path: Path, requirement: str, said: Said
) -> tuple[list[str], Path]:
    """Upload a version needing ``requirement``, queue a game of it, play it on a worker.

    Returns what the worker said (after its name), and the worker's ``VERSIONS_DIR``.
    """
    wheels = tmp_path / "wheels"
    write_wheel(wheels, "tinyhelper", "1.0", {"tinyhelper/__init__.py": ""})
    server = SubmissionSettings(versions_dir=tmp_path / "server-versions")
    with Session(engine) as session:
        author_id = authors.add_author(session, name="ada")[0].id
    assert author_id is not None
    manifest = manifest_text("helped", game="lexio", requirements=[requirement])
    data = archive(
        [TarEntry("croupier.toml", manifest.encode()), TarEntry("bot.py", HELPED.encode())]
    )
    received = receive_upload(engine, server, author_id=author_id, data=data)
    with Session(engine) as session:  # checked: only an active version plays
        versions.begin_check(session, bot_id=received.bot_id, detail="")
        versions.finish_check(
            session, bot_id=received.bot_id, passed=True, detail="", check_log="", check_games=[]
        )
    add_example_bots(engine, "lexio", ["lexio_random", "lexio_greedy"])
    tournament_id = new_tournament(
        engine,
        load_game("lexio", LEXIO),
        ["helped@1", "lexio_random", "lexio_greedy"],
        RoundRobinSettings(deals=1),
    )
    queue_tournament(engine, tournament_id)
    first = scheduled_of(engine, tournament_id)[0]
    assert first.id is not None
    worker = RunnerIdentity(new_worker(engine, "w1"), "w1", 3.0)

    async def play() -> None:
        referee = RefereeServer(SessionRegistry(), "127.0.0.1:0")
        await referee.start()
        try:
            await play_attempt(engine, referee, worker, first.id or 0)
        finally:
            await referee.stop(grace=0)

    asyncio.run(play())
    lines = said("croupier_server.attempts")
    assert all(line.startswith("worker w1: ") for line in lines), lines
    return [line.removeprefix("worker w1: ") for line in lines], tmp_path / "worker-versions"


@pytest.fixture
def worker_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's own ``VERSIONS_DIR`` and index, in its environment."""
    index = RequirementIndex(find_links=tmp_path / "wheels", offline=True)
    monkeypatch.setenv("CROUPIER_VERSIONS_DIR", str(tmp_path / "worker-versions"))
    monkeypatch.setenv("CROUPIER_REQUIREMENTS_FIND_LINKS", str(index.find_links))
    monkeypatch.setenv("CROUPIER_REQUIREMENTS_OFFLINE", "1")


@pytest.mark.usefixtures("worker_machine")
def test_a_worker_unpacks_a_version_from_the_database_and_plays_it(
    queue_engine: Engine, tmp_path: Path, said: Said
) -> None:
    lines, versions_dir = play_a_game_of(queue_engine, tmp_path, "tinyhelper==1.0", said)
    assert len(lines) == 1
    assert lines[0].startswith("game 0 of tournament ")
    assert " finished in " in lines[0]
    game_id = int(lines[0].rsplit("(game ", 1)[1].rstrip(")"))
    with Session(queue_engine) as session:
        assert db.game_faults(session, game_id=game_id) == []  # the version played its seat
    (digest,) = [path.name for path in versions_dir.iterdir()]
    assert sorted(p.name for p in (versions_dir / digest).iterdir()) == ["env", "files"]
    assert not (tmp_path / "server-versions").exists()


@pytest.mark.usefixtures("worker_machine")
def test_a_version_the_worker_cannot_make_ready_loses_the_attempt_to_the_worker(
    queue_engine: Engine, tmp_path: Path, said: Said
) -> None:
    lines, _ = play_a_game_of(queue_engine, tmp_path, "tinyhelper>=2", said)
    assert len(lines) == 1
    assert lines[0].startswith("lost game 0 of tournament ")
    assert ": version helped@1 cannot be made ready here: installing its requirements " in lines[0]
    assert lines[0].endswith("(worker w1)")


@pytest.mark.usefixtures("worker_machine")
def test_a_worker_that_cannot_seal_never_plays_an_authors_version(
    queue_engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, said: Said
) -> None:
    monkeypatch.setattr(sandbox, "sealing_failure", lambda: "namespaces cannot be made here")
    lines, _ = play_a_game_of(queue_engine, tmp_path, "tinyhelper==1.0", said)
    assert len(lines) == 1
    assert lines[0].startswith("lost game 0 of tournament ")
    assert "the seats cannot be sealed here: namespaces cannot be made here" in lines[0]
    assert lines[0].endswith("(worker w1)")
