"""The games on both backends: their seats, events, actions and faults, their end."""

from datetime import UTC, datetime, timedelta, timezone
from typing import Any, Literal

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import Session

from croupier.games import Result, load_game
from croupier_server import db
from croupier_server.db import (
    DecidedBy,
    FaultKind,
    GameRecord,
    GameStatus,
    RecordNotFound,
    SeatStatus,
)
from tests import queries

LEXIO = {"players": 4, "rounds": 1}
MOMENT = datetime(2025, 3, 4, 5, 6, 7, 123456, tzinfo=UTC)


def make_bots(session: Session, count: int, game: str = "lexio") -> list[int]:
    bots = [
        db.add_bot(session, name=f"{game}-bot-{i}", game=game, command=f"python bot{i}.py")
        for i in range(count)
    ]
    return [bot.id for bot in bots if bot.id is not None]


def make_game(
    session: Session, bot_ids: list[int], *, seed: int = 7, started_at: datetime | None = None
) -> GameRecord:
    return db.create_game(
        session, game="lexio", options=LEXIO, seed=seed, bot_ids=bot_ids, started_at=started_at
    )


def test_a_game_with_seats_events_actions_and_faults_round_trips(
    session: Session, engine: Engine
) -> None:
    bot_ids = make_bots(session, 4)
    game = db.create_game(
        session,
        game="lexio",
        options=LEXIO,
        seed=7,
        bot_ids=bot_ids,
        settings={"decision_ms": 1000, "time_bank_ms": 30_000, "faults": {"timeout": "default"}},
    )
    assert game.id is not None
    assert (game.game, game.options, game.status) == ("lexio", LEXIO, GameStatus.RUNNING)

    state = load_game("lexio", LEXIO).new_state(7)
    assert db.record_events(session, game_id=game.id, events=state.events, at=MOMENT) == range(5)
    seat = state.seats_to_act()[0]
    action = state.legal_actions(seat)[0]
    db.record_action(
        session,
        game_id=game.id,
        seat=seat,
        action=action,
        requested_at=MOMENT,
        latency_ms=12.5,
        decided_by=DecidedBy.BOT,
    )
    state.apply(seat, action)
    assert db.record_events(session, game_id=game.id, events=state.events[5:], seat=seat) == range(
        5, len(state.events)
    )
    db.record_fault(
        session, game_id=game.id, seat=2, kind=FaultKind.TIMEOUT, detail="1000 ms", at=MOMENT
    )
    db.record_fault(session, game_id=game.id, seat=1, kind="crash", action_number=0)

    with Session(engine) as reader:
        seats = db.game_seats(reader, game_id=game.id)
        assert [s.bot_id for s in seats] == bot_ids
        assert [s.status for s in seats] == [SeatStatus.PLAYING] * 4
        assert [s.decisions for s in seats] == [int(s.seat == seat) for s in seats]

        events = db.game_events(reader, game_id=game.id)
        assert [e.number for e in events] == list(range(len(state.events)))
        assert [e.text for e in events] == [str(event) for event in state.events]
        assert [e.kind for e in events[:2]] == ["RoundStarted", "TilesDealt"]
        assert [e.visible_to for e in events[:5]] == [None, 0, 1, 2, 3]
        assert [e.seat for e in events] == [None] * 5 + [seat] * (len(events) - 5)
        assert events[1].data["tiles"] == [str(tile) for tile in state.events[1].tiles]
        assert events[0].at == MOMENT
        assert db.game_events(reader, game_id=game.id, since=5) == events[5:]
        assert all(e.at == MOMENT for e in events[:5])
        assert all(e.at > MOMENT for e in events[5:])

        [stored_action] = db.game_actions(reader, game_id=game.id)
        assert (stored_action.number, stored_action.seat, stored_action.text) == (
            0,
            seat,
            str(action),
        )
        assert (stored_action.latency_ms, stored_action.decided_by) == (12.5, DecidedBy.BOT)
        faults = db.game_faults(reader, game_id=game.id)
        assert [(f.seat, f.kind, f.detail, f.action_number) for f in faults] == [
            (2, "timeout", "1000 ms", None),
            (1, "crash", "", 0),
        ]
        assert [f.kind for f in db.game_faults(reader, game_id=game.id, seat=1)] == ["crash"]
        stored_game = db.get_game(reader, game_id=game.id)
        assert stored_game is not None
        assert stored_game.settings["faults"] == {"timeout": "default"}


