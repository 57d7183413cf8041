"""One attempt at a scheduled game: claimed, checked, played, stored once.

:func:`play_attempt` is what every runner runs for a game, a worker's job and a run on one
machine alike:

1. **Claim** (:mod:`.claim`), in one transaction: the next attempt number (the fencing
   token), a lease, and the attempt's game row; or nothing at all when the game is no
   longer queued (a job delivered twice, or its game already finished). A runner that
   cannot play it (a bot's files missing, seats it cannot seal, a version it cannot make
   ready) loses the attempt at once, and the game is queued again.
2. **Play** through the runner's referee while a :class:`~.lease.LeaseKeeper` renews the
   lease on progress, the command bots in processes borrowed from the runner's pools of
   the tournament (:mod:`.pools`); a lost lease ends the game and its bots at once (a
   process of a game that did not finish never goes back to a pool). A bot in its first
   games (it chose no action in a finished game of the tournament, and none of the
   runner's processes of it said Hello) that never says Hello stops the game before it
   is played.
3. **Store**, in one transaction that first checks the attempt is still the current one: a
   late result from a lost attempt is refused and changes nothing. The tournament's next
   games are stored in the same transaction; or, for a game stopped on a bot that did not
   start, the game fails (the bot, why, its output) and its tournament is interrupted,
   until a resume once the bot is fixed.

Whatever ends an attempt other than its result (a cancellation, the referee's own failure)
hands the game back, fenced the same way, so that it is played again
(:func:`~croupier_server.tournament.scheduled.lose_and_queue_again`).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.attempts.claim import (
    Attempt,
    Readiness,
    RunnerIdentity,
    claim_attempt,
    versions_here,
)
from croupier_server.attempts.lease import LeaseKeeper
from croupier_server.attempts.pools import AttemptPools
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.schedule import fail_attempt, holds_attempt
from croupier_server.db.work import ScheduleStatus
from croupier_server.game_store import store_game_log
from croupier_server.logs import ids
from croupier_server.recorded_games import referee_recorded_game
from croupier_server.referee.game import ProcessSource
from croupier_server.referee.records import GameLog, StartFailure
from croupier_server.referee.service import RefereeServer
from croupier_server.threads import to_thread_to_the_end
from croupier_server.tournament.scheduled import after_game, lose_and_queue_again, stop_tournament

__all__ = ["AttemptEnd", "AttemptOutcome", "play_attempt"]

T = TypeVar("T")

_LOG = logging.getLogger(__name__)


class AttemptEnd(enum.Enum):
    """How an attempt ended."""

    STORED = "stored"
    """Its game finished and was stored."""
    STOPPED = "stopped"
    """A bot in its first games did not start: the game failed, its tournament stopped."""
    LOST = "lost"
    """Lost to the infrastructure: the game was handed back (or is, once its lease runs out)."""
    DROPPED = "dropped"
    """Not claimed: the game was not queued any more."""
    REFUSED = "refused"
    """Played, but the attempt was lost meanwhile: its result was not stored."""


@dataclass(frozen=True, slots=True)
class AttemptOutcome:
    """How an attempt ended, and what its runner may want to know of it.

    Attributes:
        end: How it ended.
        scheduled_id: The scheduled game.
        game_id: The attempt's game row (``None`` when it was not claimed).
        detail: Why it was lost, empty otherwise.
        failure: The bot that did not start, for a game stopped on it.
        unready: A version this runner could not make ready, when that lost it.
        database: The database's failure, when that lost it (its lease then runs out).
    """

    end: AttemptEnd
    scheduled_id: int
    game_id: int | None = None
    detail: str = ""
    failure: StartFailure | None = None
    unready: str | None = None
    database: DatabaseFailure | None = None


async def play_attempt(
    engine: Engine,
    server: RefereeServer,
    runner: RunnerIdentity,
    scheduled_id: int,
    *,
    pools: AttemptPools | None = None,
) -> AttemptOutcome:
    """Play the next attempt at scheduled game ``scheduled_id``, logging how in a line.

    Its command bots play in processes borrowed from ``pools``; without, in processes
    started for it. A cancellation (the runner stops) hands the game back, or lets a
    claim or a store already under way end first; the line is said all the same.

    Raises:
        DatabaseFailure: the database failed before the attempt was claimed, or while its
            result was stored (the game is then taken back once its lease runs out).
    """
    ready = await asyncio.to_thread(versions_here, engine, scheduled_id)
    claim = partial(claim_attempt, engine, runner, scheduled_id, ready)
    attempt, cancelled = await _to_the_end(claim)
    if attempt is None:
        outcome = AttemptOutcome(AttemptEnd.DROPPED, scheduled_id)
        line = f"job for scheduled game {scheduled_id} dropped: it is not queued any more"
        _say(runner, None, line, runner.routine_level)
    elif attempt.problem:
        outcome = _lost(attempt, attempt.problem, ready)
        _say(runner, attempt, f"lost {attempt.label}: {attempt.problem}", logging.WARNING)
    elif cancelled:
        await _hand_back_stopped(engine, runner, attempt)
        outcome = _lost(attempt, f"{runner.called} stopped")
    else:
        return await _play_claimed(engine, server, runner, attempt, pools)
    if cancelled:
        raise asyncio.CancelledError
    return outcome


async def _play_claimed(
    engine: Engine,
    server: RefereeServer,
    runner: RunnerIdentity,
    attempt: Attempt,
    pools: AttemptPools | None,
) -> AttemptOutcome:
    """Play a claimed attempt and store it, or hand it back; one line says which."""
    started = time.monotonic()
    try:
        log, stored_actions, lost = await _play(engine, server, runner, attempt, pools)
    except asyncio.CancelledError:
        await _hand_back_stopped(engine, runner, attempt)
        raise
    except DatabaseFailure as failure:
        reason = f"the database failed ({failure})"
        _say(runner, attempt, f"lost {attempt.label}: {reason}", logging.ERROR)
        return AttemptOutcome(
            AttemptEnd.LOST, attempt.claim.scheduled_id, attempt.game_id, reason, database=failure
        )
    except Exception as error:  # the referee's own failure: bots' faults are data
        reason = f"the referee failed: {type(error).__name__}: {_first_line(error)}"
        await _shielded_hand_back(engine, runner, attempt, reason)
        _say(runner, attempt, f"lost {attempt.label}: {reason}", logging.ERROR)
        return _lost(attempt, reason)
    if log.stopped is not None and not lost:
        return await _stop_on(engine, runner, attempt, log, stored_actions=stored_actions)
    if lost or log.result is None:
        reason = f"{runner.called}: {lost}" if lost else "the referee could not finish the game"
        await _shielded_hand_back(engine, runner, attempt, reason)
        _say(runner, attempt, f"lost {attempt.label}: {lost or reason}", logging.WARNING)
        return _lost(attempt, reason)
    store = partial(_store, engine, runner, attempt, log, stored_actions)
    stored, cancelled = await _to_the_end(store)
    if stored:
        elapsed = time.monotonic() - started
        line = f"{attempt.label}: finished in {elapsed:.1f} s (game {attempt.game_id})"
        _say(runner, attempt, line, runner.routine_level)
    else:
        _refused(runner, attempt)
    if cancelled:
        raise asyncio.CancelledError
    end = AttemptEnd.STORED if stored else AttemptEnd.REFUSED
    return AttemptOutcome(end, attempt.claim.scheduled_id, attempt.game_id)


async def _stop_on(
    engine: Engine,
    runner: RunnerIdentity,
    attempt: Attempt,
    log: GameLog,
    *,
    stored_actions: int,
) -> AttemptOutcome:
    """Store a game stopped on a bot that did not start, fail it and stop its tournament."""
    assert log.stopped is not None
    store = partial(_store_stopped, engine, runner, attempt, log, stored_actions)
    stored, cancelled = await _to_the_end(store)
    first_line = str(log.stopped).splitlines()[0]
    if stored:
        line = f"{attempt.label} stopped its tournament: {first_line}"
        _say(runner, attempt, line, logging.WARNING)
    else:
        _refused(runner, attempt)
    if cancelled:
        raise asyncio.CancelledError
    if not stored:
        return AttemptOutcome(AttemptEnd.REFUSED, attempt.claim.scheduled_id, attempt.game_id)
    return AttemptOutcome(
        AttemptEnd.STOPPED,
        attempt.claim.scheduled_id,
        attempt.game_id,
        str(log.stopped),
        failure=log.stopped,
    )


def _lost(attempt: Attempt, reason: str, ready: Readiness | None = None) -> AttemptOutcome:
    return AttemptOutcome(
        AttemptEnd.LOST,
        attempt.claim.scheduled_id,
        attempt.game_id,
        reason,
        unready=None if ready is None else ready.unready,
    )


async def _hand_back_stopped(engine: Engine, runner: RunnerIdentity, attempt: Attempt) -> None:
    """Hand back an attempt the stopping runner will not play, and say so."""
    await _shielded_hand_back(engine, runner, attempt, f"{runner.called} stopped")
    line = f"handed back {attempt.label}: {runner.called} stopped"
    _say(runner, attempt, line, runner.routine_level)


def _refused(runner: RunnerIdentity, attempt: Attempt) -> None:
    _say(
        runner,
        attempt,
        f"refused the result of {attempt.label}: the attempt was lost meanwhile",
        logging.WARNING,
    )


def _say(runner: RunnerIdentity, attempt: Attempt | None, line: str, level: int) -> None:
    """Log ``line`` as the runner's, about ``attempt``'s game and tournament."""
    about = (
        {} if attempt is None else {"game": attempt.game_id, "tournament": attempt.tournament_id}
    )
    if runner.id is None:  # a run here: the line names its game and tournament
        _LOG.log(level, "%s", line, extra=ids(**about))
    else:
        _LOG.log(level, "%s: %s", runner.called, line, extra=ids(worker=runner.name, **about))


async def _to_the_end(call: Callable[[], T]) -> tuple[T, bool]:
    """``call()`` in a thread, run to its end even if cancelled; its result, and if cancelled.

    A transaction under way commits or fails whole, and its caller hears which.
    """
    task = asyncio.ensure_future(asyncio.to_thread(call))
    try:
        return await asyncio.shield(task), False
    except asyncio.CancelledError:
        return await task, True


async def _play(
    engine: Engine,
    server: RefereeServer,
    runner: RunnerIdentity,
    attempt: Attempt,
    pools: AttemptPools | None,
) -> tuple[GameLog, int, str]:
    """Referee the attempt while its lease is kept; the log, its stored actions, why lost."""
    log = GameLog(game_id=str(attempt.game_id), game=attempt.game, seed=attempt.seed)
    keeper = LeaseKeeper(
        engine,
        attempt.claim,
        worker_id=runner.id,
        lease_s=attempt.lease_s,
        progress=lambda: len(log.actions) + len(log.events),
    )

    def must_start(name: str) -> bool:
        started = pools is not None and pools.has_started(attempt.tournament_id, name)
        return name in attempt.unproven and not started

    async def referee(processes: ProcessSource | None) -> int:
        return await referee_recorded_game(
            engine,
            server,
            log,
            bots=attempt.bots,
            settings=attempt.settings,
            processes=processes,
            must_start=must_start,
        )

    async def referee_borrowing() -> int:
        if pools is None:
            return await referee(None)
        async with pools.borrowing(
            attempt.tournament_id,
            game=attempt.game.name,
            seats=attempt.game.num_players,
            mode=attempt.mode,
            settings=attempt.settings,
            bots=attempt.bots,
            deal=attempt.deal,
            waiting=attempt.waiting,
        ) as processes:
            return await referee(processes)

    refereeing = asyncio.ensure_future(referee_borrowing())
    keeping = asyncio.ensure_future(keeper.keep())
    try:
        await asyncio.wait({refereeing, keeping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        # A game whose lease is lost ends here, its bots with it.
        for task in (refereeing, keeping):
            task.cancel()
        await asyncio.gather(refereeing, keeping, return_exceptions=True)
    if refereeing.cancelled():
        if pools is not None:
            pools.forget(attempt.tournament_id)
        return log, 0, keeping.result()
    return log, refereeing.result(), ""


def _store(
    engine: Engine, runner: RunnerIdentity, attempt: Attempt, log: GameLog, stored_actions: int
) -> bool:
    """Store the attempt's game if it is still the current attempt; ``False`` if refused."""
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        scheduled = holds_attempt(session, attempt.claim, worker_id=runner.id)
        if scheduled is None:
            return False
        store_game_log(session, game_id=attempt.game_id, log=log, stored_actions=stored_actions)
        scheduled.status = ScheduleStatus.FINISHED
        scheduled.lease_expires_at = None
        session.flush()
        after_game(session, attempt.tournament_id)
        return True


