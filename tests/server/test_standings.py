"""A board's games as arrays give the standings that its games as deals give."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.board_fits import BoardKey, compute_board
from croupier_server.db import statistics
from croupier_server.db.statistics import BoardSeats, FinishedGame
from croupier_server.ratings import elo_histories, head_to_head, margins
from croupier_server.ratings.results import PairResults
from croupier_server.standings import board_deals, deals_of, fault_counts, rank_bots, seat_games
from tests.server.db.played import add_bots, played

NAMES = ("ann", "bob", "cy", "dee")

a_game = st.tuples(
    st.sampled_from([None, 1, 2]),  # tournament
    st.sampled_from([None, 0, 1, 2]),  # its deal
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=4),  # a seat's bot
    st.lists(st.integers(0, 3), min_size=4, max_size=4),  # scores
    st.lists(st.booleans(), min_size=4, max_size=4),  # forfeits
)


def finished_games(drawn: list[tuple[object, ...]]) -> list[FinishedGame]:
    games = []
    for number, (tournament, deal, bots, scores, forfeits) in enumerate(drawn, start=1):
        assert isinstance(bots, list)
        assert isinstance(scores, list)
        assert isinstance(forfeits, list)
        seated = tuple(bots)
        games.append(
            FinishedGame(
                id=number * 3,
                tournament_id=tournament if isinstance(tournament, int) else None,
                schedule_deal=deal if isinstance(deal, int) else None,
                schedule_number=None,
                bots=seated,
                scores=tuple(float(s) for s in scores[: len(seated)]),
                forfeited=tuple(b for b, f in zip(seated, forfeits, strict=False) if f),
            )
        )
    return games


def as_seats(games: list[FinishedGame]) -> BoardSeats:
    """The games' seats as :func:`~croupier_server.db.statistics.board_seats` reads them."""
    names = sorted({bot for game in games for bot in game.bots})
    rows = [
        (game_id, tournament, deal, names.index(bot), score, forfeited)
        for game_id, tournament, deal, bot, score, forfeited in _seat_rows(games)
    ]
    columns = list(zip(*rows, strict=True)) if rows else [()] * 6
    return BoardSeats(
        bots=tuple(names),
        game=np.array(columns[0], dtype=np.int64),
        tournament=np.array(columns[1], dtype=np.int64),
        deal=np.array(columns[2], dtype=np.int64),
        bot=np.array(columns[3], dtype=np.int64),
        score=np.array(columns[4], dtype=np.float64),
        forfeited=np.array(columns[5], dtype=np.bool_),
    )


def _seat_rows(games: list[FinishedGame]) -> list[tuple[int, int, int, str, float, bool]]:
    rows = []
    for game in games:
        forfeits = list(game.forfeited)  # in seat order: the bot's first seats forfeited
        for bot, score in zip(game.bots, game.scores, strict=True):
            forfeited = bot in forfeits
            if forfeited:
                forfeits.remove(bot)
            rows.append(
                (
                    game.id,
                    -1 if game.tournament_id is None else game.tournament_id,
                    -1 if game.schedule_deal is None else game.schedule_deal,
                    bot,
                    score,
                    forfeited,
                )
            )
    return rows


@settings(max_examples=150, deadline=None)
@given(st.lists(a_game, max_size=14))
def test_the_array_deals_are_the_deals_of_the_games(drawn: list[tuple[object, ...]]) -> None:
    games = finished_games(drawn)
    deals = deals_of(games)
    board = board_deals(as_seats(games))
    assert board.tables.deals == len(deals)
    expected, got = PairResults.from_deals(deals), board.tables.pair_results()
    assert got.bots == expected.bots
    for name in ("deal", "first", "second", "weight", "score"):
        assert getattr(got, name).tolist() == pytest.approx(getattr(expected, name).tolist())
    assert board.seat_games == seat_games(games)
    assert head_to_head(board.tables) == head_to_head(deals)
    histories = elo_histories(board.tables, moments=5)
    assert histories.keys() == elo_histories(deals, moments=5).keys()
    for bot, history in elo_histories(deals, moments=5).items():
        assert [n for n, _ in histories[bot]] == [n for n, _ in history]
        assert [elo for _, elo in histories[bot]] == pytest.approx([e for _, e in history])
    assert margins(board.tables, resamples=30) == margins(deals, resamples=30)
    assert fault_counts({}, as_seats(games)) == fault_counts({}, games)


@settings(max_examples=40, deadline=None)
@given(st.lists(a_game, max_size=14))
def test_the_array_standings_are_the_standings_of_the_deals(
    drawn: list[tuple[object, ...]],
) -> None:
    games = finished_games(drawn)
    from_arrays = rank_bots(board_deals(as_seats(games)).tables, faults={}, resamples=30)
    from_deals = rank_bots(deals_of(games), faults={}, resamples=30)
    assert [line.bot for line in from_arrays] == [line.bot for line in from_deals]
    for mine, theirs in zip(from_arrays, from_deals, strict=True):
        assert mine.elo == pytest.approx(theirs.elo, abs=1e-9)
        assert mine.elo_interval.low == pytest.approx(theirs.elo_interval.low, abs=1e-9)
        assert (mine.games, mine.deals, mine.margin_interval) == (
            theirs.games,
            theirs.deals,
            theirs.margin_interval,
        )
        assert mine.score == pytest.approx(theirs.score)


def test_a_stored_board_reads_as_arrays_what_it_reads_as_games(engine: Engine) -> None:
    with Session(engine) as session:
        ann, bob, cy = add_bots(session, "cribbage", "ann", "bob", "cy")
        tournament = db.create_tournament(
            session, game="cribbage", options={}, format="round-robin", settings={}
        )
        assert tournament.id is not None
        for deal, (first, second, scores) in enumerate(
            [(ann, bob, (2, 1)), (bob, cy, (0, 3)), (cy, ann, (1, 1))]
        ):
            for number, seated in enumerate([[first, second], [second, first]]):
                played(
                    session,
                    seated,
                    *(scores if number == 0 else scores[::-1]),
                    tournament_id=tournament.id,
                    number=2 * deal + number,
                    deal=deal,
                )
        played(session, [bob, ann], 3, 0)  # outside the tournament: a deal of its own
        played(session, [cy, bob], 1, 1, decided=False)  # not rated
        games = statistics.finished_game_seats(session, game="cribbage")
        seats = statistics.board_seats(session, game="cribbage")
    assert as_seats(games).bots == seats.bots
    for name in ("game", "tournament", "deal", "bot", "score", "forfeited"):
        assert getattr(as_seats(games), name).tolist() == getattr(seats, name).tolist()
    board = compute_board(engine, BoardKey("cribbage"), resamples=20)
    table = rank_bots(deals_of(games), faults=fault_counts({}, games), resamples=20)
    assert board.games == len(games) == 7
    assert [line.bot for line in board.standings] == [line.bot for line in table]
    assert [line.elo for line in board.standings] == pytest.approx([line.elo for line in table])
    assert board.seat_games == seat_games(games)
