"""Claiming an attempt at a scheduled game: its fencing token, its lease, its game row.

:func:`claim_attempt` takes, in one transaction, the next attempt number (the fencing
token), a lease measured by the database's clock, and the attempt's game row: the one place
a scheduled game's row is created. It also says what the runner must know to play it: the
game, its bots with their commands here, the tournament's process mode and its next games
(whose processes are started ahead), and the bots in their first games. An attempt this
runner cannot play (a bot's files missing here, seats it cannot seal, a version it cannot
make ready) is lost at once, its game queued again for another runner.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.bot_commands import missing_files
from croupier_server.db import BotKind, BotRecord
from croupier_server.db.engine import translated_failures
from croupier_server.db.schedule import Claim, claim_scheduled_game
from croupier_server.db.tournaments import bots_that_decided
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.processes.mode import ProcessMode
from croupier_server.processes.plan import DealTable
from croupier_server.processes.pool import USEFUL_HORIZON
from croupier_server.recorded_games import load_bots, settings_data, settings_from_data
from croupier_server.referee.containment.sandbox import SealingUnavailable, require_sealing
from croupier_server.referee.game import RefereeSettings
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.preparing import (
    VersionNotReady,
    bot_with_command,
    prepare_versions_named,
)
from croupier_server.tournament.scheduled import lose_and_queue_again

__all__ = [
    "DEFAULT_LEASE_MARGIN_S",
    "RETRY_DELAY_S",
    "Attempt",
    "Readiness",
    "RunnerIdentity",
    "claim_attempt",
    "lease_seconds",
    "versions_here",
]

DEFAULT_LEASE_MARGIN_S = 30.0
"""What a lease adds, by default, to the longest decision a game's time control allows."""

RETRY_DELAY_S = 2.0
"""How long a game lost to a runner's own fault waits before a worker may take it again."""


@dataclass(frozen=True, slots=True)
class RunnerIdentity:
    """Who plays an attempt: a worker (its row), or a run on this machine.

    Attributes:
        id: The worker's row; ``None`` for a tournament or a ladder played here.
        name: Its name: a worker's (``--name``), or what a run here is called.
        lease_margin_s: The margin its leases add to a decision.
        seats_remote: Whether it may seat remote bots (its referee is theirs); a worker
            starts command bots only.
        sealed: Whether it requires every seat sealed, whatever the tournament says.
    """

    id: int | None
    name: str
    lease_margin_s: float
    seats_remote: bool = False
    sealed: bool = False

    @property
    def routine_level(self) -> int:
        """The level of its routine lines: a game finished, a job dropped, a game handed back.

        INFO for a worker, whose log is its report; DEBUG for a run here, which reports its
        games itself (a progress bar, a ladder's lines).
        """
        return logging.DEBUG if self.id is None else logging.INFO

    @property
    def called(self) -> str:
        """How a line names it: ``worker NAME``, or the name of a run here."""
        return self.name if self.id is None else f"worker {self.name}"


@dataclass(frozen=True, slots=True)
class Readiness:
    """The commands here of a scheduled game's versions, or the version that is not ready.

    Attributes:
        commands: Each version's command here, by name.
        unready: The version that cannot be made ready here, if one cannot.
        problem: Why it cannot; empty if all are ready.
    """

    commands: dict[str, str]
    unready: str | None = None
    problem: str = ""


@dataclass(frozen=True, slots=True)
class Attempt:
    """A claimed attempt, with what it takes to play it."""

    claim: Claim
    label: str
    tournament_id: int
    game_id: int
    game: Game[Any]
    bots: list[BotRecord]
    seed: int
    deal: int
    settings: RefereeSettings
    mode: ProcessMode
    """How the tournament's bots' processes are used from game to game."""
    waiting: tuple[DealTable, ...]
    """The tournament's next games queued, in order: their processes are started ahead."""
    lease_s: float
    problem: str
    """Why this runner cannot play it (it was lost at once), or empty."""
    unproven: frozenset[str]
    """Its bots in their first games: none chose an action in a finished game of the
    tournament yet. One of them that does not start (and started in none of the runner's
    processes) stops the game and the tournament."""


def lease_seconds(settings: RefereeSettings, margin_s: float) -> float:
    """A lease's length: the longest one decision may take, and ``margin_s``.

    The longest wait between two actions is a bot's start and connection, then its whole
    decision time and bank.
    """
    control = settings.time_control
    return margin_s + (control.connect_ms + control.decision_ms + control.bank_ms) / 1000


