"""Every query of croupier's database, as keyword-only functions over a :class:`Session`.

Each function that writes commits before it returns, so one call is one transaction; on
any error it rolls back, leaving the session usable. Inside :func:`atomic`, the calls of a
block make one transaction instead: a game's log and its result are stored whole or not at
all. The referee writes from one thread with one session; readers (the dashboard) use
sessions of their own.

Secrets (bot keys, seat tokens) are made by :func:`new_secret`, handed out once in plain
text and stored as :func:`hash_secret` digests only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any, Literal, TypeVar

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel, col, select

from croupier.games import GAME_NAMES, Event, Result, load_game
from croupier_server.db.errors import BotNameTaken, RecordNotFound
from croupier_server.db.models import (
    BOT_NAME_MAX_LENGTH,
    ActionRecord,
    BotKind,
    BotRecord,
    DecidedBy,
    EndedBy,
    EventRecord,
    FaultRecord,
    GameRecord,
    GameStatus,
    MatchRecord,
    MatchStatus,
    SeatRecord,
    SeatStatus,
    TournamentRecord,
    TournamentStatus,
    utc_now,
)
from croupier_server.db.serialize import (
    event_data,
    event_visibility,
    result_data,
    storable_text,
)
from croupier_server.db.variants import variant_label
from croupier_server.tokens import hash_secret, new_secret

__all__ = [
    "abort_game",
    "abort_unfinished_tournament_games",
    "add_bot",
    "atomic",
    "bot_fault_counts",
    "bot_latencies",
    "claim_queued_tournament",
    "create_game",
    "create_match",
    "create_remote_bot",
    "create_tournament",
    "find_bot_by_key",
    "find_seat_by_token",
    "finish_game",
    "finished_games",
    "finished_schedule_numbers",
    "game_actions",
    "game_events",
    "game_faults",
    "game_seats",
    "get_bot",
    "get_bot_by_name",
    "get_game",
    "get_match",
    "get_tournament",
    "hash_secret",
    "list_bots",
    "list_games",
    "list_tournaments",
    "mark_seat_forfeited",
    "new_secret",
    "record_action",
    "record_events",
    "record_fault",
    "set_match_status",
    "set_tournament_status",
]

RecordT = TypeVar("RecordT", bound=SQLModel)

_SEED_RANGE = range(-(2**63), 2**63)
"""Seeds a signed 64-bit column holds."""

_ATOMIC = "croupier.atomic"
"""The key of ``Session.info`` set while an :func:`atomic` block runs."""


# Bots


def add_bot(
    session: Session,
    *,
    name: str,
    game: str,
    command: str,
    limits: dict[str, Any] | None = None,
    description: str = "",
) -> BotRecord:
    """Register a bot the referee starts with the shell ``command`` for each game.

    ``limits`` holds the limits set on its processes, by name (``LimitSettings.items()``).

    Raises:
        BotNameTaken: a bot of that name exists already.
        ValueError: an empty, padded or overlong name, or an unknown game.
    """
    bot = BotRecord(
        name=_checked_name(name),
        game=_checked_game(game),
        kind=BotKind.COMMAND,
        command=command,
        limits=limits or {},
        description=description,
    )
    return _insert_bot(session, bot)


def create_remote_bot(
    session: Session, *, name: str, game: str, description: str = ""
) -> tuple[BotRecord, str]:
    """Register a bot that connects by itself; returns it and its key, shown only this once.

    Raises:
        BotNameTaken: a bot of that name exists already.
        ValueError: an empty, padded or overlong name, or an unknown game.
    """
    key = new_secret()
    bot = BotRecord(
        name=_checked_name(name),
        game=_checked_game(game),
        kind=BotKind.REMOTE,
        key_hash=hash_secret(key),
        description=description,
    )
    return _insert_bot(session, bot), key


def get_bot(session: Session, *, bot_id: int) -> BotRecord | None:
    """The bot with id ``bot_id``, if any."""
    return session.get(BotRecord, bot_id)


def get_bot_by_name(session: Session, *, name: str) -> BotRecord | None:
    """The bot named exactly ``name`` (case-sensitive), if any."""
    return session.exec(select(BotRecord).where(BotRecord.name == name)).first()


def list_bots(session: Session, *, game: str | None = None) -> list[BotRecord]:
    """Every bot (of ``game`` only, when given), by name."""
    query = select(BotRecord).order_by(col(BotRecord.name))
    if game is not None:
        query = query.where(BotRecord.game == game)
    return list(session.exec(query))


def find_bot_by_key(session: Session, *, key: str) -> BotRecord | None:
    """The remote bot whose key is ``key``, or ``None`` for a wrong key."""
    query = select(BotRecord).where(BotRecord.key_hash == hash_secret(key))
    return session.exec(query).first()


# Matches and games


def create_match(
    session: Session,
    *,
    game: str,
    options: Mapping[str, Any],
    settings: Mapping[str, Any] | None = None,
    tournament_id: int | None = None,
    schedule_number: int | None = None,
    schedule_deal: int | None = None,
) -> MatchRecord:
    """Record a new running match of ``game`` with rule ``options`` and referee ``settings``.

    A match that plays a tournament's scheduled game names the tournament, the game's
    schedule number and its deal.

    Raises:
        ValueError: an unknown game.
    """
    match = MatchRecord(
        game=_checked_game(game),
        options=dict(options),
        settings=dict(settings or {}),
        tournament_id=tournament_id,
        schedule_number=schedule_number,
        schedule_deal=schedule_deal,
    )
    return _insert(session, match)


def get_match(session: Session, *, match_id: int) -> MatchRecord | None:
    """The match with id ``match_id``, if any."""
    return session.get(MatchRecord, match_id)


def set_match_status(session: Session, *, match_id: int, status: MatchStatus) -> MatchRecord:
    """Set the status of a match.

    Raises:
        RecordNotFound: no such match.
    """
    with _transaction(session):
        match = _require(session, MatchRecord, match_id)
        match.status = status
    return _refreshed(session, match)


def create_game(
    session: Session,
    *,
    match_id: int,
    seed: int,
    bot_ids: Sequence[int],
    started_at: datetime | None = None,
) -> tuple[GameRecord, list[str]]:
    """Record a new running game of the match's rule set, with ``bot_ids[i]`` in seat ``i``.

    Returns:
        The game and the plain seat tokens, one per seat: hand them to the bots; only
        their hashes are stored (see :func:`find_seat_by_token`).

    Raises:
        RecordNotFound: no such match.
        ValueError: a seed outside the signed 64-bit range, or not one bot per seat.
    """
    match = _require(session, MatchRecord, match_id)
    if seed not in _SEED_RANGE:
        raise ValueError(f"seed {seed} does not fit a signed 64-bit integer")
    seats = load_game(match.game, match.options).num_players
    if len(bot_ids) != seats:
        raise ValueError(f"{len(bot_ids)} bots for a game of {seats} seats")
    game = GameRecord(
        match_id=match_id,
        game=match.game,
        options=dict(match.options),
        variant=variant_label(match.game, match.options),
        seed=seed,
        started_at=started_at or utc_now(),
    )
    tokens = [new_secret() for _ in bot_ids]
    with _transaction(session):
        session.add(game)
        session.flush()
        assert game.id is not None
        session.add_all(
            SeatRecord(game_id=game.id, seat=seat, bot_id=bot_id, token_hash=hash_secret(token))
            for seat, (bot_id, token) in enumerate(zip(bot_ids, tokens, strict=True))
        )
    return _refreshed(session, game), tokens


def get_game(session: Session, *, game_id: int) -> GameRecord | None:
    """The game with id ``game_id``, if any."""
    return session.get(GameRecord, game_id)


def game_seats(session: Session, *, game_id: int) -> list[SeatRecord]:
    """The seats of a game, in seat order."""
    query = select(SeatRecord).where(SeatRecord.game_id == game_id).order_by(col(SeatRecord.seat))
    return list(session.exec(query))


def find_seat_by_token(session: Session, *, token: str) -> SeatRecord | None:
    """The seat whose token is ``token``, or ``None`` for a wrong token."""
    query = select(SeatRecord).where(SeatRecord.token_hash == hash_secret(token))
    return session.exec(query).first()


def list_games(
    session: Session,
    *,
    game: str | None = None,
    bot_id: int | None = None,
    status: GameStatus | None = None,
    match_id: int | None = None,
    limit: int = 50,
    offset: int = 0,
) -> list[GameRecord]:
    """Games, newest first, optionally only of ``game``, with ``bot_id``, in ``status``..."""
    query = select(GameRecord)
    if game is not None:
        query = query.where(GameRecord.game == game)
    if status is not None:
        query = query.where(GameRecord.status == status)
    if match_id is not None:
        query = query.where(GameRecord.match_id == match_id)
    if bot_id is not None:
        seats = select(SeatRecord.game_id).where(SeatRecord.bot_id == bot_id)
        query = query.where(col(GameRecord.id).in_(seats))
    query = query.order_by(sa.desc(col(GameRecord.started_at)), sa.desc(col(GameRecord.id)))
    return list(session.exec(query.offset(offset).limit(limit)))


# Tournaments


def create_tournament(
    session: Session,
    *,
    game: str,
    options: Mapping[str, Any],
    format: str,
    settings: Mapping[str, Any],
    status: TournamentStatus = TournamentStatus.RUNNING,
) -> TournamentRecord:
    """Record a new tournament of ``game``, running (played now) or queued.

    Raises:
        ValueError: an unknown game.
    """
    tournament = TournamentRecord(
        game=_checked_game(game),
        options=dict(options),
        format=format,
        settings=dict(settings),
        status=status,
    )
    return _insert(session, tournament)


def get_tournament(session: Session, *, tournament_id: int) -> TournamentRecord | None:
    """The tournament with id ``tournament_id``, if any."""
    return session.get(TournamentRecord, tournament_id)


def list_tournaments(session: Session, *, game: str | None = None) -> list[TournamentRecord]:
    """Every tournament (of ``game`` only, when given), newest first."""
    query = select(TournamentRecord).order_by(sa.desc(col(TournamentRecord.id)))
    if game is not None:
        query = query.where(TournamentRecord.game == game)
    return list(session.exec(query))


def set_tournament_status(
    session: Session, *, tournament_id: int, status: TournamentStatus
) -> TournamentRecord:
    """Set the status of a tournament.

    Raises:
        RecordNotFound: no such tournament.
    """
    with _transaction(session):
        tournament = _require(session, TournamentRecord, tournament_id)
        tournament.status = status
    return _refreshed(session, tournament)


def claim_queued_tournament(session: Session) -> TournamentRecord | None:
    """The oldest queued tournament, now running; ``None`` when none is queued.

    The status changes only where it is still ``queued``, so of the processes that try to
    claim a tournament at once, one gets it.
    """
    oldest_queued = (
        select(TournamentRecord.id)
        .where(TournamentRecord.status == TournamentStatus.QUEUED)
        .order_by(col(TournamentRecord.id))
        .limit(1)
    )
    while (tournament_id := session.exec(oldest_queued).first()) is not None:
        claim = (
            sa.update(TournamentRecord)
            .where(
                col(TournamentRecord.id) == tournament_id,
                col(TournamentRecord.status) == TournamentStatus.QUEUED,
            )
            .values(status=TournamentStatus.RUNNING)
        )
        with _transaction(session):
            claimed = session.connection().execute(claim).rowcount == 1
        if claimed:
            return _require(session, TournamentRecord, tournament_id)
    return None


def finished_schedule_numbers(session: Session, *, tournament_id: int) -> set[int]:
    """The schedule numbers of a tournament's games that finished."""
    query = select(MatchRecord.schedule_number).where(
        MatchRecord.tournament_id == tournament_id, MatchRecord.status == MatchStatus.FINISHED
    )
    return {number for number in session.exec(query) if number is not None}


