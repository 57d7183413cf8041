"""The schema's version: a new database is made at the head, an older one upgraded on open.

Alembic keeps the revision of a database's schema in its ``alembic_version`` table, and
:mod:`croupier_server.db.migrations` holds the revisions. Opening a database
(:func:`migrate`) finds one of four cases:

- no tables: a new database, created from the models and stamped at the head;
- croupier's tables but no version: made by the last release without migrations (or an
  earlier one); brought to the baseline (:func:`~.migrations.baseline.catch_up`), stamped
  with it, then upgraded to the head;
- an older revision: upgraded to the head, in one transaction on both backends;
- a revision this croupier does not know: made by a newer croupier, refused.

A database at the head is only read (one query), without loading Alembic.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import Connection, Engine
from sqlmodel import SQLModel

from croupier_server.db import ladders, models, submissions, work  # noqa: F401  (the tables)
from croupier_server.db.errors import DatabaseUnavailable
from croupier_server.db.migrations.baseline import BASELINE, catch_up

__all__ = ["BASELINE_REVISION", "HEAD_REVISION", "VERSION_TABLE", "migrate", "migrating"]

HEAD_REVISION = "0015"
"""The newest revision of :mod:`croupier_server.db.migrations`: the models' schema."""

BASELINE_REVISION = "0001"
"""The revision of the schema of the last release without migrations."""

VERSION_TABLE = "alembic_version"
"""Where Alembic keeps a database's revision."""

MIGRATIONS = Path(__file__).parent / "migrations"
"""Alembic's script directory."""


def migrate(engine: Engine) -> None:
    """Bring the database of ``engine`` to the head revision, creating it if it is empty.

    Raises:
        DatabaseUnavailable: its schema is newer than this croupier's.
        SQLAlchemyError: the database refused (read-only, missing rights, ...); nothing of
            the upgrade is kept.
    """
    with engine.connect() as connection:
        tables = set(sa.inspect(connection).get_table_names())
        revision = _revision(connection) if VERSION_TABLE in tables else None
    if revision == HEAD_REVISION:
        return
    _upgrade(engine, revision, new=not tables & set(BASELINE.tables))


@contextmanager
def migrating(engine: Engine) -> Iterator[Connection]:
    """A connection whose block is one transaction, schema changes included, fit to migrate.

    SQLite alters a table by copying it, which its foreign keys would refuse: they are
    checked once the block is done instead, and its driver, which begins no transaction
    before a schema change, is told to.

    Raises:
        DatabaseUnavailable: the block left rows whose foreign keys point nowhere.
    """
    with engine.connect() as connection:
        if connection.dialect.name != "sqlite":
            with connection.begin():
                yield connection
            return
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        connection.commit()
        try:
            with connection.begin():
                connection.exec_driver_sql("BEGIN")
                yield connection
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                if broken:
                    raise DatabaseUnavailable(f"a migration broke the foreign keys of {broken}")
        finally:
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()


def _revision(connection: Connection) -> str | None:
    query = sa.text(f"SELECT version_num FROM {VERSION_TABLE}")
    return connection.execute(query).scalar_one_or_none()


def _upgrade(engine: Engine, revision: str | None, *, new: bool) -> None:
    # Alembic takes a while to import: only a database that changes pays for it.
    from alembic import command  # noqa: PLC0415 (lazy on purpose)
    from alembic.config import Config  # noqa: PLC0415
    from alembic.script import ScriptDirectory  # noqa: PLC0415

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
    if revision is not None and revision not in known:
        raise DatabaseUnavailable(
            f"the database {engine.url.render_as_string(hide_password=True)} is at schema "
            f"revision {revision}, newer than this croupier's {HEAD_REVISION}: upgrade croupier"
        )
    with migrating(engine) as connection:
        config.attributes["connection"] = connection
        if new:
            SQLModel.metadata.create_all(connection)
            command.stamp(config, "head")
            return
        if revision is None:
            catch_up(connection)
            command.stamp(config, BASELINE_REVISION)
        command.upgrade(config, "head")
