"""The read queries of the leaderboards and the bot pages, on both backends."""

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlmodel import Session

from croupier.games import Result
from croupier_server.db import FaultKind, MatchStatus, repository, statistics
from croupier_server.db.statistics import BoardVersion, FinishedBoard
from croupier_server.standings import standings, stored_deals

SIX_CARD = {"variant": "six-card", "match_points": 1}
FIVE_CARD = {"variant": "five-card", "match_points": 1}
MOMENT = datetime(2025, 3, 4, 5, 6, 7, tzinfo=UTC)


def add_bots(session: Session, game: str, *names: str) -> list[int]:
    bots = [repository.add_bot(session, name=name, game=game, command="true") for name in names]
    return [bot.id for bot in bots if bot.id is not None]


def start_game(
    session: Session,
    bot_ids: Sequence[int],
    *,
    game: str = "cribbage",
    options: Mapping[str, Any] = SIX_CARD,
    tournament_id: int | None = None,
    number: int | None = None,
    deal: int | None = None,
) -> int:
    match = repository.create_match(
        session,
        game=game,
        options=options,
        tournament_id=tournament_id,
        schedule_number=number,
        schedule_deal=deal,
    )
    assert match.id is not None
    record, _ = repository.create_game(session, match_id=match.id, seed=1, bot_ids=bot_ids)
    assert record.id is not None
    return record.id


def finish(session: Session, game_id: int, *scores: int) -> None:
    record = repository.finish_game(session, game_id=game_id, result=Result(scores=scores))
    repository.set_match_status(session, match_id=record.match_id, status=MatchStatus.FINISHED)


def played(session: Session, bot_ids: Sequence[int], *scores: int, **where: Any) -> int:
    game_id = start_game(session, bot_ids, **where)
    finish(session, game_id, *scores)
    return game_id


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
        record = repository.get_game(session, game_id=game_id)
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
    repository.abort_game(session, game_id=aborted, reason="test")
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
        repository.create_tournament(
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
    tournament = repository.create_tournament(
        session, game="cribbage", options=SIX_CARD, format="round-robin", settings={}
    )
    assert tournament.id is not None
    dealt = played(session, [alice, bob], 1, 0, tournament_id=tournament.id, number=0, deal=3)
    forfeited = start_game(session, [carol, alice])
    repository.mark_seat_forfeited(session, game_id=forfeited, seat=0)
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
    repository.record_fault(session, game_id=six, seat=1, kind=FaultKind.TIMEOUT)
    five = start_game(session, [bob, carol], options=FIVE_CARD)
    repository.record_action(
        session,
        game_id=five,
        seat=0,
        action="a",
        requested_at=MOMENT,
        decided_by="bot",
        latency_ms=12.0,
    )
    repository.record_fault(session, game_id=five, seat=0, kind=FaultKind.CRASH)
    finish(session, five, 1, 0)
    table = standings(session, game="cribbage", variant="five-card", resamples=10)
    assert [(line.bot, line.games) for line in table] == [("bob", 1), ("carol", 1)]
    assert table[0].faults == {"timeouts": 0, "illegal": 0, "crashes": 1, "forfeits": 0}
    assert table[0].latency_ms == (12.0, 12.0, 12.0)
    assert len(stored_deals(session, game="cribbage", variant="six-card")) == 1
    assert len(stored_deals(session, game="cribbage")) == 2


def test_a_bot_faults_by_kind_and_its_latest_ones(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    games = [played(session, [alice, bob], 1, 0) for _ in range(3)]
    for game_id, kind, number in [
        (games[0], FaultKind.TIMEOUT, 4),
        (games[1], FaultKind.CRASH, None),
        (games[2], FaultKind.TIMEOUT, 7),
    ]:
        repository.record_fault(
            session, game_id=game_id, seat=0, kind=kind, detail=f"{kind} here", action_number=number
        )
    repository.record_fault(session, game_id=games[2], seat=1, kind=FaultKind.ILLEGAL_ACTION)
    assert statistics.bot_fault_kinds(session, bot_id=alice) == {"timeout": 2, "crash": 1}
    assert statistics.bot_fault_kinds(session, bot_id=bob) == {"illegal_action": 1}
    latest = statistics.latest_bot_faults(session, bot_id=alice, limit=2)
    assert [(f.game_id, f.seat, f.kind, f.detail, f.action_number) for f in latest] == [
        (games[2], 0, "timeout", "timeout here", 7),
        (games[1], 0, "crash", "crash here", None),
    ]


def test_a_bot_latest_games_newest_first_with_every_player(session: Session) -> None:
    alice, bob, carol = add_bots(session, "cribbage", "alice", "bob", "carol")
    played(session, [alice, bob], 1, 0)
    won = played(session, [carol, alice], 0, 1, options=FIVE_CARD)
    running = start_game(session, [bob, alice])
    recent = statistics.recent_bot_games(session, bot_id=alice, limit=2)
    assert [(g.game_id, g.status, g.seat, g.players) for g in recent] == [
        (running, "running", 1, ("bob", "alice")),
        (won, "finished", 1, ("carol", "alice")),
    ]
    assert (recent[0].score, recent[0].place) == (None, None)
    assert (recent[1].variant, recent[1].score, recent[1].place) == ("five-card", 1, 1)
    assert recent[1].seat_status == "finished"
    assert statistics.recent_bot_games(session, bot_id=carol, limit=5)[0].game_id == won


def test_decision_times_come_from_the_bot_latest_games_only(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    games = [start_game(session, [alice, bob]) for _ in range(3)]
    for index, game_id in enumerate(games):
        for seat, latency in [(0, 10.0 * (index + 1)), (1, 999.0), (0, None)]:
            repository.record_action(
                session,
                game_id=game_id,
                seat=seat,
                action="a",
                requested_at=MOMENT + timedelta(seconds=index),
                decided_by="bot" if latency is not None else "forced",
                latency_ms=latency,
            )
    latest = statistics.recent_decision_latencies(session, bot_id=alice, games=2)
    assert (latest.games, sorted(latest.latencies)) == (2, [20.0, 30.0])
    every = statistics.recent_decision_latencies(session, bot_id=alice, games=10)
    assert (every.games, sorted(every.latencies)) == (3, [10.0, 20.0, 30.0])


def test_bot_ids_by_name(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    assert statistics.bot_ids(session) == {"alice": alice, "bob": bob}
