"""The tables of croupier's database, as SQLModel classes.

Every game the referee runs is kept whole: its rules and referee settings, the tournament
it belongs to, its seats and their bots, every action with its timing and the bot's comment,
the time of every event (public and private), every fault, and the end of what each started
bot wrote (its output). The seed and the actions of a game are its replay (see
:mod:`croupier_server.db.replay`): a game being played writes ``action`` rows as it goes
(and ``event`` rows at its end), its journal; an ended game is packed into one
``packed_log`` row, from which the engine rebuilds its events.

Conventions:

- Datetimes are timezone-aware UTC with microseconds on both backends (:class:`UTCDateTime`).
- JSON columns (``options``, ``settings``, ``result``, ``data``) use ``sqlalchemy.JSON``, but
  a game's ``options`` and ``result``, stored deflated (:mod:`~.compact_json`).
- Statuses are string enums stored as plain ``VARCHAR`` (no native enum type, no check
  constraint), so adding a value needs no migration.
- Events and actions are keyed by ``(game_id, number)``, numbered from 0 within the game;
  seats by ``(game_id, seat)``; output lines by ``(game_id, seat, number)``.
- A remote bot's key is stored as its SHA-256 hex digest only; seat tokens are not stored
  (the referee admits a game's bots in memory).
- The schema changes only through a migration (:mod:`croupier_server.db.migrations`).
"""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect
from sqlmodel import Field, SQLModel, col

from croupier_server.clock import utc_now
from croupier_server.db.compact_json import CompactJSON
from croupier_server.db.names import fold_on_insert
from croupier_server.outcomes import DecidedBy, GameStatus, SeatStatus

__all__ = [
    "BOT_NAME_MAX_LENGTH",
    "INTEGER_MAX",
    "VERSION_SEPARATOR",
    "ActionRecord",
    "BoardFitRecord",
    "BoardTallyRecord",
    "BotKind",
    "BotRecord",
    "EventRecord",
    "FaultRecord",
    "GameRecord",
    "OutputLineRecord",
    "PackedLogRecord",
    "SeatRecord",
    "TournamentRecord",
    "TournamentStatus",
    "UTCDateTime",
    "fault_at_seat",
    "string_enum",
]


BOT_NAME_MAX_LENGTH = 64
"""The longest bot name, in characters."""

VERSION_SEPARATOR = "@"
"""What parts a submitted bot's name from its version's number (``NAME@N``); no other bot
name holds it."""

INTEGER_MAX = 2**31 - 1
"""The largest id or count a column holds: INTEGER is 32 bits on PostgreSQL. A larger value
makes the database driver fail rather than find nothing."""


class UTCDateTime(sa.TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every backend.

    PostgreSQL stores ``timestamptz``; SQLite, which has no time zones, stores the UTC
    wall time. Naive datetimes are refused rather than guessed at.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Convert to UTC; SQLite gets the naive UTC wall time."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value.isoformat()}: croupier stores UTC-aware")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Return an aware datetime in UTC whatever the backend's session time zone."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


def string_enum(enum_class: type[enum.StrEnum]) -> sa.Enum:
    """A column type storing ``enum_class`` by value in a ``VARCHAR(32)``."""
    return sa.Enum(
        enum_class,
        native_enum=False,
        length=32,
        values_callable=lambda members: [member.value for member in members],
        validate_strings=True,
    )


class BotKind(enum.StrEnum):
    """How a bot comes to the table."""

    COMMAND = "command"
    """The referee starts it from a shell command for each game."""
    REMOTE = "remote"
    """It connects by itself and proves who it is with its bot key."""
    SUBMITTED = "submitted"
    """Its author uploads it, version after version; its versions take the seats, never it
    (each a ``command`` bot named ``NAME@N``, see :mod:`croupier_server.db.submissions`)."""
    PERSON = "person"
    """A person who takes a seat from the dashboard (``person:WHO``): not a bot, listed
    with none, and its games are rated for nobody."""


