"""The bot stream fuzzed: random, mutated, misordered and oversize messages on raw streams.

One real referee (``RefereeServer`` on grpc.aio, in an event loop of its own thread) plays
games between honest bots while hypothesis opens raw streams to it and sends bytes, not
only protobuf: random bytes; valid messages mutated (bit flips, truncation, spliced bytes,
unknown fields, huge varints, wrong wire types, nested garbage); valid messages in the wrong
order (an action before Hello, Hello twice, answers to requests never made) with empty,
long, random and stale tokens; messages above ``MAX_MESSAGE_BYTES``. Meanwhile a few
streams stay silent until the referee gives up on their Hello.

Each stream must end, once the fuzzer has sent its messages, with the status the contract
names for its first unacceptable message (``proto/croupier/proto/v1/referee.proto``), and a
stream the referee admitted must end normally when every message was a well-formed one it
could ignore. Nothing may escape into the event loop or the error log, the referee still
admits a bot afterwards, and the honest games finish without a fault within their normal
time.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import secrets
import threading
from collections.abc import Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeAlias, TypeVar

import grpc
import pytest
from google.protobuf.message import DecodeError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine

from croupier.games import load_game
from croupier.proto.v1 import cribbage_pb2, lexio_pb2, referee_pb2
from croupier.protocol import PROTOCOL_VERSION, PROTOCOL_VERSIONS
from croupier_server.db import BotRecord
from croupier_server.outcomes import SeatStatus
from croupier_server.recorded_games import load_bots, play_recorded_game
from croupier_server.referee.records import GameLog
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import HELLO_TIMEOUT_S, MAX_MESSAGE_BYTES, RefereeServer
from tests.server.referee.harness import GENEROUS, example_command, register
from tests.waiting import wait_for

pytestmark = pytest.mark.slow

SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

LEXIO = load_game("lexio", {"players": 3, "rounds": 1})
CONNECT = "/croupier.proto.v1.Referee/Connect"
STREAM_DEADLINE_S = 20.0
"""How long the fuzzer waits for a stream to end once it has sent everything."""
SILENT_STREAMS = 8
"""Streams that never say Hello, open while the fuzz runs."""
NORMAL_TIME_FACTOR = 3.0
"""How much longer than the game played alone an honest game may take next to the fuzz:
the fuzzer and the referee share this process, and the machine its two cores."""
NORMAL_TIME_SLACK = timedelta(seconds=6)
"""And more: another test process (``pytest -n``) may load the cores as the fuzz runs, not as
the game was played alone. Still less than a silent stream's Hello timeout (10 s), which an
honest game stalled behind one would wait."""

T = TypeVar("T")
RawConnect: TypeAlias = "grpc.StreamStreamMultiCallable[bytes, bytes]"


# The messages: valid ones, then mutations of their bytes.


def hello(token: str, version: int = PROTOCOL_VERSION) -> bytes:
    """A Hello with ``token``, serialized."""
    message = referee_pb2.Hello(token=token, bot_name="fuzz", protocol_version=version)
    return referee_pb2.BotMessage(hello=message).SerializeToString()


def reply(request_id: int, action: referee_pb2.Action) -> bytes:
    """An action reply to request ``request_id``, serialized."""
    answer = referee_pb2.ActionReply(request_id=request_id, action=action)
    return referee_pb2.BotMessage(action=answer).SerializeToString()


def tiles() -> st.SearchStrategy[list[lexio_pb2.Tile]]:
    # Numbers and suits well outside the game's: the enum is open, uint32 is wide.
    tile = st.builds(
        lexio_pb2.Tile, number=st.integers(0, 2**32 - 1), suit=st.integers(0, 2**31 - 1)
    )
    return st.lists(tile, max_size=6)


def cards() -> st.SearchStrategy[list[cribbage_pb2.Card]]:
    card = st.builds(cribbage_pb2.Card, rank=st.integers(0, 2**32 - 1), suit=st.integers(0, 9))
    return st.lists(card, max_size=4)


def actions() -> st.SearchStrategy[referee_pb2.Action]:
    """Actions of either game, of no game, and of nonsense tiles and cards."""
    lexio_pass = lexio_pb2.LexioAction(pass_turn=lexio_pb2.LexioPass())
    return st.one_of(
        st.just(referee_pb2.Action()),
        st.just(referee_pb2.Action(lexio=lexio_pass)),
        tiles().map(
            lambda played: referee_pb2.Action(
                lexio=lexio_pb2.LexioAction(play=lexio_pb2.LexioPlay(tiles=played))
            )
        ),
        cards().map(
            lambda laid: referee_pb2.Action(
                cribbage=cribbage_pb2.CribbageAction(
                    discard=cribbage_pb2.CribbageDiscard(cards=laid)
                )
            )
        ),
    )


def tokens(stale: Sequence[str]) -> st.SearchStrategy[str]:
    """No token, random ones, long ones, and tokens of a finished game."""
    return st.one_of(
        st.just(""),
        st.text(max_size=40),
        st.integers(1_000, 100_000).map(lambda length: "t" * length),
        st.sampled_from(stale),
    )


def valid_messages(stale: Sequence[str]) -> st.SearchStrategy[bytes]:
    """Well-formed messages: Hellos (of any protocol version), replies, an empty message."""
    versions = st.one_of(st.just(PROTOCOL_VERSION), st.integers(0, 2**32 - 1))
    return st.one_of(
        st.builds(hello, tokens(stale), versions),
        st.builds(reply, st.integers(0, 2**64 - 1), actions()),
        st.just(referee_pb2.BotMessage().SerializeToString()),
    )


def varint(value: int) -> bytes:
    """``value`` as a protobuf varint, however many bytes that takes (even past ten).

    >>> varint(300).hex()
    'ac02'
    """
    encoded = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        encoded.append(low | (0x80 if value else 0))
        if not value:
            return bytes(encoded)


def tag(number: int, wire_type: int) -> bytes:
    return varint(number << 3 | wire_type)


def length_delimited(payload: bytes) -> bytes:
    return varint(len(payload)) + payload


Mutation = Callable[[st.DrawFn, bytes], bytes]


def flip_a_bit(draw: st.DrawFn, data: bytes) -> bytes:
    if not data:
        return data
    bit = draw(st.integers(0, len(data) * 8 - 1))
    flipped = bytearray(data)
    flipped[bit // 8] ^= 1 << bit % 8
    return bytes(flipped)


def truncate(draw: st.DrawFn, data: bytes) -> bytes:
    return data[: draw(st.integers(0, max(len(data) - 1, 0)))]


def splice(draw: st.DrawFn, data: bytes) -> bytes:
    at = draw(st.integers(0, len(data)))
    return data[:at] + draw(st.binary(min_size=1, max_size=16)) + data[at:]


def unknown_field(draw: st.DrawFn, data: bytes) -> bytes:
    number = draw(st.integers(3, 2**29 - 1))
    wire_type = draw(st.sampled_from([0, 1, 2, 5]))
    payload = {
        0: varint(draw(st.integers(0, 2**64 - 1))),
        1: draw(st.binary(min_size=8, max_size=8)),
        2: length_delimited(draw(st.binary(max_size=32))),
        5: draw(st.binary(min_size=4, max_size=4)),
    }[wire_type]
    return data + tag(number, wire_type) + payload


def huge_varint(draw: st.DrawFn, data: bytes) -> bytes:
    # A Hello whose protocol version (field 3) is a varint of up to 100 bits.
    inner = tag(3, 0) + varint(draw(st.integers(2**32, 2**100)))
    return data + tag(1, 2) + length_delimited(inner)


def wrong_wire_type(draw: st.DrawFn, data: bytes) -> bytes:
    # hello and action are messages (length-delimited): send them as numbers.
    return data + tag(draw(st.sampled_from([1, 2])), 0) + varint(draw(st.integers(0, 2**64 - 1)))


def nested_garbage(draw: st.DrawFn, data: bytes) -> bytes:
    garbage = draw(st.binary(max_size=64))
    return data + tag(draw(st.sampled_from([1, 2])), 2) + length_delimited(garbage)


def doubled(draw: st.DrawFn, data: bytes) -> bytes:
    # Two messages in one: protobuf merges them, the later oneof field winning.
    return data + draw(st.sampled_from([hello("doubled"), reply(1, referee_pb2.Action())]))


MUTATIONS: tuple[Mutation, ...] = (
    flip_a_bit,
    truncate,
    splice,
    unknown_field,
    huge_varint,
    wrong_wire_type,
    nested_garbage,
    doubled,
)


@st.composite
def mutated_messages(draw: st.DrawFn, stale: Sequence[str]) -> bytes:
    """A valid message with one or two mutations of its bytes."""
    data = draw(valid_messages(stale))
    for mutation in draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=2)):
        data = mutation(draw, data)
    return data


def oversize_messages() -> st.SearchStrategy[bytes]:
    """A Hello just above the largest message the referee takes."""
    return st.integers(1, 4_096).map(lambda extra: hello("o" * (MAX_MESSAGE_BYTES + extra)))


def frames(stale: Sequence[str]) -> st.SearchStrategy[bytes]:
    """One message of any kind the fuzzer sends."""
    return st.one_of(
        valid_messages(stale),
        mutated_messages(stale),
        st.binary(max_size=512),
        oversize_messages(),
    )


@dataclass(frozen=True, slots=True)
class Stream:
    """What the fuzzer sends on one stream: a Hello the referee admits first, or not."""

    admitted: bool
    frames: list[bytes]


def streams(stale: Sequence[str]) -> st.SearchStrategy[Stream]:
    return st.builds(Stream, st.booleans(), st.lists(frames(stale), max_size=4))


# What the contract says each stream gets.


def decoded(frame: bytes) -> referee_pb2.BotMessage | None:
    """The message the referee reads from ``frame``, or None if it cannot read one."""
    if len(frame) > MAX_MESSAGE_BYTES:
        return None
    try:
        return referee_pb2.BotMessage.FromString(frame)
    except DecodeError:
        return None


def refusal(frame: bytes) -> grpc.StatusCode:
    """How the referee ends a stream that opens with ``frame`` (no token of it is known)."""
    if len(frame) > MAX_MESSAGE_BYTES:
        return grpc.StatusCode.RESOURCE_EXHAUSTED
    message = decoded(frame)
    if message is None or message.WhichOneof("message") != "hello":
        return grpc.StatusCode.INVALID_ARGUMENT
    if message.hello.protocol_version not in PROTOCOL_VERSIONS:
        return grpc.StatusCode.FAILED_PRECONDITION
    return grpc.StatusCode.UNAUTHENTICATED


def ending_after_welcome(sent: Sequence[bytes]) -> grpc.StatusCode:
    """How an admitted stream ends: at its first message that cannot be read, else normally.

    Everything readable (a second Hello, an answer to a request never made) is ignored.
    """
    for frame in sent:
        if len(frame) > MAX_MESSAGE_BYTES:
            return grpc.StatusCode.RESOURCE_EXHAUSTED
        if decoded(frame) is None:
            return grpc.StatusCode.INVALID_ARGUMENT
    return grpc.StatusCode.OK


def acceptable_endings(stream: Stream) -> set[grpc.StatusCode]:
    """The statuses ``stream`` may end with.

    gRPC itself refuses an oversize message as it arrives, possibly before the referee has
    read the messages sent ahead of it: after an oversize message, that refusal is
    acceptable too.
    """
    if stream.admitted:
        expected = ending_after_welcome(stream.frames)
    else:
        expected = refusal(stream.frames[0]) if stream.frames else grpc.StatusCode.INVALID_ARGUMENT
    later = stream.frames if stream.admitted else stream.frames[1:]
    if any(len(frame) > MAX_MESSAGE_BYTES for frame in later):
        return {expected, grpc.StatusCode.RESOURCE_EXHAUSTED}
    return {expected}


# The referee, serving in a thread of its own.


@dataclass
class RefereeThread:
    """A referee serving in an event loop of its own thread; it keeps what went wrong there."""

    loop_errors: list[dict[str, Any]] = field(default_factory=list)
    registry: SessionRegistry | None = None
    server: RefereeServer | None = None
    _loop: asyncio.AbstractEventLoop | None = None
    _stop: asyncio.Event | None = None
    _ready: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> RefereeThread:
        self._thread = threading.Thread(target=asyncio.run, args=(self._serve(),))
        self._thread.start()
        wait_for(self._ready.is_set, "the referee to start")
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._loop is not None
        assert self._stop is not None
        assert self._thread is not None
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(lambda _, context: self.loop_errors.append(context))
        self._stop = asyncio.Event()
        self.registry = SessionRegistry()
        self.server = RefereeServer(self.registry)
        await self.server.start()
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self.server.stop()

    @property
    def address(self) -> str:
        assert self.server is not None
        return self.server.address

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run ``coroutine`` in the referee's loop."""
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop)

    def admit_seat(self) -> str:
        """A fresh seat token the referee admits once (a seat of no game)."""
        token = secrets.token_urlsafe(16)

        async def expect() -> None:
            assert self.registry is not None
            self.registry.expect_seat(
                token, "a seat the fuzzer holds", bot_name="bot", game="lexio"
            )

        self.submit(expect()).result(10)
        return token

    def revoke_seat(self, token: str) -> None:
        """The game of ``token`` is over (as the referee revokes the tokens of each game)."""

        async def revoke() -> None:
            assert self.registry is not None
            self.registry.revoke_seat(token)

        self.submit(revoke()).result(10)


