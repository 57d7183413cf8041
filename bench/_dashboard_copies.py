"""Stored games that copy template games, inserted in bulk: the heavy part of the fill.

Each template is packed once as the store packs an ended game (``pack_journal``: its
``packed_log`` row; no ``action`` or ``event`` rows). A copy is the same game shifted by a
whole number of seconds: its packed log differs from the template's only in the first time
written (microseconds from the Unix epoch; every later time is a difference), so a copy's
log is the template's bytes with that time spliced in, compressed again (checked against
``pack_log`` for the first copy of each template). A tournament's games, seats and packed
logs are inserted with SQLAlchemy Core ``executemany``, and each game is noted with the
template it copies and how far its times are shifted; then ``INSERT ... SELECT`` copies
the templates' faults into their games, a chunk of games at a time, inside the database.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection
from sqlmodel import SQLModel

from bench._dashboard_templates import KINDS, TEMPLATE_EPOCH, Kind, Template
from croupier.games import game_class, load_game
from croupier_server.db import (
    ActionRecord,
    EndedBy,
    GameStatus,
    SeatStatus,
    TournamentRecord,
    TournamentStatus,
)
from croupier_server.db.models import UTCDateTime
from croupier_server.db.packed_latencies import pack_latencies
from croupier_server.db.packed_log import PackedAction, PackedEvent, PackedLog, pack_log
from croupier_server.db.packing import JournalEvent, pack_journal
from croupier_server.db.serialize import result_data
from croupier_server.db.work import ScheduleStatus
from croupier_server.outcomes import DecidedBy
from croupier_server.recorded_games import settings_data, settings_from_data
from croupier_server.tournament.formats import ScheduledGame
from croupier_server.tournament.scheduled import ATTEMPTS

__all__ = ["CONCURRENCY", "PlannedTournament", "PoolBot", "TemplateCopies"]

CONCURRENCY = 2
"""Games a tournament plays at once (their start times overlap)."""
STARTUP_S = 0.4
"""Starting a game's bot processes and connecting them."""
CHUNK_GAMES = 2_000
"""Games whose faults one ``INSERT ... SELECT`` copies."""

_UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_TABLES = SQLModel.metadata.tables
"""croupier's tables, for SQLAlchemy Core."""


@dataclass(frozen=True, slots=True)
class PoolBot:
    """A registered bot of the pool."""

    id: int


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
_FAULTS = _staging_table(
    "bench_fault",
    sa.Column("template", sa.Integer, nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String, nullable=False),
    sa.Column("detail", sa.String, nullable=False),
    sa.Column("at", UTCDateTime, nullable=False),
    sa.Column("action_number", sa.Integer),
)


class TemplateCopies:
    """The templates in temporary tables of one connection, and the games that copy them."""

    def __init__(self, templates: dict[str, list[list[Template]]]) -> None:
        self.templates: list[Template] = []
        self.kinds: list[Kind] = []
        self.packed: list[_PackedTemplate] = []
        """Per template: its packed log, ready to splice a copy's first time into."""
        self.numbers: dict[str, list[list[int]]] = {}
        """Per game, per deal, per rotation: the number of the template in :attr:`templates`."""
        for game, deals in templates.items():
            self.numbers[game] = []
            for deal in deals:
                first = len(self.templates)
                self.templates.extend(deal)
                self.kinds += [next(k for k in KINDS if k.game == game)] * len(deal)
                self.numbers[game].append(list(range(first, len(self.templates))))

    def create(self, connection: Connection) -> None:
        """Create the temporary tables, store the templates' faults and pack the templates."""
        _STAGING.create_all(connection)
        faults = [
            {"template": number, **row}
            for number, template in enumerate(self.templates)
            for row in template.faults
        ]
        if faults:
            connection.execute(_FAULTS.insert(), faults)
        self.packed = [
            _PackedTemplate.of(template, kind)
            for template, kind in zip(self.templates, self.kinds, strict=True)
        ]

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
        seats, copies, logs = [], [], []
        for game_id, (scheduled, number, started) in zip(game_ids, plays, strict=True):
            template = self.templates[number]
            seats += [
                _seat_row(game_id, seat, pool[name], template)
                for seat, name in enumerate(scheduled.bots)
            ]
            shift = (started - TEMPLATE_EPOCH) // timedelta(seconds=1)
            copies.append({"game_id": game_id, "template": number, "shift_s": shift})
            logs.append({"game_id": game_id, "log": self.packed[number].shifted(shift)})
        connection.execute(_TABLES["seat"].insert(), seats)
        connection.execute(_TABLES["packed_log"].insert(), logs)
        connection.execute(_COPIES.insert(), copies)
        connection.execute(
            _TABLES["scheduled_game"].insert(),
            [
                _scheduled_row(record, scheduled, self.templates[number].seed, started)
                for scheduled, number, started in plays
            ],
        )
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
        """Copy the templates' faults into every game that copies them; tally the boards."""
        bounds = sa.select(sa.func.min(_COPIES.c.game_id), sa.func.max(_COPIES.c.game_id))
        first, last = connection.execute(bounds).one()
        dialect = connection.dialect.name
        for low in range(first, last + 1, CHUNK_GAMES):
            chunk = _COPIES.c.game_id.between(low, low + CHUNK_GAMES - 1)
            connection.execute(_copy_faults(chunk, dialect))
            connection.commit()
        connection.execute(_tally_boards())
        connection.execute(_tally_tournaments())
        connection.commit()


