"""The databases the previous release made (see ``data/README.md``), and how to load them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa

DATA = Path(__file__).parent / "data"
"""The databases made by the previous release, how they were made, what it said of them."""

SQLITE_DATABASE = DATA / "previous_release.db"
POSTGRES_DUMP = DATA / "previous_release.sql"


def load_postgres_dump(url: str, dump: Path = POSTGRES_DUMP) -> None:
    """Run the SQL of a plain ``pg_dump`` in the empty database ``url``.

    The dump's psql commands (``\\restrict``) are left out; its settings (an empty search
    path) end with its connection.
    """
    script = "\n".join(line for line in dump.read_text().splitlines() if not line.startswith("\\"))
    engine = sa.create_engine(url)
    try:
        connection = engine.raw_connection()
        try:
            connection.cursor().execute(script)
            connection.commit()
        finally:
            connection.close()
    finally:
        engine.dispose()


def report(url: str) -> dict[str, Any]:
    """What the previous release printed of the database it made for ``url``'s backend."""
    name = "previous_release.db.json"
    if sa.make_url(url).get_backend_name() != "sqlite":
        name = "previous_release.sql.json"
    data: dict[str, Any] = json.loads((DATA / name).read_text())
    return data