def test_events_are_filtered_by_what_each_seat_may_see(session: Session) -> None:
    game = make_game(session, make_bots(session, 4))
    assert game.id is not None
    state = load_game("lexio", LEXIO).new_state(7)
    db.record_events(session, game_id=game.id, events=state.events)

    def kinds(visible_to: int | Literal["all"] | None) -> list[tuple[str, int | None]]:
        assert game.id is not None
        events = db.game_events(session, game_id=game.id, visible_to=visible_to)
        return [(event.kind, event.visible_to) for event in events]

    assert kinds(None) == [("RoundStarted", None)]
    assert kinds(2) == [("RoundStarted", None), ("TilesDealt", 2)]
    assert kinds("all") == [("RoundStarted", None)] + [("TilesDealt", s) for s in range(4)]


def test_events_may_carry_a_time_each(session: Session) -> None:
    game = make_game(session, make_bots(session, 4))
    assert game.id is not None
    events = load_game("lexio", LEXIO).new_state(7).events
    times = [MOMENT + timedelta(microseconds=n) for n in range(len(events))]
    db.record_events(session, game_id=game.id, events=events, at=times)
    assert [e.at for e in db.game_events(session, game_id=game.id)] == times
    with pytest.raises(ValueError, match="2 times for 5 events"):
        db.record_events(session, game_id=game.id, events=events, at=times[:2])
    with pytest.raises(ValueError, match="'thought' is not a valid DecidedBy"):
        db.record_action(
            session,
            game_id=game.id,
            seat=0,
            action="pass",
            requested_at=MOMENT,
            decided_by="thought",
        )


def test_json_options_and_results_round_trip(session: Session, engine: Engine) -> None:
    options = {"variant": "five-card", "match_points": 1}
    settings = {"nested": {"list": [1, 2.5, None, True, "ünï"]}, "empty": {}, "a": [[]]}
    bot_ids = make_bots(session, 2, game="cribbage")
    game = db.create_game(
        session, game="cribbage", options=options, seed=1, bot_ids=bot_ids, settings=settings
    )
    with Session(engine) as reader:
        assert game.id is not None
        stored = db.get_game(reader, game_id=game.id)
        assert stored is not None
        assert (stored.options, stored.settings) == (options, settings)


@pytest.mark.parametrize("seed", [0, 2**63 - 1, -(2**63)])
def test_seeds_use_the_whole_signed_64_bit_range(
    session: Session, engine: Engine, seed: int
) -> None:
    game = make_game(session, make_bots(session, 4), seed=seed)
    with Session(engine) as reader:
        assert game.id is not None
        stored = db.get_game(reader, game_id=game.id)
        assert stored is not None
        assert stored.seed == seed


def test_seeds_beyond_64_bits_and_wrong_seat_counts_are_refused(session: Session) -> None:
    bot_ids = make_bots(session, 4)
    with pytest.raises(ValueError, match="64-bit"):
        db.create_game(session, game="lexio", options=LEXIO, seed=2**63, bot_ids=bot_ids)
    with pytest.raises(ValueError, match="3 bots for a game of 4 seats"):
        db.create_game(session, game="lexio", options=LEXIO, seed=1, bot_ids=bot_ids[:3])
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        db.create_game(session, game="chess", options={}, seed=1, bot_ids=bot_ids)


def test_timestamps_come_back_utc_aware_with_microseconds(session: Session, engine: Engine) -> None:
    game = make_game(session, make_bots(session, 4))
    assert game.id is not None
    tokyo = timezone(timedelta(hours=9))
    db.record_action(
        session,
        game_id=game.id,
        seat=0,
        action="pass",
        requested_at=MOMENT.astimezone(tokyo),
        decided_by=DecidedBy.DEFAULT,
    )
    with Session(engine) as reader:
        [action] = db.game_actions(reader, game_id=game.id)
        stored_game = db.get_game(reader, game_id=game.id)
        assert stored_game is not None
    for moment in (action.requested_at, stored_game.started_at):
        assert moment.tzinfo is UTC
    assert action.requested_at == MOMENT
    assert (action.requested_at.hour, action.requested_at.microsecond) == (5, 123456)
    assert abs(stored_game.started_at - datetime.now(UTC)) < timedelta(minutes=1)


def test_naive_timestamps_are_refused(session: Session) -> None:
    game = make_game(session, make_bots(session, 4))
    assert game.id is not None
    with pytest.raises(sa.exc.StatementError, match="naive datetime"):
        db.record_fault(
            session, game_id=game.id, seat=0, kind="crash", at=datetime(2025, 1, 1, 12, 0)
        )
    assert db.game_faults(session, game_id=game.id) == []


