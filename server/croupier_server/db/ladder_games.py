"""The ladders and their games: opening and closing, who enters, the games chosen and played.

A ladder's games are the games of its tournament (format ``ladder``). Each game the ladder
chooses is stored as a :class:`~croupier_server.db.work.ScheduledGameRecord` before it is
played, on one machine or by the workers, so that a ``croupier serve`` restarted in the
middle plays the games chosen and unfinished first, under the same schedule numbers; the
unique index on a tournament's finished games keeps each number to one finished game.

Its games are played as every scheduled game is (:mod:`croupier_server.attempts`), on one
machine (``playing`` with no worker) or by the workers.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.clock import utc_now
from croupier_server.db.games import abort_game
from croupier_server.db.ladders import LadderRecord, LadderStatus
from croupier_server.db.models import (
    BotKind,
    BotRecord,
    GameRecord,
    SeatRecord,
    TournamentRecord,
    TournamentStatus,
)
from croupier_server.db.submissions import BotVersionRecord, VersionStatus
from croupier_server.db.tournaments import finished_schedule_numbers
from croupier_server.db.transactions import atomic, refreshed, require, transaction
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.outcomes import GameStatus

__all__ = [
    "ChosenDeal",
    "LadderBot",
    "active_versions",
    "cancel_games",
    "chosen_deals",
    "close_ladder",
    "create_ladder",
    "finished_deals",
    "get_ladder",
    "hold_ladder",
    "ladder_bots",
    "ladder_runner",
    "list_ladders",
    "next_numbers",
    "note_entrants",
    "release_ladder",
    "scheduled_by_id",
    "set_stopped",
    "settle_games_left_here",
    "start_failures",
    "unfinished_games",
]

CLOSED_DETAIL = "cancelled: the ladder was closed before it was played"
"""Why a game chosen and never played by a closed ladder failed."""


@dataclass(frozen=True, slots=True)
class LadderBot:
    """A bot a ladder may seat: a version, an organiser's bot, or a remote bot.

    Attributes:
        bot: Its bot row.
        version: Its version row, if it is a submitted bot's version.
    """

    bot: BotRecord
    version: BotVersionRecord | None = None


@dataclass(frozen=True, slots=True)
class ChosenDeal:
    """A deal a ladder chose: its number and the bots of its table (rotated by its games)."""

    deal: int
    bots: frozenset[str]


def create_ladder(
    session: Session,
    *,
    game: str,
    options: Mapping[str, Any],
    variant: str,
    settings: Mapping[str, Any],
    tournament_settings: Mapping[str, Any],
) -> LadderRecord:
    """Store a new open ladder and its tournament (format ``ladder``), in one transaction."""
    with atomic(session):
        tournament = TournamentRecord(
            game=game,
            options=dict(options),
            format="ladder",
            settings=dict(tournament_settings),
            status=TournamentStatus.RUNNING,
        )
        session.add(tournament)
        session.flush()
        assert tournament.id is not None
        ladder = LadderRecord(
            game=game,
            options=dict(options),
            variant=variant,
            settings=dict(settings),
            tournament_id=tournament.id,
        )
        session.add(ladder)
    return refreshed(session, ladder)


def get_ladder(session: Session, *, ladder_id: int) -> LadderRecord | None:
    """The ladder with id ``ladder_id``, if any."""
    return session.get(LadderRecord, ladder_id)


def list_ladders(session: Session, *, status: LadderStatus | None = None) -> list[LadderRecord]:
    """Every ladder (of ``status`` only, when given), oldest first."""
    query = select(LadderRecord).order_by(col(LadderRecord.id))
    if status is not None:
        query = query.where(LadderRecord.status == status)
    return list(session.exec(query))


def close_ladder(session: Session, *, ladder_id: int) -> LadderRecord:
    """Close a ladder: it chooses no more games; those chosen and not begun are cancelled.

    Its tournament is finished. Games being played finish. Closing a closed ladder changes
    nothing.

    Raises:
        RecordNotFound: no such ladder.
    """
    with atomic(session):
        ladder = require(session, LadderRecord, ladder_id)
        if ladder.status is LadderStatus.OPEN:
            ladder.status = LadderStatus.CLOSED
            ladder.closed_at = utc_now()
            require(
                session, TournamentRecord, ladder.tournament_id
            ).status = TournamentStatus.FINISHED
            waiting = _scheduled(session, ladder.tournament_id, ScheduleStatus.QUEUED)
            _fail(waiting, CLOSED_DETAIL)
    return refreshed(session, ladder)


def hold_ladder(
    session: Session,
    *,
    ladder_id: int,
    holder: str,
    lease: timedelta,
    taking_from: str | None = None,
) -> bool:
    """Take or renew ``holder``'s lease of the ladder, unless another holds it; commits.

    Returns whether ``holder`` holds it now. A lease that ran out is anyone's; so is the
    lease of ``taking_from``, a holder known to be dead.
    """
    now = utc_now()
    holders = [holder] if taking_from is None else [holder, taking_from]
    held = session.execute(
        sa.update(LadderRecord)
        .where(
            col(LadderRecord.id) == ladder_id,
            sa.or_(
                col(LadderRecord.runner_until).is_(None),
                col(LadderRecord.runner_until) < now,
                col(LadderRecord.runner).in_(holders),
            ),
        )
        .values(runner=holder, runner_until=now + lease)
    )
    session.commit()
    return bool(held.rowcount)  # type: ignore[attr-defined]


def ladder_runner(session: Session, *, ladder_id: int) -> str | None:
    """Who holds the ladder's lease (or held it last, if it ran out)."""
    query = select(LadderRecord.runner).where(col(LadderRecord.id) == ladder_id)
    return session.exec(query).first()


