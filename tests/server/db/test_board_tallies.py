"""Each board's tally is kept as its games end, and is what counting its games would give."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlmodel import Session, col

from croupier.games import Result
from croupier_server import db
from croupier_server.db import listings, statistics
from croupier_server.db.board_tallies import BoardTally, board_tallies, tournament_tallies
from croupier_server.db.models import GameRecord
from croupier_server.db.statistics import BoardVersion
from croupier_server.outcomes import GameStatus
from tests.server.db.played import FIVE_CARD, add_bots, played, start_game


def _counted(session: Session) -> list[BoardTally]:
    """The tallies as counting the finished games gives them."""
    query = (
        sa.select(
            col(GameRecord.game),
            col(GameRecord.variant),
            sa.func.count(),
            sa.func.max(col(GameRecord.id)),
        )
        .where(col(GameRecord.status) == GameStatus.FINISHED)
        .group_by(col(GameRecord.game), col(GameRecord.variant))
        .order_by(col(GameRecord.game), col(GameRecord.variant))
    )
    return [BoardTally(*row) for row in session.execute(query)]


def test_finished_games_are_tallied_by_game_and_variant_as_they_finish(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    late = start_game(session, [alice, bob])
    played(session, [alice, bob], 1, 0)
    played(session, [bob, alice], 0, 1, options=FIVE_CARD)
    start_game(session, [alice, bob])  # running: not counted
    db.abort_game(session, game_id=start_game(session, [alice, bob]), reason="stopped")
    newest = played(session, [alice, bob], 2, 0)
    db.finish_game(session, game_id=late, result=Result(scores=(0, 1)))  # after a newer one
    db.finish_game(session, game_id=late, result=Result(scores=(0, 1)))  # twice, counted once
    assert board_tallies(session) == _counted(session)
    assert board_tallies(session) == [
        BoardTally("cribbage", "five-card", 1, newest - 3),
        BoardTally("cribbage", "six-card", 3, newest),
    ]
    assert [found.version for found in statistics.finished_boards(session, game="cribbage")] == [
        BoardVersion(1, newest - 3),
        BoardVersion(3, newest),
    ]
    assert statistics.board_version(session, game="cribbage") == BoardVersion(4, newest)
    assert statistics.board_version(session, game="lexio") == BoardVersion(0, None)


def test_a_finished_game_aborted_afterwards_leaves_its_board(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    first, second = (played(session, [alice, bob], 1, 0) for _ in range(2))
    db.abort_game(session, game_id=second, reason="played again")
    assert board_tallies(session) == [BoardTally("cribbage", "six-card", 1, first)]
    db.abort_game(session, game_id=first, reason="played again")
    assert board_tallies(session) == _counted(session) == []
    assert statistics.finished_boards(session) == []


def _finish_then_fail(session: Session, game_id: int) -> None:
    with db.atomic(session):
        db.finish_game(session, game_id=game_id, result=Result(scores=(1, 0)))
        raise RuntimeError("the store failed")


def test_a_game_not_stored_takes_nothing_from_its_board(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    played(session, [alice, bob], 1, 0)
    game_id = start_game(session, [alice, bob])
    with pytest.raises(RuntimeError, match="the store failed"):
        _finish_then_fail(session, game_id)
    assert board_tallies(session) == _counted(session)
    assert board_tallies(session)[0].games == 1


def _counted_by_tournament(session: Session) -> dict[int, tuple[int, int]]:
    """The tournaments' tallies as counting their finished games gives them."""
    query = (
        sa.select(col(GameRecord.tournament_id), sa.func.count(), sa.func.max(col(GameRecord.id)))
        .where(
            col(GameRecord.status) == GameStatus.FINISHED,
            col(GameRecord.tournament_id).is_not(None),
        )
        .group_by(col(GameRecord.tournament_id))
    )
    return {tournament: (games, last) for tournament, games, last in session.execute(query)}


def test_each_tournaments_finished_games_are_tallied_as_they_finish_and_leave(
    session: Session,
) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    first, second = (
        db.create_tournament(
            session, game="cribbage", options={}, format="round-robin", settings={}
        ).id
        for _ in range(2)
    )
    assert first is not None
    assert second is not None
    late = start_game(session, [alice, bob], tournament_id=first, number=0, deal=0)
    played(session, [bob, alice], 0, 1, tournament_id=first, number=1, deal=0)
    newest = played(session, [alice, bob], 1, 0, tournament_id=second, number=0, deal=0)
    aborted = played(session, [alice, bob], 1, 0, tournament_id=second, number=1, deal=0)
    played(session, [alice, bob], 1, 0)  # no tournament's
    db.finish_game(session, game_id=late, result=Result(scores=(0, 1)))  # after a newer one
    db.abort_game(session, game_id=aborted, reason="played again")
    assert tournament_tallies(session) == _counted_by_tournament(session)
    assert tournament_tallies(session) == {first: (2, newest - 1), second: (1, newest)}
    assert statistics.tournament_board_versions(session) == {
        first: BoardVersion(2, newest - 1),
        second: BoardVersion(1, newest),
    }
    assert listings.finished_counts(session) == {first: 2, second: 1}
    assert statistics.board_version(session, game="cribbage", tournament_id=second) == BoardVersion(
        1, newest
    )
    db.abort_game(session, game_id=newest, reason="played again")
    assert second not in tournament_tallies(session)
    assert statistics.board_version(session, game="cribbage", tournament_id=second) == BoardVersion(
        0, None
    )
