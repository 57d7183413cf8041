"""The dashboard's browsing queries on both backends: the games search, tournament progress."""

import itertools
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import Session

from croupier.games import Result
from croupier_server import db
from croupier_server.db import EndedBy, GameStatus, SeatStatus
from croupier_server.db.listings import (
    GameSearch,
    ListedGame,
    TournamentProgress,
    finished_counts,
    search_games,
    tournament_progress,
)

CRIBBAGE = {"variant": "five-card", "match_points": 1}
LEXIO = {"players": 3, "rounds": 1}
START = datetime(2025, 5, 6, 7, 8, 9, tzinfo=UTC)
SEEDS = itertools.count(1000)
"""Each game a deal of its own: a finished game beside a running one of its deal has its
result held back (tests/web/test_disclosure.py)."""


def bot(session: Session, name: str, game: str = "cribbage") -> int:
    record = db.add_bot(session, name=name, game=game, command=f"./{name}")
    assert record.id is not None
    return record.id


def tournament(session: Session, game: str = "cribbage") -> int:
    record = db.create_tournament(
        session,
        game=game,
        options=CRIBBAGE,
        format="round-robin",
        settings={"duplicate": False},  # no other game of a deal holds a result back
    )
    assert record.id is not None
    return record.id


def play(
    session: Session,
    bots: list[int],
    *,
    game: str = "cribbage",
    scores: tuple[int, ...] | None = None,
    ended_by: str = EndedBy.NORMAL,
    tournament_id: int | None = None,
    number: int | None = None,
) -> int:
    """A game of ``bots``: finished with ``scores``, running without them."""
    record = db.create_game(
        session,
        game=game,
        options=CRIBBAGE if game == "cribbage" else LEXIO,
        tournament_id=tournament_id,
        schedule_number=number,
        schedule_deal=number,
        seed=next(SEEDS),
        bot_ids=bots,
        started_at=START,
    )
    assert record.id is not None
    if scores is not None:
        db.finish_game(
            session,
            game_id=record.id,
            result=Result(scores=scores),
            ended_by=ended_by,
            finished_at=START + timedelta(seconds=90),
        )
    return record.id


def ids(games: tuple[ListedGame, ...]) -> list[int]:
    return [game.id for game in games]


def test_games_come_newest_first_with_their_seats_winners_and_tournament(
    session: Session,
) -> None:
    alice, bob = bot(session, "alice"), bot(session, "bob")
    cup = tournament(session)
    first = play(session, [alice, bob], scores=(2, 1), tournament_id=cup, number=4)
    tie = play(session, [bob, alice], scores=(1, 1))
    running = play(session, [alice, bob])
    page = search_games(session, search=GameSearch())
    assert ids(page.games) == [running, tie, first]
    assert page.older is None
    newest, tied, oldest = page.games
    assert (newest.status, newest.finished_at, newest.duration_s, newest.winners) == (
        GameStatus.RUNNING,
        None,
        None,
        (),
    )
    assert [seat.bot for seat in tied.winners] == ["bob", "alice"]
    assert (oldest.tournament_id, oldest.schedule_number, oldest.variant) == (cup, 4, "five-card")
    assert oldest.duration_s == 90.0
    assert [(s.seat, s.bot_id, s.bot, s.score, s.place) for s in oldest.seats] == [
        (0, alice, "alice", 2, 1),
        (1, bob, "bob", 1, 2),
    ]
    assert oldest.seats[0].status == SeatStatus.FINISHED


def test_pages_visit_every_game_once_in_order(session: Session) -> None:
    alice, bob = bot(session, "alice"), bot(session, "bob")
    games = [play(session, [alice, bob], scores=(1, 0)) for _ in range(7)]
    seen: list[int] = []
    before: int | None = None
    pages = 0
    while True:
        page = search_games(session, search=GameSearch(), before=before, limit=3)
        seen += ids(page.games)
        pages += 1
        if page.older is None:
            break
        before = page.older
    assert seen == sorted(games, reverse=True)
    assert pages == 3


def test_a_page_as_long_as_what_is_left_is_the_last(session: Session) -> None:
    alice, bob = bot(session, "alice"), bot(session, "bob")
    for _ in range(4):
        play(session, [alice, bob], scores=(1, 0))
    assert search_games(session, search=GameSearch(), limit=4).older is None
    with pytest.raises(ValueError, match="at least one game"):
        search_games(session, search=GameSearch(), limit=0)