def release_ladder(session: Session, *, ladder_id: int, holder: str) -> None:
    """End ``holder``'s lease of the ladder, if it holds it; commits."""
    session.execute(
        sa.update(LadderRecord)
        .where(col(LadderRecord.id) == ladder_id, col(LadderRecord.runner) == holder)
        .values(runner=None, runner_until=None)
    )
    session.commit()


def set_stopped(session: Session, *, ladder_id: int, name: str, reason: str) -> None:
    """Record that the ladder stopped the organiser's bot ``name``, and why. Commits."""
    with transaction(session):
        ladder = require(session, LadderRecord, ladder_id)
        stopped = dict(ladder.settings.get("stopped", {}))
        stopped[name] = reason
        ladder.settings = {**ladder.settings, "stopped": stopped}


def active_versions(session: Session, *, game: str) -> list[LadderBot]:
    """The active versions of the submitted bots of ``game``, oldest first."""
    query = (
        select(BotRecord, BotVersionRecord)
        .join(BotVersionRecord, col(BotVersionRecord.bot_id) == col(BotRecord.id))
        .where(BotRecord.game == game, BotVersionRecord.status == VersionStatus.ACTIVE)
        .order_by(col(BotRecord.id))
    )
    return [LadderBot(bot, version) for bot, version in session.exec(query)]


def ladder_bots(
    session: Session, *, game: str, names: Collection[str] = (), remote: bool = True
) -> list[LadderBot]:
    """The bots a ladder of ``game`` may seat, oldest first.

    They are its active versions, the bots ``names`` (the organiser's, of this game), and
    with ``remote`` every remote bot of it.
    """
    found = {entry.bot.name: entry for entry in active_versions(session, game=game)}
    query = select(BotRecord).where(BotRecord.game == game, col(BotRecord.version_of_id).is_(None))
    for bot in session.exec(query):
        if bot.name in names or (remote and bot.kind is BotKind.REMOTE):
            found.setdefault(bot.name, LadderBot(bot))
    return sorted(found.values(), key=lambda entry: entry.bot.id or 0)


def note_entrants(session: Session, *, tournament_id: int, names: Iterable[str]) -> None:
    """Add ``names`` to the tournament's entrants (``settings["bots"]``) if missing (flushed)."""
    tournament = require(session, TournamentRecord, tournament_id)
    bots = list(tournament.settings.get("bots", []))
    new = [name for name in names if name not in bots]
    if new:
        tournament.settings = {**tournament.settings, "bots": bots + new}
        session.flush()


def chosen_deals(session: Session, *, tournament_id: int) -> list[ChosenDeal]:
    """The deals of the tournament's scheduled games that have not failed, by number."""
    query = (
        select(ScheduledGameRecord.deal, ScheduledGameRecord.bots)
        .where(
            ScheduledGameRecord.tournament_id == tournament_id,
            ScheduledGameRecord.status != ScheduleStatus.FAILED,
        )
        .order_by(col(ScheduledGameRecord.number))
    )
    deals: dict[int, set[str]] = {}
    for deal, bots in session.exec(query):
        deals.setdefault(deal, set()).update(bots)
    return [ChosenDeal(deal, frozenset(bots)) for deal, bots in sorted(deals.items())]


