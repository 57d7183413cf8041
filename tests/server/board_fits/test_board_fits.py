"""One fit per board, stored: packed exactly, fitted under a lease, kept fresh by the fitter,
read by the pages (pending until the first fit where a fitter runs) and moved online between
fits."""

from datetime import timedelta

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.board_fits import (
    BoardFitter,
    BoardKey,
    compute_board,
    fit_board_now,
    fitting,
    fresh_board,
    note_request,
    read_board,
    store,
    stored_fit,
)
from croupier_server.board_fits.fitter import FIT_GAP_SECONDS, FIT_SHARE, pause_after
from croupier_server.board_fits.online import games_since, online_step
from croupier_server.board_fits.packing import pack, unpack
from croupier_server.db.models import BoardFitRecord
from croupier_server.db.statistics import BoardVersion
from croupier_server.web.ratings_cache import RatingsCache
from tests.server.conftest import Said
from tests.server.db.played import add_bots, played

CRIBBAGE = BoardKey("cribbage", "six-card")
RESAMPLES = 20


def some_games(engine: Engine) -> list[int]:
    """Three bots, three finished games; the games' ids."""
    with Session(engine) as session:
        alice, bob, carol = add_bots(session, "cribbage", "alice", "bob", "carol")
        return [
            played(session, [alice, bob], 1, 0),
            played(session, [carol, alice], 1, 0),
            played(session, [bob, carol], 0, 1),
        ]


def one_more_game(engine: Engine, winner: str, loser: str) -> int:
    with Session(engine) as session:
        ids = db.bot_ids(session)
        return played(session, [ids[winner], ids[loser]], 1, 0)


def test_a_packed_board_unpacks_to_the_same_board(engine: Engine) -> None:
    some_games(engine)
    board = compute_board(engine, CRIBBAGE, resamples=RESAMPLES)
    again = unpack(
        pack(board),
        key=board.key,
        version=board.version,
        games=board.games,
        computed_at=board.computed_at,
        seconds=board.seconds,
    )
    assert again == board
    with pytest.raises(ValueError, match="not a packed board"):
        unpack(
            b"not zlib",
            key=board.key,
            version=board.version,
            games=board.games,
            computed_at=board.computed_at,
            seconds=0.0,
        )


def test_a_board_without_rated_games_unpacks_to_the_same_board(engine: Engine) -> None:
    # A ladder's board before its first rated game: no bot, no pair, no history.
    board = compute_board(engine, CRIBBAGE, resamples=RESAMPLES)
    assert board.standings == ()
    again = unpack(
        pack(board),
        key=board.key,
        version=board.version,
        games=board.games,
        computed_at=board.computed_at,
        seconds=board.seconds,
    )
    assert again == board


def test_a_fit_is_stored_with_its_version_and_read_back(engine: Engine) -> None:
    ids = some_games(engine)
    fitted = fit_board_now(engine, CRIBBAGE, resamples=RESAMPLES)
    assert fitted is not None
    with Session(engine) as session:
        fit = stored_fit(session, CRIBBAGE)
        assert fit is not None
        assert fit.version == BoardVersion(3, ids[-1])
        assert read_board(session, CRIBBAGE) == fitted


def test_one_process_at_a_time_holds_a_boards_lease_and_a_late_fit_is_not_stored(
    engine: Engine,
) -> None:
    some_games(engine)
    hour = timedelta(hours=1)
    with Session(engine) as session:
        assert store.claim(session, CRIBBAGE, holder="a", lease=hour)
        assert not store.claim(session, CRIBBAGE, holder="b", lease=hour)
        assert store.claim(session, CRIBBAGE, holder="a", lease=hour)  # its own: renewed
    # Another process fitting: this one fits nothing.
    assert fit_board_now(engine, CRIBBAGE, holder="b", resamples=RESAMPLES) is None
    with Session(engine) as session:  # a holds a lease that has run out: b takes it
        assert store.claim(session, CRIBBAGE, holder="a", lease=-hour)
        assert store.claim(session, CRIBBAGE, holder="b", lease=hour)
    board = compute_board(engine, CRIBBAGE, resamples=RESAMPLES)
    with Session(engine) as session:
        assert not store.save(session, board, holder="a")  # a's lease is gone: not stored
        assert stored_fit(session, CRIBBAGE).version is None  # type: ignore[union-attr]
        assert store.save(session, board, holder="b")
        assert read_board(session, CRIBBAGE) == board
        assert store.claim(session, CRIBBAGE, holder="a", lease=hour)  # b's save ended it


