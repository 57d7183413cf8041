"""A tournament's games as scheduled rows: stored as its format chooses them, fenced, retried.

:func:`queue_next_games` stores the games a tournament's format chooses now. Each time a
runner stores a game's result, :func:`after_game` (in that same transaction, the
tournament's row locked) stores the format's next games, and finishes the tournament once
its format chooses no more and every game is played. A format given the same finished games
chooses the same games, so the games are those of an uninterrupted run, whatever order
the runners finish them in. A game stored on workers gets its job in the same transaction
(:func:`~croupier_server.queueing.jobs.queue_jobs`).

One retry policy for every runner: an attempt lost to the infrastructure (a referee's own
failure, a lease that ran out, a runner stopped or unable to play it) queues the game again,
up to :data:`ATTEMPTS` attempts; then the game fails and its tournament is interrupted, until
a resume allows more. A ladder goes on without a failed game: its ladder reads why.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.db import TournamentRecord, TournamentStatus
from croupier_server.db.schedule import (
    NewScheduledGame,
    add_scheduled_games,
    held_here,
    lose_attempt,
)
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.queueing.jobs import queue_jobs
from croupier_server.tournament.errors import TournamentError
from croupier_server.tournament.formats import Schedule, StaticFormat
from croupier_server.tournament.formats.ladder import LADDER_FORMAT
from croupier_server.tournament.records import finished_outcomes, settings_of
from croupier_server.tournament.settings import TournamentSettings

__all__ = [
    "ATTEMPTS",
    "after_game",
    "finish_if_done",
    "format_schedule",
    "locked_tournament",
    "lose_and_queue_again",
    "queue_next_games",
    "recover_attempts_here",
    "schedule_of",
    "stop_tournament",
]

ATTEMPTS = 5
"""How many attempts at one game may be lost to the infrastructure before it fails."""


def queue_next_games(session: Session, record: TournamentRecord) -> list[int]:
    """Store the games the format wants now that are not stored yet; returns their ids.

    Their jobs are deferred if workers play the tournament (flushed, not committed).
    """
    assert record.id is not None
    chosen = schedule_of(record).next_games(finished_outcomes(session, record))
    ids = add_scheduled_games(
        session,
        tournament_id=record.id,
        games=[NewScheduledGame(game.number, game.deal, game.bots, game.seed) for game in chosen],
        attempts=ATTEMPTS,
    )
    queue_jobs(session, record.id, ids)
    return ids


def after_game(session: Session, tournament_id: int) -> None:
    """Store the games a tournament's format chooses next, or finish it (flushed).

    Called in the transaction that stores a game of the tournament, whose row it locks:
    the runners that finish its games at once take turns here. A ladder's tournament is
    left as it is: its ladder chooses its games, and ends it when it closes.
    """
    record = locked_tournament(session, tournament_id)
    if record.status is not TournamentStatus.RUNNING or record.format == LADDER_FORMAT:
        return
    if not isinstance(settings_of(record).kind, StaticFormat):
        queue_next_games(session, record)
    finish_if_done(session, record)


def stop_tournament(session: Session, tournament_id: int) -> None:
    """Interrupt a tournament whose game failed (flushed).

    A ladder goes on without its failed game (its ladder reads why it failed).
    """
    record = locked_tournament(session, tournament_id)
    if record.format != LADDER_FORMAT:
        record.status = TournamentStatus.INTERRUPTED


def lose_and_queue_again(
    session: Session, scheduled: ScheduledGameRecord, reason: str, *, delay_s: float = 0
) -> None:
    """Record the current attempt as lost; queue the game again, or stop its tournament.

    Flushed: the caller's transaction commits the loss and the new job together.
    """
    assert scheduled.id is not None
    if lose_attempt(session, scheduled, reason=reason) is ScheduleStatus.QUEUED:
        queue_jobs(session, scheduled.tournament_id, [scheduled.id], delay_s=delay_s)
    else:
        stop_tournament(session, scheduled.tournament_id)


def recover_attempts_here(session: Session, tournament_id: int, *, reason: str) -> int:
    """Set right what a run on one machine, stopped, left of the tournament's games.

    Each attempt it held (``playing``, no worker) is lost with ``reason``, its game row
    aborted, and its game queued again; one whose finished game is stored (a run stopped
    as it stored it, before attempts were fenced) is finished. Returns how many were queued
    again (flushed).
    """
    finished = db.finished_schedule_numbers(session, tournament_id=tournament_id)
    again = 0
    for scheduled in held_here(session, tournament_id=tournament_id):
        if scheduled.number in finished:
            scheduled.status = ScheduleStatus.FINISHED
            scheduled.game_id = None
            continue
        lose_and_queue_again(session, scheduled, reason)
        again += scheduled.status is ScheduleStatus.QUEUED
    session.flush()
    return again


def finish_if_done(session: Session, record: TournamentRecord) -> None:
    """Finish the tournament if no game of it waits or plays, and its format wants none.

    One whose game failed is interrupted instead (flushed).
    """
    assert record.id is not None
    if _any_game(session, record.id, ScheduleStatus.QUEUED, ScheduleStatus.PLAYING):
        return
    if _any_game(session, record.id, ScheduleStatus.FAILED):
        record.status = TournamentStatus.INTERRUPTED
    elif not schedule_of(record).next_games(finished_outcomes(session, record)):
        record.status = TournamentStatus.FINISHED
    session.flush()


def schedule_of(record: TournamentRecord) -> Schedule:
    """The stored tournament's format's schedule, knowing nothing yet.

    Raises:
        TournamentError: the format cannot make the tournament.
    """
    return format_schedule(load_game(record.game, record.options), settings_of(record))


def format_schedule(game: Game[Any], settings: TournamentSettings) -> Schedule:
    """The schedule of a tournament of ``game`` with ``settings``, knowing nothing yet.

    Raises:
        TournamentError: the format cannot make the tournament.
    """
    try:
        return settings.kind.schedule(settings.entrants(game.num_players), settings.format_settings)
    except ValueError as error:
        raise TournamentError(str(error)) from None


def locked_tournament(session: Session, tournament_id: int) -> TournamentRecord:
    """The tournament's row, locked against the other writers of its status and its games.

    ``FOR NO KEY UPDATE``, not ``FOR UPDATE``: a transaction that stored a game of the
    tournament holds a key-share lock on its row (the game's foreign key), which ``FOR
    UPDATE`` would wait for; two claims that each lose a game's last attempt would then wait
    for each other (a deadlock).

    Raises:
        RecordNotFound: no such tournament.
    """
    record = session.exec(
        select(TournamentRecord)
        .where(col(TournamentRecord.id) == tournament_id)
        .with_for_update(key_share=True)
    ).first()
    if record is None:
        raise db.RecordNotFound(f"no tournament {tournament_id}")
    return record


def _any_game(session: Session, tournament_id: int, *statuses: ScheduleStatus) -> bool:
    """Whether a game of the tournament stands at one of ``statuses`` (one row read, not all)."""
    query = select(ScheduledGameRecord.id).where(
        ScheduledGameRecord.tournament_id == tournament_id,
        col(ScheduledGameRecord.status).in_(statuses),
    )
    return session.exec(query.limit(1)).first() is not None
