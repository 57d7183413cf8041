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
from collections.abc import Iterable
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
    others = _other_games_pending(session, game)
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


def results_held_back(session: Session, game_ids: Iterable[int]) -> dict[int, str]:
    """Of the finished games ``game_ids``, those whose deal is still being played, with why.

    Their results are not for lists and records to give: which seat won one game of a
    deal tells which seat's cards were strong in the others.
    """
    ids = set(game_ids)
    if not ids:
        return {}
    games = session.exec(select(GameRecord).where(col(GameRecord.id).in_(ids)))
    held = {}
    for game in games:
        if game.id is not None and not (shown := disclosure_of(session, game)).is_whole:
            held[game.id] = shown.reason
    return held


def _other_games_pending(session: Session, game: GameRecord) -> str:
    """What of ``game``'s deal, ``game`` aside, is still to be played, in words; or ``""``."""
    if _sibling_running(session, game):
        return "another game of its deal is being played"
    if game.tournament_id is None or game.schedule_deal is None:
        return _reused_seed(session, game)
    tournament = session.get(TournamentRecord, game.tournament_id)
    if tournament is None or tournament.status is TournamentStatus.FINISHED:
        return _reused_seed(session, game)
    if _has_schedule(session, tournament_id=game.tournament_id):
        if _scheduled_pending(session, game):
            return "other games of its deal are still to be played"
    elif _local_deal_pending(session, game, tournament):
        return "other games of its deal are still to be played"
    return _reused_seed(session, game)


def _sibling_running(session: Session, game: GameRecord) -> bool:
    """Whether another game of the same game, options and seed is being played."""
    query = select(GameRecord).where(
        GameRecord.status == GameStatus.RUNNING,
        GameRecord.id != game.id,
        GameRecord.game == game.game,
        GameRecord.seed == game.seed,
    )
    return any(other.options == game.options for other in session.exec(query))


def _has_schedule(session: Session, *, tournament_id: int) -> bool:
    query = select(ScheduledGameRecord.id).where(ScheduledGameRecord.tournament_id == tournament_id)
    return session.exec(query.limit(1)).first() is not None


def _scheduled_pending(session: Session, game: GameRecord) -> bool:
    """Whether a scheduled game of the deal, but ``game``'s own, is not finished."""
    query = select(ScheduledGameRecord.number).where(
        ScheduledGameRecord.tournament_id == game.tournament_id,
        ScheduledGameRecord.deal == game.schedule_deal,
        ScheduledGameRecord.status != ScheduleStatus.FINISHED,
    )
    return any(number != game.schedule_number for number in session.exec(query))


def _local_deal_pending(session: Session, game: GameRecord, tournament: TournamentRecord) -> bool:
    """Whether a local tournament's deal of ``game`` still has rotations to be played.

    Counted as its finished games, ``game``'s own aside, against its other rotations.
    """
    if not tournament.settings.get("duplicate", True):
        return False
    query = select(GameRecord.schedule_number).where(
        GameRecord.tournament_id == game.tournament_id,
        GameRecord.schedule_deal == game.schedule_deal,
        GameRecord.status == GameStatus.FINISHED,
    )
    finished = {number for number in session.exec(query) if number != game.schedule_number}
    seats = session.exec(
        select(sa.func.count()).select_from(SeatRecord).where(SeatRecord.game_id == game.id)
    ).one()
    return len(finished) < seats - 1


def _reused_seed(session: Session, game: GameRecord) -> str:
    """Which unfinished tournament deals ``game``'s seeds again, in words; or ``""``.

    One of the same game and options with the same master seed as ``game``'s own.
    """
    if game.tournament_id is None:
        return ""
    own = session.get(TournamentRecord, game.tournament_id)
    if own is None or "seed" not in own.settings:
        return ""
    query = select(TournamentRecord).where(
        TournamentRecord.id != own.id,
        TournamentRecord.game == own.game,
        TournamentRecord.status != TournamentStatus.FINISHED,
    )
    for other in session.exec(query):
        if other.options == own.options and other.settings.get("seed") == own.settings["seed"]:
            return f"tournament {other.id} deals it again"
    return ""
