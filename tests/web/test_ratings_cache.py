"""The ratings cache: boards computed once, served stale while one thread refreshes them."""

import random
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from statistics import median
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Result
from croupier_server import db
from croupier_server.db import (
    BotRecord,
    GameRecord,
    SeatRecord,
    create_database_engine,
    init_database,
    statistics,
)
from croupier_server.db.models import BoardTallyRecord
from croupier_server.db.statistics import BoardSeats, BoardVersion
from croupier_server.ratings import Deal, GameOutcome, fit_elo, tally_pairs
from croupier_server.web import create_app
from croupier_server.web.ratings_cache import Board, RatingsCache
from tests.server.db.played import mark_decided
from tests.waiting import wait_for

SIX_CARD = {"variant": "six-card", "match_points": 1}


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'cache.db'}")
    init_database(engine)
    yield engine
    engine.dispose()


def add_bots(engine: Engine, *names: str) -> list[int]:
    with Session(engine) as session:
        bots = [db.add_bot(session, name=name, game="cribbage", command="true") for name in names]
        return [bot.id for bot in bots if bot.id is not None]


def play(engine: Engine, bot_ids: list[int], *scores: int) -> int:
    """Store a finished two-player game of six-card cribbage."""
    with Session(engine) as session:
        game = db.create_game(session, game="cribbage", options=SIX_CARD, seed=1, bot_ids=bot_ids)
        assert game.id is not None
        mark_decided(session, game.id)
        db.finish_game(session, game_id=game.id, result=Result(scores=scores))
        return game.id


