"""A game's log packed into bytes: its actions, their timing, and its events' times.

The engine rebuilds a game's events from its seed and actions, so a packed log keeps only
what the engine cannot know, in columns written one after another and compressed with zlib:

- the decisions (engine-free, so that statistics read them without a replay): each
  action's seat, who decided it, the bot's latency (whole microseconds as a varint, else a
  float64) and its comment;
- the moves: each action as its index among its seat's legal actions where it was taken
  (its text when it is not one of them, as written);
- the times, as microseconds from a cursor: each action's request from the last time
  known, and each event from its action's answer (its request plus the bot's latency) or
  from the event before it; and each event's seat (the seat whose action led to it, when
  that was stored). The referee stamps an action's events with its answer's time, so an
  action's code says when its events are all at that time, and their times take no bytes
  (an older game's events, published a moment after the answer, keep their differences).

A Lexio game of the example bots, some 240 actions and 300 events, packs into well under a
kilobyte.

>>> from datetime import UTC, datetime
>>> from croupier.games import load_game
>>> rules, moment = load_game("lexio", {"players": 3}), datetime(2026, 1, 1, tzinfo=UTC)
>>> state = rules.new_state(5)
>>> seat = state.seats_to_act()[0]
>>> move = state.legal_actions(seat)[0]
>>> events = (PackedEvent(moment, None),) * len(rules.replay(5, [(seat, move)]).events)
>>> log = PackedLog((PackedAction(seat, str(move), DecidedBy.BOT, moment, 1.25, "why"),), events)
>>> unpack_log(pack_log(log, rules, 5), rules, 5).log == log
True
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from croupier.games import Game, IllegalAction, State
from croupier_server.outcomes import DecidedBy

__all__ = [
    "PackedAction",
    "PackedDecision",
    "PackedEvent",
    "PackedLog",
    "Unpacked",
    "exact_latency_ms",
    "pack_log",
    "packed_decisions",
    "unpack_log",
]

_FORMAT = 1
"""The first byte of a packed log, before compression: the layout that follows."""

_DECIDERS: tuple[DecidedBy, ...] = (
    DecidedBy.BOT,
    DecidedBy.FORCED,
    DecidedBy.DEFAULT,
    DecidedBy.REPLAYED,
)
"""The code of each ``decided_by`` is its index here: append new values, never reorder."""

_NO_LATENCY, _MICROSECONDS, _FLOAT = 0, 1, 2
"""How an action's latency is stored: none, whole microseconds (a varint), a float64."""

_AT_ANSWER = 16
"""The flag of an action's code (beside its decider's code times 4 and its latency's kind)
that says its events are all at its answer's time, so none of their times is written."""

_T = TypeVar("_T")

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


@dataclass(frozen=True, slots=True)
class PackedDecision:
    """Who chose one action and how: what statistics read without replaying the game."""

    seat: int
    decided_by: DecidedBy
    latency_ms: float | None
    comment: str | None


@dataclass(frozen=True, slots=True)
class PackedAction:
    """One action of a game with what the referee knew of it (an ``action`` row's fields)."""

    seat: int
    text: str
    decided_by: DecidedBy
    requested_at: datetime
    latency_ms: float | None
    comment: str | None


@dataclass(frozen=True, slots=True)
class PackedEvent:
    """When one event of a game happened, and the seat whose action led to it (if stored)."""

    at: datetime
    seat: int | None


@dataclass(frozen=True, slots=True)
class PackedLog:
    """A game's actions and its events' times, in order: what :func:`pack_log` packs."""

    actions: tuple[PackedAction, ...]
    events: tuple[PackedEvent, ...]


@dataclass(frozen=True, slots=True)
class Unpacked:
    """A packed log read back, with the state its actions lead to (its events rebuilt)."""

    log: PackedLog
    state: State[Any, Any, Any]


def exact_latency_ms(latency_ms: float | None) -> float | None:
    """``latency_ms`` to the microsecond, as the journal stores it and a packed log keeps it.

    >>> exact_latency_ms(1.23456789)
    1.235
    """
    return None if latency_ms is None else round(latency_ms * 1000) / 1000


