"""Opening the database: where it is, the engine with the right settings, the tables.

SQLite (the default, a file in the working directory) and PostgreSQL are supported::

    engine = create_database_engine(database_url(args.db))
    init_database(engine)
    with Session(engine) as session:
        ...

SQLite runs in WAL mode (readers such as the dashboard never block the referee's single
writer, nor the writer them), with foreign keys enforced and a busy timeout.

A database that fails while in use (a full disk, a lock held past the busy timeout, a lost
connection) raises :class:`~croupier_server.db.errors.DatabaseFailure` inside
:func:`translated_failures`: what its caller stores stops there, with a one-line reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, Engine
from sqlalchemy.exc import (
    ArgumentError,
    InterfaceError,
    NoSuchModuleError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool

from croupier_server.db.errors import DatabaseFailure, DatabaseUnavailable
from croupier_server.db.schema import migrate
from croupier_server.settings import ServerSettings

__all__ = [
    "DATABASE_FAILURES",
    "DEFAULT_DATABASE_FILE",
    "SQLITE_BUSY_TIMEOUT_MS",
    "create_database_engine",
    "database_failure",
    "database_url",
    "init_database",
    "translated_failures",
]

DEFAULT_DATABASE_FILE = "croupier.db"
"""The SQLite file used when neither ``--db`` nor the environment names a database."""

SQLITE_BUSY_TIMEOUT_MS = 10_000
"""How long a SQLite connection waits for a lock before failing with "database is locked".

