"""The baseline: the tables of the last release without migrations, and older ones brought to them.

:data:`BASELINE` is the schema croupier had before Alembic (the release whose
``db/upgrade.py`` kept no version), frozen here: the first revision creates it, and a database
of that release is stamped with it. Its tables only ever grew, so a database made by an even
earlier croupier lacks some of their columns and indexes: :func:`catch_up` adds them, as
``db/upgrade.py`` did, and fills the values of new columns that follow from stored data: a
game's variant from its options; and when bots gained their limits, they had lost their
working directory (a started bot now runs in an empty one), so their commands are made
absolute against it. Other new columns say of old rows what was true then: an action's
``comment`` is null (bots could not comment), a seat's ``output_dropped_bytes`` 0 (no output
was kept, the ``output_line`` table is new). Columns that croupier no longer uses are left
in place, unread.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy import Connection

from croupier.games import game_class
from croupier_server.bot_commands import absolute_command

__all__ = ["BASELINE", "catch_up"]

BASELINE = sa.MetaData()
"""The tables of the release before migrations, as its ``create_all`` made them."""

_TIME = sa.DateTime(timezone=True)
_STATUS = sa.String(32)

sa.Table(
    "bot",
    BASELINE,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False, unique=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("kind", _STATUS, nullable=False),
    sa.Column("command", sa.String),
    sa.Column("limits", sa.JSON, nullable=False),
    sa.Column("key_hash", sa.String(64), unique=True),
    sa.Column("description", sa.String, nullable=False),
    sa.Column("created_at", _TIME, nullable=False),
)
sa.Table(
    "tournament",
    BASELINE,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(32), nullable=False, index=True),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("format", sa.String(32), nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("status", _STATUS, nullable=False),
    sa.Column("created_at", _TIME, nullable=False),
)
sa.Table(
    "match",
    BASELINE,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(32), nullable=False, index=True),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("status", _STATUS, nullable=False),
    sa.Column("created_at", _TIME, nullable=False),
    sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournament.id"), index=True),
    sa.Column("schedule_number", sa.Integer),
    sa.Column("schedule_deal", sa.Integer),
    sa.Index(
        "ux_match_tournament_finished_number",
        "tournament_id",
        "schedule_number",
        unique=True,
        sqlite_where=sa.text("status = 'finished'"),
        postgresql_where=sa.text("status = 'finished'"),
    ),
)
sa.Table(
    "game",
    BASELINE,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("match_id", sa.Integer, sa.ForeignKey("match.id"), nullable=False, index=True),
    sa.Column("game", sa.String(32), nullable=False, index=True),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", _STATUS, nullable=False, index=True),
    sa.Column("started_at", _TIME, nullable=False, index=True),
    sa.Column("finished_at", _TIME),
    sa.Column("result", sa.JSON),
    sa.Column("ended_by", sa.String),
    sa.Column("end_detail", sa.String, nullable=False),
    sa.Index("ix_game_status_game_variant", "status", "game", "variant"),
)
sa.Table(
    "seat",
    BASELINE,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("bot_id", sa.Integer, sa.ForeignKey("bot.id"), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("status", _STATUS, nullable=False),
    sa.Column("forfeited_at_event", sa.Integer),
    sa.Column("score", sa.Integer),
    sa.Column("place", sa.Integer),
    sa.Column("decisions", sa.Integer, nullable=False),
    sa.Column("output_dropped_bytes", sa.BigInteger, nullable=False),
    sa.Index("ix_seat_bot_id_game_id", "bot_id", "game_id"),
)
sa.Table(
    "event",
    BASELINE,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("at", _TIME, nullable=False),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("visible_to", sa.Integer),
    sa.Column("text", sa.String, nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("seat", sa.Integer),
)
sa.Table(
    "action",
    BASELINE,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.String, nullable=False),
    sa.Column("requested_at", _TIME, nullable=False),
    sa.Column("latency_ms", sa.Float),
    sa.Column("decided_by", _STATUS, nullable=False),
    sa.Column("comment", sa.String),
)
sa.Table(
    "fault",
    BASELINE,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("detail", sa.String, nullable=False),
    sa.Column("at", _TIME, nullable=False),
    sa.Column("action_number", sa.Integer),
)
sa.Table(
    "output_line",
    BASELINE,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("at", _TIME, nullable=False),
    sa.Column("stream", sa.String(16), nullable=False),
    sa.Column("text", sa.String, nullable=False),
)


def catch_up(connection: Connection) -> list[str]:
    """Give a database made before migrations every table, column and index of the baseline.

    Returns:
        The columns it added, as ``table.column``.
    """
    added: list[str] = []
    inspector = sa.inspect(connection)
    existing_tables = set(inspector.get_table_names())
    for table in BASELINE.sorted_tables:
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
    BASELINE.create_all(connection)  # the tables it lacks
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
    game = BASELINE.tables["game"]
    rows = connection.execute(sa.select(game.c.id, game.c.game, game.c.options)).all()
    labels = {row.id: game_class(row.game).variant_label(row.options or {}) for row in rows}
    for label in set(labels.values()):
        ids = [game_id for game_id, value in labels.items() if value == label]
        connection.execute(game.update().where(game.c.id.in_(ids)).values(variant=label))


def _absolute_bot_commands(connection: Connection) -> None:
    bot = BASELINE.tables["bot"]
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