class TournamentStatus(enum.StrEnum):
    """Where a tournament stands."""

    QUEUED = "queued"
    """Asked for through the dashboard; the next ``croupier serve`` to be free plays it."""
    RUNNING = "running"
    FINISHED = "finished"
    INTERRUPTED = "interrupted"
    """It stopped before its last game; ``croupier tournament resume`` plays the rest."""


class BotRecord(SQLModel, table=True):
    """A registered bot. ``name`` is unique, and so is its folded form; it plays one ``game``."""

    __tablename__ = "bot"
    __table_args__ = (sa.Index("ux_bot_folded_name", "folded_name", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=BOT_NAME_MAX_LENGTH, unique=True)
    folded_name: str | None = None
    """``name`` as :func:`~croupier_server.db.names.folded_name` folds it, set on insert: no
    two bots' are equal. ``None`` only for a bot stored before names were folded whose
    folded name an older bot holds."""
    game: str = Field(max_length=32)
    kind: BotKind = Field(sa_type=string_enum(BotKind))
    command: str | None = None
    """The shell command that starts a ``command`` bot (it runs in an empty directory)."""
    limits: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    """The limits its registration set on its processes, by name (``LimitSettings``)."""
    key_hash: str | None = Field(default=None, max_length=64, unique=True)
    """SHA-256 hex of a ``remote`` bot's key; the key itself is never stored."""
    description: str = ""
    created_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)
    author_id: int | None = Field(default=None, foreign_key="author.id", index=True)
    """The author who owns it (a submitted bot and its versions); ``None``: the organiser's."""
    version_of_id: int | None = Field(default=None, foreign_key="bot.id", index=True)
    """For a version (``NAME@N``): the submitted bot ``NAME``."""
    open_to_people: bool = True
    """Whether its owner lets people play against it at the dashboard's tables: the
    organiser's bots are open unless closed, a submitted bot is closed until its author
    opens it, and a version follows its submitted bot (see
    :func:`~croupier_server.db.bots.is_open_to_people`)."""


sa.event.listen(BotRecord, "before_insert", fold_on_insert)


class TournamentRecord(SQLModel, table=True):
    """A scheduled set of games between bots, each game linked to it by its schedule number."""

    __tablename__ = "tournament"

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=32, index=True)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    """The rule options, as ``Game.options()`` gives them."""
    format: str = Field(max_length=32)
    """How the schedule pairs the bots (``round-robin``, ``gauntlet``)."""
    settings: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    """What rebuilds the schedule and plays it: bots, deals, seed, concurrency, time control."""
    status: TournamentStatus = Field(
        default=TournamentStatus.RUNNING, sa_type=string_enum(TournamentStatus)
    )
    created_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)


class GameRecord(SQLModel, table=True):
    """One game: its rule set, seed, referee settings and outcome; with its actions, a replay.

    Its ``options`` and ``result`` are stored deflated (:class:`~.compact_json.CompactJSON`).

    A game a tournament scheduled names the tournament, its schedule number and its deal.
    """

    __tablename__ = "game"
    __table_args__ = (
        # A leaderboard is the finished games of one game and variant: this index finds them
        # (their number and the newest id are kept in ``board_tally``).
        sa.Index("ix_game_status_game_variant", "status", "game", "variant"),
        # A tournament's games, newest first, a page at a time.
        sa.Index("ix_game_tournament_id_id", "tournament_id", "id"),
        # A scheduled game may be tried again after an abort, but finishes once; this index
        # also counts a tournament's finished games without reading a row.
        sa.Index(
            "ux_game_tournament_finished_number",
            "tournament_id",
            "schedule_number",
            unique=True,
            sqlite_where=sa.text("status = 'finished'"),
            postgresql_where=sa.text("status = 'finished'"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=32, index=True)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=CompactJSON)
    """The rule options, as ``Game.options()`` gives them."""
    variant: str = Field(max_length=32)
    """The rule set's :meth:`~croupier.games.Game.variant_label`, such as ``six-card``."""
    seed: int = Field(sa_type=sa.BigInteger)
    settings: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    """The referee's settings: time control, fault policy, limits, sealing."""
    tournament_id: int | None = Field(default=None, foreign_key="tournament.id")
    """The tournament that scheduled the game, if any."""
    schedule_number: int | None = None
    """The number of the tournament's scheduled game it plays."""
    schedule_deal: int | None = None
    """The deal of the tournament it plays: its games are one duplicate set."""
    status: GameStatus = Field(
        default=GameStatus.RUNNING, sa_type=string_enum(GameStatus), index=True
    )
    started_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime, index=True)
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    result: dict[str, Any] | None = Field(default=None, sa_type=CompactJSON)
    """``{"scores": [...], "places": [...], "details": {...}}``; ``None`` until finished."""
    ended_by: str | None = None
    """How the game ended, usually an :class:`~croupier_server.outcomes.EndedBy` value."""
    end_detail: str = ""
    """A line that explains ``ended_by``, such as why the game was aborted."""
    attempt: int | None = None
    """Which attempt at its scheduled game this is, when a worker played it (from 1)."""
    worker_id: int | None = Field(default=None, foreign_key="worker.id")
    """The worker that played it, when a worker did."""
    rated: bool = True
    """Whether it counts in the ratings: a submitted version's check games do not."""