def versions_here(engine: Engine, scheduled_id: int) -> Readiness:
    """The commands here of the scheduled game's versions, made ready; or why they are not.

    Made before the claim: an environment may take longer to make than a lease lasts.
    """
    with translated_failures(engine), Session(engine) as session:
        scheduled = session.get(ScheduledGameRecord, scheduled_id)
        names = [] if scheduled is None else list(scheduled.bots)
    try:
        settings = SubmissionSettings.from_environment()
        return Readiness(prepare_versions_named(engine, settings, names))
    except VersionNotReady as error:
        return Readiness({}, error.name, str(error))
    except ValueError as error:
        return Readiness({}, None, str(error))


def claim_attempt(
    engine: Engine, runner: RunnerIdentity, scheduled_id: int, ready: Readiness | None = None
) -> Attempt | None:
    """Claim the next attempt, with its game row; lose it at once if this runner cannot.

    ``None`` when the game is not queued any more (finished, failed, or another runner
    holds it). ``ready`` holds the commands here of its versions (:func:`versions_here`);
    without, its bots play with their stored commands.
    """
    ready = ready or Readiness({})
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        scheduled = session.get(ScheduledGameRecord, scheduled_id)
        if scheduled is None or scheduled.status is not ScheduleStatus.QUEUED:
            return None
        tournament = db.get_tournament(session, tournament_id=scheduled.tournament_id)
        assert tournament is not None
        game = load_game(tournament.game, tournament.options)
        settings = settings_from_data(tournament.settings)
        if runner.sealed:
            settings = dataclasses.replace(settings, sealed=True)
        bots = [
            bot_with_command(bot, ready.commands[bot.name]) if bot.name in ready.commands else bot
            for bot in load_bots(engine, names=scheduled.bots, game=game)
        ]
        lease_s = lease_seconds(settings, runner.lease_margin_s)
        claim = claim_scheduled_game(
            session, scheduled_id=scheduled_id, worker_id=runner.id, lease_s=lease_s
        )
        if claim is None:
            return None
        record = db.create_game(
            session,
            game=game.name,
            options=game.options(),
            seed=scheduled.seed,
            bot_ids=[bot.id for bot in bots if bot.id is not None],
            settings=settings_data(settings),
            tournament_id=scheduled.tournament_id,
            schedule_number=scheduled.number,
            schedule_deal=scheduled.deal,
            attempt=claim.attempt,
            worker_id=runner.id,
        )
        assert record.id is not None
        scheduled.game_id = record.id
        label = (
            f"game {scheduled.number} of tournament {scheduled.tournament_id} "
            f"(attempt {claim.attempt})"
        )
        problem = ready.problem and f"{ready.problem} ({runner.called})"
        problem = problem or _problem_here(bots, settings, runner)
        names = {bot.name for bot in bots}
        started = bots_that_decided(session, tournament_id=scheduled.tournament_id, names=names)
        if problem:
            lose_and_queue_again(session, scheduled, problem, delay_s=RETRY_DELAY_S)
        return Attempt(
            claim=claim,
            label=label,
            tournament_id=scheduled.tournament_id,
            game_id=record.id,
            game=game,
            bots=bots,
            seed=scheduled.seed,
            deal=scheduled.deal,
            settings=settings,
            mode=ProcessMode.stored(tournament.settings),
            waiting=_queued_after(session, scheduled.tournament_id),
            lease_s=lease_s,
            problem=problem,
            unproven=frozenset(names - started),
        )


def _queued_after(session: Session, tournament_id: int) -> tuple[DealTable, ...]:
    """The tournament's games queued now, lowest number first, as many as a pool looks at."""
    query = (
        select(ScheduledGameRecord.deal, ScheduledGameRecord.bots)
        .where(
            ScheduledGameRecord.tournament_id == tournament_id,
            ScheduledGameRecord.status == ScheduleStatus.QUEUED,
        )
        .order_by(col(ScheduledGameRecord.number))
        .limit(USEFUL_HORIZON)
    )
    return tuple(DealTable(deal, tuple(bots)) for deal, bots in session.exec(query))


def _problem_here(bots: list[BotRecord], settings: RefereeSettings, runner: RunnerIdentity) -> str:
    """Why this runner cannot play these bots as the settings ask; empty if it can."""
    for bot in bots:
        if bot.kind is not BotKind.COMMAND or bot.command is None:
            if runner.seats_remote:
                continue
            return f"bot {bot.name!r} is remote, and a worker starts command bots only"
        missing = missing_files(bot.command)
        if missing:
            return f"bot {bot.name!r} needs {', '.join(missing)}, missing on {runner.called}"
    versions = any(bot.author_id is not None for bot in bots)
    if settings.sealed or versions:  # an author's version is never played unsealed
        try:
            require_sealing()
        except SealingUnavailable as error:
            return f"{runner.called} cannot seal seats: {error}"
    return ""
