"""How much the referee adds to a bot's round trip: figures printed, nothing asserted.

    ./dev bench bench/referee.py                             (about 1.5 minutes)
    ./dev run python bench/referee.py --quick [--profile]    (about 35 seconds)

Every figure is per decision, i.e. per request a bot answered:

- Bare ping-pong, with messages the size of a real Lexio 4-player DecisionRequest and
  ActionReply: over a pipe (length-prefixed protobuf), and over gRPC in croupier's flavours
  (a ``grpc.aio`` server stream; a sync client whose requests come from a queue, as in
  ``croupier.run``), one stream and 16 at once.
- The referee's plumbing without a game: ``RefereeServer`` and ``BotSession`` sending the
  same prebuilt request round 1 or 4 seats, then with the events a real game gives the
  seats between two requests: batched into the request (contract version 2), or one
  message each (version 1); the answering processes decode nothing.
- The referee: ``referee_game`` on an in-process ``RefereeServer`` (no database), Lexio
  4-player one-round games and a few cribbage games, between trivial bots (``croupier.run``
  with a bot playing its first legal action), one game and 16 games at a time. The bots
  connect once as remote bots and play game after game, so starting processes is not
  counted as refereeing. The messages sent are counted by the bots' sessions.
- The SDK: the decision requests of real Lexio 4-player games, answered one at a time by a
  trivial bot (``croupier.run``) and by the bare client (``_pingpong_peer.py``, which decodes
  nothing and sends a prebuilt reply), each started as the referee starts a bot; the CPU
  per request of the answering seat's processes, the median of interleaved runs.
- Bot start: from launching ``examples/lexio_random.py`` to its Hello being admitted, alone
  and four at once (a table), and the resident memory of its seat's processes then: for a
  sealed seat the keeper and the bot with its children, the keeper's share apart
  (``bench/_process_tree.py``; ``bench/sealing.py`` compares that with an unsealed seat).

Columns: the round trip is what the referee logs as ``latency_ms`` (from queueing the
request to the reply's arrival); the interval is the wall time per decision of one stream
or game, everything included (events, forced moves, game set-up); CPU is
``time.process_time()`` of this process (all threads) for the serving side, and the answering
processes' CPU read from ``/proc`` (for a started bot, every process of its seat). On a
machine with few cores the interval follows the sum of both CPU columns. The one-at-a-time
runs are repeated, interleaved, and pooled, because round trips on a small VM drift by a
third from one second to the next; the overhead is the median of the paired repeats.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import itertools
import os
import pstats
import shlex
import statistics
import struct
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

sys.path.append(str(Path(__file__).resolve().parents[1]))  # bench/ as a package

from bench._process_tree import SeatMemory, SeatTree
from croupier import codec
from croupier.games import Game, State, load_game
from croupier.proto.v1 import referee_pb2, referee_pb2_grpc
from croupier_server.outcomes import DecidedBy
from croupier_server.referee.containment.launcher import BotProcess
from croupier_server.referee.containment.limits import DEFAULT_LIMITS
from croupier_server.referee.game import Entrant, RefereeSettings, referee_game
from croupier_server.referee.records import GameLog
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import MAX_MESSAGE_BYTES, RefereeServer
from croupier_server.referee.sessions import BotSession
from croupier_server.tokens import hash_secret, new_secret

LEXIO = {"players": 4, "rounds": 1}
CRIBBAGE = {"variant": "six-card", "match_points": 1}
TABLES = 16
"""How many games (and bare streams) the concurrent runs have going at once."""
TARGET = 0.25
"""The issue's target: the referee adds at most this much to a bare round trip."""
MAX_MESSAGES = 2.5
"""The issue's target: messages the referee sends per decision, at most."""
SDK_TARGET = 2.0
"""The issue's target: a trivial SDK bot's CPU per decision, at most this times the bare
client's per round trip."""

