"""Fixtures of the end-to-end tests: the server tests' databases, and a check of every game.

The ``database_url`` fixture (SQLite, and PostgreSQL when it is reachable) and the
``engine`` on it are those of ``tests/server/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier_server.db import create_database_engine
from tests.e2e.test_remote import Processes
from tests.server.conftest import database_url, engine, postgres_database_url
from tests.server.referee.harness import check_stored_games

__all__ = [
    "checked_database",
    "database_url",
    "engine",
    "postgres_database_url",
    "processes",
    "seeded_bots",
    "versions_dir",
]


@pytest.fixture
def processes() -> Iterator[Processes]:
    """The command processes a test starts (:class:`Processes`), all stopped at its end."""
    started = Processes()
    try:
        yield started
    finally:
        started.stop_all()


@pytest.fixture
def versions_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$CROUPIER_VERSIONS_DIR`` of the serve: where it makes the versions ready."""
    directory = tmp_path / "versions"
    monkeypatch.setenv("CROUPIER_VERSIONS_DIR", str(directory))
    return directory


@pytest.fixture
def checked_database(database_url: str) -> Iterator[str]:
    """``database_url``; at teardown, every stored game finished and replays exactly."""
    yield database_url
    engine = create_database_engine(database_url)
    try:
        check_stored_games(engine)
    finally:
        engine.dispose()


@pytest.fixture
def seeded_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random example bots (started with the referee's environment) choose reproducibly."""
    monkeypatch.setenv("CROUPIER_BOT_SEED", "7")
