"""The read queries of the leaderboards, on both backends."""

from datetime import UTC, datetime

from sqlmodel import Session

from croupier_server import db
from croupier_server.db import FaultKind, statistics
from croupier_server.db.statistics import BoardVersion, FinishedBoard
from croupier_server.standings import standings, stored_deals
from tests.server.db.played import FIVE_CARD, SIX_CARD, add_bots, finish, played, start_game

MOMENT = datetime(2025, 3, 4, 5, 6, 7, tzinfo=UTC)


def test_a_game_stores_the_label_of_its_variant(session: Session) -> None:
    lexio = add_bots(session, "lexio", "l1", "l2", "l3")
    cribbage = add_bots(session, "cribbage", "c1", "c2")
    games = [
        start_game(session, lexio, game="lexio", options={"players": 3, "rounds": 1}),
        start_game(session, cribbage, options=FIVE_CARD),
        start_game(session, cribbage, options={}),
    ]
    variants = []
    for game_id in games:
        record = db.get_game(session, game_id=game_id)
        assert record is not None
        variants.append(record.variant)
    assert variants == ["3 players", "five-card", "six-card"]


def test_the_boards_are_the_variants_with_finished_games_and_their_counts(
    session: Session,
) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    lexio = add_bots(session, "lexio", "l1", "l2", "l3")
    first = played(session, [alice, bob], 1, 0)
    five = played(session, [bob, alice], 1, 0, options=FIVE_CARD)
    last = played(session, [bob, alice], 0, 1)
    start_game(session, [alice, bob])  # running: not on the board yet
    aborted = start_game(session, [alice, bob])
    db.abort_game(session, game_id=aborted, reason="test")
    three = played(session, lexio, 3, -1, -2, game="lexio", options={"players": 3, "rounds": 1})
    assert first < last
    assert statistics.finished_boards(session) == [
        FinishedBoard("cribbage", "five-card", BoardVersion(1, five)),
        FinishedBoard("cribbage", "six-card", BoardVersion(2, last)),
        FinishedBoard("lexio", "3 players", BoardVersion(1, three)),
    ]
    assert statistics.finished_boards(session, game="lexio") == [
        FinishedBoard("lexio", "3 players", BoardVersion(1, three))
    ]
    assert statistics.board_version(session, game="cribbage") == BoardVersion(3, last)
    assert statistics.board_version(session, game="cribbage", variant="six-card") == BoardVersion(
        2, last
    )