def next_numbers(session: Session, *, tournament_id: int) -> tuple[int, int]:
    """The next deal and schedule number of the tournament: after every game stored."""
    query = sa.select(
        sa.func.max(col(ScheduledGameRecord.deal)), sa.func.max(col(ScheduledGameRecord.number))
    ).where(col(ScheduledGameRecord.tournament_id) == tournament_id)
    deal, number = session.execute(query).one()
    return (-1 if deal is None else deal) + 1, (-1 if number is None else number) + 1


def unfinished_games(session: Session, *, tournament_id: int) -> list[ScheduledGameRecord]:
    """The tournament's scheduled games queued or being played, by number."""
    query = (
        select(ScheduledGameRecord)
        .where(
            ScheduledGameRecord.tournament_id == tournament_id,
            col(ScheduledGameRecord.status).in_((ScheduleStatus.QUEUED, ScheduleStatus.PLAYING)),
        )
        .order_by(col(ScheduledGameRecord.number))
    )
    return list(session.exec(query))


def scheduled_by_id(
    session: Session, *, scheduled_ids: Collection[int]
) -> list[ScheduledGameRecord]:
    """The scheduled games ``scheduled_ids`` (those that exist), by number."""
    if not scheduled_ids:
        return []
    query = (
        select(ScheduledGameRecord)
        .where(col(ScheduledGameRecord.id).in_(list(scheduled_ids)))
        .order_by(col(ScheduledGameRecord.number))
    )
    return list(session.exec(query))


def start_failures(session: Session, *, tournament_id: int) -> list[ScheduledGameRecord]:
    """The tournament's games failed because a bot did not start (their detail says which)."""
    query = (
        select(ScheduledGameRecord)
        .where(
            ScheduledGameRecord.tournament_id == tournament_id,
            ScheduledGameRecord.status == ScheduleStatus.FAILED,
            col(ScheduledGameRecord.detail).like("bot % did not start%"),
        )
        .order_by(col(ScheduledGameRecord.number))
    )
    return list(session.exec(query))


def cancel_games(session: Session, *, scheduled_ids: Collection[int], detail: str) -> list[int]:
    """Fail those of ``scheduled_ids`` still queued, ``detail`` saying why; their ids. Commits."""
    if not scheduled_ids:
        return []
    with transaction(session):
        records = list(
            session.exec(
                select(ScheduledGameRecord)
                .where(
                    col(ScheduledGameRecord.id).in_(list(scheduled_ids)),
                    ScheduledGameRecord.status == ScheduleStatus.QUEUED,
                )
                .with_for_update()
            )
        )
        _fail(records, detail)
    return [record.id for record in records if record.id is not None]


def settle_games_left_here(session: Session, *, tournament_id: int) -> None:
    """Set right what a serve stopped before attempts were fenced left of the ladder's games.

    A game waiting whose finished game is stored is finished; a game row left running by
    a run here (no worker) is aborted (flushed).
    """
    finished = finished_schedule_numbers(session, tournament_id=tournament_id)
    for record in _scheduled(session, tournament_id, ScheduleStatus.QUEUED):
        if record.number in finished:
            record.status = ScheduleStatus.FINISHED
    running = select(GameRecord.id).where(
        GameRecord.tournament_id == tournament_id,
        GameRecord.status == GameStatus.RUNNING,
        col(GameRecord.worker_id).is_(None),
    )
    for game_id in list(session.exec(running)):
        if game_id is not None:
            abort_game(session, game_id=game_id, reason="the ladder's serve stopped")
    session.flush()


def finished_deals(session: Session, *, tournament_id: int) -> dict[str, tuple[int, int]]:
    """Each bot's finished deals and games in the tournament, by name (rated or not)."""
    query = (
        select(
            BotRecord.name,
            sa.func.count(sa.distinct(col(GameRecord.schedule_deal))),
            sa.func.count(),
        )
        .select_from(GameRecord)
        .join(SeatRecord, col(SeatRecord.game_id) == col(GameRecord.id))
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(GameRecord.tournament_id == tournament_id, GameRecord.status == GameStatus.FINISHED)
        .group_by(col(BotRecord.name))
    )
    return {name: (deals, games) for name, deals, games in session.exec(query)}


def _scheduled(
    session: Session, tournament_id: int, status: ScheduleStatus
) -> Sequence[ScheduledGameRecord]:
    query = (
        select(ScheduledGameRecord)
        .where(
            ScheduledGameRecord.tournament_id == tournament_id,
            ScheduledGameRecord.status == status,
        )
        .with_for_update()
    )
    return list(session.exec(query))


def _fail(records: Iterable[ScheduledGameRecord], detail: str) -> None:
    for record in records:
        record.status = ScheduleStatus.FAILED
        record.detail = detail