@dataclass(frozen=True, slots=True)
class _PackedTemplate:
    """A template's packed log, uncompressed, around the first time it writes."""

    before: bytes
    first_us: int
    """The first time written: microseconds from the Unix epoch (from a cursor at 0)."""
    after: bytes

    @classmethod
    def of(cls, template: Template, kind: Kind) -> _PackedTemplate:
        """Pack ``template`` (of ``kind``) as the store packs an ended game; split it."""
        actions = [
            ActionRecord(game_id=0, **{**row, "decided_by": DecidedBy(row["decided_by"])})
            for row in template.actions
        ]
        events = [
            JournalEvent(
                e["number"], e["kind"], e["text"], e["visible_to"], e["data"], e["at"], seat=None
            )
            for e in template.events
        ]
        packed = pack_journal(kind.game, kind.options, template.seed, actions, events)
        assert packed is not None, "a template the store would not pack"
        raw, later = zlib.decompress(packed), zlib.decompress(_repacked(template, kind))
        times = [e["at"] for e in template.events] + [a["requested_at"] for a in template.actions]
        first_us = (min(times) - _UNIX_EPOCH) // timedelta(microseconds=1)
        encoded, encoded_later = _zigzag_varint(first_us), _zigzag_varint(first_us + 1_000_000)
        split = raw.find(encoded)
        while not (
            raw[:split] == later[:split]
            and later[split : split + len(encoded_later)] == encoded_later
            and raw[split + len(encoded) :] == later[split + len(encoded_later) :]
        ):
            split = raw.find(encoded, split + 1)
            assert split >= 0, "no first time in a template's packed log"
        made = cls(raw[:split], first_us, raw[split + len(encoded) :])
        assert zlib.decompress(made.shifted(1)) == later
        return made

    def shifted(self, seconds: int) -> bytes:
        """The packed log of the template's game with every time ``seconds`` later."""
        first = _zigzag_varint(self.first_us + seconds * 1_000_000)
        return zlib.compress(self.before + first + self.after, 9)


def _repacked(template: Template, kind: Kind) -> bytes:
    """``template``'s log packed with ``pack_log``, every time a second later."""
    second = timedelta(seconds=1)
    log = PackedLog(
        tuple(
            PackedAction(
                a["seat"],
                a["text"],
                DecidedBy(a["decided_by"]),
                a["requested_at"] + second,
                a["latency_ms"],
                None,
            )
            for a in template.actions
        ),
        tuple(PackedEvent(e["at"] + second, None) for e in template.events),
    )
    return pack_log(log, load_game(kind.game, kind.options), template.seed)


def _zigzag_varint(value: int) -> bytes:
    """``value`` as ``pack_log`` writes a time: zigzagged, then a varint."""
    rest = value * 2 if value >= 0 else -value * 2 - 1
    out = bytearray()
    while rest >= 0x80:
        out.append(rest & 0x7F | 0x80)
        rest >>= 7
    out.append(rest)
    return bytes(out)


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


def _scheduled_row(
    record: TournamentRecord, scheduled: ScheduledGame, seed: int, started: datetime
) -> dict[str, Any]:
    """The scheduled game of a game stored (a copy, of ``seed``), as a runner leaves it."""
    return {
        "tournament_id": record.id,
        "number": scheduled.number,
        "deal": scheduled.deal,
        "bots": list(scheduled.bots),
        "seed": seed,
        "status": ScheduleStatus.FINISHED,
        "attempt": 1,
        "last_attempt": ATTEMPTS,
        "lease_s": 60.0,
        "detail": "",
        "queued_at": started,
    }


def _tally_boards() -> sa.Insert:
    """Each board's tally of finished games (``board_tally``), as finishing them keeps it."""
    games = _TABLES["game"].c
    finished = (
        sa.select(games.game, games.variant, sa.func.count(), sa.func.max(games.id))
        .where(games.status == GameStatus.FINISHED)
        .group_by(games.game, games.variant)
    )
    return (
        _TABLES["board_tally"]
        .insert()
        .from_select(["game", "variant", "games", "last_game_id"], finished)
    )


def _tally_tournaments() -> sa.Insert:
    """Each tournament's tally of finished games (``tournament_tally``), as finishing keeps it."""
    games = _TABLES["game"].c
    finished = (
        sa.select(games.tournament_id, sa.func.count(), sa.func.max(games.id))
        .where(games.status == GameStatus.FINISHED, games.tournament_id.is_not(None))
        .group_by(games.tournament_id)
    )
    return (
        _TABLES["tournament_tally"]
        .insert()
        .from_select(["tournament_id", "games", "last_game_id"], finished)
    )


def _seat_row(game_id: int, seat: int, bot: PoolBot, template: Template) -> dict[str, Any]:
    forfeited_at = template.forfeited_at_event.get(seat)
    decided = [
        action["latency_ms"]
        for action in template.actions
        if action["seat"] == seat
        and action["decided_by"] == "bot"
        and action["latency_ms"] is not None
    ]
    return {
        "game_id": game_id,
        "seat": seat,
        "bot_id": bot.id,
        "status": SeatStatus.FINISHED if forfeited_at is None else SeatStatus.FORFEITED,
        "forfeited_at_event": forfeited_at,
        "score": template.result.scores[seat],
        "place": template.result.places[seat],
        "decisions": template.decisions[seat],
        "slowest_decision_ms": max(decided, default=None),
        "latencies": pack_latencies(
            action["latency_ms"]
            for action in template.actions
            if action["seat"] == seat and action["latency_ms"] is not None
        ),
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
