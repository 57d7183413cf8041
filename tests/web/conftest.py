"""Fixtures of the dashboard's tests: a database of real games, and the app over it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from croupier_server.db import create_database_engine, init_database
from croupier_server.web import create_app
from tests.web.filling import FilledDatabase, fill_database

__all__ = ["client", "empty_client", "filled_database", "filled_engine"]


@pytest.fixture(scope="session")
def filled_database(tmp_path_factory: pytest.TempPathFactory) -> FilledDatabase:
    """An SQLite database of real example-bot games (see :mod:`tests.web.filling`)."""
    path: Path = tmp_path_factory.mktemp("dashboard") / "filled.db"
    return fill_database(f"sqlite:///{path}")


@pytest.fixture(scope="session")
def filled_engine(filled_database: FilledDatabase) -> Iterator[Engine]:
    """An engine over :func:`filled_database`."""
    engine = create_database_engine(filled_database.url)
    yield engine
    engine.dispose()


@pytest.fixture
def client(filled_engine: Engine) -> Iterator[TestClient]:
    """The dashboard over :func:`filled_database`."""
    with TestClient(create_app(filled_engine)) as test_client:
        yield test_client


@pytest.fixture
def empty_client(tmp_path: Path) -> Iterator[TestClient]:
    """The dashboard over a database with no bots and no games."""
    engine = create_database_engine(f"sqlite:///{tmp_path / 'empty.db'}")
    init_database(engine)
    with TestClient(create_app(engine)) as test_client:
        yield test_client
    engine.dispose()
