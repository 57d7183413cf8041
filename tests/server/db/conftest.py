"""Databases of their own for the storage tests that shape a schema, on each backend.

``blank_database_url`` is an empty database a test may shape as it likes (SQLite: a new file;
PostgreSQL: a new database beside the shared one of ``tests/server/conftest.py``, dropped
after the test). ``previous_release_url`` holds what the previous release stored (see
``data/README.md``), not yet opened by the current code.
"""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.server.db.previous_release import SQLITE_DATABASE, load_postgres_dump


@pytest.fixture(params=["sqlite", "postgresql"])
def blank_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database of each backend, the test's alone."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'blank.db'}"
        return
    shared = sa.make_url(request.getfixturevalue("postgres_database_url"))
    name = f"{shared.database}_{secrets.token_hex(4)}"
    admin = sa.create_engine(shared, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield shared.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        admin.dispose()


@pytest.fixture
def previous_release_url(blank_database_url: str) -> str:
    """A database of each backend as the previous release left it."""
    url = sa.make_url(blank_database_url)
    if url.get_backend_name() == "sqlite":
        assert url.database is not None
        shutil.copyfile(SQLITE_DATABASE, url.database)
    else:
        load_postgres_dump(blank_database_url)
    return blank_database_url
