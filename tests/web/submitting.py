"""What the dashboard's tests of submitted bots share: archives, a stand-in, a site.

:func:`bot_archive` packs a minimal bot (a ``croupier.toml`` and a ``bot.py``) with the
SDK's :func:`~croupier.packing.pack_directory`, :func:`packed` any files with :mod:`tarfile`
(an archive the SDK would refuse to make). :class:`StandInSubmissions` is a minimal, real
:class:`~croupier_server.web.submissions.SubmissionActions`: it reads the archive and its
manifest (with the SDK's :mod:`croupier.manifest`) and stores the version's rows in the
database, as the server's submission machinery does, without unpacking or checking it.
:class:`Site` is the dashboard over a fresh database with two authors, ada and bob.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import tarfile
import tempfile
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session, func, select

from croupier.manifest import MANIFEST_FILE, Manifest, ManifestError, parse_manifest
from croupier.packing import pack_directory
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import BotKind, BotRecord, authors, create_database_engine, init_database
from croupier_server.db.submissions import BotArchiveRecord, BotVersionRecord, VersionStatus
from croupier_server.web import DashboardServer, create_app
from croupier_server.web.access import AccessTokens
from croupier_server.web.submissions import SubmissionRefused, SubmittedVersion

__all__ = [
    "ADMIN",
    "MAX_ARCHIVE_BYTES",
    "READ",
    "Site",
    "StandInSubmissions",
    "bot_archive",
    "make_site",
    "packed",
    "serving",
    "site",
]

MAX_ARCHIVE_BYTES = 64 * 1024
"""The stand-in's largest archive: small, so that a test goes past it cheaply."""


def packed(files: Mapping[str, str | bytes], *, executable: frozenset[str] = frozenset()) -> bytes:
    """A gzipped tar of ``files`` (path to content), ``executable`` ones with mode 0755."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for path, content in sorted(files.items()):
            data = content.encode() if isinstance(content, str) else content
            member = tarfile.TarInfo(path)
            member.size = len(data)
            member.mode = 0o755 if path in executable else 0o644
            archive.addfile(member, io.BytesIO(data))
    return buffer.getvalue()


def bot_archive(name: str, *, game: str = "lexio", source: str = "print('hello')\n") -> bytes:
    """A bot ``name`` of ``game``, packed as ``croupier-bot submit`` packs it.

    It holds its manifest, its ``bot.py`` and an executable ``run.sh``.
    """
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        manifest = f'name = "{name}"\ngame = "{game}"\ncommand = "python bot.py"\n'
        (directory / MANIFEST_FILE).write_text(manifest)
        (directory / "bot.py").write_text(source)
        (directory / "run.sh").write_text("#!/bin/sh\n")
        (directory / "run.sh").chmod(0o755)
        return pack_directory(directory)


class StandInSubmissions:
    """Stores uploads as the server's submission machinery does, without checking them."""

    max_archive_bytes = MAX_ARCHIVE_BYTES

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self.retired: list[tuple[int, bool]] = []

    def submit(self, *, author_id: int, archive: bytes) -> SubmittedVersion:
        """Store ``archive`` as the next version of the bot its manifest names."""
        manifest = _manifest(archive)
        with Session(self._engine) as session:
            parent = db.get_bot_by_name(session, name=manifest.name)
            if parent is not None and parent.kind is not BotKind.SUBMITTED:
                raise SubmissionRefused(409, f"{manifest.name!r} is the organiser's bot's name")
            if parent is not None and parent.author_id != author_id:
                raise SubmissionRefused(403, f"{manifest.name!r} is another author's bot")
            if parent is None:
                parent = BotRecord(
                    name=manifest.name,
                    game=manifest.game,
                    kind=BotKind.SUBMITTED,
                    author_id=author_id,
                    open_to_people=False,  # until its author opens it
                )
                session.add(parent)
                session.flush()
            count = session.exec(
                select(func.count()).where(BotVersionRecord.submitted_id == parent.id)
            ).one()
            number = count + 1
            digest = hashlib.sha256(archive).hexdigest()
            if session.get(BotArchiveRecord, digest) is None:
                session.add(
                    BotArchiveRecord(digest=digest, data=archive, size=len(archive), files=3)
                )
            version = BotRecord(
                name=f"{manifest.name}@{number}",
                game=manifest.game,
                kind=BotKind.COMMAND,
                command="false",
                author_id=author_id,
                version_of_id=parent.id,
            )
            session.add(version)
            session.flush()
            assert version.id is not None
            assert parent.id is not None
            session.add(
                BotVersionRecord(
                    bot_id=version.id,
                    submitted_id=parent.id,
                    number=number,
                    digest=digest,
                    manifest=manifest.to_data(),
                    check_log="installed nothing\nplayed 3 games\n",
                )
            )
            session.commit()
        return SubmittedVersion(manifest.name, number, VersionStatus.RECEIVED)

    def retire(self, *, version_bot_id: int, by_admin: bool) -> None:
        """Retire the version whose bot is ``version_bot_id``."""
        with Session(self._engine) as session:
            version = session.get(BotVersionRecord, version_bot_id)
            assert version is not None
            if version.status is VersionStatus.REJECTED:
                raise SubmissionRefused(409, "a rejected version plays no games already")
            if version.status is not VersionStatus.RETIRED:
                version.status = VersionStatus.RETIRED
                version.retired_at = utc_now()
                version.detail = "retired by the admin" if by_admin else "retired by its author"
                session.add(version)
                session.commit()
        self.retired.append((version_bot_id, by_admin))


