"""Checking versions with real sealed games: active, or rejected with why, its log and games.

Each version is uploaded as an author would (its directory packed by the SDK's packer,
taken by :func:`~croupier_server.submissions.intake.receive_upload`), then checked by
the real referee on loopback against the house random bot, every seat sealed; a Python
version gets its requirement from a directory of wheels the test writes, offline.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.manifest import Manifest
from croupier_server import db
from croupier_server.db import GameRecord, authors, create_database_engine, init_database, versions
from croupier_server.db.names import NameRefused
from croupier_server.db.submissions import BotVersionRecord, VersionStatus
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.settings import RequirementIndex, SubmissionSettings
from croupier_server.submissions.checker import check_versions
from croupier_server.submissions.checking import check_version
from croupier_server.submissions.intake import receive_upload
from tests.server.conftest import Said
from tests.server.submissions.building import (
    FIRST_LEGAL_BOT,
    bot_archive,
    manifest_text,
    write_wheel,
)

pytestmark = pytest.mark.usefixtures("sealed_seats")

HELPED_BOT = FIRST_LEGAL_BOT.replace(
    "return observation.legal_actions[0]",
    "return tinyhelper.first(observation.legal_actions)",
).replace("import croupier\n", "import croupier\nimport tinyhelper\n")


@dataclass
class Place:
    """A database with an author, versions' settings, and where the test writes bots."""

    engine: Engine
    settings: SubmissionSettings
    author_id: int
    root: Path

    def upload(self, name: str, files: dict[str, str], requirements: Sequence[str] = ()) -> int:
        """Upload the cribbage bot ``name`` of ``files``; its version's own bot id."""
        text = manifest_text(name, requirements=requirements)
        data = bot_archive(self.root / name, files, manifest=text)
        received = receive_upload(self.engine, self.settings, author_id=self.author_id, data=data)
        return received.bot_id

    def check(self, bot_id: int) -> BotVersionRecord:
        """Check version ``bot_id`` sealed, through a referee of its own; the version after."""

        async def checking() -> None:
            async with referee() as server:
                await check_version(self.engine, server, self.settings, bot_id=bot_id, sealed=True)

        asyncio.run(checking())
        return self.version(bot_id)

    def version(self, bot_id: int) -> BotVersionRecord:
        with Session(self.engine) as session:
            found = versions.get_version(session, bot_id=bot_id)
            assert found is not None
            return found

    def game(self, game_id: int) -> GameRecord:
        with Session(self.engine) as session:
            found = db.get_game(session, game_id=game_id)
            assert found is not None
            return found


@contextlib.asynccontextmanager
async def referee() -> AsyncIterator[RefereeServer]:
    server = RefereeServer(SessionRegistry(), "127.0.0.1:0")
    await server.start()
    try:
        yield server
    finally:
        await server.stop(grace=0)


@pytest.fixture
def place(tmp_path: Path) -> Iterator[Place]:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'croupier.db'}")
    init_database(engine)
    wheels = tmp_path / "wheels"
    write_wheel(
        wheels,
        "tinyhelper",
        "1.0",
        {"tinyhelper/__init__.py": "def first(actions):\n    return actions[0]\n"},
    )
    settings = SubmissionSettings(
        versions_dir=tmp_path / "versions",
        index=RequirementIndex(find_links=wheels, offline=True),
        check_games=2,
    )
    with Session(engine) as session:
        author, _ = authors.add_author(session, name="ada")
    assert author.id is not None
    yield Place(engine, settings, author.id, tmp_path / "bots")
    engine.dispose()


def test_a_python_bot_with_a_requirement_becomes_active_after_its_sealed_games(
    place: Place,
) -> None:
    place.settings = SubmissionSettings(
        versions_dir=place.settings.versions_dir, index=place.settings.index
    )  # the default: three games
    bot_id = place.upload("helped", {"bot.py": HELPED_BOT}, requirements=["tinyhelper==1.0"])
    version = place.check(bot_id)
    assert version.status is VersionStatus.ACTIVE, version.check_log
    assert version.detail == "it passed its check: 3 games against cribbage-random"
    assert version.checked_at is not None
    assert "+ tinyhelper==1.0" in version.check_log
    assert "start: it said Hello in " in version.check_log
    assert len(version.check_games) == 3
    seats = []
    for game_id in version.check_games:
        game = place.game(game_id)
        assert game.status == "finished"
        assert game.rated is False
        assert game.settings["sealed"] is True
        with Session(place.engine) as session:
            seats.append([seat.bot_id for seat in db.game_seats(session, game_id=game_id)])
    assert [seat.index(bot_id) for seat in seats] == [0, 1, 0]  # it moves round the table