def test_a_board_version_changes_when_an_older_game_finishes_last(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    assert statistics.board_version(session, game="cribbage") == BoardVersion(0, None)
    older = start_game(session, [alice, bob])
    newer = start_game(session, [bob, alice])
    finish(session, newer, 1, 0)
    before = statistics.board_version(session, game="cribbage")
    finish(session, older, 0, 1)
    after = statistics.board_version(session, game="cribbage")
    assert (before, after) == (BoardVersion(1, newer), BoardVersion(2, newer))


def test_a_tournament_board_version_counts_its_finished_matches(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    ids = [
        db.create_tournament(
            session, game="cribbage", options=SIX_CARD, format="round-robin", settings={}
        ).id
        for _ in range(2)
    ]
    ours, theirs = ids
    assert ours is not None
    assert theirs is not None
    played(session, [alice, bob], 1, 0, tournament_id=ours, number=0, deal=0)
    start_game(session, [bob, alice], tournament_id=ours, number=1, deal=0)
    played(session, [bob, alice], 1, 0, tournament_id=theirs, number=0, deal=0)
    version = statistics.board_version(session, game="cribbage", tournament_id=ours)
    assert version.games == 1
    assert version == statistics.board_version(session, game="cribbage", tournament_id=ours)
    assert statistics.board_version(session, game="cribbage", tournament_id=ours + theirs) == (
        BoardVersion(0, None)
    )


def test_finished_games_come_with_their_deal_bots_scores_and_forfeits(session: Session) -> None:
    alice, bob, carol = add_bots(session, "cribbage", "alice", "bob", "carol")
    tournament = db.create_tournament(
        session, game="cribbage", options=SIX_CARD, format="round-robin", settings={}
    )
    assert tournament.id is not None
    dealt = played(session, [alice, bob], 1, 0, tournament_id=tournament.id, number=0, deal=3)
    forfeited = start_game(session, [carol, alice])
    db.mark_seat_forfeited(session, game_id=forfeited, seat=0)
    finish(session, forfeited, 0, 1)
    played(session, [bob, carol], 1, 0, options=FIVE_CARD)
    games = statistics.finished_game_seats(session, game="cribbage", variant="six-card")
    assert [(g.id, g.tournament_id, g.schedule_deal) for g in games] == [
        (dealt, tournament.id, 3),
        (forfeited, None, None),
    ]
    assert [(g.bots, g.scores, g.forfeited) for g in games] == [
        (("alice", "bob"), (1.0, 0.0), ()),
        (("carol", "alice"), (0.0, 1.0), ("carol",)),
    ]
    in_tournament = statistics.finished_game_seats(
        session, game="cribbage", tournament_id=tournament.id
    )
    assert [game.id for game in in_tournament] == [dealt]
    assert len(statistics.finished_game_seats(session, game="cribbage")) == 3


def test_standings_of_one_variant_leave_the_other_variants_out(session: Session) -> None:
    alice, bob, carol = add_bots(session, "cribbage", "alice", "bob", "carol")
    six = played(session, [alice, bob], 1, 0)
    db.record_fault(session, game_id=six, seat=1, kind=FaultKind.TIMEOUT)
    five = start_game(session, [bob, carol], options=FIVE_CARD)
    db.record_action(
        session,
        game_id=five,
        seat=0,
        action="a",
        requested_at=MOMENT,
        decided_by="bot",
        latency_ms=12.0,
    )
    db.record_fault(session, game_id=five, seat=0, kind=FaultKind.CRASH)
    finish(session, five, 1, 0)
    table = standings(session, game="cribbage", variant="five-card", resamples=10)
    assert [(line.bot, line.games) for line in table] == [("bob", 1), ("carol", 1)]
    assert table[0].faults == {"timeouts": 0, "illegal": 0, "crashes": 1, "forfeits": 0}
    assert table[0].latency_ms == (12.0, 12.0, 12.0)
    assert len(stored_deals(session, game="cribbage", variant="six-card")) == 1
    assert len(stored_deals(session, game="cribbage")) == 2


def test_a_game_no_seat_of_which_was_played_by_its_bot_is_not_rated(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    rated = played(session, [alice, bob], 1, 0)
    undecided = played(session, [alice, bob], 0, 1, decided=False)
    db.record_fault(session, game_id=undecided, seat=0, kind=FaultKind.CRASH)
    apart = played(session, [bob, alice], 1, 0)
    record = db.get_game(session, game_id=apart)
    assert record is not None
    record.rated = False  # a check game, stored as not rated
    session.commit()
    games = statistics.finished_game_seats(session, game="cribbage")
    assert [game.id for game in games] == [rated]
    every = statistics.finished_game_seats(session, game="cribbage", unrated=True)
    assert [(game.id, game.rated) for game in every] == [
        (rated, True),
        (undecided, False),
        (apart, False),
    ]
    table = standings(session, game="cribbage", resamples=10)
    assert [(line.bot, line.games, line.faults["crashes"]) for line in table] == [
        ("alice", 1, 0),
        ("bob", 1, 0),
    ]
    reasons = {}
    for game_id in (rated, undecided, apart):
        game = db.get_game(session, game_id=game_id)
        assert game is not None
        seats = db.game_seats(session, game_id=game_id)
        reasons[game_id] = statistics.why_unrated(game, seats, person_seated=False)
    assert reasons == {
        rated: "",
        undecided: "no seat was played by its bot: the referee's default policy chose every action",
        apart: "it was played apart from the ratings",
    }
    game = db.get_game(session, game_id=apart)
    assert game is not None
    seats = db.game_seats(session, game_id=apart)
    assert statistics.why_unrated(game, seats, person_seated=True) == (
        "a person sat at it: it is rated for nobody"
    )