def pack_log(log: PackedLog, game: Game[Any], seed: int) -> bytes:
    """``log`` of a game of ``game`` from ``seed``, as bytes :func:`unpack_log` reads back.

    Raises:
        ValueError: an action the engine refuses, or not one event time per event rebuilt.
    """
    actions = log.actions
    state: State[Any, Any, Any] = game.new_state(seed)
    steps = [len(state.events)]
    moves = bytearray()
    for action in actions:
        legal = [str(move) for move in state.legal_actions(action.seat)]
        if action.text in legal:
            _varint(moves, legal.index(action.text) + 1)
        else:
            _varint(moves, 0)
            _text(moves, action.text)
        _apply(state, game, action.seat, action.text)
        steps.append(len(state.events))
    if len(log.events) != len(state.events):
        raise ValueError(f"{len(log.events)} event times for {len(state.events)} events")
    timeline = _Timeline(steps)
    out = bytearray([_FORMAT])
    _varint(out, len(actions))
    out += bytes(action.seat for action in actions)
    out += bytes(
        _DECIDERS.index(action.decided_by) * 4
        + _latency_kind(action.latency_ms)
        + (_AT_ANSWER if timeline.at_answer(step, action, log.events) else 0)
        for step, action in enumerate(actions, start=1)
    )
    for action in actions:
        _latency(out, action.latency_ms)
    commented = [(number, a.comment) for number, a in enumerate(actions) if a.comment is not None]
    _varint(out, len(commented))
    previous = -1
    for number, comment in commented:
        _varint(out, number - previous)
        _text(out, comment)
        previous = number
    out += moves
    out += bytes(0 if event.seat is None else event.seat + 1 for event in log.events)
    timeline.write(out, actions, log.events)
    return zlib.compress(bytes(out), 9)


def packed_decisions(packed: bytes) -> list[PackedDecision]:
    """The decisions of a packed log, read without the engine.

    Raises:
        ValueError: bytes no :func:`pack_log` wrote.
    """
    return _reading(packed, lambda reader: _read_decisions(reader).decisions)


def unpack_log(packed: bytes, game: Game[Any], seed: int) -> Unpacked:
    """The log :func:`pack_log` packed, replayed into the state it leads to.

    Raises:
        ValueError: bytes no :func:`pack_log` wrote for this game and seed.
    """
    return _reading(packed, lambda reader: _read_log(reader, game, seed))


def _reading(packed: bytes, read: Callable[[_Reader], _T]) -> _T:
    try:
        return read(_Reader(zlib.decompress(packed)))
    except (zlib.error, IndexError, UnicodeDecodeError, struct.error, OverflowError) as error:
        raise ValueError(f"not a packed game log: {error}") from error


@dataclass(frozen=True, slots=True)
class _Decisions:
    """The decisions of a packed log, and which actions' events are at their answer's time."""

    decisions: list[PackedDecision]
    at_answer: list[bool]