FIRST_LEGAL_BOT = """\
import croupier

class FirstLegal(croupier.Bot):
    def act(self, observation):
        return observation.legal_actions[0]

croupier.run(FirstLegal())
"""
EXAMPLE_BOT = Path(__file__).resolve().parent.parent / "examples" / "lexio_random.py"
PEER = Path(__file__).resolve().parent / "_pingpong_peer.py"
"""The answering side of the bare ping-pong and of the plumbing runs."""
SERVER_OPTIONS = [
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_send_message_length", 4 * 1024 * 1024),
    ("grpc.so_reuseport", 0),
]
"""The options of ``RefereeServer``."""


@dataclass(frozen=True, slots=True)
class Scale:
    """How long each part runs."""

    repeats: int
    rounds: int
    """Round trips of one bare or plumbing run."""
    games: int
    """Lexio games of one repeat, one at a time."""
    concurrent_games: int
    """Lexio games at each of the ``TABLES`` tables."""
    cribbage_games: int
    launches: int


FULL = Scale(repeats=5, rounds=1500, games=30, concurrent_games=10, cribbage_games=8, launches=6)
QUICK = Scale(repeats=2, rounds=600, games=12, concurrent_games=3, cribbage_games=3, launches=3)


# Figures


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


@dataclass(frozen=True, slots=True)
class Measured:
    """Requests answered in one run, and what they cost each side."""

    round_trips: list[float]
    """Seconds, one per request answered."""
    streams: int
    """Requests outstanding at once (streams, or games)."""
    wall: float
    server_cpu: float
    """CPU seconds of the side asking (the referee)."""
    peer_cpu: float
    """CPU seconds of the answering side (the bots), all processes together."""

    @classmethod
    def pooled(cls, runs: Sequence[Measured]) -> Measured:
        """One run of the runs one after the other."""
        return cls(
            round_trips=[seconds for run in runs for seconds in run.round_trips],
            streams=runs[0].streams,
            wall=sum(run.wall for run in runs),
            server_cpu=sum(run.server_cpu for run in runs),
            peer_cpu=sum(run.peer_cpu for run in runs),
        )

    @property
    def interval(self) -> float:
        """Wall seconds per request of one stream."""
        return self.wall * self.streams / len(self.round_trips)

    def row(self, label: str) -> str:
        """One line of the table."""
        count = len(self.round_trips)
        mean = sum(self.round_trips) / count
        return (
            f"  {label:<34}{percentile(self.round_trips, 0.5) * 1e3:7.3f}"
            f"{percentile(self.round_trips, 0.99) * 1e3:8.3f}{mean * 1e3:8.3f}"
            f"{self.interval * 1e3:9.3f}{count / self.wall:9,.0f}"
            f"{self.server_cpu / count * 1e6:9,.0f}{self.peer_cpu / count * 1e6:8,.0f}"
        )


HEADER = (
    f"  {'':<34}{'round trip (ms)':^23}{'interval':>9}{'per s':>9}{'CPU (us)':^17}\n"
    f"  {'':<34}{'p50':>7}{'p99':>8}{'mean':>8}{'(ms)':>9}{'':>9}{'server':>9}{'peer':>8}"
)


# The messages of a decision


def sample_messages() -> tuple[referee_pb2.RefereeMessage, referee_pb2.BotMessage]:
    """A real DecisionRequest (the seat to lead, Lexio 4-player) and the ActionReply to it."""
    state = load_game("lexio", LEXIO).new_state(0)
    seat = state.seats_to_act()[0]
    request = request_for(state, seat)
    reply = codec.action_reply(
        request_id=1234, game=state.game, action=state.legal_actions(seat)[0]
    )
    return request, reply


def request_for(
    state: State[Any, Any, Any], seat: int, game_id: str = "1234"
) -> referee_pb2.RefereeMessage:
    """The referee's request for ``seat``'s decision in ``state``, numbered 1234."""
    return codec.decision_request(
        request_id=1234,
        game_id=game_id,
        game=state.game,
        observation=state.observation(seat),
        time_left_ms=11_000,
        bank_left_ms=10_000,
        attempt=1,
    )


def sample_event() -> referee_pb2.RefereeMessage:
    """A real GameEvent: the first play of a Lexio 4-player game."""
    state = load_game("lexio", LEXIO).new_state(0)
    seat = state.seats_to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    return codec.encode_event("1234", state.events[-1], game=state.game)


