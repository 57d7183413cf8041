"""An ended game packed into one row reads back exactly as its journal's rows read."""

from __future__ import annotations

import dataclasses
import zlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import load_game
from croupier_server import db
from croupier_server.db import ActionRecord, EventRecord, PackedLogRecord, ReplayMismatch
from croupier_server.db.game_log import seat_latencies
from croupier_server.db.models import SeatRecord
from croupier_server.db.packed_log import (
    PackedAction,
    PackedEvent,
    PackedLog,
    pack_log,
    packed_decisions,
    unpack_log,
)
from croupier_server.outcomes import DecidedBy
from tests.server.db.test_replay import RULE_SETS, SEED, store_game
from tests.server.referee.harness import example_command, play

MOMENT = datetime(2026, 3, 4, 5, 6, 7, 891011, tzinfo=UTC)


def _journal(session: Session, game_id: int) -> tuple[list[Any], list[Any]]:
    """The game's actions and events as the readers give them, every field."""
    actions = [action.model_dump() for action in db.game_actions(session, game_id=game_id)]
    events = [event.model_dump() for event in db.game_events(session, game_id=game_id)]
    return actions, events


def _latencies(session: Session, seats: sa.Subquery) -> dict[tuple[int, int], list[float]]:
    """Each seat's latencies, sorted: the journal gives them in order, a packed seat sorted."""
    return {
        (found.game_id, found.seat): sorted(found.latencies_ms)
        for found in seat_latencies(session, seats)
    }


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_a_packed_game_reads_as_its_journal_did(
    session: Session, name: str, options: dict[str, Any]
) -> None:
    game_id, _ = store_game(session, name, options)
    before = _journal(session, game_id)
    wanted = sa.select(col(SeatRecord.game_id), col(SeatRecord.seat)).subquery()
    latencies = _latencies(session, wanted)
    assert db.pack_game(session, game_id=game_id)
    session.commit()
    session.expunge_all()
    assert session.exec(select(ActionRecord)).all() == []
    assert session.exec(select(EventRecord)).all() == []
    assert session.get(PackedLogRecord, game_id) is not None
    assert _journal(session, game_id) == before
    assert _latencies(session, wanted) == latencies
    assert db.game_events(session, game_id=game_id, visible_to=None, since=3) == [
        event for event in db.game_events(session, game_id=game_id)[3:] if event.visible_to is None
    ]
    db.check_stored_game(session, game_id=game_id)


def test_a_game_whose_events_the_replay_does_not_rebuild_keeps_its_rows(session: Session) -> None:
    game_id, _ = store_game(session, "lexio", {"players": 4, "rounds": 1})
    event = session.get(EventRecord, (game_id, 1))
    assert event is not None
    event.text = "seat 0 wins everything"
    session.add(event)
    session.commit()
    assert not db.pack_game(session, game_id=game_id)
    assert session.get(PackedLogRecord, game_id) is None
    assert db.game_events(session, game_id=game_id)[1].text == "seat 0 wins everything"


def _log(name: str, options: dict[str, Any]) -> tuple[PackedLog, Any]:
    """A random game's log with every kind of value a packed log keeps."""
    rules = load_game(name, options)
    state = rules.new_state(SEED)
    actions = []
    clock = MOMENT
    seats_asked = 0
    while not state.is_over():
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[seats_asked % len(legal)]
        seats_asked += 1
        decided_by = [DecidedBy.BOT, DecidedBy.FORCED, DecidedBy.DEFAULT][seats_asked % 3]
        latency = [None, 12.345, 0.1 + 0.2, 1e9][seats_asked % 4]  # 0.3...04: no whole µs
        comment = "½ déjà\n" * (seats_asked % 5) if seats_asked % 2 else None
        clock += timedelta(microseconds=-7 if seats_asked % 6 == 0 else 1_234)
        actions.append(PackedAction(seat, str(action), decided_by, clock, latency, comment))
        state.apply(seat, action)
    events = tuple(
        PackedEvent(MOMENT + timedelta(seconds=number), None if number % 3 else number % 4)
        for number in range(len(state.events))
    )
    return PackedLog(tuple(actions), events), rules


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_every_value_packs_and_unpacks_exactly(name: str, options: dict[str, Any]) -> None:
    log, rules = _log(name, options)
    packed = pack_log(log, rules, SEED)
    unpacked = unpack_log(packed, rules, SEED)
    assert unpacked.log == log
    assert unpacked.state.is_over()
    assert [d.latency_ms for d in packed_decisions(packed)] == [a.latency_ms for a in log.actions]


