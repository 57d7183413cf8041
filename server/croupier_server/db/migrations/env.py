"""How Alembic runs croupier's migrations: on croupier's connection, or for the command line.

:mod:`croupier_server.db.schema` hands its connection over in ``config.attributes``. The
``alembic`` command line (``alembic.ini``, to write a revision with ``--autogenerate``) opens
the database of ``$CROUPIER_DATABASE_URL`` instead, as croupier would.
"""

from __future__ import annotations

from alembic import context
from alembic.config import Config
from sqlalchemy import Connection
from sqlmodel import SQLModel

from croupier_server.db import models  # noqa: F401  (registers the tables)
from croupier_server.db.engine import create_database_engine, database_url
from croupier_server.db.schema import migrating


def run(config: Config) -> None:
    """Run the migrations Alembic was asked for on the connection croupier gave, or its own."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_database_engine(database_url(config.get_main_option("sqlalchemy.url")))
    try:
        with migrating(engine) as own:
            _run(own)
    finally:
        engine.dispose()


def _run(connection: Connection) -> None:
    # Batch mode: SQLite alters a table by copying it into a new one.
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if __name__ == "env_py":  # Alembic runs this file as the module env_py; an import runs nothing
    run(context.config)
