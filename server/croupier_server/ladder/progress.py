"""What a ladder's page and ``croupier ladder show`` say of it, besides its standings.

:func:`ladder_progress` reads, in a few indexed queries, its bots and how far each has got
(finished deals of those a new version plays first), its games playing now, its newest
games and where its chosen games stand. The standings come from a fit of its games: the
command line fits them there and then, the dashboard reads the stored fit of the board of
the ladder's tournament (:mod:`croupier_server.board_fits`).

Imports neither the referee nor the queue: the dashboard reads ladders through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from croupier_server.db import BotKind, versions
from croupier_server.db import ladder_games as stored
from croupier_server.db.ladders import LadderRecord
from croupier_server.db.listings import GameSearch, ListedGame, search_games, tournament_progress
from croupier_server.db.schedule import schedule_counts
from croupier_server.db.submissions import VersionStatus
from croupier_server.db.work import ScheduleStatus
from croupier_server.ladder.settings import LadderSettings

__all__ = ["RECENT_GAMES", "EntrantProgress", "LadderProgress", "ladder_progress"]

RECENT_GAMES = 20
"""The newest games a ladder's page lists."""


@dataclass(frozen=True, slots=True)
class EntrantProgress:
    """A bot of the ladder and how far it has got.

    Attributes:
        name: The bot's name (``NAME@N`` for a version).
        kind: ``version``, ``organiser`` (a bot it was opened with) or ``remote``.
        status: A version's status (``active``, ``retired``, ``rejected``...); ``playing``
            or ``stopped`` for the others.
        detail: Why it was rejected, retired or stopped; may be empty.
        deals: Its finished deals in the ladder.
        games: Its finished games in the ladder.
        needed: The deals a new version plays before the others are chosen again.
    """

    name: str
    kind: str
    status: str
    detail: str
    deals: int
    games: int
    needed: int

    @property
    def is_new(self) -> bool:
        """Whether it is still playing its first deals."""
        return self.deals < self.needed

    @property
    def plays(self) -> bool:
        """Whether the ladder seats it (now, or once a remote bot is connected)."""
        return self.status in (VersionStatus.ACTIVE, "playing")


@dataclass(frozen=True, slots=True)
class LadderProgress:
    """A ladder, its bots, its games playing now, its newest games, its chosen games' counts.

    Attributes:
        record: The ladder.
        settings: Its settings.
        entrants: Its bots: those it seats now, then those that played and left.
        playing: Its games being played now, oldest first.
        recent: Its newest games, newest first.
        finished: Its finished games.
        counts: Its chosen games by where they stand (``failed`` counts those cancelled).
    """

    record: LadderRecord
    settings: LadderSettings
    entrants: tuple[EntrantProgress, ...]
    playing: tuple[ListedGame, ...]
    recent: tuple[ListedGame, ...]
    finished: int
    counts: dict[ScheduleStatus, int]


def ladder_progress(
    session: Session, record: LadderRecord, *, recent: int = RECENT_GAMES
) -> LadderProgress:
    """Where the ladder stands now."""
    settings = LadderSettings.from_data(record.settings)
    tournament_id = record.tournament_id
    progress = tournament_progress(session, tournament_id=tournament_id)
    page = search_games(session, search=GameSearch(tournament_id=tournament_id), limit=recent)
    return LadderProgress(
        record=record,
        settings=settings,
        entrants=_entrants(session, record, settings),
        playing=progress.running,
        recent=page.games,
        finished=progress.finished,
        counts=schedule_counts(session, tournament_id=tournament_id),
    )


def _entrants(
    session: Session, record: LadderRecord, settings: LadderSettings
) -> tuple[EntrantProgress, ...]:
    finished = stored.finished_deals(session, tournament_id=record.tournament_id)
    seated = stored.ladder_bots(session, game=record.game, names=settings.with_bots)
    names = [entry.bot.name for entry in seated]
    names += sorted(name for name in finished if name not in names)
    version_of = versions.versions_named(session, names=names)
    remote = {entry.bot.name for entry in seated if entry.bot.kind is BotKind.REMOTE}
    lines = []
    for name in names:
        deals, games = finished.get(name, (0, 0))
        version = version_of.get(name)
        if version is not None:
            kind, status, detail = "version", str(version.status), version.detail
        else:
            kind = "remote" if name in remote else "organiser"
            stopped = settings.stopped.get(name)
            status = "stopped" if stopped is not None else "playing"
            detail = stopped or ""
        lines.append(
            EntrantProgress(name, kind, status, detail, deals, games, settings.rules.rating_deals)
        )
    return tuple(sorted(lines, key=lambda line: not line.plays))
