"""The read queries of a bot's page, on both backends."""

from datetime import UTC, datetime, timedelta

from sqlmodel import Session

from croupier_server import db
from croupier_server.db import FaultKind, bot_history
from tests.server.db.played import FIVE_CARD, add_bots, played, start_game

MOMENT = datetime(2025, 3, 4, 5, 6, 7, tzinfo=UTC)


def test_a_bot_faults_by_kind_and_its_latest_ones(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    games = [played(session, [alice, bob], 1, 0) for _ in range(3)]
    for game_id, kind, number in [
        (games[0], FaultKind.TIMEOUT, 4),
        (games[1], FaultKind.CRASH, None),
        (games[2], FaultKind.TIMEOUT, 7),
    ]:
        db.record_fault(
            session, game_id=game_id, seat=0, kind=kind, detail=f"{kind} here", action_number=number
        )
    db.record_fault(session, game_id=games[2], seat=1, kind=FaultKind.ILLEGAL_ACTION)
    assert bot_history.bot_fault_kinds(session, bot_id=alice) == {"timeout": 2, "crash": 1}
    assert bot_history.bot_fault_kinds(session, bot_id=bob) == {"illegal_action": 1}
    latest = bot_history.latest_bot_faults(session, bot_id=alice, limit=2)
    assert [(f.game_id, f.seat, f.kind, f.detail, f.action_number) for f in latest] == [
        (games[2], 0, "timeout", "timeout here", 7),
        (games[1], 0, "crash", "crash here", None),
    ]


def test_a_bot_latest_games_newest_first_with_every_player(session: Session) -> None:
    alice, bob, carol = add_bots(session, "cribbage", "alice", "bob", "carol")
    played(session, [alice, bob], 1, 0)
    won = played(session, [carol, alice], 0, 1, options=FIVE_CARD)
    running = start_game(session, [bob, alice])
    recent = bot_history.recent_bot_games(session, bot_id=alice, limit=2)
    assert [(g.game_id, g.status, g.seat, g.players) for g in recent] == [
        (running, "running", 1, ("bob", "alice")),
        (won, "finished", 1, ("carol", "alice")),
    ]
    assert (recent[0].score, recent[0].place) == (None, None)
    assert (recent[1].variant, recent[1].score, recent[1].place) == ("five-card", 1, 1)
    assert recent[1].seat_status == "finished"
    assert bot_history.recent_bot_games(session, bot_id=carol, limit=5)[0].game_id == won


def test_decision_times_come_from_the_bot_latest_games_only(session: Session) -> None:
    alice, bob = add_bots(session, "cribbage", "alice", "bob")
    games = [start_game(session, [alice, bob]) for _ in range(3)]
    for index, game_id in enumerate(games):
        for seat, latency in [(0, 10.0 * (index + 1)), (1, 999.0), (0, None)]:
            db.record_action(
                session,
                game_id=game_id,
                seat=seat,
                action="a",
                requested_at=MOMENT + timedelta(seconds=index),
                decided_by="bot" if latency is not None else "forced",
                latency_ms=latency,
            )
    latest = bot_history.recent_decision_latencies(session, bot_id=alice, games=2)
    assert (latest.games, sorted(latest.latencies)) == (2, [20.0, 30.0])
    every = bot_history.recent_decision_latencies(session, bot_id=alice, games=10)
    assert (every.games, sorted(every.latencies)) == (3, [10.0, 20.0, 30.0])