def abort_unfinished_tournament_games(session: Session, *, tournament_id: int, reason: str) -> int:
    """Abort the games a tournament left running (a killed run); returns how many."""
    matches = session.exec(
        select(MatchRecord).where(
            MatchRecord.tournament_id == tournament_id, MatchRecord.status == MatchStatus.RUNNING
        )
    ).all()
    for match in matches:
        assert match.id is not None
        running = select(GameRecord).where(
            GameRecord.match_id == match.id, GameRecord.status == GameStatus.RUNNING
        )
        for game in session.exec(running).all():
            assert game.id is not None
            abort_game(session, game_id=game.id, reason=reason)
        set_match_status(session, match_id=match.id, status=MatchStatus.ABORTED)
    return len(matches)


def finished_games(
    session: Session, *, game: str, tournament_id: int | None = None
) -> list[tuple[MatchRecord, GameRecord, list[tuple[str, SeatRecord]]]]:
    """The finished games of ``game`` (of one tournament, when given), oldest first.

    Each comes with its match and its seats in order, each with its bot's name.
    """
    query = (
        select(MatchRecord, GameRecord)
        .join(GameRecord, col(GameRecord.match_id) == col(MatchRecord.id))
        .where(col(GameRecord.id).in_(_finished_game_ids(game, None, tournament_id)))
        .order_by(col(GameRecord.id))
    )
    rows = session.exec(query).all()
    seats: dict[int, list[tuple[str, SeatRecord]]] = {}
    seat_query = (
        select(BotRecord.name, SeatRecord)
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(SeatRecord.game_id).in_(_finished_game_ids(game, None, tournament_id)))
        .order_by(col(SeatRecord.game_id), col(SeatRecord.seat))
    )
    for name, seat in session.exec(seat_query):
        seats.setdefault(seat.game_id, []).append((name, seat))
    return [(match, record, seats.get(record.id or 0, [])) for match, record in rows]


