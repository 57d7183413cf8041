"""What ``alembic revision --autogenerate`` would find between a database and the models."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlmodel import SQLModel

from croupier_server.db import models  # noqa: F401  (registers the tables)


def differences(url: str) -> list[Any]:
    """The changes a new revision would need to bring the database of ``url`` to the models."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            found: list[Any] = compare_metadata(context, SQLModel.metadata)
            return found
    finally:
        engine.dispose()