class GatedLoads:
    """Stands in for the board's game query: counts its calls, waits until released."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, failures: int = 0) -> None:
        self.calls = 0
        self.released = threading.Event()
        self._failures = failures
        self._load = statistics.board_seats
        monkeypatch.setattr(statistics, "board_seats", self)

    def __call__(self, session: Session, **board: Any) -> BoardSeats:
        self.calls += 1
        assert self.released.wait(timeout=20)
        if self._failures:
            self._failures -= 1
            raise RuntimeError("the database went away")
        return self._load(session, **board)


def test_a_board_is_computed_on_first_request_then_served_from_memory(engine: Engine) -> None:
    alice, bob = add_bots(engine, "alice", "bob")
    play(engine, [alice, bob], 1, 0)
    last = play(engine, [bob, alice], 0, 1)
    cache = RatingsCache(engine, resamples=20)
    board = cache.board(game="cribbage", variant="six-card")
    assert board.version == BoardVersion(2, last)
    assert [(line.bot, line.games) for line in board.standings] == [("alice", 2), ("bob", 2)]
    assert board.head_to_head["alice", "bob"].wins == 2
    assert cache.board(game="cribbage", variant="six-card") is board
    assert cache.board(game="cribbage") is not board  # every variant: a board of its own


def test_rating_histories_are_the_standings_elo_over_the_games_so_far(engine: Engine) -> None:
    alice, bob, carol = add_bots(engine, "alice", "bob", "carol")
    play(engine, [alice, bob], 1, 0)
    play(engine, [carol, alice], 1, 0)
    play(engine, [bob, carol], 0, 1)
    board = RatingsCache(engine, resamples=20).board(game="cribbage")
    games = [
        GameOutcome(("alice", "bob"), (1, 0)),
        GameOutcome(("carol", "alice"), (1, 0)),
        GameOutcome(("bob", "carol"), (0, 1)),
    ]
    # Each game is a deal of its own: a moment after each, the fit of the games so far.
    after = [fit_elo(tally_pairs([Deal((game,)) for game in games[:k]])) for k in (1, 2, 3)]
    expected = {"alice": (after[0], after[2]), "bob": after[1:], "carol": after[1:]}
    for bot, fits in expected.items():
        history = board.rating_history[bot]
        assert [games for games, _ in history] == [1, 2]
        assert [elo for _, elo in history] == pytest.approx([fit[bot] for fit in fits], abs=1e-3)
    for line in board.standings:  # each history ends at the bot's line on the board
        assert board.rating_history[line.bot][-1][1] == pytest.approx(line.elo, abs=1e-3)


def test_a_stale_board_is_served_at_once_while_one_thread_refreshes_it(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = add_bots(engine, "alice", "bob")
    play(engine, [alice, bob], 1, 0)
    cache = RatingsCache(engine, resamples=20)
    old = cache.board(game="cribbage")
    loads = GatedLoads(monkeypatch)
    newest = play(engine, [bob, alice], 1, 0)
    served = [cache.board(game="cribbage") for _ in range(5)]
    assert all(board is old for board in served)
    wait_for(lambda: loads.calls == 1, "one load of the games")
    served = [cache.board(game="cribbage") for _ in range(5)]
    assert all(board is old for board in served)
    assert loads.calls == 1  # one refresh at a time, however many stale requests
    loads.released.set()
    wait_for(
        lambda: cache.board(game="cribbage").version == BoardVersion(2, newest),
        "the board of both games",
    )
    fresh = cache.board(game="cribbage")
    assert [(line.bot, line.games, line.score) for line in fresh.standings] == [
        ("alice", 2, 0.5),
        ("bob", 2, 0.5),
    ]
    assert loads.calls == 1


def test_requests_for_a_board_never_computed_wait_for_one_computation(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = add_bots(engine, "alice", "bob")
    play(engine, [alice, bob], 1, 0)
    cache = RatingsCache(engine, resamples=20)
    loads = GatedLoads(monkeypatch)
    boards: list[Board] = []
    threads = [
        threading.Thread(target=lambda: boards.append(cache.board(game="cribbage")))
        for _ in range(3)
    ]
    for thread in threads:
        thread.start()
    wait_for(lambda: loads.calls == 1, "one load of the games")
    loads.released.set()
    for thread in threads:
        thread.join(timeout=20)
    assert len(boards) == 3
    assert boards[0] is boards[1] is boards[2]
    assert loads.calls == 1


def test_a_failed_refresh_keeps_the_old_board_until_one_succeeds(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = add_bots(engine, "alice", "bob")
    play(engine, [alice, bob], 1, 0)
    cache = RatingsCache(engine, resamples=20)
    old = cache.board(game="cribbage")
    loads = GatedLoads(monkeypatch, failures=1)
    loads.released.set()
    play(engine, [alice, bob], 1, 0)
    assert cache.board(game="cribbage") is old
    wait_for(lambda: "could not refresh the board" in caplog.text, "the failed refresh said")
    wait_for(lambda: cache.board(game="cribbage").version.games == 2, "the board of 2 games")
    assert loads.calls == 2


def test_the_least_recently_used_board_goes_beyond_the_capacity(engine: Engine) -> None:
    alice, bob = add_bots(engine, "alice", "bob")
    play(engine, [alice, bob], 1, 0)
    cache = RatingsCache(engine, resamples=20, capacity=1)
    first = cache.board(game="cribbage")
    cache.board(game="cribbage", variant="six-card")
    assert cache.board(game="cribbage") is not first


def test_a_boards_leader_outlives_the_board_in_the_cache(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = add_bots(engine, "alice", "bob")
    play(engine, [alice, bob], 1, 0)
    cache = RatingsCache(engine, resamples=20, capacity=1)
    with Session(engine) as session:
        version = statistics.board_version(session, game="cribbage")
    leader = cache.leader(game="cribbage", tournament_id=None, version=version)
    assert leader is not None
    assert leader.bot == "alice"
    cache.board(game="cribbage", variant="six-card")  # the only board kept now

    def read_again(*_: object, **__: object) -> None:
        raise AssertionError("the board was read again for its leader")

    with monkeypatch.context() as patched:
        patched.setattr("croupier_server.web.ratings_cache.read_board", read_again)
        patched.setattr("croupier_server.web.ratings_cache.fit_board_now", read_again)
        assert cache.leader(game="cribbage", tournament_id=None, version=version) == leader
    for _ in range(3):
        play(engine, [bob, alice], 1, 0)
    with Session(engine) as session:
        newer = statistics.board_version(session, game="cribbage")

    def leader_now() -> str | None:  # served stale at once, then refreshed in a thread
        first = cache.leader(game="cribbage", tournament_id=None, version=newer)
        return None if first is None or first.bot != "bob" else first.bot

    assert wait_for(leader_now, "the new games' leader") == "bob"


def bulk_insert_games(engine: Engine, games: int, *, bots: int = 8, seed: int = 5) -> None:
    """Store ``games`` finished two-player cribbage games in one transaction."""
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    bot_rows = [
        {"id": i, "name": f"bot-{i}", "game": "cribbage", "kind": "command", "created_at": start}
        for i in range(1, bots + 1)
    ]
    records: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    for number in range(1, games + 1):
        when = start + timedelta(seconds=number)
        pair = rng.sample(range(1, bots + 1), 2)
        winner = rng.randrange(2)
        records.append(
            {"id": number, "game": "cribbage", "options": SIX_CARD, "settings": {}}
            | {"variant": "six-card", "seed": number, "status": "finished", "started_at": when}
        )
        seats.extend(
            {"game_id": number, "seat": seat, "bot_id": bot, "decisions": 1}
            | {"status": "finished", "score": int(seat == winner), "place": 1 + (seat != winner)}
            for seat, bot in enumerate(pair)
        )
    tally = {"game": "cribbage", "variant": "six-card", "games": games, "last_game_id": games}
    with Session(engine) as session:
        for table, rows in [
            (BotRecord, bot_rows),
            (GameRecord, records),
            (SeatRecord, seats),
            (BoardTallyRecord, [tally]),  # as finishing them keeps it
        ]:
            session.execute(sa.insert(table), rows)
        session.commit()


def test_a_board_of_twenty_thousand_games_answers_from_the_cache_in_milliseconds(
    engine: Engine,
) -> None:
    bulk_insert_games(engine, 20_000)
    app = create_app(engine)
    cache: RatingsCache = app.state.ratings_cache
    with TestClient(app) as client:
        began = time.perf_counter()
        assert client.get("/leaderboard/cribbage/six-card").status_code == 200
        first_page_s = time.perf_counter() - began
        pages = []
        for _ in range(20):
            began = time.perf_counter()
            assert client.get("/leaderboard/cribbage/six-card").status_code == 200
            pages.append(time.perf_counter() - began)
    board = cache.board(game="cribbage", variant="six-card")
    assert board.version.games == 20_000
    assert sum(line.games for line in board.standings) == 40_000
    answers = []
    for _ in range(50):
        began = time.perf_counter()
        assert cache.board(game="cribbage", variant="six-card") is board
        answers.append(time.perf_counter() - began)
    print(
        f"\n20,000 games: first page (computing the board) {first_page_s * 1000:.0f} ms; "
        f"then page median {median(pages) * 1000:.1f} ms, max {max(pages) * 1000:.1f} ms; "
        f"cache.board median {median(answers) * 1000:.2f} ms, max {max(answers) * 1000:.2f} ms"
    )
    assert median(pages) < first_page_s / 10
    assert median(answers) < first_page_s / 50