def _store_stopped(
    engine: Engine, runner: RunnerIdentity, attempt: Attempt, log: GameLog, stored_actions: int
) -> bool:
    """Store a game stopped on a bot that did not start, if the attempt is still current.

    Its scheduled game fails and the tournament is interrupted; ``False`` if refused.
    """
    assert log.stopped is not None
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        scheduled = holds_attempt(session, attempt.claim, worker_id=runner.id)
        if scheduled is None:
            return False
        store_game_log(session, game_id=attempt.game_id, log=log, stored_actions=stored_actions)
        fail_attempt(session, scheduled, reason=str(log.stopped))
        stop_tournament(session, attempt.tournament_id)
        return True


async def _shielded_hand_back(
    engine: Engine, runner: RunnerIdentity, attempt: Attempt, reason: str
) -> None:
    """Hand the attempt back, even while being cancelled; a database that fails is let be.

    A game the runner cannot hand back is taken by a reaper once its lease runs out.
    """
    with contextlib.suppress(DatabaseFailure):
        await to_thread_to_the_end(_hand_back, engine, runner, attempt, reason)


def _hand_back(engine: Engine, runner: RunnerIdentity, attempt: Attempt, reason: str) -> None:
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        scheduled = holds_attempt(session, attempt.claim, worker_id=runner.id)
        if scheduled is not None:
            lose_and_queue_again(session, scheduled, reason)


def _first_line(error: Exception) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else ""