def test_finish_game_sets_scores_places_and_seat_statuses(session: Session, engine: Engine) -> None:
    game = make_game(session, make_bots(session, 4))
    assert game.id is not None
    db.record_events(session, game_id=game.id, events=load_game("lexio", LEXIO).new_state(7).events)
    forfeited = db.mark_seat_forfeited(session, game_id=game.id, seat=3)
    assert (forfeited.status, forfeited.forfeited_at_event) == (SeatStatus.FORFEITED, 5)
    db.finish_game(
        session, game_id=game.id, result=Result(scores=(70, 90, 70, 26)), ended_by="forfeit"
    )
    with Session(engine) as reader:
        stored = db.get_game(reader, game_id=game.id)
        assert stored is not None
        assert (stored.status, stored.ended_by) == (GameStatus.FINISHED, "forfeit")
        assert stored.result == {
            "scores": [70, 90, 70, 26],
            "places": [2, 1, 2, 4],
            "details": {},
        }
        assert stored.finished_at is not None
        assert stored.finished_at >= stored.started_at
        seats = db.game_seats(reader, game_id=game.id)
        assert [(s.score, s.place, s.status) for s in seats] == [
            (70, 2, SeatStatus.FINISHED),
            (90, 1, SeatStatus.FINISHED),
            (70, 2, SeatStatus.FINISHED),
            (26, 4, SeatStatus.FORFEITED),
        ]
    with pytest.raises(ValueError, match="3 scores for a game of 4 seats"):
        db.finish_game(session, game_id=game.id, result=Result(scores=(1, 2, 3)))


def test_abort_game_keeps_no_result_and_says_why(session: Session) -> None:
    game = make_game(session, make_bots(session, 4))
    assert game.id is not None
    db.abort_game(session, game_id=game.id, reason="the server shut down")
    stored = db.get_game(session, game_id=game.id)
    assert stored is not None
    assert (stored.status, stored.ended_by, stored.end_detail, stored.result) == (
        GameStatus.ABORTED,
        "aborted",
        "the server shut down",
        None,
    )
    assert {seat.status for seat in db.game_seats(session, game_id=game.id)} == {
        SeatStatus.FINISHED
    }


def test_missing_games_and_seats_are_reported(session: Session) -> None:
    with pytest.raises(RecordNotFound, match="no seat"):
        db.record_action(
            session,
            game_id=1,
            seat=0,
            action="pass",
            requested_at=MOMENT,
            decided_by=DecidedBy.BOT,
        )
    with pytest.raises(RecordNotFound, match="no game"):
        db.finish_game(session, game_id=1, result=Result(scores=(1,)))
    with pytest.raises(RecordNotFound, match="no seat"):
        db.mark_seat_forfeited(session, game_id=1, seat=0)
    assert db.get_game(session, game_id=1) is None


def test_list_games_filters_newest_first_and_pages(session: Session) -> None:
    lexio_bots = make_bots(session, 5)
    cribbage_bots = make_bots(session, 2, game="cribbage")
    first = make_game(session, lexio_bots[:4], started_at=MOMENT)
    second = make_game(session, lexio_bots[1:], started_at=MOMENT + timedelta(seconds=1))
    cup = db.create_tournament(
        session, game="cribbage", options={"match_points": 1}, format="round-robin", settings={}
    )
    third = db.create_game(
        session,
        game="cribbage",
        options={"match_points": 1},
        tournament_id=cup.id,
        schedule_number=0,
        seed=3,
        bot_ids=cribbage_bots,
        started_at=MOMENT + timedelta(seconds=2),
    )
    assert third.id is not None
    db.finish_game(session, game_id=third.id, result=Result(scores=(1, 0)))

    def ids(**filters: Any) -> list[int | None]:
        return [game.id for game in queries.list_games(session, **filters)]

    assert ids() == [third.id, second.id, first.id]
    assert ids(game="lexio") == [second.id, first.id]
    assert ids(bot_id=lexio_bots[0]) == [first.id]
    assert ids(bot_id=lexio_bots[4]) == [second.id]
    assert ids(status=GameStatus.FINISHED) == [third.id]
    assert ids(status=GameStatus.RUNNING, game="cribbage") == []
    assert ids(tournament_id=cup.id) == [third.id]
    assert ids(limit=2) == [third.id, second.id]
    assert ids(limit=2, offset=2) == [first.id]


def test_a_scheduled_game_names_its_tournament_number_and_deal(session: Session) -> None:
    cup = db.create_tournament(
        session, game="lexio", options=LEXIO, format="round-robin", settings={}
    )
    game = db.create_game(
        session,
        game="lexio",
        options=LEXIO,
        seed=1,
        bot_ids=make_bots(session, 4),
        tournament_id=cup.id,
        schedule_number=5,
        schedule_deal=2,
    )
    assert game.id is not None
    stored = db.get_game(session, game_id=game.id)
    assert stored is not None
    assert (stored.tournament_id, stored.schedule_number, stored.schedule_deal) == (cup.id, 5, 2)
    assert stored.status == GameStatus.RUNNING
