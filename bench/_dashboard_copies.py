"""Stored games that copy template games, inserted in bulk: the heavy part of the fill.

The templates' actions, events and faults go into temporary tables of the filling
connection, with the slowness of each bot. A tournament's matches, games and seats are
inserted with SQLAlchemy Core ``executemany``, and each game is noted with the template it
copies and how far its times are shifted (whole seconds); then ``INSERT ... SELECT``
copies the actions (decision times scaled by the seat's bot), events and faults of the
templates into their games, a chunk of games at a time, inside the database.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection
from sqlmodel import SQLModel

from bench._dashboard_templates import TEMPLATE_EPOCH, Template
from croupier.games import game_class
from croupier_server.db import EndedBy, GameStatus, SeatStatus, TournamentRecord, TournamentStatus
from croupier_server.db.models import UTCDateTime
from croupier_server.db.serialize import result_data
from croupier_server.recorded_games import settings_data, settings_from_data
from croupier_server.tournament.formats import ScheduledGame

__all__ = ["CONCURRENCY", "PlannedTournament", "PoolBot", "TemplateCopies"]

CONCURRENCY = 2
"""Games a tournament plays at once (their start times overlap)."""
STARTUP_S = 0.4
"""Starting a game's bot processes and connecting them."""
CHUNK_GAMES = 2_000
"""Games whose actions, events and faults one ``INSERT ... SELECT`` copies."""

_TABLES = SQLModel.metadata.tables
"""croupier's tables, for SQLAlchemy Core."""


@dataclass(frozen=True, slots=True)
class PoolBot:
    """A registered bot of the pool, and how many times the templates' decision times it takes."""

    id: int
    slowness: float


@dataclass(frozen=True, slots=True)
class PlannedTournament:
    """A recorded tournament, the scheduled games to store, and when it started."""

    record: TournamentRecord
    games: list[ScheduledGame]
    status: TournamentStatus
    """Finished, or interrupted when the fill stops before its end."""
    started_at: datetime


_STAGING = sa.MetaData()


def _staging_table(name: str, *columns: sa.Column[Any]) -> sa.Table:
    return sa.Table(name, _STAGING, *columns, prefixes=["TEMPORARY"])