def test_the_fitter_fits_the_boards_asked_for_once_per_change_of_their_games(
    engine: Engine,
) -> None:
    some_games(engine)
    fitter = BoardFitter(engine, resamples=RESAMPLES)
    assert fitter.step() is None  # nobody asked for a board, and no ladder is open
    with Session(engine) as session:
        note_request(session, CRIBBAGE)
    first = fitter.step()
    assert first is not None
    assert first.version.games == 3
    assert fitter.step() is None  # its games did not change
    newest = one_more_game(engine, "alice", "bob")
    second = fitter.step()
    assert second is not None
    assert second.version == BoardVersion(4, newest)
    with Session(engine) as session:
        assert read_board(session, CRIBBAGE) == second


def test_an_unreadable_fit_is_said_once_and_fitted_again(engine: Engine, said: Said) -> None:
    some_games(engine)
    fitter = BoardFitter(engine, resamples=RESAMPLES)
    with Session(engine) as session:
        note_request(session, CRIBBAGE)
    assert fitter.step() is not None
    with Session(engine) as session:  # damaged, or of another packing
        session.execute(sa.update(BoardFitRecord).values(data=b"\x00not a fit"))
        session.commit()
    with Session(engine) as session:
        assert read_board(session, CRIBBAGE) is None
        assert read_board(session, CRIBBAGE) is None
    unreadable = [line for line in said("croupier_server.board_fits") if "unreadable" in line]
    assert len(unreadable) == 1
    again = fitter.step()  # the fitter finds it never fitted
    assert again is not None
    with Session(engine) as session:
        assert read_board(session, CRIBBAGE) == again


def test_fits_take_at_most_their_share_of_the_time() -> None:
    assert pause_after(0.01) == FIT_GAP_SECONDS
    assert pause_after(10.0) == pytest.approx(10.0 * (1 / FIT_SHARE - 1))


def test_a_page_where_a_fitter_runs_is_pending_until_the_first_fit_and_never_fits(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = some_games(engine)
    cache = RatingsCache(engine, resamples=RESAMPLES, fits_here=False)

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a dashboard process of serve fitted a board")

    monkeypatch.setattr(fitting, "compute_board", refused)
    pending = cache.board(game="cribbage", variant="six-card")
    assert pending.pending
    assert pending.standings == ()
    assert pending.as_of(pending.computed_at) == "ratings being computed"
    with Session(engine) as session:  # the request is noted for the fitter
        fit = stored_fit(session, CRIBBAGE)
        assert fit is not None
        assert fit.requested_at is not None
    monkeypatch.undo()
    assert BoardFitter(engine, resamples=RESAMPLES).step() is not None
    board = cache.board(game="cribbage", variant="six-card")
    assert not board.pending
    assert board.version == BoardVersion(3, ids[-1])
    assert {line.bot for line in board.standings} == {"alice", "bob", "carol"}
    assert board.as_of(board.computed_at + timedelta(seconds=12)) == (
        "ratings as of 12 s ago, 3 games"
    )


def test_ratings_reads_the_stored_fit_when_it_covers_the_games(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    some_games(engine)
    stored = fit_board_now(engine, CRIBBAGE, resamples=RESAMPLES)
    monkeypatch.setattr(fitting, "compute_board", lambda *a, **k: pytest.fail("fitted again"))
    assert fresh_board(engine, CRIBBAGE) == stored
    monkeypatch.undo()
    one_more_game(engine, "bob", "alice")
    fresh = fresh_board(engine, CRIBBAGE, resamples=RESAMPLES)
    assert fresh.version.games == 4
    with Session(engine) as session:
        assert read_board(session, CRIBBAGE) == fresh  # made now, and stored


def test_a_game_after_the_fit_moves_its_bots_ratings_at_once(engine: Engine) -> None:
    some_games(engine)
    board = fit_board_now(engine, CRIBBAGE, resamples=RESAMPLES)
    assert board is not None
    newest = one_more_game(engine, "bob", "alice")
    with Session(engine) as session:
        since = games_since(session, board)
    assert [game.id for game in since] == [newest]
    step = online_step(board, since)
    fitted = {line.bot: line.elo for line in board.standings}
    assert step.games == 1
    assert step.provisional == {"alice", "bob"}
    assert step.moved("bob", fitted["bob"]) > 0 > step.moved("alice", fitted["alice"])
    assert step.moved("carol", fitted["carol"]) == 0.0


def test_a_board_fitted_by_one_process_is_read_by_another_without_fitting(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    some_games(engine)
    fitted = RatingsCache(engine, resamples=RESAMPLES).board(game="cribbage", variant="six-card")
    monkeypatch.setattr(fitting, "compute_board", lambda *a, **k: pytest.fail("fitted again"))
    restarted = RatingsCache(engine, resamples=RESAMPLES)  # fits here, but need not
    assert restarted.board(game="cribbage", variant="six-card") == fitted