def seat_events(log: GameLog) -> int:
    """How many events the seats of a game were given, all seats together."""
    seats = range(log.game.num_players)
    return sum(entry.event.is_visible_to(seat) for entry in log.events for seat in seats)


def request_sizes(logs: Sequence[GameLog]) -> list[int]:
    """The size of every decision request of ``logs`` (games of one seat at a time)."""
    sizes = []
    for log in logs:
        state = log.game.new_state(log.seed)
        for entry in log.actions:
            if entry.decided_by is DecidedBy.BOT:
                sizes.append(request_for(state, entry.seat, log.game_id).ByteSize())
            state.apply(entry.seat, entry.action)
    return sizes


# Bare ping-pong over a pipe


# The framing of _pingpong_peer.py: a little-endian 32-bit length, then the message.


def read_frame(fd: int) -> bytes | None:
    """One length-prefixed message, or ``None`` at the end of the pipe."""
    header = os.read(fd, 4)
    if not header:
        return None
    size = struct.unpack("<I", header)[0]
    data = b""
    while len(data) < size:
        data += os.read(fd, size - len(data))
    return data


def write_frame(fd: int, data: bytes) -> None:
    """One length-prefixed message."""
    os.write(fd, struct.pack("<I", len(data)) + data)


def pipe_pingpong(rounds: int) -> Measured:
    """Round trips to a child process over its stdin and stdout."""
    request, reply = sample_messages()
    command = [sys.executable, str(PEER), "pipe", reply.SerializeToString().hex()]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdin is not None
    assert child.stdout is not None
    out, back = child.stdin.fileno(), child.stdout.fileno()

    def round_trip() -> None:
        write_frame(out, request.SerializeToString())
        referee_pb2.BotMessage.FromString(read_frame(back) or b"")

    warm_up = max(20, rounds // 10)
    for _ in range(warm_up):
        round_trip()
    clock = time.perf_counter
    round_trips = []
    wall, cpu = clock(), time.process_time()
    for _ in range(rounds):
        start = clock()
        round_trip()
        round_trips.append(clock() - start)
    wall, cpu = clock() - wall, time.process_time() - cpu
    write_frame(out, b"")
    peer_seconds, answered = (read_frame(back) or b"0 1").split()
    peer_cpu = float(peer_seconds) * rounds / int(answered)
    child.stdin.close()
    child.wait()
    return Measured(round_trips, streams=1, wall=wall, server_cpu=cpu, peer_cpu=peer_cpu)


# Bare ping-pong over gRPC


class PingPongService(referee_pb2_grpc.RefereeServicer):
    """Each stream: wait for a Hello, then send the request and await the reply, again."""

    def __init__(self, request: referee_pb2.RefereeMessage, *, streams: int, rounds: int):
        self.request = request
        self.rounds = rounds
        self.streams = streams
        self.warm = 0
        self.all_warm = asyncio.Event()
        self.round_trips: list[float] = []
        self.started = (0.0, 0.0)
        self.finished = (0.0, 0.0)

    async def Connect(  # noqa: N802 (the name is the RPC's)
        self,
        request_iterator: AsyncIterator[referee_pb2.BotMessage],
        context: grpc.aio.ServicerContext[referee_pb2.BotMessage, referee_pb2.RefereeMessage],
    ) -> AsyncIterator[referee_pb2.RefereeMessage]:
        """Warm up, wait for every stream to be warm, then time ``rounds`` round trips."""
        clock = time.perf_counter
        await anext(request_iterator)
        for _ in range(max(20, self.rounds // 10)):
            yield self.request
            await anext(request_iterator)
        self.warm += 1
        if self.warm == self.streams:
            self.started = (clock(), time.process_time())
            self.all_warm.set()
        await self.all_warm.wait()
        for _ in range(self.rounds):
            start = clock()
            yield self.request
            await anext(request_iterator)
            self.round_trips.append(clock() - start)
        self.finished = (clock(), time.process_time())


async def start_clients(address: str, tokens: Sequence[str]) -> list[asyncio.subprocess.Process]:
    """One answering process per token."""
    _, reply = sample_messages()
    return [
        await asyncio.create_subprocess_exec(
            sys.executable,
            str(PEER),
            "grpc",
            address,
            token,
            reply.SerializeToString().hex(),
            stdout=subprocess.PIPE,
        )
        for token in tokens
    ]


async def clients_cpu(clients: Sequence[asyncio.subprocess.Process], measured: int) -> float:
    """Wait for the clients to end; their CPU seconds, for ``measured`` of their answers."""
    outputs = [(await client.communicate())[0].split() for client in clients]
    cpu = sum(float(seconds) for seconds, _ in outputs)
    return cpu * measured / sum(int(answered) for _, answered in outputs)


async def grpc_pingpong(*, streams: int, rounds: int) -> Measured:
    """``rounds`` round trips on each of ``streams`` streams, each to its own process."""
    request, _ = sample_messages()
    service = PingPongService(request, streams=streams, rounds=rounds)
    server = grpc.aio.server(options=SERVER_OPTIONS)
    referee_pb2_grpc.add_RefereeServicer_to_server(service, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        clients = await start_clients(f"127.0.0.1:{port}", ["-"] * streams)
        peer_cpu = await clients_cpu(clients, rounds * streams)
    finally:
        await server.stop(1.0)
    return Measured(
        service.round_trips,
        streams=streams,
        wall=service.finished[0] - service.started[0],
        server_cpu=service.finished[1] - service.started[1],
        peer_cpu=peer_cpu,
    )


# The referee's plumbing without a game


async def plumbing(
    server: RefereeServer, *, rounds: int, seats: int, events: int, live: bool
) -> Measured:
    """Requests round ``seats`` answering processes through the referee's own sessions.

    Each request carries ``events`` events, as a game's events and forced moves make them
    (contract version 2), or they go to the seats as messages of their own before it
    (``live``: version 1).
    """
    tokens = [new_secret() for _ in range(seats)]
    registry = server.registry
    connections = [
        registry.expect_seat(token, f"seat {n}", bot_name=f"seat {n}", game="lexio")
        for n, token in enumerate(tokens)
    ]
    clients = await start_clients(server.address, tokens)
    sessions = await asyncio.gather(*connections)
    request, _ = sample_messages()
    event = sample_event()
    batched = referee_pb2.RefereeMessage()
    batched.CopyFrom(request)
    batched.decision.events.extend([event.event] * (0 if live else events))
    clock = time.perf_counter

    async def decide(number: int) -> float:
        for index in range(events if live else 0):
            sessions[(number + index) % seats].send(event)
        session = sessions[number % seats]
        answer = session.expect_reply(request.decision.request_id)
        start = clock()
        session.send(batched)
        await answer
        return clock() - start

    try:
        for number in range(max(20, rounds // 10)):
            await decide(number)
        wall, cpu = clock(), time.process_time()
        round_trips = [await decide(number) for number in range(rounds)]
        wall, cpu = clock() - wall, time.process_time() - cpu
    finally:
        for session, token in zip(sessions, tokens, strict=True):
            session.close("the benchmark is over")
            server.registry.revoke_seat(token)
    peer_cpu = await clients_cpu(clients, rounds)
    return Measured(round_trips, streams=1, wall=wall, server_cpu=cpu, peer_cpu=peer_cpu)


# The SDK against the bare client


def real_requests(games: int) -> list[referee_pb2.RefereeMessage]:
    """The decision requests of ``games`` Lexio 4-player games of first legal actions.

    Each is numbered as the bare client's reply is (:func:`sample_messages`), so that both
    kinds of answering process answer them.
    """
    game = load_game("lexio", LEXIO)
    requests = []
    for seed in range(games):
        state = game.new_state(seed)
        while seats := state.seats_to_act():
            legal = state.legal_actions(seats[0])
            if len(legal) > 1:
                requests.append(request_for(state, seats[0]))
            state.apply(seats[0], legal[0])
    return requests


async def answer_requests(
    server: RefereeServer, command: str, requests: Sequence[referee_pb2.RefereeMessage]
) -> float:
    """The CPU seconds per request of the process ``command`` starts, answering ``requests``.

    It is started (as the referee starts a bot) on a seat of its own and given a game start,
    then the requests one at a time, the first fifth to warm it up.
    """
    token = new_secret()
    connection = server.registry.expect_seat(token, "answering", bot_name="answering", game="lexio")
    env = {"CROUPIER_ADDRESS": server.address_for(network=False), "CROUPIER_TOKEN": token}
    process = await BotProcess.start("answering", command, env=env, limits=DEFAULT_LIMITS)
    try:
        session = await connection
        session.send(
            codec.game_start(
                game_id="1234",
                game=load_game("lexio", LEXIO),
                seat=0,
                time_control=codec.TimeControl(connect_ms=10_000, decision_ms=10_000, bank_ms=0),
            )
        )
        warm = len(requests) // 5
        tree = SeatTree.of(process)
        cpu = 0.0
        for number, request in enumerate(requests):
            if number == warm:
                cpu = tree.cpu_seconds()
            answer = session.expect_reply(1234)
            session.send(request)
            await answer
        cpu = tree.cpu_seconds() - cpu
        session.close("the benchmark is over")
    finally:
        server.registry.revoke_seat(token)
        await process.stop()
    return cpu / (len(requests) - warm)


async def sdk_against_bare(
    server: RefereeServer, *, games: int, repeats: int
) -> tuple[float, float]:
    """The CPU per request of a trivial SDK bot and of the bare client, the same requests.

    Returns:
        The medians of ``repeats`` runs of each, interleaved: SDK, bare.
    """
    requests = real_requests(games)
    _, reply = sample_messages()
    sdk = shlex.join([sys.executable, "-c", FIRST_LEGAL_BOT])
    bare = shlex.join([sys.executable, str(PEER), "grpc-env", reply.SerializeToString().hex()])
    runs: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for command, figures in zip((sdk, bare), runs, strict=True):
            figures.append(await answer_requests(server, command, requests))
    return statistics.median(runs[0]), statistics.median(runs[1])


# The referee


@dataclass(frozen=True, slots=True)
class RefereeRun:
    """Games the referee played, and what they cost."""

    logs: list[GameLog]
    measured: Measured
    messages: int
    """The messages the referee sent the bots (counted by their sessions)."""

    @classmethod
    def pooled(cls, runs: Sequence[RefereeRun]) -> RefereeRun:
        """One run of the runs one after the other."""
        return cls(
            [log for run in runs for log in run.logs],
            Measured.pooled([run.measured for run in runs]),
            sum(run.messages for run in runs),
        )

    @property
    def messages_per_decision(self) -> float:
        """Messages sent per request answered."""
        return self.messages / self.decisions

    @property
    def decisions(self) -> int:
        """Requests the bots answered."""
        return len(self.measured.round_trips)

    def describe(self) -> str:
        """Games, decisions, messages and faults, in words."""
        forced = sum(len(log.actions) for log in self.logs) - self.decisions
        faults = sum(len(log.faults) for log in self.logs)
        messages = self.messages_per_decision
        return (
            f"{len(self.logs)} games, {self.decisions:,} decisions asked and {forced:,} "
            f"forced, {messages:.1f} messages sent per decision, {faults} faults"
        )


@dataclass(eq=False)
class Pool:
    """Trivial bots connected as remote bots, four for each table."""

    server: RefereeServer
    names: list[list[str]]
    processes: list[BotProcess]
    sessions: list[BotSession]

    @classmethod
    async def start(cls, server: RefereeServer, *, tables: int) -> Pool:
        """Start the bots and wait until every one is connected."""
        command = shlex.join([sys.executable, "-c", FIRST_LEGAL_BOT])
        names = [[f"first-legal-{table}-{seat}" for seat in range(4)] for table in range(tables)]
        processes = []
        for name in itertools.chain.from_iterable(names):
            key = new_secret()
            server.registry.allow_remote(hash_secret(key), name)
            env = {"CROUPIER_ADDRESS": server.address_for(network=False), "CROUPIER_TOKEN": key}
            processes.append(await BotProcess.start(name, command, env=env, limits=DEFAULT_LIMITS))
        while len(server.registry.idle_remote_bots()) < len(processes):
            await asyncio.sleep(0.05)
        sessions = []
        for name in itertools.chain.from_iterable(names):
            session = await server.registry.take_remote(name, 1.0)
            assert session is not None
            sessions.append(session)
            await server.registry.release_remote(name, session)
        return cls(server, names, processes, sessions)

    def messages_sent(self) -> int:
        """The messages the referee sent the bots so far."""
        return sum(session.sent for session in self.sessions)

    def bot_cpu(self) -> float:
        """CPU seconds of every bot so far (every process of its seat)."""
        return sum(SeatTree.of(process).cpu_seconds() for process in self.processes)

    def memory(self) -> float:
        """The bots' mean resident memory now (of every process of its seat), in MiB."""
        rss = [SeatTree.of(process).memory().whole.rss_mib for process in self.processes]
        return sum(rss) / len(rss)

    async def stop(self) -> None:
        """End every bot's stream, and the bots with it."""
        for name in itertools.chain.from_iterable(self.names):
            session = await self.server.registry.take_remote(name, 1.0)
            if session is not None:
                session.close("the benchmark is over")
        await asyncio.gather(*(process.stop() for process in self.processes))


async def play_tables(
    pool: Pool, game: Game[Any], *, tables: int, games: int, profile: bool = False
) -> RefereeRun:
    """``games`` games in a row at each of ``tables`` tables at once."""
    settings = RefereeSettings()

    async def table(number: int) -> list[GameLog]:
        entrants = [Entrant(name) for name in pool.names[number][: game.num_players]]
        return [
            await referee_game(
                pool.server,
                GameLog(game_id=f"{number}-{index}", game=game, seed=index),
                entrants=entrants,
                tokens=[""] * game.num_players,
                settings=settings,
            )
            for index in range(games)
        ]

    profiler = cProfile.Profile()
    sent = pool.messages_sent()
    bot_cpu, cpu, wall = pool.bot_cpu(), time.process_time(), time.perf_counter()
    if profile:
        profiler.enable()
    logs = [log for logs in await asyncio.gather(*map(table, range(tables))) for log in logs]
    profiler.disable()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if profile:
        pstats.Stats(profiler).strip_dirs().sort_stats("tottime").print_stats(25)
    round_trips = [
        entry.latency_ms / 1e3
        for log in logs
        for entry in log.actions
        if entry.decided_by is DecidedBy.BOT and entry.latency_ms is not None
    ]
    measured = Measured(round_trips, tables, wall, cpu, pool.bot_cpu() - bot_cpu)
    return RefereeRun(logs, measured, pool.messages_sent() - sent)


# Bot start


@dataclass(frozen=True, slots=True)
class BotStart:
    """From launch to admitted Hello, and the memory of the bot's seat then."""

    seconds: float
    memory: SeatMemory


async def start_bots(server: RefereeServer, count: int) -> list[BotStart]:
    """Launch ``count`` example bots at once; each one's time to Hello and memory."""
    command = shlex.join([sys.executable, str(EXAMPLE_BOT)])

    async def one(number: int) -> tuple[BotStart, BotProcess]:
        token = new_secret()
        connection = server.registry.expect_seat(
            token, f"bot {number}", bot_name=f"bot {number}", game="lexio"
        )
        start = time.perf_counter()
        env = {"CROUPIER_ADDRESS": server.address_for(network=False), "CROUPIER_TOKEN": token}
        process = await BotProcess.start(f"bot {number}", command, env=env, limits=DEFAULT_LIMITS)
        session = await asyncio.wait_for(connection, 20)
        seconds = time.perf_counter() - start
        figures = BotStart(seconds, SeatTree.of(process).memory())
        session.close("measured")
        server.registry.revoke_seat(token)
        return figures, process

    started = await asyncio.gather(*map(one, range(count)))
    await asyncio.gather(*(process.stop() for _, process in started))
    return [figures for figures, _ in started]


async def report_bot_starts(server: RefereeServer, *, launches: int) -> None:
    """Print launch-to-Hello times and memory of the example bot."""
    alone = [start for _ in range(launches) for start in await start_bots(server, 1)]
    tables = [max(start.seconds for start in await start_bots(server, 4)) for _ in range(3)]
    interpreter = []
    for code in ("pass", "import croupier, grpc"):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        interpreter.append(time.perf_counter() - start)
    seconds = [start.seconds for start in alone]
    rss = statistics.mean(start.memory.whole.rss_mib for start in alone)
    peak = statistics.mean(start.memory.whole.peak_mib for start in alone)
    keepers = [start.memory.keeper.rss_mib for start in alone if start.memory.keeper is not None]
    keeper = (
        f", the keeper {statistics.mean(keepers):.1f} MiB of it"
        if keepers
        else ", the bot alone (the seats are not sealed here)"
    )
    print(
        f"bot start ({EXAMPLE_BOT.name}): launch to Hello admitted, alone: median "
        f"{statistics.median(seconds) * 1e3:.0f} ms (max {max(seconds) * 1e3:.0f}, "
        f"{launches} launches); four at once, to the last Hello: median "
        f"{statistics.median(tables) * 1e3:.0f} ms\n"
        f"  (python -c pass: {interpreter[0] * 1e3:.0f} ms; python -c 'import croupier, grpc': "
        f"{interpreter[1] * 1e3:.0f} ms)\n"
        f"  memory after Hello, the seat's processes: VmRSS {rss:.1f} MiB{keeper}, "
        f"VmHWM {peak:.1f} MiB"
    )


# The whole run


@dataclass(frozen=True, slots=True)
class Figures:
    """Everything measured with the trivial bots connected, ready to print."""

    pipe: Measured
    bare: list[Measured]
    """One stream, one run per repeat."""
    together: Measured
    plumbing: dict[str, list[Measured]]
    lexio: list[RefereeRun]
    """One game at a time, one run per repeat."""
    concurrent: RefereeRun
    cribbage: RefereeRun
    bots_started_in: float
    bot_memory_mib: float
    sdk: tuple[float, float]
    """CPU seconds per request of a trivial SDK bot and of the bare client, same requests."""


async def measure(server: RefereeServer, scale: Scale, *, profile: bool) -> Figures:
    """Start the trivial bots, run everything that needs them, and stop them."""
    pipe = pipe_pingpong(scale.rounds * 4)
    started = time.perf_counter()
    pool = await Pool.start(server, tables=TABLES)
    bots_started_in = time.perf_counter() - started
    lexio, cribbage = load_game("lexio", LEXIO), load_game("cribbage", CRIBBAGE)
    try:
        warm_up = await play_tables(pool, lexio, tables=1, games=3)
        events = round(sum(map(seat_events, warm_up.logs)) / warm_up.decisions)
        kinds = {
            "1 seat, requests only": (1, 0, False),
            "4 seats, requests only": (4, 0, False),
            f"4 seats, +{events} events batched in": (4, events, False),
            f"4 seats, +{events} events live (v1)": (4, events, True),
        }
        bare: list[Measured] = []
        lexio_runs: list[RefereeRun] = []
        plumbing_runs: dict[str, list[Measured]] = {label: [] for label in kinds}
        for _ in range(scale.repeats):  # interleaved, for the paired overhead
            bare.append(await grpc_pingpong(streams=1, rounds=scale.rounds))
            for label, (seats, extra, live) in kinds.items():
                run = await plumbing(
                    server, rounds=scale.rounds, seats=seats, events=extra, live=live
                )
                plumbing_runs[label].append(run)
            lexio_runs.append(await play_tables(pool, lexio, tables=1, games=scale.games))
        together = await grpc_pingpong(streams=TABLES, rounds=scale.rounds // 4)
        concurrent = await play_tables(pool, lexio, tables=TABLES, games=scale.concurrent_games)
        cribbage_run = await play_tables(pool, cribbage, tables=1, games=scale.cribbage_games)
        if profile:
            await play_tables(pool, lexio, tables=1, games=scale.games, profile=True)
        sdk = await sdk_against_bare(server, games=scale.games, repeats=scale.repeats)
        return Figures(
            pipe=pipe,
            bare=bare,
            together=together,
            plumbing=plumbing_runs,
            lexio=lexio_runs,
            concurrent=concurrent,
            cribbage=cribbage_run,
            bots_started_in=bots_started_in,
            bot_memory_mib=pool.memory(),
            sdk=sdk,
        )
    finally:
        await pool.stop()


def print_figures(figures: Figures) -> None:
    """The table, what the games were, and the overhead against the target."""
    request, reply = sample_messages()
    lexio = RefereeRun.pooled(figures.lexio)
    sizes = request_sizes(lexio.logs[:20])
    print(
        f"messages: a {request.ByteSize()} B DecisionRequest (a Lexio 4-player lead; "
        f"{statistics.mean(sizes):.0f} B on average in the games, at most {max(sizes)} B) "
        f"and a {reply.ByteSize()} B ActionReply\n"
        "CPU: server = the side asking (this process), peer = the side answering"
    )
    print(HEADER)
    print("bare ping-pong")
    print(figures.pipe.row("pipe + protobuf, 1 stream"))
    print(Measured.pooled(figures.bare).row("gRPC, 1 stream"))
    print(figures.together.row(f"gRPC, {TABLES} streams at once"))
    print("the referee's sessions, no game, answering processes that decode nothing")
    for label, runs in figures.plumbing.items():
        print(Measured.pooled(runs).row(label))
    started = f"{TABLES * 4} started in {figures.bots_started_in:.1f} s"
    print(f"the referee, remote trivial bots ({started})")
    print(lexio.measured.row("lexio, 1 game at a time"))
    print(figures.concurrent.measured.row(f"lexio, {TABLES} games at a time"))
    print(figures.cribbage.measured.row("cribbage, 1 game at a time"))
    print(f"  lexio, 1 at a time: {lexio.describe()}")
    print(f"  lexio, {TABLES} at a time: {figures.concurrent.describe()}")
    print(f"  cribbage: {figures.cribbage.describe()}")
    print(
        f"  the trivial bots' VmRSS after playing (each seat's processes): "
        f"{figures.bot_memory_mib:.1f} MiB on average"
    )
    paired = [
        run.measured.interval / statistics.mean(bare.round_trips) - 1
        for run, bare in zip(figures.lexio, figures.bare, strict=True)
    ]
    alone = statistics.median(paired)
    together = figures.concurrent.measured.interval / figures.together.interval - 1
    messages = lexio.messages_per_decision
    verdict = "met" if max(alone, together) <= TARGET and messages <= MAX_MESSAGES else "missed"
    print(
        f"the referee's overhead over bare gRPC per decision: 1 game {alone:+.0%} (median of "
        f"{len(paired)} paired repeats, {min(paired):+.0%} to {max(paired):+.0%}), "
        f"{TABLES} games {together:+.0%} (throughput against {TABLES} streams), "
        f"{messages:.2f} messages a decision; target {TARGET:+.0%} and at most "
        f"{MAX_MESSAGES} messages: {verdict}"
    )
    sdk, client = figures.sdk
    ratio = sdk / client
    print(
        f"the SDK's CPU per decision, a trivial bot against the bare client answering the same "
        f"{len(lexio.logs) // len(figures.lexio)} games' requests (medians of "
        f"{len(figures.lexio)} interleaved runs): {sdk * 1e6:,.0f} us against "
        f"{client * 1e6:,.0f} us, {ratio:.2f}x; target {SDK_TARGET:g}x: "
        f"{'met' if ratio <= SDK_TARGET else 'missed'}"
    )


async def run_all(scale: Scale, *, profile: bool) -> None:
    server = RefereeServer(SessionRegistry())
    await server.start()
    try:
        print_figures(await measure(server, scale, profile=profile))
        await report_bot_starts(server, launches=scale.launches)
    finally:
        await server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a shorter run of every figure")
    parser.add_argument("--profile", action="store_true", help="profile the referee's games")
    args = parser.parse_args()
    asyncio.run(run_all(QUICK if args.quick else FULL, profile=args.profile))
    return 0


if __name__ == "__main__":
    sys.exit(main())