@dataclass(frozen=True, slots=True)
class Ending:
    """How a stream went: the kinds of the messages received, and its final status."""

    received: list[str]
    status: grpc.StatusCode


def exchange(connect: RawConnect, sent: Sequence[bytes]) -> Ending:
    """Send ``sent`` on a new stream, close the sending side, and read to the end."""
    received: list[str] = []
    call = connect(iter(sent), timeout=STREAM_DEADLINE_S)
    with contextlib.suppress(grpc.RpcError):  # the status is the call's code
        received.extend(kind_of(data) for data in call)
    return Ending(received, call.code())


def kind_of(data: bytes) -> str:
    return str(referee_pb2.RefereeMessage.FromString(data).WhichOneof("message"))


@pytest.fixture
def referee() -> Iterator[RefereeThread]:
    with RefereeThread() as serving:
        yield serving
    assert serving.loop_errors == []


@pytest.fixture
def connect(referee: RefereeThread) -> Iterator[RawConnect]:
    """``Referee.Connect`` on a raw channel: bytes in, bytes out, no size limit of its own."""
    options = [("grpc.max_send_message_length", 4 * MAX_MESSAGE_BYTES)]
    with grpc.insecure_channel(referee.address, options=options) as channel:
        yield channel.stream_stream(CONNECT)