A ``timeout`` in the URL (seconds, as :func:`sqlite3.connect` takes it) sets another.
"""

POSTGRES_CONNECT_TIMEOUT_S = 10
"""How long to wait for a PostgreSQL server, unless the URL sets ``connect_timeout``."""

POSTGRES_IDLE_IN_TRANSACTION_S = 60
"""How long PostgreSQL keeps a session idle in the middle of a transaction before it ends
it, unless the URL sets ``options``: a process cut off from the database (a worker whose
network went, a frozen machine) must not hold its rows locked for the hours TCP takes to
notice, where the reaper that takes its games back waits for them."""

DATABASE_FAILURES = (OperationalError, InterfaceError)
"""What the drivers raise when the database itself fails: disk full, locked, connection lost."""

_POSTGRES_DRIVERS = {"postgresql", "postgres"}
"""Driver names rewritten to psycopg 3 (``postgres://`` is the Heroku spelling)."""


def database_url(cli_value: str | None) -> str:
    """The database to use: the ``--db`` value, else ``$CROUPIER_DATABASE_URL``, else SQLite.

    An empty value counts as not given. The default is ``croupier.db`` in the current
    working directory, as an absolute ``sqlite:///`` URL.
    """
    if cli_value:
        return cli_value
    from_environment = ServerSettings.from_environment().database_url
    if from_environment:
        return from_environment
    return f"sqlite:///{Path.cwd() / DEFAULT_DATABASE_FILE}"


def create_database_engine(url: str) -> Engine:
    """An engine for ``url``, connected once to check that the database can be opened.

    ``postgresql://`` and ``postgres://`` URLs use psycopg 3; ``sqlite://`` (in memory)
    shares one connection between threads so every session sees the same database.

    Raises:
        DatabaseUnavailable: the URL is malformed or of an unsupported backend, or the
            database cannot be opened (missing directory, server unreachable, login refused).
    """
    parsed = _parse_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = _sqlite_engine(parsed)
    else:
        engine = _postgres_engine(parsed)
    try:
        with engine.connect():
            pass
    except SQLAlchemyError as error:
        engine.dispose()
        raise _unavailable(parsed, error) from error
    return engine


def init_database(engine: Engine) -> None:
    """Create the tables of a new database, or upgrade an older one.

    See :mod:`croupier_server.db.schema`.

    Raises:
        DatabaseUnavailable: the database refused (read-only file, missing rights, ...), or
            its schema is newer than this croupier's.
    """
    try:
        migrate(engine)
    except SQLAlchemyError as error:
        raise _unavailable(engine.url, error) from error


@contextmanager
def translated_failures(engine: Engine) -> Iterator[None]:
    """Raise the failures of ``engine``'s database in the block as :class:`DatabaseFailure`.

    A failure of the database is no error of the caller's and trying again at once does
    not help: it stops the work that needs the database, with a reason that fits a line.

    Raises:
        DatabaseFailure: one of :data:`DATABASE_FAILURES` in the block.
    """
    try:
        yield
    except DATABASE_FAILURES as error:
        raise database_failure(error, url=engine.url) from error


def database_failure(error: SQLAlchemyError, *, url: URL | None = None) -> DatabaseFailure:
    """The :class:`DatabaseFailure` of ``error``: the database (password hidden), the cause."""
    reason = _first_line(getattr(error, "orig", None) or error)
    if url is None:
        return DatabaseFailure(f"the database failed: {reason}")
    return DatabaseFailure(
        f"the database {url.render_as_string(hide_password=True)} failed: {reason}"
    )


def _parse_url(url: str) -> URL:
    try:
        parsed = sa.make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        raise DatabaseUnavailable(
            f"malformed database URL {_hide_password(url)!r} (expected e.g. "
            "sqlite:///path/to/croupier.db or postgresql://user@host:5432/dbname)"
        ) from None
    if parsed.drivername in _POSTGRES_DRIVERS:
        parsed = parsed.set(drivername="postgresql+psycopg")
    backend = parsed.get_backend_name()
    if backend not in {"sqlite", "postgresql"}:
        raise DatabaseUnavailable(
            f"unsupported database {backend!r} in {_hide_password(url)!r} "
            "(croupier stores games in sqlite or postgresql)"
        )
    return parsed


def _sqlite_engine(url: URL) -> Engine:
    in_memory = url.database in {None, "", ":memory:"}
    connect_args: dict[str, Any] = {"check_same_thread": False}
    if "timeout" not in url.query:  # the driver reads the URL's; connect_args would override it
        connect_args["timeout"] = SQLITE_BUSY_TIMEOUT_MS / 1000
    engine = sa.create_engine(
        url, connect_args=connect_args, poolclass=StaticPool if in_memory else None
    )
    sa.event.listen(engine, "connect", _configure_sqlite)
    return engine


def _configure_sqlite(dbapi_connection: Any, connection_record: ConnectionPoolEntry) -> None:
    # synchronous=NORMAL is safe with WAL: a power cut may lose the last commits, never
    # corrupt the file; it saves an fsync per commit of the referee.
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _postgres_engine(url: URL) -> Engine:
    connect_args: dict[str, Any] = {}
    if "connect_timeout" not in url.query:
        connect_args["connect_timeout"] = POSTGRES_CONNECT_TIMEOUT_S
    if "options" not in url.query:
        idle_ms = POSTGRES_IDLE_IN_TRANSACTION_S * 1000
        connect_args["options"] = f"-c idle_in_transaction_session_timeout={idle_ms}"
    try:
        engine = sa.create_engine(url, connect_args=connect_args, pool_pre_ping=True)
    except (NoSuchModuleError, ImportError) as error:
        raise DatabaseUnavailable(
            f"cannot use {url.render_as_string(hide_password=True)}: {_first_line(error)}"
        ) from None
    # Many rows go in as multi-row INSERTs rather than psycopg's pipelined executemany,
    # which, when the server ends the connection, reports only that it was lost, not why.
    engine.dialect.use_insertmanyvalues_wo_returning = True
    return engine


def _unavailable(url: URL, error: SQLAlchemyError) -> DatabaseUnavailable:
    reason = getattr(error, "orig", None) or error
    return DatabaseUnavailable(
        f"cannot open database {url.render_as_string(hide_password=True)}: {_first_line(reason)}"
    )


def _first_line(error: BaseException) -> str:
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


def _hide_password(url: str) -> str:
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)