class BoardTallyRecord(SQLModel, table=True):
    """How many finished games a game and variant has, and the newest: its board's version.

    Kept in the transaction that finishes a game (:mod:`croupier_server.db.board_tallies`),
    so that the pages list the boards without counting a million games.
    """

    __tablename__ = "board_tally"

    game: str = Field(primary_key=True, max_length=32)
    variant: str = Field(primary_key=True, max_length=32)
    games: int
    """How many of its games are finished (at least 1: a board without any has no row)."""
    last_game_id: int
    """The newest of those games' ids."""


class TournamentTallyRecord(SQLModel, table=True):
    """How many finished games a tournament has, and the newest: its board's version.

    Kept as :class:`BoardTallyRecord` is, so that the tournaments list counts no games.
    """

    __tablename__ = "tournament_tally"

    tournament_id: int = Field(primary_key=True, foreign_key="tournament.id")
    games: int
    """How many of its games are finished (at least 1: a tournament without any has no row)."""
    last_game_id: int
    """The newest of those games' ids."""


class SeatRecord(SQLModel, table=True):
    """A seat of a game and the bot in it."""

    __tablename__ = "seat"
    __table_args__ = (
        sa.Index("ix_seat_bot_id_game_id", "bot_id", "game_id"),
        # A tournament's latest forfeits, few among its seats, found from the newest game down.
        sa.Index(
            "ix_seat_forfeited_game_id",
            "game_id",
            sqlite_where=sa.text("status = 'forfeited'"),
            postgresql_where=sa.text("status = 'forfeited'"),
        ),
    )

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    seat: int = Field(primary_key=True)
    bot_id: int = Field(foreign_key="bot.id")
    status: SeatStatus = Field(default=SeatStatus.PLAYING, sa_type=string_enum(SeatStatus))
    forfeited_at_event: int | None = None
    """The number of the first event that came after the forfeit."""
    score: int | None = None
    place: int | None = None
    decisions: int = 0
    """How many actions the bot chose itself (``decided_by = bot``)."""
    output_dropped_bytes: int = Field(default=0, sa_type=sa.BigInteger)
    """How many bytes of the bot's output were cut before its first stored line."""
    slowest_decision_ms: float | None = None
    """The longest the bot took over an action it chose itself (``decided_by = bot``), so
    that a list finds slow games without reading their actions; ``None``: it chose none."""
    latencies: bytes | None = Field(default=None, sa_type=sa.LargeBinary)
    """The latency of each action the seat answered, packed
    (:mod:`~croupier_server.db.packed_latencies`) when its game is: a bot's page reads them
    without its games' logs. ``None`` while the game's actions are in its journal."""


class EventRecord(SQLModel, table=True):
    """One event of a game, in order; private events name the one seat that sees them."""

    __tablename__ = "event"

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    number: int = Field(primary_key=True)
    """0-based position of the event in its game."""
    at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)
    kind: str
    """The event's class name, such as ``Played``."""
    visible_to: int | None = None
    """``None`` for a public event, else the only seat that sees it."""
    text: str
    """The event's one-line ``str()``."""
    data: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    """The event's fields as JSON (see :func:`croupier_server.db.serialize.event_data`)."""
    seat: int | None = None
    """The seat whose action led to the event; ``None`` for events no seat caused."""