def _read_decisions(reader: _Reader) -> _Decisions:
    if (layout := reader.byte()) != _FORMAT:
        raise ValueError(f"packed game log of unknown format {layout}")
    count = reader.varint()
    seats = reader.take(count)
    codes = reader.take(count)
    if any(code >= _AT_ANSWER * 2 for code in codes):
        raise ValueError("packed game log with an unknown decision code")
    latencies = [reader.latency(code % 4) for code in codes]
    comments: dict[int, str] = {}
    number = -1
    for _ in range(reader.varint()):
        number += reader.varint()
        comments[number] = reader.text()
    decisions = [
        PackedDecision(
            seats[number],
            _DECIDERS[codes[number] % _AT_ANSWER // 4],
            latencies[number],
            comments.get(number),
        )
        for number in range(count)
    ]
    return _Decisions(decisions, [code >= _AT_ANSWER for code in codes])


def _read_log(reader: _Reader, game: Game[Any], seed: int) -> Unpacked:
    read = _read_decisions(reader)
    decisions = read.decisions
    state: State[Any, Any, Any] = game.new_state(seed)
    steps = [len(state.events)]
    texts = []
    for decision in decisions:
        move = reader.varint()
        if move == 0:
            text = reader.text()
            _apply(state, game, decision.seat, text)
        else:
            chosen = state.legal_actions(decision.seat)[move - 1]
            text = str(chosen)
            state.apply(decision.seat, chosen)
        texts.append(text)
        steps.append(len(state.events))
    event_seats = reader.take(len(state.events))
    requested, event_times = _Timeline(steps).read(reader, decisions, read.at_answer)
    if not reader.at_end():
        raise ValueError("packed game log has bytes after its end")
    actions = tuple(
        PackedAction(d.seat, text, d.decided_by, at, d.latency_ms, d.comment)
        for d, text, at in zip(decisions, texts, requested, strict=True)
    )
    events = tuple(
        PackedEvent(at, None if seat == 0 else seat - 1)
        for at, seat in zip(event_times, event_seats, strict=True)
    )
    return Unpacked(PackedLog(actions, events), state)


def _apply(state: State[Any, Any, Any], game: Game[Any], seat: int, text: str) -> None:
    try:
        state.apply(seat, game.parse_action(text))
    except IllegalAction as error:
        raise ValueError(f"seat {seat}: {text!r} is illegal: {error}") from error


class _Timeline:
    """A game's times as differences from a cursor, in the order they happened.

    Step 0's events, then for each action its request and the events it led to; the cursor
    moves to each time written, and after a request to its answer (the request plus the
    bot's latency). An action's events all at its answer's time are not written.
    """

    def __init__(self, steps: Sequence[int]) -> None:
        self._steps = steps
        """How many events the game has at each step (from 0, before any action)."""

    def at_answer(self, step: int, action: PackedAction, events: Sequence[PackedEvent]) -> bool:
        """Whether the events of ``action`` (the game's ``step``) are all at its answer."""
        answered = _answer(_microseconds(action.requested_at), action.latency_ms)
        return all(
            _microseconds(events[number].at) == answered
            for number in range(self._steps[step - 1], self._steps[step])
        )

    def write(
        self, out: bytearray, actions: Sequence[PackedAction], events: Sequence[PackedEvent]
    ) -> None:
        cursor = 0
        for number in range(self._steps[0]):
            cursor = _write_time(out, cursor, events[number].at)
        for step, action in enumerate(actions, start=1):
            cursor = _answer(_write_time(out, cursor, action.requested_at), action.latency_ms)
            if self.at_answer(step, action, events):
                continue
            for number in range(self._steps[step - 1], self._steps[step]):
                cursor = _write_time(out, cursor, events[number].at)

    def read(
        self, reader: _Reader, decisions: Sequence[PackedDecision], at_answer: Sequence[bool]
    ) -> tuple[list[datetime], list[datetime]]:
        cursor = 0
        requested: list[int] = []
        events: list[int] = []
        for _ in range(self._steps[0]):
            cursor = reader.time(cursor)
            events.append(cursor)
        for step, decision in enumerate(decisions, start=1):
            asked = reader.time(cursor)
            requested.append(asked)
            cursor = _answer(asked, decision.latency_ms)
            for _ in range(self._steps[step - 1], self._steps[step]):
                if not at_answer[step - 1]:
                    cursor = reader.time(cursor)
                events.append(cursor)
        return [_moment(at) for at in requested], [_moment(at) for at in events]


def _answer(requested: int, latency_ms: float | None) -> int:
    """The time of an answer, in µs, from its request's and the bot's latency."""
    return requested + _latency_microseconds(latency_ms)


def _latency_microseconds(latency_ms: float | None) -> int:
    return 0 if latency_ms is None else round(latency_ms * 1000)


def _write_time(out: bytearray, cursor: int, moment: datetime) -> int:
    """Write ``moment`` as microseconds from ``cursor``, zigzagged; returns it in µs."""
    microseconds = _microseconds(moment)
    delta = microseconds - cursor
    _varint(out, delta * 2 if delta >= 0 else -delta * 2 - 1)
    return microseconds


def _microseconds(moment: datetime) -> int:
    return (moment - _EPOCH) // _MICROSECOND


def _moment(microseconds: int) -> datetime:
    return _EPOCH + microseconds * _MICROSECOND


def _latency_kind(latency_ms: float | None) -> int:
    if latency_ms is None:
        return _NO_LATENCY
    microseconds = round(latency_ms * 1000)
    return _MICROSECONDS if microseconds >= 0 and microseconds / 1000 == latency_ms else _FLOAT


def _latency(out: bytearray, latency_ms: float | None) -> None:
    kind = _latency_kind(latency_ms)
    if kind == _MICROSECONDS:
        assert latency_ms is not None
        _varint(out, round(latency_ms * 1000))
    elif kind == _FLOAT:
        out += struct.pack("<d", latency_ms)


def _text(out: bytearray, text: str) -> None:
    encoded = text.encode()
    _varint(out, len(encoded))
    out += encoded


def _varint(out: bytearray, value: int) -> None:
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


class _Reader:
    """Reads a packed log's bytes in order; a read past the end raises ``IndexError``."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def byte(self) -> int:
        value = self._data[self._at]
        self._at += 1
        return value

    def take(self, count: int) -> bytes:
        if self._at + count > len(self._data):
            raise IndexError("cut short")
        taken = self._data[self._at : self._at + count]
        self._at += count
        return taken

    def varint(self) -> int:
        value = shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value
            shift += 7

    def text(self) -> str:
        return self.take(self.varint()).decode()

    def time(self, cursor: int) -> int:
        zigzag = self.varint()
        return cursor + (zigzag // 2 if zigzag % 2 == 0 else -(zigzag + 1) // 2)

    def latency(self, kind: int) -> float | None:
        if kind == _NO_LATENCY:
            return None
        if kind == _MICROSECONDS:
            return self.varint() / 1000
        (value,) = struct.unpack("<d", self.take(8))
        return float(value)

    def at_end(self) -> bool:
        return self._at == len(self._data)
