"""Bringing a database made by an earlier croupier up to the current tables.

croupier's schema only grows: new tables, new columns, new indexes. A database made by an
earlier version gets what it lacks when it is opened, and the values of new columns that
follow from stored data are filled in: a game's variant from its options; and when bots
gained their limits, they had lost their working directory (a started bot now runs in an
empty one), so their commands are made absolute against it. Other new columns say of old
rows what was true then: an action's ``comment`` is null (bots could not comment), a seat's
``output_dropped_bytes`` 0 (no output was kept, the ``output_line`` table is new). Columns
that a newer version no longer uses are left in place, unread.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy import Connection, Engine
from sqlmodel import SQLModel

from croupier_server.bot_commands import absolute_command
from croupier_server.db.variants import variant_label

__all__ = ["upgrade_schema"]


def upgrade_schema(engine: Engine) -> list[str]:
    """Create what the tables lack (columns, indexes); returns the columns added.

    Missing tables are left to ``create_all``; this only adds to tables that exist.
    """
    added: list[str] = []
    with engine.begin() as connection:
        inspector = sa.inspect(connection)
        existing_tables = set(inspector.get_table_names())
        for table in SQLModel.metadata.sorted_tables:
            if table.name not in existing_tables:
                continue
            present = {column["name"] for column in inspector.get_columns(table.name)}
            for column in table.columns:
                if column.name not in present:
                    _add_column(connection, table, column)
                    _BACKFILLS.get((table.name, column.name), _nothing)(connection)
                    added.append(f"{table.name}.{column.name}")
            indexes = {index["name"] for index in inspector.get_indexes(table.name)}
            for index in table.indexes:
                if index.name not in indexes:
                    index.create(connection)
    return added


def _add_column(connection: Connection, table: sa.Table, column: sa.Column[object]) -> None:
    """``ALTER TABLE ... ADD COLUMN``, with a default that fills the existing rows."""
    preparer = connection.dialect.identifier_preparer
    kind = column.type.compile(dialect=connection.dialect)
    default = _fill_value(column)
    clause = "" if default is None else f" NOT NULL DEFAULT {default}"
    connection.execute(
        sa.text(
            f"ALTER TABLE {preparer.format_table(table)} "
            f"ADD COLUMN {preparer.format_column(column)} {kind}{clause}"
        )
    )


def _fill_value(column: sa.Column[object]) -> str | None:
    """The SQL literal that fills a new NOT NULL column, or ``None`` for a nullable one."""
    if column.nullable:
        return None
    if isinstance(column.type, sa.JSON):
        return "'{}'"
    if isinstance(column.type, sa.Integer):
        return "0"
    return "''"


def _fill_game_variants(connection: Connection) -> None:
    game = SQLModel.metadata.tables["game"]
    rows = connection.execute(sa.select(game.c.id, game.c.game, game.c.options)).all()
    labels: dict[int, str] = {row.id: variant_label(row.game, row.options or {}) for row in rows}
    for label in set(labels.values()):
        ids = [game_id for game_id, value in labels.items() if value == label]
        connection.execute(game.update().where(game.c.id.in_(ids)).values(variant=label))


def _absolute_bot_commands(connection: Connection) -> None:
    bot = SQLModel.metadata.tables["bot"]
    columns = {column["name"] for column in sa.inspect(connection).get_columns("bot")}
    if "working_directory" not in columns:
        return
    rows = connection.execute(
        sa.text("SELECT id, command, working_directory FROM bot WHERE command IS NOT NULL")
    ).all()
    for bot_id, command, directory in rows:
        with contextlib.suppress(ValueError):  # an unparsable command stays as it was
            absolute = absolute_command(command, directory or os.getcwd())
            connection.execute(bot.update().where(bot.c.id == bot_id).values(command=absolute))


def _nothing(connection: Connection) -> None:
    """No stored data says more than the column's default."""


_BACKFILLS: dict[tuple[str, str], Callable[[Connection], None]] = {
    ("game", "variant"): _fill_game_variants,
    ("bot", "limits"): _absolute_bot_commands,
}
"""New columns whose values follow from what is stored, and how to fill them."""
