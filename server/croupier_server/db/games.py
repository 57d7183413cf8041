"""The games: created with their seats, read, and ended with a result or aborted.

What happens while a game is played (its events, actions, faults and forfeits) is in
:mod:`croupier_server.db.game_log`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from croupier.games import Result, game_class, game_names, load_game
from croupier_server.clock import utc_now
from croupier_server.db.board_tallies import game_ended
from croupier_server.db.models import GameRecord, SeatRecord
from croupier_server.db.serialize import result_data
from croupier_server.db.transactions import refreshed, require, transaction
from croupier_server.outcomes import EndedBy, GameStatus, SeatStatus

__all__ = [
    "abort_game",
    "create_game",
    "finish_game",
    "game_seats",
    "get_game",
    "known_game",
]

_SEED_RANGE = range(-(2**63), 2**63)
"""Seeds a signed 64-bit column holds."""


def known_game(game: str) -> str:
    """``game``, the name of a registered game.

    Raises:
        ValueError: no game of that name is registered.
    """
    names = game_names()
    if game not in names:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(names)})")
    return game


def create_game(
    session: Session,
    *,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    bot_ids: Sequence[int],
    settings: Mapping[str, Any] | None = None,
    tournament_id: int | None = None,
    schedule_number: int | None = None,
    schedule_deal: int | None = None,
    started_at: datetime | None = None,
    attempt: int | None = None,
    worker_id: int | None = None,
    rated: bool = True,
) -> GameRecord:
    """Record a new running game of ``game`` with rule ``options``, ``bot_ids[i]`` in seat ``i``.

    ``settings`` are the referee's; a game a tournament scheduled names the tournament,
    its schedule number and its deal; one a worker plays, its attempt and the worker. A
    game not ``rated`` (a submitted version's check) counts in no rating.

    Raises:
        ValueError: an unknown game, options it refuses, a seed outside the signed 64-bit
            range, or not one bot per seat.
    """
    if seed not in _SEED_RANGE:
        raise ValueError(f"seed {seed} does not fit a signed 64-bit integer")
    seats = load_game(known_game(game), options).num_players
    if len(bot_ids) != seats:
        raise ValueError(f"{len(bot_ids)} bots for a game of {seats} seats")
    record = GameRecord(
        game=game,
        options=dict(options),
        variant=game_class(game).variant_label(options),
        seed=seed,
        settings=dict(settings or {}),
        tournament_id=tournament_id,
        schedule_number=schedule_number,
        schedule_deal=schedule_deal,
        started_at=started_at or utc_now(),
        attempt=attempt,
        worker_id=worker_id,
        rated=rated,
    )
    with transaction(session):
        session.add(record)
        session.flush()
        assert record.id is not None
        session.add_all(
            SeatRecord(game_id=record.id, seat=seat, bot_id=bot_id)
            for seat, bot_id in enumerate(bot_ids)
        )
    return refreshed(session, record)


def get_game(session: Session, *, game_id: int) -> GameRecord | None:
    """The game with id ``game_id``, if any."""
    return session.get(GameRecord, game_id)


def game_seats(session: Session, *, game_id: int) -> list[SeatRecord]:
    """The seats of a game, in seat order."""
    query = select(SeatRecord).where(SeatRecord.game_id == game_id).order_by(col(SeatRecord.seat))
    return list(session.exec(query))


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
    with transaction(session):
        game = require(session, GameRecord, game_id)
        seats = game_seats(session, game_id=game_id)
        if len(result.scores) != len(seats):
            raise ValueError(f"{len(result.scores)} scores for a game of {len(seats)} seats")
        for seat, score, place in zip(seats, result.scores, result.places, strict=True):
            seat.score, seat.place = score, place
            if seat.status == SeatStatus.PLAYING:
                seat.status = SeatStatus.FINISHED
        _end_game(
            session,
            game,
            status=GameStatus.FINISHED,
            result=result_data(result),
            ended_by=ended_by,
            detail=detail,
            finished_at=finished_at,
        )
    return refreshed(session, game)


def abort_game(
    session: Session,
    *,
    game_id: int,
    reason: str,
    finished_at: datetime | None = None,
    ended_by: str = EndedBy.ABORTED,
) -> GameRecord:
    """Record that the referee gave up on a game (no result); ``reason`` says why.

    ``ended_by`` says how: by default ``aborted``; ``not_started`` for a game stopped
    before it was played.

    Raises:
        RecordNotFound: no such game.
    """
    with transaction(session):
        game = require(session, GameRecord, game_id)
        for seat in game_seats(session, game_id=game_id):
            if seat.status == SeatStatus.PLAYING:
                seat.status = SeatStatus.FINISHED
        _end_game(
            session,
            game,
            status=GameStatus.ABORTED,
            result=None,
            ended_by=ended_by,
            detail=reason,
            finished_at=finished_at,
        )
    return refreshed(session, game)


def _end_game(
    session: Session,
    game: GameRecord,
    *,
    status: GameStatus,
    result: dict[str, Any] | None,
    ended_by: str,
    detail: str,
    finished_at: datetime | None,
) -> None:
    was = game.status
    game.status = status
    game.result = result
    game.ended_by = str(ended_by)
    game.end_detail = detail
    game.finished_at = finished_at or utc_now()
    game_ended(session, game, was=was)