def _at_answers(log: PackedLog, rules: Any, *, but_every: int) -> PackedLog:
    """``log`` with its events at their action's answer, but every ``but_every``-th action's."""
    state = rules.new_state(SEED)
    times = [event.at for event in log.events[: len(state.events)]]
    for number, action in enumerate(log.actions):
        before = len(state.events)
        state.apply(action.seat, rules.parse_action(action.text))
        answered = action.requested_at + timedelta(
            microseconds=round((action.latency_ms or 0) * 1000)
        )
        late = number % but_every == 0
        times += [
            log.events[event].at if late else answered for event in range(before, len(state.events))
        ]
    events = tuple(PackedEvent(at, e.seat) for at, e in zip(times, log.events, strict=True))
    return dataclasses.replace(log, events=events)


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_events_at_their_answers_take_no_bytes_for_their_times(
    name: str, options: dict[str, Any]
) -> None:
    log, rules = _log(name, options)
    all_answers = _at_answers(log, rules, but_every=len(log.actions) + 1)
    some_late = _at_answers(log, rules, but_every=3)
    for packed_log in (all_answers, some_late):
        assert unpack_log(pack_log(packed_log, rules, SEED), rules, SEED).log == packed_log
    sizes = [len(zlib.decompress(pack_log(each, rules, SEED))) for each in (all_answers, log)]
    assert sizes[0] < sizes[1]


def test_an_action_written_otherwise_than_the_engine_writes_it_is_kept_as_written() -> None:
    log, rules = _log("lexio", {"players": 4, "rounds": 1})
    first = log.actions[0]
    spelled = f"  {first.text}  "  # the engine reads it, and writes it without the spaces
    assert str(rules.parse_action(spelled)) == first.text
    changed = dataclasses.replace(log, actions=(dataclasses.replace(first, text=spelled),))
    changed = dataclasses.replace(changed, actions=changed.actions + log.actions[1:])
    assert unpack_log(pack_log(changed, rules, SEED), rules, SEED).log == changed


@pytest.mark.parametrize(
    "damage",
    [
        lambda packed: packed[:-3],
        lambda packed: b"not zlib at all",
        lambda packed: zlib.compress(zlib.decompress(packed)[:-1]),
        lambda packed: zlib.compress(zlib.decompress(packed) + b"\x00"),
        lambda packed: zlib.compress(b"\x09" + zlib.decompress(packed)[1:]),
        lambda packed: zlib.compress(b"\x01\xff\xff\xff\xff\x7f"),
    ],
)
def test_damaged_bytes_are_refused_in_one_line(damage: Any) -> None:
    log, rules = _log("lexio", {"players": 4, "rounds": 1})
    damaged = damage(pack_log(log, rules, SEED))
    with pytest.raises(ValueError, match="packed game log") as refused:
        unpack_log(damaged, rules, SEED)
    assert "\n" not in str(refused.value)


def test_a_damaged_packed_game_is_a_replay_mismatch(session: Session) -> None:
    game_id, _ = store_game(session, "lexio", {"players": 4, "rounds": 1})
    assert db.pack_game(session, game_id=game_id)
    packed = session.get(PackedLogRecord, game_id)
    assert packed is not None
    packed.log = packed.log[:-5]
    session.add(packed)
    session.commit()
    with pytest.raises(ReplayMismatch, match=f"game {game_id}: not a packed game log"):
        db.game_actions(session, game_id=game_id)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_referee_stamps_each_action_s_events_with_its_answer(engine: Engine) -> None:
    rules = load_game("lexio", {"players": 3, "rounds": 1})
    game_id, log = play(engine, rules, [example_command("lexio_greedy")] * 3, seed=SEED)
    state = rules.new_state(SEED)
    answered = [log.events[0].at] * len(state.events)  # the deal's: when the game began
    for entry in log.actions:
        before = len(state.events)
        state.apply(entry.seat, entry.action)
        assert entry.answered_at is not None
        answered += [entry.answered_at] * (len(state.events) - before)
    assert [event.at for event in log.events] == answered
    with Session(engine) as session:
        assert [event.at for event in db.game_events(session, game_id=game_id)] == answered
