"""Each board's tally of finished games, kept as games finish: its version without a count.

A tournament's board is tallied the same way (``tournament_tally``), for the tournaments
list and each tournament's standings.

A leaderboard is the finished games of one game and variant, and its version
(:class:`~croupier_server.db.statistics.BoardVersion`) is how many there are and the
newest id. Counting them on every page is a scan of a million games, so the
``board_tally`` row of the game and variant is kept in the transaction that finishes a
game (:func:`game_ended`, which :mod:`croupier_server.db.games` calls on each end): the
tally is exact for every reader, whatever its transaction sees.

Each game finished takes its board's row until its transaction commits, so a game's end
is best stored last in that transaction (as :func:`~croupier_server.game_store.store_game_log`
does).
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col

from croupier_server.db.models import BoardTallyRecord, GameRecord, TournamentTallyRecord
from croupier_server.outcomes import GameStatus

__all__ = ["BoardTally", "board_tallies", "game_ended", "tournament_tallies"]


@dataclass(frozen=True, slots=True)
class BoardTally:
    """A game and variant's finished games: how many, and the newest id."""

    game: str
    variant: str
    games: int
    last_game_id: int


def board_tallies(session: Session, *, game: str | None = None) -> list[BoardTally]:
    """The tally of every game and variant with finished games (of ``game`` only), by name."""
    query = sa.select(
        col(BoardTallyRecord.game),
        col(BoardTallyRecord.variant),
        col(BoardTallyRecord.games),
        col(BoardTallyRecord.last_game_id),
    ).order_by(col(BoardTallyRecord.game), col(BoardTallyRecord.variant))
    if game is not None:
        query = query.where(col(BoardTallyRecord.game) == game)
    return [BoardTally(*row) for row in session.execute(query)]


def tournament_tallies(
    session: Session, *, tournament_id: int | None = None
) -> dict[int, tuple[int, int]]:
    """Each tournament's finished games and the newest's id (of ``tournament_id`` only)."""
    query = sa.select(
        col(TournamentTallyRecord.tournament_id),
        col(TournamentTallyRecord.games),
        col(TournamentTallyRecord.last_game_id),
    )
    if tournament_id is not None:
        query = query.where(col(TournamentTallyRecord.tournament_id) == tournament_id)
    return {tournament: (games, last) for tournament, games, last in session.execute(query)}


def game_ended(session: Session, game: GameRecord, *, was: GameStatus) -> None:
    """Count ``game`` on its boards if it has just finished (its status was ``was``).

    A game that is no longer finished (aborted afterwards) is taken off its boards: its
    game and variant's, and its tournament's.
    """
    finished = game.status == GameStatus.FINISHED
    if finished == (was == GameStatus.FINISHED):
        return
    assert game.id is not None
    session.flush()  # the game's new status, which the tally's queries must see
    if finished:
        session.execute(_counted(session, game.game, game.variant, game.id))
        if game.tournament_id is not None:
            session.execute(_counted_in_tournament(session, game.tournament_id, game.id))
    else:
        _uncount(session, game.game, game.variant)
        if game.tournament_id is not None:
            _uncount_in_tournament(session, game.tournament_id)


def _counted(session: Session, game: str, variant: str, game_id: int) -> sa.Executable:
    """The statement that counts the finished game ``game_id`` on its board."""
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    new = insert(BoardTallyRecord).values(game=game, variant=variant, games=1, last_game_id=game_id)
    last = col(BoardTallyRecord.last_game_id)
    newer = sa.case((new.excluded.last_game_id > last, new.excluded.last_game_id), else_=last)
    return new.on_conflict_do_update(
        index_elements=["game", "variant"],
        set_={"games": col(BoardTallyRecord.games) + 1, "last_game_id": newer},
    )


def _uncount(session: Session, game: str, variant: str) -> None:
    """Take a game off the board of ``game`` and ``variant``: the newest is read again."""
    board = sa.and_(col(BoardTallyRecord.game) == game, col(BoardTallyRecord.variant) == variant)
    session.execute(sa.delete(BoardTallyRecord).where(board, col(BoardTallyRecord.games) <= 1))
    newest = sa.select(sa.func.max(col(GameRecord.id))).where(
        col(GameRecord.status) == GameStatus.FINISHED,
        col(GameRecord.game) == game,
        col(GameRecord.variant) == variant,
    )
    session.execute(
        sa.update(BoardTallyRecord)
        .where(board)
        .values(games=col(BoardTallyRecord.games) - 1, last_game_id=newest.scalar_subquery())
    )


def _counted_in_tournament(session: Session, tournament_id: int, game_id: int) -> sa.Executable:
    """The statement that counts the finished game ``game_id`` in its tournament."""
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    new = insert(TournamentTallyRecord).values(
        tournament_id=tournament_id, games=1, last_game_id=game_id
    )
    last = col(TournamentTallyRecord.last_game_id)
    newer = sa.case((new.excluded.last_game_id > last, new.excluded.last_game_id), else_=last)
    return new.on_conflict_do_update(
        index_elements=["tournament_id"],
        set_={"games": col(TournamentTallyRecord.games) + 1, "last_game_id": newer},
    )


def _uncount_in_tournament(session: Session, tournament_id: int) -> None:
    """Take a game off its tournament's tally: the newest is read again."""
    tally = col(TournamentTallyRecord.tournament_id) == tournament_id
    session.execute(
        sa.delete(TournamentTallyRecord).where(tally, col(TournamentTallyRecord.games) <= 1)
    )
    newest = sa.select(sa.func.max(col(GameRecord.id))).where(
        col(GameRecord.status) == GameStatus.FINISHED,
        col(GameRecord.tournament_id) == tournament_id,
    )
    session.execute(
        sa.update(TournamentTallyRecord)
        .where(tally)
        .values(games=col(TournamentTallyRecord.games) - 1, last_game_id=newest.scalar_subquery())
    )