def test_each_filter_narrows_the_search(session: Session) -> None:
    alice, bob, carol = bot(session, "alice"), bot(session, "bob"), bot(session, "carol")
    lexio_bots = [bot(session, f"lexio-{i}", "lexio") for i in range(3)]
    cup = tournament(session)
    in_cup = play(session, [alice, bob], scores=(1, 0), tournament_id=cup, number=0)
    forfeit = play(session, [carol, bob], scores=(0, 1), ended_by=EndedBy.FORFEIT)
    running = play(session, [alice, carol])
    lexio_game = play(session, lexio_bots, game="lexio", scores=(70, 60, 62))
    aborted = db.create_game(
        session, game="cribbage", options=CRIBBAGE, seed=2, bot_ids=[bob, alice]
    )
    assert aborted.id is not None
    db.abort_game(session, game_id=aborted.id, reason="the referee failed")

    def found(**fields: Any) -> list[int]:
        return ids(search_games(session, search=GameSearch(**fields)).games)

    assert found(bot="alice") == [aborted.id, running, in_cup]
    assert found(bot="nobody") == []
    assert found(game="lexio") == [lexio_game]
    assert found(variant="five-card") == [aborted.id, running, forfeit, in_cup]
    assert found(variant="3 players") == [lexio_game]
    assert found(tournament_id=cup) == [in_cup]
    assert found(status=GameStatus.RUNNING) == [running]
    assert found(status=GameStatus.ABORTED) == [aborted.id]
    assert found(ended_by=EndedBy.FORFEIT) == [forfeit]
    assert found(ended_by=EndedBy.ABORTED) == [aborted.id]
    assert found(bot="carol", status=GameStatus.FINISHED) == [forfeit]
    assert found(bot="carol", game="lexio") == []


def test_tournament_progress_counts_finished_numbers_and_aborted_attempts(
    session: Session,
) -> None:
    alice, bob = bot(session, "alice"), bot(session, "bob")
    cup, other = tournament(session), tournament(session)
    play(session, [alice, bob], scores=(1, 0), tournament_id=cup, number=0)
    play(session, [bob, alice], scores=(1, 0), tournament_id=cup, number=1)
    play(session, [alice, bob], scores=(1, 0), tournament_id=other, number=0)
    spoiled = db.create_game(
        session,
        game="cribbage",
        options=CRIBBAGE,
        tournament_id=cup,
        schedule_number=2,
        seed=3,
        bot_ids=[alice, bob],
    )
    assert spoiled.id is not None
    db.abort_game(session, game_id=spoiled.id, reason="the referee failed")
    second = play(session, [alice, bob], tournament_id=cup, number=2)
    third = play(session, [bob, alice], tournament_id=cup, number=3)

    progress = tournament_progress(session, tournament_id=cup)
    assert (progress.finished, progress.aborted) == (2, 1)
    assert ids(progress.running) == [second, third]
    assert [seat.bot for seat in progress.running[1].seats] == ["bob", "alice"]
    assert finished_counts(session) == {cup: 2, other: 1}
    empty = tournament(session)
    assert tournament_progress(session, tournament_id=empty) == TournamentProgress(0, (), 0)


def test_sqlite_reads_a_page_through_indexes_without_scanning_or_sorting(
    engine: Engine, session: Session
) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("the plans checked are SQLite's")
    alice, bob = bot(session, "alice"), bot(session, "bob")
    for _ in range(3):
        play(session, [alice, bob], scores=(1, 0))
    statements: list[tuple[str, Any]] = []

    def record(*args: Any) -> None:
        statement, parameters = args[2], args[3]
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append((statement, parameters))

    sa.event.listen(engine, "before_cursor_execute", record)
    try:
        search_games(session, search=GameSearch(), before=3, limit=2)
        search_games(session, search=GameSearch(bot="alice"), before=3, limit=2)
        search_games(session, search=GameSearch(status=GameStatus.FINISHED), limit=2)
    finally:
        sa.event.remove(engine, "before_cursor_execute", record)
    with engine.connect() as connection:
        for statement, parameters in statements:
            plan = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
            steps = [row[-1] for row in plan]
            assert not any(step.startswith("SCAN") for step in steps), (statement, steps)
            assert not any("TEMP B-TREE" in step for step in steps), (statement, steps)
