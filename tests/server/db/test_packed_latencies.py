"""A packed game's seats keep their latencies exactly, and the readers take them from there."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st
from sqlmodel import Session, col

from croupier_server import db
from croupier_server.db import ReplayMismatch, bot_history
from croupier_server.db.game_log import seat_latencies
from croupier_server.db.models import SeatRecord
from croupier_server.db.packed_latencies import pack_latencies, unpack_latencies
from croupier_server.outcomes import DecidedBy
from tests.server.db.test_replay import RULE_SETS, store_game

WHOLE_MICROSECONDS = st.integers(0, 10**12).map(lambda microseconds: microseconds / 1000)
"""Latencies as the referee stores them (:func:`~.packed_log.exact_latency_ms`)."""


@given(st.lists(WHOLE_MICROSECONDS))
def test_latencies_in_whole_microseconds_come_back_sorted_exactly(latencies: list[float]) -> None:
    packed = pack_latencies(latencies)
    assert unpack_latencies(packed) == sorted(latencies)
    assert len(packed) <= 1 + 6 * len(latencies)


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False) | WHOLE_MICROSECONDS))
def test_any_latencies_come_back_sorted_exactly(latencies: list[float]) -> None:
    assert unpack_latencies(pack_latencies(latencies)) == sorted(latencies)


@pytest.mark.parametrize("damaged", [b"", b"\x00\x81", b"\x02\x01", b"\x01\x00\x00"])
def test_damaged_latencies_are_refused(damaged: bytes) -> None:
    with pytest.raises(ValueError, match="not packed latencies"):
        unpack_latencies(damaged)


def _journal_latencies(session: Session, game_id: int) -> dict[int, list[float]]:
    """Each seat's latencies of the answered actions, from the game's actions, sorted."""
    seats: dict[int, list[float]] = {
        seat.seat: [] for seat in db.game_seats(session, game_id=game_id)
    }
    for action in db.game_actions(session, game_id=game_id):
        if action.latency_ms is not None:
            seats[action.seat].append(action.latency_ms)
    return {seat: sorted(latencies) for seat, latencies in seats.items()}


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_a_packed_game_s_seats_give_the_latencies_its_journal_gave(
    session: Session, name: str, options: dict[str, Any]
) -> None:
    game_id, _ = store_game(session, name, options)
    expected = _journal_latencies(session, game_id)
    wanted = sa.select(col(SeatRecord.game_id), col(SeatRecord.seat)).subquery()
    assert db.pack_game(session, game_id=game_id)
    session.commit()
    stored = {
        seat.seat: unpack_latencies(seat.latencies or b"")
        for seat in db.game_seats(session, game_id=game_id)
    }
    assert stored == expected
    found = {
        measured.seat: sorted(measured.latencies_ms) for measured in seat_latencies(session, wanted)
    }
    assert found == expected


def test_a_bot_s_sample_mixes_packed_games_and_games_being_played(session: Session) -> None:
    packed, _ = store_game(session, "lexio", {"players": 4, "rounds": 1})
    assert db.pack_game(session, game_id=packed)
    bot = db.game_seats(session, game_id=packed)[0].bot_id
    running = db.create_game(
        session, game="lexio", options={"players": 4, "rounds": 1}, seed=1, bot_ids=[bot] * 4
    )
    assert running.id is not None
    for latency in (7.25, 0.125):
        db.record_action(
            session,
            game_id=running.id,
            seat=2,
            action="x",
            requested_at=running.started_at,
            decided_by=DecidedBy.BOT,
            latency_ms=latency,
        )
    sample = bot_history.recent_decision_latencies(session, bot_id=bot, games=10)
    packed_seat = db.game_seats(session, game_id=packed)[0].latencies
    assert packed_seat is not None
    assert sample.games == 5
    assert sorted(sample.latencies) == sorted([*unpack_latencies(packed_seat), 7.25, 0.125])


def test_a_seat_s_damaged_latencies_are_a_replay_mismatch(session: Session) -> None:
    game_id, _ = store_game(session, "lexio", {"players": 4, "rounds": 1})
    assert db.pack_game(session, game_id=game_id)
    seat = db.game_seats(session, game_id=game_id)[3]
    seat.latencies = b"\x00\x80"
    session.commit()
    wanted = sa.select(col(SeatRecord.game_id), col(SeatRecord.seat)).subquery()
    with pytest.raises(ReplayMismatch, match=f"game {game_id}, seat 3: not packed latencies"):
        seat_latencies(session, wanted)