# The honest games beside the fuzz.


async def play_honest(engine: Engine, server: RefereeServer, bots: list[BotRecord]) -> GameLog:
    _, log = await play_recorded_game(
        engine, server, game=LEXIO, bots=bots, seed=1, settings=GENEROUS
    )
    return log


async def keep_playing(
    engine: Engine, server: RefereeServer, bots: list[BotRecord], stop: threading.Event
) -> list[GameLog]:
    """Play honest games one after another until ``stop`` (at least one)."""
    logs = [await play_honest(engine, server, bots)]
    while not stop.is_set():
        logs.append(await play_honest(engine, server, bots))
    return logs


async def stay_silent(address: str) -> grpc.StatusCode:
    """Open a stream and never say Hello; how the referee ends it."""
    async with grpc.aio.insecure_channel(address) as channel:
        call: grpc.aio.StreamStreamCall[bytes, bytes] = channel.stream_stream(CONNECT)()
        code: grpc.StatusCode = await call.code()
        return code


def assert_honest(log: GameLog) -> timedelta:
    """The game finished without a fault, every seat playing; returns how long it took."""
    assert log.result is not None
    assert log.faults == []
    assert log.seat_status == [SeatStatus.FINISHED] * LEXIO.num_players
    assert log.finished_at is not None
    return log.finished_at - log.started_at


