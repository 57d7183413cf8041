"""How much of a stored game its readers may see: all of it only once its deal is played out.

A deal is one seed of one game and its options: a tournament or a ladder plays it once per
rotation of its table (a duplicate set, :mod:`croupier_server.db.duplicates`), and every
seat holds the same cards in each of those games. So while one game of the deal is still
to be played (or playing), what any game of it shows tells that game's seats what they
may not see: the seed rebuilds every hand, private events and the all-hands view show
them, and even the public play of a sibling shows which cards each seat held. Hence
three levels (:class:`Disclosure`):

- ``WHOLE``: the deal is over (every game of it finished or aborted, none scheduled):
  everything, as always.
- ``SPECTATOR``: the game itself is the only one of its deal not over: it is shown as a
  spectator watches it live (public events only, no seed, no bots' words).
- ``OPENING``: another game of the deal is still to be played: only the table before the
  first action, as a spectator sees it (what every seat of every game of the deal sees).

"Still to be played" covers a running game row of the same game, options and seed
anywhere (a tournament, a ladder, a check, a person's table); a ladder's or a worker
tournament's scheduled games of the deal not yet finished; a local tournament's deal with
fewer finished games than its table has rotations while the tournament may still play
(running, queued or interrupted: its schedule is not stored, but every format deals a
duplicate deal once per rotation of its table); and an unfinished tournament of the same
game and options with the same master seed, which will deal the same seeds again.

The admin sees everything always; that is the web layer's to decide (it knows who asks).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.db.models import (
    GameRecord,
    SeatRecord,
    TournamentRecord,
    TournamentStatus,
)
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.outcomes import GameStatus

__all__ = [
    "Disclosure",
    "DisclosureLevel",
    "disclosure_of",
    "results_held_back",
]


class DisclosureLevel(enum.Enum):
    """How much of a game may be shown (see the module's docstring)."""

    WHOLE = "whole"
    SPECTATOR = "spectator"
    OPENING = "opening"


@dataclass(frozen=True, slots=True)
class Disclosure:
    """How much of one game a reader may see, and why not everything.

    Attributes:
        level: How much.
        reason: One line saying why the rest is held back; empty for ``WHOLE``.
    """

    level: DisclosureLevel
    reason: str = ""

    @classmethod
    def whole(cls) -> Disclosure:
        """Everything: the deal is over, or the admin asks."""
        return cls(DisclosureLevel.WHOLE)

    @property
    def is_whole(self) -> bool:
        """Whether everything may be shown: the seed, every view, the bots' words."""
        return self.level is DisclosureLevel.WHOLE

    @property
    def shows_play(self) -> bool:
        """Whether the game's public play may be shown, beyond its table before any action."""
        return self.level is not DisclosureLevel.OPENING


def disclosure_of(session: Session, game: GameRecord) -> Disclosure:
    """How much of ``game`` anyone but the admin may see now (see the module's docstring)."""
    return _Deals.of(session, [game]).disclosure(game)


def results_held_back(session: Session, game_ids: Iterable[int]) -> dict[int, str]:
    """Of the finished games ``game_ids``, those whose deal is still being played, with why.

    Their results are not for lists and records to give: which seat won one game of a
    deal tells which seat's cards were strong in the others. The deals of all the games
    are read at once, in a few queries whatever their number (a list's page).
    """
    ids = set(game_ids)
    if not ids:
        return {}
    games = list(session.exec(select(GameRecord).where(col(GameRecord.id).in_(ids))))
    deals = _Deals.of(session, games)
    held = {}
    for game in games:
        if game.id is not None and not (shown := deals.disclosure(game)).is_whole:
            held[game.id] = shown.reason
    return held


@dataclass(frozen=True, slots=True)
class _Deals:
    """What the database says of the deals of some games, read in a few queries.

    Enough to tell what of each game's deal is still to be played.

    Attributes:
        running: The running games of the games' seeds, by (game, seed).
        tournaments: The games' own tournaments, by id.
        unfinished: Every unfinished tournament of the games' tournaments' games.
        scheduled: Those of the games' tournaments with stored schedules.
        pending: The numbers of the scheduled games not finished, by (tournament, deal).
        finished: The numbers of the finished games, by (tournament, deal).
        seats: How many seats each of the games has.
    """

    running: dict[tuple[str, int], list[GameRecord]]
    tournaments: dict[int, TournamentRecord]
    unfinished: list[TournamentRecord]
    scheduled: set[int]
    pending: dict[tuple[int, int], set[int]]
    finished: dict[tuple[int, int], set[int]]
    seats: dict[int, int]

    @classmethod
    def of(cls, session: Session, games: Sequence[GameRecord]) -> _Deals:
        """The deals of ``games``."""
        seeds = {game.seed for game in games}
        running: dict[tuple[str, int], list[GameRecord]] = {}
        query = select(GameRecord).where(
            GameRecord.status == GameStatus.RUNNING, col(GameRecord.seed).in_(seeds)
        )
        for other in session.exec(query):
            running.setdefault((other.game, other.seed), []).append(other)
        game_ids = {game.id for game in games if game.id is not None}
        counted = (
            sa.select(col(SeatRecord.game_id), sa.func.count())
            .where(col(SeatRecord.game_id).in_(game_ids))
            .group_by(col(SeatRecord.game_id))
        )
        seats: dict[int, int] = dict(session.execute(counted).all())
        tournament_ids = {game.tournament_id for game in games if game.tournament_id is not None}
        if not tournament_ids:  # no deal of a tournament: nothing more to read
            return cls(running, {}, [], set(), {}, {}, seats)
        tournaments = {
            tournament.id: tournament
            for tournament in session.exec(
                select(TournamentRecord).where(col(TournamentRecord.id).in_(tournament_ids))
            )
            if tournament.id is not None
        }
        unfinished = list(
            session.exec(
                select(TournamentRecord).where(
                    TournamentRecord.status != TournamentStatus.FINISHED,
                    col(TournamentRecord.game).in_({t.game for t in tournaments.values()}),
                )
            )
        )
        deals = {game.schedule_deal for game in games if game.schedule_deal is not None}
        scheduled: set[int] = set()
        pending: dict[tuple[int, int], set[int]] = {}
        for tournament_id, deal, number, status in session.execute(
            sa.select(
                col(ScheduledGameRecord.tournament_id),
                col(ScheduledGameRecord.deal),
                col(ScheduledGameRecord.number),
                col(ScheduledGameRecord.status),
            ).where(
                col(ScheduledGameRecord.tournament_id).in_(tournament_ids),
                col(ScheduledGameRecord.deal).in_(deals),
            )
        ):
            scheduled.add(tournament_id)
            if status is not ScheduleStatus.FINISHED:
                pending.setdefault((tournament_id, deal), set()).add(number)
        unscheduled = tournament_ids - scheduled
        scheduled |= set(
            session.exec(
                select(ScheduledGameRecord.tournament_id)
                .where(col(ScheduledGameRecord.tournament_id).in_(unscheduled))
                .distinct()
            )
        )
        finished: dict[tuple[int, int], set[int]] = {}
        for tournament_id, deal, number in session.execute(
            sa.select(
                col(GameRecord.tournament_id),
                col(GameRecord.schedule_deal),
                col(GameRecord.schedule_number),
            ).where(
                col(GameRecord.tournament_id).in_(tournament_ids),
                col(GameRecord.schedule_deal).in_(deals),
                col(GameRecord.status) == GameStatus.FINISHED,
            )
        ):
            finished.setdefault((tournament_id, deal), set()).add(number)
        return cls(running, tournaments, unfinished, scheduled, pending, finished, seats)

    def disclosure(self, game: GameRecord) -> Disclosure:
        """How much of ``game`` (one of the games read) anyone but the admin may see now."""
        others = self._other_games_pending(game)
        if others:
            return Disclosure(
                DisclosureLevel.OPENING,
                f"{others}: its play, seed and hands are held back until all its games are played",
            )
        if game.status is GameStatus.RUNNING:
            return Disclosure(
                DisclosureLevel.SPECTATOR,
                "the game is still running: it may only be watched as a spectator",
            )
        return Disclosure.whole()

    def _other_games_pending(self, game: GameRecord) -> str:
        """What of ``game``'s deal, ``game`` aside, is still to be played, in words; or ``""``."""
        if self._sibling_running(game):
            return "another game of its deal is being played"
        if game.tournament_id is None or game.schedule_deal is None:
            return self._reused_seed(game)
        tournament = self.tournaments.get(game.tournament_id)
        if tournament is None or tournament.status is TournamentStatus.FINISHED:
            return self._reused_seed(game)
        deal = (game.tournament_id, game.schedule_deal)
        if game.tournament_id in self.scheduled:
            if self.pending.get(deal, set()) - {game.schedule_number}:
                return "other games of its deal are still to be played"
        elif self._local_deal_pending(game, tournament):
            return "other games of its deal are still to be played"
        return self._reused_seed(game)

    def _sibling_running(self, game: GameRecord) -> bool:
        """Whether another game of the same game, options and seed is being played."""
        return any(
            other.id != game.id and other.options == game.options
            for other in self.running.get((game.game, game.seed), [])
        )

    def _local_deal_pending(self, game: GameRecord, tournament: TournamentRecord) -> bool:
        """Whether a local tournament's deal of ``game`` still has rotations to be played.

        Counted as its finished games, ``game``'s own aside, against its other rotations.
        """
        if not tournament.settings.get("duplicate", True):
            return False
        assert game.tournament_id is not None
        assert game.schedule_deal is not None
        finished = self.finished.get((game.tournament_id, game.schedule_deal), set())
        seats = self.seats.get(game.id or 0, 0)
        return len(finished - {game.schedule_number}) < seats - 1

    def _reused_seed(self, game: GameRecord) -> str:
        """Which unfinished tournament deals ``game``'s seeds again, in words; or ``""``.

        One of the same game and options with the same master seed as ``game``'s own.
        """
        if game.tournament_id is None:
            return ""
        own = self.tournaments.get(game.tournament_id)
        if own is None or "seed" not in own.settings:
            return ""
        for other in self.unfinished:
            if (
                other.id != own.id
                and other.game == own.game
                and other.options == own.options
                and other.settings.get("seed") == own.settings["seed"]
            ):
                return f"tournament {other.id} deals it again"
        return ""
