"""Fixtures of the end-to-end tests: the server tests' databases, and a check of every game.

The ``database_url`` fixture (SQLite, and PostgreSQL when it is reachable) and the
``engine`` on it are those of ``tests/server/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from croupier_server.db import create_database_engine
from tests.server.conftest import database_url, engine, postgres_database_url
from tests.server.referee.harness import check_stored_games

__all__ = [
    "checked_database",
    "database_url",
    "engine",
    "postgres_database_url",
    "seeded_bots",
]


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