@SQLITE_ONLY
def test_hostile_streams_end_as_the_contract_says_and_never_stall_the_honest_games(
    checked_engine: Engine,
    referee: RefereeThread,
    connect: RawConnect,
    caplog: pytest.LogCaptureFixture,
) -> None:
    names = register(checked_engine, "lexio", [example_command("lexio_greedy")] * 3)
    bots = load_bots(checked_engine, names=names, game=LEXIO)
    assert referee.server is not None
    played_alone = referee.submit(play_honest(checked_engine, referee.server, bots)).result()
    alone = assert_honest(played_alone)
    stale = [referee.admit_seat() for _ in range(3)]
    for token in stale:
        assert exchange(connect, [hello(token)]).received == ["welcome"]
        referee.revoke_seat(token)

    stop = threading.Event()
    honest = referee.submit(keep_playing(checked_engine, referee.server, bots, stop))
    silent = [referee.submit(stay_silent(referee.address)) for _ in range(SILENT_STREAMS)]

    @settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
    @given(stream=streams(stale))
    def fuzz(stream: Stream) -> None:
        opening = [hello(referee.admit_seat())] if stream.admitted else []
        ending = exchange(connect, [*opening, *stream.frames])
        assert ending.status in acceptable_endings(stream), ending
        if ending.status is not grpc.StatusCode.RESOURCE_EXHAUSTED:
            assert ending.received == (["welcome"] if stream.admitted else [])

    with caplog.at_level(logging.ERROR):
        try:
            fuzz()
        finally:
            stop.set()
            logs = honest.result(120)
            silenced = [each.result(HELLO_TIMEOUT_S * 3) for each in silent]

    assert silenced == [grpc.StatusCode.DEADLINE_EXCEEDED] * SILENT_STREAMS
    for log in logs:
        assert assert_honest(log) <= alone * NORMAL_TIME_FACTOR + NORMAL_TIME_SLACK
    # The referee still admits a bot, and nothing went wrong where the fuzzer cannot see.
    assert exchange(connect, [hello(referee.admit_seat())]) == Ending(
        ["welcome"], grpc.StatusCode.OK
    )
    assert [record.getMessage() for record in caplog.records] == []


def test_a_message_that_cannot_be_decoded_after_hello_ends_the_stream_as_invalid(
    referee: RefereeThread, connect: RawConnect
) -> None:
    # It used to end the stream normally, as the end of a game does.
    not_utf8_token = tag(1, 2) + length_delimited(tag(1, 2) + length_delimited(b"\xff\xfe"))
    for undecodable in (b"\xff\xff", hello("a token")[:-1], not_utf8_token):
        ending = exchange(connect, [hello(referee.admit_seat()), undecodable])
        assert ending == Ending(["welcome"], grpc.StatusCode.INVALID_ARGUMENT), undecodable