def bot_fault_counts(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> dict[str, dict[str, int]]:
    """How many faults of each kind each bot made in the finished games of ``game``.

    Of one variant, of one tournament, when given.
    """
    query = (
        select(BotRecord.name, FaultRecord.kind, sa.func.count())
        .join(
            SeatRecord,
            sa.and_(
                col(SeatRecord.game_id) == col(FaultRecord.game_id),
                col(SeatRecord.seat) == col(FaultRecord.seat),
            ),
        )
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(FaultRecord.game_id).in_(_finished_game_ids(game, variant, tournament_id)))
        .group_by(col(BotRecord.name), col(FaultRecord.kind))
    )
    counts: dict[str, dict[str, int]] = {}
    for name, kind, count in session.exec(query):
        counts.setdefault(name, {})[kind] = count
    return counts


def bot_latencies(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> dict[str, list[float]]:
    """The decision latencies (ms) of each bot in the finished games of ``game``.

    Of one variant, of one tournament, when given.
    """
    query = (
        select(BotRecord.name, ActionRecord.latency_ms)
        .join(
            SeatRecord,
            sa.and_(
                col(SeatRecord.game_id) == col(ActionRecord.game_id),
                col(SeatRecord.seat) == col(ActionRecord.seat),
            ),
        )
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(
            col(ActionRecord.game_id).in_(_finished_game_ids(game, variant, tournament_id)),
            col(ActionRecord.latency_ms).is_not(None),
        )
    )
    latencies: dict[str, list[float]] = {}
    for name, latency in session.exec(query):
        if latency is not None:
            latencies.setdefault(name, []).append(latency)
    return latencies


def _finished_game_ids(game: str, variant: str | None, tournament_id: int | None) -> sa.Select[Any]:
    query = (
        sa.select(col(GameRecord.id))
        .join(MatchRecord, col(MatchRecord.id) == col(GameRecord.match_id))
        .where(col(GameRecord.game) == game, col(GameRecord.status) == GameStatus.FINISHED)
    )
    if variant is not None:
        query = query.where(col(GameRecord.variant) == variant)
    if tournament_id is not None:
        query = query.where(col(MatchRecord.tournament_id) == tournament_id)
    return query


# During a game


def record_events(
    session: Session,
    *,
    game_id: int,
    events: Sequence[Event],
    seat: int | None = None,
    at: datetime | Sequence[datetime] | None = None,
) -> range:
    """Append ``events`` to a game, numbered on from the last stored one.

    Args:
        session: the writer's session.
        game_id: the game.
        events: engine events in order, private ones included.
        seat: the seat whose action led to these events (``None``: the deal, the start).
        at: when they happened: one time for the batch, one per event, or ``None`` for now.

    Returns:
        The numbers given to the events.

    Raises:
        ValueError: not one time per event, or an event hidden from spectators that is
            private to no single seat.
    """
    if at is None:
        at = utc_now()
    times = [at] * len(events) if isinstance(at, datetime) else list(at)
    if len(times) != len(events):
        raise ValueError(f"{len(times)} times for {len(events)} events")
    first = _next_number(session, EventRecord, game_id)
    with _transaction(session):
        session.add_all(
            EventRecord(
                game_id=game_id,
                number=number,
                at=when,
                kind=type(event).__name__,
                visible_to=event_visibility(event),
                text=str(event),
                data=event_data(event),
                seat=seat,
            )
            for number, (event, when) in enumerate(zip(events, times, strict=True), start=first)
        )
    return range(first, first + len(events))


def record_action(
    session: Session,
    *,
    game_id: int,
    seat: int,
    action: object,
    requested_at: datetime,
    decided_by: str,
    latency_ms: float | None = None,
    comment: str | None = None,
) -> ActionRecord:
    """Append the action ``seat`` took (an action or its text, stored as ``str(action)``).

    ``decided_by`` is a :class:`DecidedBy` value; :attr:`DecidedBy.BOT` counts a decision
    of the seat. ``comment`` is the bot's explanation of it, if it gave one.

    Raises:
        RecordNotFound: no such seat in that game.
        ValueError: ``decided_by`` is no :class:`DecidedBy` value.
    """
    chooser = DecidedBy(decided_by)
    with _transaction(session):
        seat_record = _require(session, SeatRecord, (game_id, seat))
        record = ActionRecord(
            game_id=game_id,
            number=_next_number(session, ActionRecord, game_id),
            seat=seat,
            text=str(action),
            requested_at=requested_at,
            latency_ms=latency_ms,
            decided_by=chooser,
            comment=None if comment is None else storable_text(comment),
        )
        session.add(record)
        if chooser == DecidedBy.BOT:
            seat_record.decisions += 1
    return _refreshed(session, record)


def record_fault(
    session: Session,
    *,
    game_id: int,
    seat: int,
    kind: str,
    detail: str = "",
    at: datetime | None = None,
    action_number: int | None = None,
) -> FaultRecord:
    """Record a fault of ``seat``'s bot; ``kind`` is usually a :class:`FaultKind`."""
    fault = FaultRecord(
        game_id=game_id,
        seat=seat,
        kind=str(kind),
        detail=storable_text(detail),
        at=at or utc_now(),
        action_number=action_number,
    )
    return _insert(session, fault)


def mark_seat_forfeited(
    session: Session, *, game_id: int, seat: int, at_event: int | None = None
) -> SeatRecord:
    """Mark a seat forfeited from event ``at_event`` on (default: the next event to come).

    Raises:
        RecordNotFound: no such seat in that game.
    """
    with _transaction(session):
        seat_record = _require(session, SeatRecord, (game_id, seat))
        if at_event is None:
            at_event = _next_number(session, EventRecord, game_id)
        seat_record.status = SeatStatus.FORFEITED
        seat_record.forfeited_at_event = at_event
    return _refreshed(session, seat_record)


# The end of a game


def finish_game(
    session: Session,
    *,
    game_id: int,
    result: Result,
    ended_by: str = EndedBy.NORMAL,
    detail: str = "",
    finished_at: datetime | None = None,
) -> GameRecord:
    """Record the end of a game: its result, and each seat's score, place and status.

    Seats still playing become finished; forfeited seats stay forfeited.

    Raises:
        RecordNotFound: no such game.
        ValueError: the result has not one score per seat.
    """
    with _transaction(session):
        game = _require(session, GameRecord, game_id)
        seats = game_seats(session, game_id=game_id)
        if len(result.scores) != len(seats):
            raise ValueError(f"{len(result.scores)} scores for a game of {len(seats)} seats")
        for seat, score, place in zip(seats, result.scores, result.places, strict=True):
            seat.score, seat.place = score, place
            if seat.status == SeatStatus.PLAYING:
                seat.status = SeatStatus.FINISHED
        _end_game(
            game,
            status=GameStatus.FINISHED,
            result=result_data(result),
            ended_by=ended_by,
            detail=detail,
            finished_at=finished_at,
        )
    return _refreshed(session, game)


def abort_game(
    session: Session, *, game_id: int, reason: str, finished_at: datetime | None = None
) -> GameRecord:
    """Record that the referee gave up on a game (no result); ``reason`` says why.

    Raises:
        RecordNotFound: no such game.
    """
    with _transaction(session):
        game = _require(session, GameRecord, game_id)
        for seat in game_seats(session, game_id=game_id):
            if seat.status == SeatStatus.PLAYING:
                seat.status = SeatStatus.FINISHED
        _end_game(
            game,
            status=GameStatus.ABORTED,
            result=None,
            ended_by=EndedBy.ABORTED,
            detail=reason,
            finished_at=finished_at,
        )
    return _refreshed(session, game)


# Reading a game


def game_events(
    session: Session,
    *,
    game_id: int,
    visible_to: int | Literal["all"] | None = "all",
    since: int = 0,
) -> list[EventRecord]:
    """The events of a game in order, from number ``since`` on.

    Args:
        session: any session.
        game_id: the game.
        visible_to: ``"all"`` for every event; ``None`` for a spectator (public events
            only); a seat number for what that seat saw (public events and its own).
        since: the first event number wanted, to follow a game as it goes.
    """
    query = select(EventRecord).where(EventRecord.game_id == game_id, EventRecord.number >= since)
    if visible_to is None:
        query = query.where(col(EventRecord.visible_to).is_(None))
    elif visible_to != "all":
        query = query.where(
            sa.or_(col(EventRecord.visible_to).is_(None), col(EventRecord.visible_to) == visible_to)
        )
    return list(session.exec(query.order_by(col(EventRecord.number))))


def game_actions(session: Session, *, game_id: int) -> list[ActionRecord]:
    """The actions of a game in order: with its seed, the replay."""
    query = (
        select(ActionRecord)
        .where(ActionRecord.game_id == game_id)
        .order_by(col(ActionRecord.number))
    )
    return list(session.exec(query))


def game_faults(session: Session, *, game_id: int, seat: int | None = None) -> list[FaultRecord]:
    """The faults of a game (of ``seat`` only, when given), in the order they were recorded."""
    query = select(FaultRecord).where(FaultRecord.game_id == game_id)
    if seat is not None:
        query = query.where(FaultRecord.seat == seat)
    return list(session.exec(query.order_by(col(FaultRecord.id))))


# Transactions


@contextmanager
def atomic(session: Session) -> Iterator[None]:
    """Make every write of the block one transaction: committed at its end, or not at all.

    The functions called in the block flush their writes rather than commit them; any error
    rolls back every write of the block. A block inside another is part of it.
    """
    if session.info.get(_ATOMIC):
        yield
        return
    session.info[_ATOMIC] = True
    try:
        yield
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        del session.info[_ATOMIC]


# Helpers


@contextmanager
def _transaction(session: Session) -> Iterator[None]:
    """Commit on success; roll back on any error so the session stays usable.

    Inside an :func:`atomic` block, only flush: the block commits or rolls back.
    """
    if session.info.get(_ATOMIC):
        yield
        session.flush()
        return
    try:
        yield
        session.commit()
    except BaseException:
        session.rollback()
        raise


def _insert(session: Session, record: RecordT) -> RecordT:
    with _transaction(session):
        session.add(record)
    return _refreshed(session, record)


def _refreshed(session: Session, record: RecordT) -> RecordT:
    """``record`` loaded again after a commit, so it stays readable once the session closes."""
    session.refresh(record)
    return record


def _require(session: Session, table: type[RecordT], key: object) -> RecordT:
    record = session.get(table, key)
    if record is None:
        raise RecordNotFound(f"no {table.__tablename__} {key!r}")
    return record


def _next_number(
    session: Session, table: type[EventRecord] | type[ActionRecord], game_id: int
) -> int:
    query = select(sa.func.max(table.number)).where(table.game_id == game_id)
    last = session.exec(query).one()
    return 0 if last is None else last + 1


def _insert_bot(session: Session, bot: BotRecord) -> BotRecord:
    name = bot.name
    try:
        return _insert(session, bot)
    except IntegrityError:
        if get_bot_by_name(session, name=name) is None:
            raise
        raise BotNameTaken(f"a bot named {name!r} already exists") from None


def _end_game(
    game: GameRecord,
    *,
    status: GameStatus,
    result: dict[str, Any] | None,
    ended_by: str,
    detail: str,
    finished_at: datetime | None,
) -> None:
    game.status = status
    game.result = result
    game.ended_by = str(ended_by)
    game.end_detail = detail
    game.finished_at = finished_at or utc_now()


def _checked_name(name: str) -> str:
    if not 0 < len(name) <= BOT_NAME_MAX_LENGTH or name != name.strip() or not name.isprintable():
        raise ValueError(
            f"a bot name is 1 to {BOT_NAME_MAX_LENGTH} printable characters without "
            f"surrounding spaces, not {name!r}"
        )
    return name


def _checked_game(game: str) -> str:
    if game not in GAME_NAMES:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(GAME_NAMES)})")
    return game