_COPIES = _staging_table(
    "bench_copy",
    sa.Column("game_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("template", sa.Integer, nullable=False),
    sa.Column("shift_s", sa.Integer, nullable=False),
)
"""Each stored game, the template it copies, and how far its times are shifted."""
_ACTIONS = _staging_table(
    "bench_action",
    sa.Column("template", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.String, nullable=False),
    sa.Column("requested_at", UTCDateTime, nullable=False),
    sa.Column("latency_ms", sa.Float),
    sa.Column("decided_by", sa.String(32), nullable=False),
)
_EVENTS = _staging_table(
    "bench_event",
    sa.Column("template", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("at", UTCDateTime, nullable=False),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("visible_to", sa.Integer),
    sa.Column("text", sa.String, nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
)
_FAULTS = _staging_table(
    "bench_fault",
    sa.Column("template", sa.Integer, nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("detail", sa.String, nullable=False),
    sa.Column("at", UTCDateTime, nullable=False),
    sa.Column("action_number", sa.Integer),
)
_SLOWNESS = _staging_table(
    "bench_bot",
    sa.Column("bot_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("slowness", sa.Float, nullable=False),
)


class TemplateCopies:
    """The templates in temporary tables of one connection, and the games that copy them."""

    def __init__(self, templates: dict[str, list[list[Template]]]) -> None:
        self.templates: list[Template] = []
        self.numbers: dict[str, list[list[int]]] = {}
        """Per game, per deal, per rotation: the number of the template in :attr:`templates`."""
        for game, deals in templates.items():
            self.numbers[game] = []
            for deal in deals:
                first = len(self.templates)
                self.templates.extend(deal)
                self.numbers[game].append(list(range(first, len(self.templates))))

    def create(self, connection: Connection, bots: Sequence[PoolBot]) -> None:
        """Create the temporary tables and store the templates and the bots' slowness."""
        _STAGING.create_all(connection)
        rows: dict[sa.Table, list[dict[str, Any]]] = {_ACTIONS: [], _EVENTS: [], _FAULTS: []}
        for number, template in enumerate(self.templates):
            rows[_ACTIONS] += [{"template": number, **row} for row in template.actions]
            rows[_EVENTS] += [{"template": number, **row} for row in template.events]
            rows[_FAULTS] += [{"template": number, **row} for row in template.faults]
        for table, table_rows in rows.items():
            if table_rows:
                connection.execute(table.insert(), table_rows)
        slowness = [{"bot_id": bot.id, "slowness": bot.slowness} for bot in bots]
        connection.execute(_SLOWNESS.insert(), slowness)

    def add_tournament(
        self, connection: Connection, planned: PlannedTournament, pool: dict[str, PoolBot]
    ) -> None:
        """Store the games and seats of a tournament, and which template each copies."""
        record = planned.record
        tournaments = _TABLES["tournament"]
        connection.execute(
            tournaments.update()
            .where(tournaments.c.id == record.id)
            .values(status=planned.status, created_at=planned.started_at)
        )
        plays = self._plays(planned)
        settings = settings_data(settings_from_data(record.settings))
        games = [
            _game_row(record, scheduled, settings, self.templates[number], started)
            for scheduled, number, started in plays
        ]
        game_ids = _inserted_ids(connection, _TABLES["game"], games)
        seats, copies = [], []
        for game_id, (scheduled, number, started) in zip(game_ids, plays, strict=True):
            template = self.templates[number]
            seats += [
                _seat_row(game_id, seat, pool[name].id, template)
                for seat, name in enumerate(scheduled.bots)
            ]
            shift = (started - TEMPLATE_EPOCH) // timedelta(seconds=1)
            copies.append({"game_id": game_id, "template": number, "shift_s": shift})
        connection.execute(_TABLES["seat"].insert(), seats)
        connection.execute(_COPIES.insert(), copies)
        connection.commit()

    def _plays(self, planned: PlannedTournament) -> list[tuple[ScheduledGame, int, datetime]]:
        """Each scheduled game, the template it copies, and when it starts (whole seconds)."""
        numbers = self.numbers[planned.record.game]
        clock = planned.started_at
        plays = []
        for scheduled in planned.games:
            number = numbers[scheduled.deal % len(numbers)][scheduled.rotation]
            plays.append((scheduled, number, clock))
            busy = (self.templates[number].duration_s + STARTUP_S) / CONCURRENCY
            clock += timedelta(seconds=math.ceil(busy))
        return plays

    def copy_plays(self, connection: Connection) -> None:
        """Copy the templates' actions, events and faults into every game that copies them."""
        bounds = sa.select(sa.func.min(_COPIES.c.game_id), sa.func.max(_COPIES.c.game_id))
        first, last = connection.execute(bounds).one()
        dialect = connection.dialect.name
        for low in range(first, last + 1, CHUNK_GAMES):
            chunk = _COPIES.c.game_id.between(low, low + CHUNK_GAMES - 1)
            for statement in (
                _copy_actions(chunk, dialect),
                _copy_events(chunk, dialect),
                _copy_faults(chunk, dialect),
            ):
                connection.execute(statement)
            connection.commit()


def _inserted_ids(
    connection: Connection, table: sa.Table, rows: list[dict[str, Any]]
) -> Sequence[int]:
    """Insert ``rows`` (one executemany); their new ids, in order."""
    statement = table.insert().returning(table.c.id, sort_by_parameter_order=True)
    return connection.execute(statement, rows).scalars().all()


def _game_row(
    record: TournamentRecord,
    scheduled: ScheduledGame,
    settings: dict[str, Any],
    template: Template,
    started: datetime,
) -> dict[str, Any]:
    forfeited = bool(template.forfeited_at_event)
    return {
        "game": record.game,
        "options": record.options,
        "variant": game_class(record.game).variant_label(record.options),
        "seed": template.seed,
        "settings": settings,
        "tournament_id": record.id,
        "schedule_number": scheduled.number,
        "schedule_deal": scheduled.deal,
        "status": GameStatus.FINISHED,
        "started_at": started,
        "finished_at": started + timedelta(seconds=template.duration_s),
        "result": result_data(template.result),
        "ended_by": str(EndedBy.FORFEIT if forfeited else EndedBy.NORMAL),
        "end_detail": "",
    }


def _seat_row(game_id: int, seat: int, bot_id: int, template: Template) -> dict[str, Any]:
    forfeited_at = template.forfeited_at_event.get(seat)
    return {
        "game_id": game_id,
        "seat": seat,
        "bot_id": bot_id,
        "status": SeatStatus.FINISHED if forfeited_at is None else SeatStatus.FORFEITED,
        "forfeited_at_event": forfeited_at,
        "score": template.result.scores[seat],
        "place": template.result.places[seat],
        "decisions": template.decisions[seat],
    }


def _shifted(
    moment: sa.ColumnElement[Any], seconds: sa.ColumnElement[Any], dialect: str
) -> sa.ColumnElement[Any]:
    """``moment`` plus a whole number of ``seconds``, as the backend stores datetimes."""
    if dialect == "sqlite":
        # SQLAlchemy keeps SQLite datetimes as text with microseconds; %f has milliseconds.
        modifier = sa.func.printf("%+d seconds", seconds)
        return sa.func.strftime("%Y-%m-%d %H:%M:%f", moment, modifier).op("||")("000")
    return moment + sa.func.make_interval(0, 0, 0, 0, 0, 0, seconds)


def _copy_actions(chunk: sa.ColumnElement[bool], dialect: str) -> sa.Insert:
    seats = _TABLES["seat"]
    rows = (
        sa.select(
            _COPIES.c.game_id,
            _ACTIONS.c.number,
            _ACTIONS.c.seat,
            _ACTIONS.c.text,
            _shifted(_ACTIONS.c.requested_at, _COPIES.c.shift_s, dialect),
            _ACTIONS.c.latency_ms * _SLOWNESS.c.slowness,
            _ACTIONS.c.decided_by,
        )
        .join(_ACTIONS, _ACTIONS.c.template == _COPIES.c.template)
        .join(seats, (seats.c.game_id == _COPIES.c.game_id) & (seats.c.seat == _ACTIONS.c.seat))
        .join(_SLOWNESS, _SLOWNESS.c.bot_id == seats.c.bot_id)
        .where(chunk)
        .order_by(_COPIES.c.game_id, _ACTIONS.c.number)
    )
    names = ["game_id", "number", "seat", "text", "requested_at", "latency_ms", "decided_by"]
    return _TABLES["action"].insert().from_select(names, rows)


def _copy_events(chunk: sa.ColumnElement[bool], dialect: str) -> sa.Insert:
    rows = (
        sa.select(
            _COPIES.c.game_id,
            _EVENTS.c.number,
            _shifted(_EVENTS.c.at, _COPIES.c.shift_s, dialect),
            _EVENTS.c.kind,
            _EVENTS.c.visible_to,
            _EVENTS.c.text,
            _EVENTS.c.data,
        )
        .join(_EVENTS, _EVENTS.c.template == _COPIES.c.template)
        .where(chunk)
        .order_by(_COPIES.c.game_id, _EVENTS.c.number)
    )
    names = ["game_id", "number", "at", "kind", "visible_to", "text", "data"]
    return _TABLES["event"].insert().from_select(names, rows)


def _copy_faults(chunk: sa.ColumnElement[bool], dialect: str) -> sa.Insert:
    rows = (
        sa.select(
            _COPIES.c.game_id,
            _FAULTS.c.seat,
            _FAULTS.c.kind,
            _FAULTS.c.detail,
            _shifted(_FAULTS.c.at, _COPIES.c.shift_s, dialect),
            _FAULTS.c.action_number,
        )
        .join(_FAULTS, _FAULTS.c.template == _COPIES.c.template)
        .where(chunk)
    )
    names = ["game_id", "seat", "kind", "detail", "at", "action_number"]
    return _TABLES["fault"].insert().from_select(names, rows)