def test_a_version_that_cannot_import_what_it_needs_is_rejected_with_its_output(
    place: Place,
) -> None:
    bot = "import numpy_is_not_installed\n" + FIRST_LEGAL_BOT
    version = place.check(place.upload("crashes", {"bot.py": bot}))
    assert version.status is VersionStatus.REJECTED
    assert version.detail == "it did not start: exited with status 1 before connecting"
    assert "ModuleNotFoundError: No module named 'numpy_is_not_installed'" in version.check_log
    assert version.check_games == []


def test_a_check_log_shows_no_path_of_the_server(place: Place) -> None:
    bot = "import numpy_is_not_installed\n" + FIRST_LEGAL_BOT
    version = place.check(place.upload("crashes", {"bot.py": bot}))
    assert 'File "<version>/files/bot.py", line 1' in version.check_log  # its traceback
    assert "files: <version>/files" in version.check_log
    assert str(place.settings.versions_dir) not in version.check_log
    assert str(place.settings.versions_dir) not in (version.detail or "")


def test_a_version_that_plays_illegally_is_rejected_with_its_game(place: Place) -> None:
    stubborn = FIRST_LEGAL_BOT.replace(
        "return observation.legal_actions[0]",
        "self.first = getattr(self, 'first', None) or observation.legal_actions[0]\n"
        "        print('playing', self.first, flush=True)\n"
        "        return self.first",
    )
    version = place.check(place.upload("stubborn", {"bot.py": stubborn}))
    assert version.status is VersionStatus.REJECTED
    (game_id,) = version.check_games
    assert version.detail.startswith(
        f"check game 1 of 2 against cribbage-random (game {game_id}, /games/{game_id}): "
        "illegal_action: "
    )
    assert "playing " in version.check_log  # its output, in the log
    assert place.game(game_id).rated is False


def test_a_version_that_crashes_during_a_game_is_rejected_with_its_output(place: Place) -> None:
    crashing = FIRST_LEGAL_BOT.replace(
        "return observation.legal_actions[0]",
        "raise SystemExit('I give up')",
    )
    version = place.check(place.upload("quitter", {"bot.py": crashing}))
    assert version.status is VersionStatus.REJECTED
    (game_id,) = version.check_games
    assert f"(game {game_id}, /games/{game_id}): crash: " in version.detail
    assert "I give up" in version.check_log


@pytest.mark.slow
def test_a_version_that_takes_too_long_is_rejected_with_its_game(place: Place) -> None:
    slow = FIRST_LEGAL_BOT.replace(
        "return observation.legal_actions[0]",
        "import time; time.sleep(60)",
    )
    version = place.check(place.upload("sleeper", {"bot.py": slow}))
    assert version.status is VersionStatus.REJECTED
    (game_id,) = version.check_games
    assert f"(game {game_id}, /games/{game_id}): timeout: " in version.detail


def test_a_version_whose_requirement_cannot_be_installed_is_rejected(place: Place) -> None:
    bot_id = place.upload("needy", {"bot.py": HELPED_BOT}, requirements=["tinyhelper>=3"])
    version = place.check(bot_id)
    assert version.status is VersionStatus.REJECTED
    assert version.detail.startswith(
        "its environment could not be made: installing its requirements failed"
    )
    assert "$ uv pip install " in version.check_log