def _manifest(archive: bytes) -> Manifest:
    try:
        with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as opened:
            member = opened.extractfile(MANIFEST_FILE)
            text = member.read().decode() if member is not None else ""
    except (tarfile.TarError, KeyError, OSError, EOFError):
        raise SubmissionRefused(400, "not a gzipped tar holding a croupier.toml") from None
    try:
        return parse_manifest(text)
    except ManifestError as error:
        raise SubmissionRefused(400, str(error)) from None


ADMIN = "admin-token-0123456789abcdef"
READ = "read-token-0123456789abcdef"


@dataclass
class Site:
    """A dashboard with two authors, ada and bob, and the stand-in taking their uploads."""

    engine: Engine
    client: TestClient
    tokens: dict[str, str]
    submissions: StandInSubmissions

    def bearer(self, who: str) -> dict[str, str]:
        """The Authorization header of ``who``: ``ada``, ``bob``, ``admin`` or ``read``."""
        return {"Authorization": f"Bearer {self.tokens[who]}"}

    def submit(self, who: str, archive: bytes) -> httpx2.Response:
        """Upload ``archive`` through the API with ``who``'s token."""
        headers = {**self.bearer(who), "Content-Type": "application/gzip"}
        return self.client.post("/api/submissions", content=archive, headers=headers)

    def log_in(self, who: str) -> None:
        """Open a login session for ``who`` in the client."""
        response = self.client.post(
            "/login", data={"token": self.tokens[who]}, follow_redirects=False
        )
        assert response.status_code == 303, response.text

    def rows(self) -> tuple[int, int, int]:
        """How many bots, versions and archives are stored."""
        with Session(self.engine) as session:
            return (
                len(db.list_bots(session)),
                len(session.exec(select(BotVersionRecord)).all()),
                len(session.exec(select(BotArchiveRecord)).all()),
            )

    def bot_id(self, name: str) -> int:
        """The id of the bot ``name``."""
        with Session(self.engine) as session:
            found = db.get_bot_by_name(session, name=name)
            assert found is not None
            assert found.id is not None
            return found.id

    def version(self, bot_id: int) -> BotVersionRecord:
        """The version row of the version whose bot is ``bot_id``."""
        with Session(self.engine) as session:
            found = session.get(BotVersionRecord, bot_id)
            assert found is not None
            return found


def make_site(
    tmp_path: Path, *, read_protected: bool = False, sign_up: bool = False, actions: bool = True
) -> Iterator[Site]:
    """A :class:`Site` over a fresh SQLite database in ``tmp_path``."""
    engine = create_database_engine(f"sqlite:///{tmp_path / 'site.db'}")
    init_database(engine)
    tokens = {"admin": ADMIN, "read": READ}
    with Session(engine) as session:
        for name in ["ada", "bob"]:
            tokens[name] = authors.add_author(session, name=name)[1]
    stand_in = StandInSubmissions(engine)
    app = create_app(
        engine,
        tokens=AccessTokens(admin=ADMIN, read=READ if read_protected else None),
        submission_actions=stand_in if actions else None,
        sign_up=sign_up,
    )
    with TestClient(app) as client:
        yield Site(engine, client, tokens, stand_in)
    engine.dispose()


@contextlib.contextmanager
def serving(site: Site) -> Iterator[str]:
    """The site served by uvicorn on a free port of 127.0.0.1 while the block runs: its URL."""
    server = DashboardServer(site.client.app, "127.0.0.1:0")  # type: ignore[arg-type]
    thread = threading.Thread(target=asyncio.run, args=(server.serve(),), daemon=True)
    thread.start()
    try:
        yield server.url
    finally:
        server.stop()
        thread.join(timeout=10)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """A :class:`Site` whose reading is open and sign-up off."""
    yield from make_site(tmp_path)