class ActionRecord(SQLModel, table=True):
    """One action applied to a game, in order: with the seed, the replay."""

    __tablename__ = "action"

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    number: int = Field(primary_key=True)
    """0-based position of the action in its game."""
    seat: int
    text: str
    """The action's ``str()``; ``Game.parse_action`` reads it back."""
    requested_at: datetime = Field(sa_type=UTCDateTime)
    """When the referee asked for the action (or applied it, when nobody was asked)."""
    latency_ms: float | None = None
    """How long the bot took to answer; ``None`` when it was not asked or did not answer."""
    decided_by: DecidedBy = Field(sa_type=string_enum(DecidedBy))
    comment: str | None = None
    """The bot's own explanation of its decision (at most 1 KiB); ``None`` if it gave none."""


class PackedLogRecord(SQLModel, table=True):
    """A game's actions and its events' times packed (:mod:`croupier_server.db.packed_log`).

    An ended game is stored so, its ``action`` and ``event`` rows deleted: those are the
    journal of a game being played. The engine rebuilds its events from the actions.
    """

    __tablename__ = "packed_log"

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    log: bytes = Field(sa_type=sa.LargeBinary)


class FaultRecord(SQLModel, table=True):
    """A fault of a seat's bot: a timeout, an illegal or malformed action, a crash..."""

    __tablename__ = "fault"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: int
    kind: str
    """Usually a :class:`~croupier_server.outcomes.FaultKind` value."""
    detail: str = ""
    at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)
    action_number: int | None = None
    """The number of the action the fault concerns, when it concerns one."""


class OutputLineRecord(SQLModel, table=True):
    """A line a started bot wrote to its standard output or error, with when it was read.

    Only the end of each bot's output is kept (:attr:`SeatRecord.output_dropped_bytes` says
    how much was cut before it); the key reads one game's lines with one index.
    """

    __tablename__ = "output_line"

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    seat: int = Field(primary_key=True)
    number: int = Field(primary_key=True)
    """0-based position of the line among the seat's stored lines."""
    at: datetime = Field(sa_type=UTCDateTime)
    """When the referee read the line."""
    stream: str = Field(max_length=16)
    """``stdout`` or ``stderr`` (the referee's ``OutputStream`` values)."""
    text: str
    """The line, without its line break."""


class BoardFitRecord(SQLModel, table=True):
    """The stored ratings fit of one board, with who may compute it and who asked for it.

    A board is the finished games of one game, of one variant and tournament when set (see
    :mod:`croupier_server.board_fits`); its row is made when the board is first asked for.
    """

    __tablename__ = "board_fit"

    board: str = Field(primary_key=True, max_length=200)
    """The board's key as text: ``[game, variant, tournament_id]`` in JSON."""
    game: str = Field(max_length=32)
    variant: str | None = Field(default=None, max_length=32)
    tournament_id: int | None = None
    version_games: int | None = None
    """How many finished games the stored fit covers (rated or not); ``None``: never fitted."""
    version_last_id: int | None = None
    """The newest of those games' ids."""
    rated_games: int = 0
    """The rated games among them: those its standings count."""
    fitted_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    fit_seconds: float = 0.0
    """How long the fit took."""
    data: bytes | None = Field(default=None, sa_type=sa.LargeBinary)
    """The fit, packed (see :mod:`croupier_server.board_fits.packing`)."""
    requested_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    """When a page last asked for the board: the fitter keeps asked-for boards fitted."""
    lease_holder: str | None = Field(default=None, max_length=64)
    """Who is fitting the board now, until :attr:`lease_until`."""
    lease_until: datetime | None = Field(default=None, sa_type=UTCDateTime)


def fault_at_seat() -> sa.ColumnElement[bool]:
    """Joins a fault to the seat of its game it was charged to."""
    return sa.and_(
        col(SeatRecord.game_id) == col(FaultRecord.game_id),
        col(SeatRecord.seat) == col(FaultRecord.seat),
    )
