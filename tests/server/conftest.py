"""Database fixtures for the server's tests: every test that asks runs on SQLite and PostgreSQL.

- ``database_url``: parametrized ``sqlite`` (a fresh file in ``tmp_path``) and
  ``postgresql`` (a throwaway database shared by the test session: tables made by earlier
  tests stay, emptied of their rows after each test).
- ``engine``: a :func:`create_database_engine` engine with the tables created.
- ``session``: a session on it.

PostgreSQL: the server is ``$CROUPIER_TEST_POSTGRES_URL`` (a URL of any database there;
the default is ``postgresql+psycopg://postgres@localhost:5432/postgres``), whose user may
create databases. A database ``croupier_test_<hex>`` is created there once per test
session and dropped at the end. When the server cannot be reached the
PostgreSQL tests are skipped, unless ``CROUPIER_REQUIRE_POSTGRES=1`` (CI) makes that a
failure. Run one backend with ``-k sqlite`` or ``-k postgresql``.
"""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import URL, Engine
from sqlmodel import Session, SQLModel

from croupier_server.db import create_database_engine, init_database

DEFAULT_POSTGRES_URL = "postgresql+psycopg://postgres@localhost:5432/postgres"
POSTGRES_URL_VARIABLE = "CROUPIER_TEST_POSTGRES_URL"
REQUIRE_POSTGRES_VARIABLE = "CROUPIER_REQUIRE_POSTGRES"

_TERMINATE_OTHERS = sa.text(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
    "WHERE datname = :name AND pid <> pg_backend_pid()"
)
"""Close every other connection to a database, so it can be dropped or emptied."""


def _server_url() -> URL:
    url = sa.make_url(os.environ.get(POSTGRES_URL_VARIABLE) or DEFAULT_POSTGRES_URL)
    if url.drivername in {"postgresql", "postgres"}:
        url = url.set(drivername="postgresql+psycopg")
    return url


@pytest.fixture(scope="session")
def postgres_database_url() -> Iterator[str]:
    """The URL of a throwaway PostgreSQL database for this test session (skips if none)."""
    server = _server_url()
    admin = sa.create_engine(
        server, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 5}
    )
    name = f"croupier_test_{secrets.token_hex(6)}"
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
            # A throwaway database need not survive a power cut: no fsync per commit.
            connection.exec_driver_sql(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    except sa.exc.SQLAlchemyError as error:
        admin.dispose()
        reason = str(getattr(error, "orig", error)).strip().splitlines()[0]
        where = server.render_as_string(hide_password=True)
        message = f"PostgreSQL not reachable at {where}: {reason}"
        if os.environ.get(REQUIRE_POSTGRES_VARIABLE) == "1":
            pytest.fail(f"{message} ({REQUIRE_POSTGRES_VARIABLE}=1)")
        pytest.skip(message)
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(_TERMINATE_OTHERS.bindparams(name=name))
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
        admin.dispose()


def _empty_postgres_database(url: str) -> None:
    """Delete every row a test left; the tables stay (creating them costs more than a test)."""
    engine = sa.create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(_TERMINATE_OTHERS.bindparams(name=engine.url.database))
            existing = set(sa.inspect(connection).get_table_names())
            for table in reversed(SQLModel.metadata.sorted_tables):
                if table.name in existing:
                    connection.execute(table.delete())
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a database of each backend without rows (see the module docstring)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'croupier.db'}"
        return
    url: str = request.getfixturevalue("postgres_database_url")
    try:
        yield url
    finally:
        _empty_postgres_database(url)


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    """An engine on ``database_url`` with every table created."""
    engine = create_database_engine(database_url)
    init_database(engine)
    try:
        yield engine
    finally:
        engine.dispose()


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    """A session on ``engine``."""
    with Session(engine) as session:
        yield session


Said = Callable[..., list[str]]
"""``said(logger="croupier_server")``: the messages that logger (and those under it) logged."""


@pytest.fixture
def said(caplog: pytest.LogCaptureFixture) -> Said:
    """What croupier's modules logged in this test, message by message, INFO and above."""
    caplog.set_level(logging.INFO, logger="croupier_server")

    def messages(logger: str = "croupier_server") -> list[str]:
        return [
            record.getMessage()
            for record in caplog.records
            if record.name == logger or record.name.startswith(f"{logger}.")
        ]

    return messages