def test_the_checker_checks_oldest_first_and_outlives_a_version_that_breaks_it(
    place: Place, said: Said
) -> None:
    place.settings = dataclasses.replace(place.settings, check_concurrency=1)  # one at a time
    broken = place.upload("broken", {"bot.py": FIRST_LEGAL_BOT})
    left = place.upload("left", {"bot.py": "import nothing_here\n"})
    good = place.upload("good", {"bot.py": FIRST_LEGAL_BOT})
    with Session(place.engine) as session:
        versions.begin_check(session, bot_id=left, detail="check game 1 of 2")  # a serve died
        record = versions.get_version(session, bot_id=broken)
        assert record is not None
        record.manifest = {"name": "broken"}  # what no check can read
        session.add(record)
        session.commit()

    async def serve() -> None:
        async with referee() as server:
            checking = asyncio.create_task(
                check_versions(
                    place.engine,
                    server,
                    settings=place.settings,
                    sealed=True,
                    idle_seconds=0.1,
                    retry_seconds=0.1,
                )
            )
            while not all(place.version(v).checked_at for v in (broken, left, good)):
                assert not checking.done(), checking
                await asyncio.sleep(0.2)
            checking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await checking

    asyncio.run(asyncio.wait_for(serve(), timeout=150))
    lines = said("croupier_server.submissions.checker")
    assert lines[0] == "versions: 1 left checking by a stopped server are received again"
    assert place.version(good).status is VersionStatus.ACTIVE
    assert place.version(left).status is VersionStatus.REJECTED
    rejected = place.version(broken)
    assert rejected.status is VersionStatus.REJECTED
    assert rejected.detail.startswith("its check failed: ManifestError: croupier.toml: ")
    assert f"version broken@1 rejected: {rejected.detail} (3 times)" in lines
    assert lines[-2:] == [
        f"version left@1 rejected: {place.version(left).detail}",
        f"version good@1 active: {place.version(good).detail}",
    ]
    assert place.version(left).checked_at < place.version(good).checked_at  # type: ignore[operator]


def test_a_version_retired_during_its_check_stays_retired(place: Place) -> None:
    bot_id = place.upload("retiring", {"bot.py": FIRST_LEGAL_BOT})

    async def check_and_retire() -> None:
        async with referee() as server:
            checking = asyncio.create_task(
                check_version(place.engine, server, place.settings, bot_id=bot_id, sealed=True)
            )
            while "check game" not in place.version(bot_id).detail:
                await asyncio.sleep(0.05)
            with Session(place.engine) as session:
                versions.retire_version(session, bot_id=bot_id, by_admin=False)
            assert await checking is VersionStatus.RETIRED

    asyncio.run(check_and_retire())
    version = place.version(bot_id)
    assert version.status is VersionStatus.RETIRED
    assert version.detail == "retired by its author"


QUITTER = FIRST_LEGAL_BOT.replace("return observation.legal_actions[0]", "raise SystemExit(1)")
"""A version that says Hello, then crashes at its first decision."""


def test_a_version_is_not_accepted_untested_when_an_author_holds_its_opponent_s_name(
    place: Place,
) -> None:
    """An author's bot named ``cribbage-random`` (stored before the name was reserved) is
    no house bot: the version is rejected, never accepted without its games."""
    with Session(place.engine) as session:
        squatter, _ = authors.add_author(session, name="mallory")
        assert squatter.id is not None
        manifest = Manifest(name="cribbage-random", game="cribbage", command="python bot.py")
        archive = versions.NewArchive(hashlib.sha256(b"x").hexdigest(), b"x", size=1, files=1)
        versions.create_version(
            session, author_id=squatter.id, manifest=manifest, archive=archive, command="true"
        )
    version = place.check(place.upload("quitter", {"bot.py": QUITTER}))
    assert version.status is VersionStatus.REJECTED, version.detail
    assert version.detail == (
        "it cannot be checked here: cribbage-random is no house bot of cribbage "
        "(not a command bot of no author)"
    )
    assert version.check_games == []


def test_a_version_of_a_game_without_a_house_bot_is_rejected_not_accepted(place: Place) -> None:
    """kuhn_poker plugs in from outside: the SDK has no random bot of it."""
    text = manifest_text("quitter", game="kuhn_poker")
    data = bot_archive(place.root / "kuhn", {"bot.py": QUITTER}, manifest=text)
    received = receive_upload(place.engine, place.settings, author_id=place.author_id, data=data)
    version = place.check(received.bot_id)
    assert version.status is VersionStatus.REJECTED, version.detail
    assert version.detail.startswith(
        "it cannot be checked here: there is no house bot kuhn_poker-random and the SDK has "
        "no random bot of kuhn_poker (the organiser registers one: croupier bot add "
    )
    assert version.check_games == []


@pytest.mark.parametrize("name", ["cribbage-random", "lexio-random", "lexio_random", "admin"])
def test_an_upload_under_a_name_the_server_uses_is_refused_and_nothing_stored(
    place: Place, name: str
) -> None:
    with pytest.raises(NameRefused, match=f"the bot name '{name}' is reserved"):
        place.upload(name, {"bot.py": FIRST_LEGAL_BOT})
    with Session(place.engine) as session:
        assert db.get_bot_by_name(session, name=name) is None
