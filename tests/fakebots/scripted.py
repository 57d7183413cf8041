"""A scripted bot for the referee's tests: it speaks the contract itself and misbehaves on cue.

    python tests/fakebots/scripted.py [BEHAVIOUR] [--after N] [--times K] [--delay-ms MS]
                                      [--port PORT] [--tag TAG] [--protocol {1,2,2-live}]
                                      [--games GAME,...]

It speaks contract version 1 unless ``--protocol`` says 2 (events batched into the next
message) or ``2-live`` (version 2 asking for live events), and says it plays ``--games``.

It answers each decision request with the first legal action, except that from request
``N + 1`` on (``--after``, default 0), for ``K`` requests (``--times``, default all of them;
a refused action is asked again in a new request), it does what ``BEHAVIOUR`` says:

- ``honest``: nothing wrong (the default).
- ``crash-at-start``: exit with status 3 before connecting (no decision is involved).
- ``late``: wait ``--delay-ms`` milliseconds before connecting, then play honestly.
- ``crash``: exit with status 3 when asked request ``N + 1``, without answering.
- ``hang``: never answer.
- ``slow``: answer after ``--delay-ms`` milliseconds (reading on meanwhile).
- ``illegal``: answer with a well-formed action that is not legal: a tile or card not held.
- ``empty-action``: answer with an ``Action`` that names no game.
- ``other-game``: answer with an action of the other game.
- ``unknown-request``: answer a request id never made, then the real request.
- ``answer-twice``: answer the request twice.
- ``hello-again``: say Hello again, then answer the request.
- ``oversized``: answer with a message larger than the referee takes (the action padded
  with an unknown field).
- ``garbage``: before connecting, write random bytes to the referee's socket (no HTTP/2,
  no gRPC) and note ``{"raw_garbage": how the connection ended}``; then, asked, send
  random bytes as a message of the stream.
- ``duplicate``: once welcomed, open a second stream with the same token, note how it
  ends, and play on.
- ``old-protocol``: say Hello without a protocol version, note how the stream ends, exit 4.
- ``stubborn``: start a child process that sleeps, ignore SIGTERM, play honestly, and stay
  (sleeping) after the stream has ended; notes ``{"pids": [own, child's]}``, as the bot
  sees them (in a sealed seat, in a PID namespace of its own, where it is 1).
- ``long-comment``: answer honestly with :data:`LONG_COMMENT`, a comment longer than the
  referee keeps (it is cut, which is no fault).

Behaviours that try the limits of the bot's process (docs/referee.md, "Containment"); those
that act when asked request ``N + 1`` do not answer it, and keep on until the kernel stops
them (the bot then dies, or raises and exits with status 1):

- ``burn-cpu``: burn CPU time.
- ``allocate``: allocate memory, 8 MB at a time; notes ``{"allocated_mb": total}``.
- ``fork-bomb``: start a process that forks until refused, every child leaving the process
  group (``setsid``) and forking grandchildren; notes ``{"child": pid}`` for each (as the
  bot sees it), then ``{"forks": n}`` (the first process's) and exits with status 3.
- ``open-files``: open files until refused; notes ``{"opened": n}``.
- ``write-file``: write a file in the working directory, 1 MB at a time; notes
  ``{"written_bytes": total, "cwd": directory}``.
- ``huge-output``: write to standard output and error in turn, 1 MB at a time; notes
  ``{"output_bytes": total}``.
- ``inspect``: before connecting, note what the process was given: ``{"pid", "environment",
  "cwd", "cwd_entries", "descriptors", "rlimits"}``; then play honestly.
- ``connect-tcp``: before connecting, connect to TCP port ``--port`` of 127.0.0.1 and note
  ``{"tcp": "connected"}`` or the error; then play honestly.

The referee's address and the token come from ``CROUPIER_ADDRESS`` and ``CROUPIER_TOKEN``.
When ``CROUPIER_FAKEBOT_RECORD`` is set (not empty), the bot writes each note on its
standard error, which the referee keeps with its game, as one line: :data:`NOTE_PREFIX`,
the length of the note's JSON, a space, and the JSON (ASCII only). Notes are
``{"token": ...}`` first, ``{"received": <base64 RefereeMessage>}`` for every message
received, ``{"second_stream": <status name>}`` and ``{"ended": <status name>}`` (``"OK"``
when the referee ended the stream normally). A sealed bot has nowhere else to leave them:
its temp directories are its own, and gone with it.

``--tag`` is ignored, and passed on to the processes the bot starts (``stubborn``,
``fork-bomb``): a test finds the bot's processes by it, in /proc.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import queue
import random
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

import grpc

from croupier import codec
from croupier.games import cribbage, lexio
from croupier.games.cribbage import CribbageObservation
from croupier.proto.v1 import referee_pb2

BEHAVIOURS = (
    "honest",
    "crash-at-start",
    "late",
    "crash",
    "hang",
    "slow",
    "illegal",
    "empty-action",
    "other-game",
    "unknown-request",
    "answer-twice",
    "hello-again",
    "oversized",
    "garbage",
    "duplicate",
    "old-protocol",
    "stubborn",
    "long-comment",
    "burn-cpu",
    "allocate",
    "fork-bomb",
    "open-files",
    "write-file",
    "huge-output",
    "inspect",
    "connect-tcp",
)
RECORD_VARIABLE = "CROUPIER_FAKEBOT_RECORD"
NOTE_PREFIX = "croupier-fakebot-note "
"""How a note's line on standard error begins (then its JSON's length, a space, the JSON)."""
CRASH_STATUS = 3
REFUSED_STATUS = 4
UNKNOWN_REQUEST_OFFSET = 10**12
"""Added to a real request id to name one the referee never made."""
CONNECT_METHOD = "/croupier.proto.v1.Referee/Connect"
OVERSIZED_BYTES = 512 * 1024
"""Twice the largest message the referee takes (``service.MAX_MESSAGE_BYTES``)."""
PADDING_FIELD = 1000
"""A field number no message of the contract uses: its bytes are kept as an unknown field."""
LONG_COMMENT = "n°" + "€" * 500
"""1,503 bytes of UTF-8: past the 1,024 kept, and the cut falls inside a character."""
GARBAGE_BYTES = 4096
GARBAGE_SEED = 6
RAW_WAIT_S = 5.0
"""How long the raw garbage connection waits for the referee to close it."""
MB = 1024 * 1024
FORK_BOMB_CAP = 512
"""Forks of the fork bomb's first process at most, should nothing stop it sooner."""
GRANDCHILDREN = 8
"""Forks of each of its children at most."""
EXHAUSTION_CAP_MB = 1024
"""Memory, file or output the behaviours that try a limit stop at, should no limit hold."""
RLIMITS = ("RLIMIT_CPU", "RLIMIT_DATA", "RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_NPROC")
_TAG: list[str] = []
"""``--tag`` and its value, as given: passed on to the processes the bot starts."""

Connect = Callable[..., Iterator[referee_pb2.RefereeMessage]]
"""``Referee.Connect``, taking messages or bytes already encoded (garbage, oversized)."""


class Recorder:
    """Writes the bot's notes on its standard error, if it records (see the module's docstring).

    Each note is one line, which the threads of a process write in turn; a short one (up
    to 4 KiB, ``PIPE_BUF``) in one write, so that the notes of several processes (a fork
    bomb's children) never mix.
    """

    def __init__(self, enabled: bool) -> None:
        self._enabled = enabled
        self._lock = threading.Lock()

    def note(self, **entry: Any) -> None:
        if not self._enabled:
            return
        text = json.dumps(entry)  # ASCII: each byte is a character, wherever a line is cut
        line = f"{NOTE_PREFIX}{len(text)} {text}\n".encode()
        with self._lock:
            sys.stderr.flush()
            while line:
                line = line[os.write(sys.stderr.fileno(), line) :]

    def received(self, message: referee_pb2.RefereeMessage) -> None:
        self.note(received=base64.b64encode(message.SerializeToString()).decode())


class ScriptedBot:
    """One stream to the referee, served by the script."""

    def __init__(self, args: argparse.Namespace, recorder: Recorder) -> None:
        self.behaviour: str = args.behaviour
        self.after: int = args.after
        self.times: int | None = args.times
        self.delay_s: float = args.delay_ms / 1000
        self.recorder = recorder
        self.address = os.environ["CROUPIER_ADDRESS"]
        self.token = os.environ["CROUPIER_TOKEN"]
        self.outbox: queue.SimpleQueue[referee_pb2.BotMessage | bytes | None] = queue.SimpleQueue()
        self.decisions = 0
        self.protocol_version = 2 if args.protocol.startswith("2") else 1
        self.live_events = args.protocol == "2-live"
        self.games: list[str] = args.games.split(",") if args.games else []

    def hello(self, protocol_version: int | None = None) -> referee_pb2.BotMessage:
        hello = referee_pb2.Hello(
            token=self.token,
            bot_name="scripted",
            protocol_version=self.protocol_version
            if protocol_version is None
            else protocol_version,
            sdk="croupier-tests/fakebot",
            live_events=self.live_events,
            games=self.games,
        )
        return referee_pb2.BotMessage(hello=hello)

    def outgoing(self) -> Iterator[referee_pb2.BotMessage | bytes]:
        while (message := self.outbox.get()) is not None:
            yield message

    def serve(self, connect: Connect) -> int:
        self.outbox.put(self.hello(0 if self.behaviour == "old-protocol" else None))
        status = "OK"
        try:
            for message in connect(self.outgoing()):
                self.recorder.received(message)
                self.handle(connect, message)
        except grpc.RpcError as error:
            status = _status_name(error)
        finally:
            self.outbox.put(None)
        self.recorder.note(ended=status)
        return REFUSED_STATUS if status != "OK" else 0

    def handle(self, connect: Connect, message: referee_pb2.RefereeMessage) -> None:
        kind = message.WhichOneof("message")
        if kind == "welcome" and self.behaviour == "duplicate":
            self.recorder.note(second_stream=self.second_stream(connect))
        elif kind == "decision":
            self.decisions += 1
            self.decide(message.decision)

    def second_stream(self, connect: Connect) -> str:
        """How a second stream with the same token ends (it should be refused)."""
        try:
            for _ in connect(iter([self.hello()]), timeout=10):
                pass
        except grpc.RpcError as error:
            return _status_name(error)
        return "OK"

    def misbehaves(self) -> bool:
        first = self.after + 1
        last = None if self.times is None else self.after + self.times
        return self.decisions >= first and (last is None or self.decisions <= last)

    def decide(self, request: referee_pb2.DecisionRequest) -> None:
        honest = request.legal_actions[0]
        behaviour = self.behaviour if self.misbehaves() else "honest"
        if behaviour == "crash":
            os._exit(CRASH_STATUS)
        if behaviour == "hang":
            return
        if behaviour == "oversized":
            self.outbox.put(oversized_reply(request.request_id, honest))
            return
        if behaviour == "garbage":
            self.outbox.put(random.Random(GARBAGE_SEED).randbytes(GARBAGE_BYTES))
            return
        if behaviour in EXHAUSTING:
            EXHAUSTING[behaviour](self.recorder)
        if behaviour == "slow":
            threading.Timer(self.delay_s, self.answer, (request.request_id, honest)).start()
            return
        if behaviour == "unknown-request":
            self.answer(request.request_id + UNKNOWN_REQUEST_OFFSET, honest)
        if behaviour == "hello-again":
            self.outbox.put(self.hello())
        action = honest
        if behaviour == "illegal":
            action = illegal_action(request)
        elif behaviour == "empty-action":
            action = referee_pb2.Action()
        elif behaviour == "other-game":
            action = other_game_action(request)
        comment = LONG_COMMENT if behaviour == "long-comment" else None
        self.answer(request.request_id, action, comment)
        if behaviour == "answer-twice":
            self.answer(request.request_id, action)

    def answer(
        self, request_id: int, action: referee_pb2.Action, comment: str | None = None
    ) -> None:
        reply = referee_pb2.ActionReply(request_id=request_id, action=action, comment=comment)
        self.outbox.put(referee_pb2.BotMessage(action=reply))


def oversized_reply(request_id: int, action: referee_pb2.Action) -> bytes:
    """A well-formed reply of :data:`OVERSIZED_BYTES`, padded with an unknown field."""
    reply = referee_pb2.ActionReply(request_id=request_id, action=action)
    message = referee_pb2.BotMessage(action=reply).SerializeToString()
    padding = b"\x00" * OVERSIZED_BYTES
    tag = _varint(PADDING_FIELD << 3 | 2)  # wire type 2: length-delimited
    return message + tag + _varint(len(padding)) + padding


def _varint(value: int) -> bytes:
    encoded = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        encoded.append(low | (0x80 if value else 0))
        if not value:
            return bytes(encoded)


def raw_garbage(address: str) -> str:
    """Write random bytes to the referee's socket; how the connection ended."""
    if address.startswith("unix:"):
        connection = socket.socket(socket.AF_UNIX)
        target: str | tuple[str, int] = address.removeprefix("unix:")
    else:
        host, port = address.rsplit(":", 1)
        connection = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        target = (host.strip("[]"), int(port))
    with connection:
        connection.settimeout(RAW_WAIT_S)
        try:
            connection.connect(target)
            connection.sendall(random.Random(GARBAGE_SEED).randbytes(GARBAGE_BYTES))
            while connection.recv(4096):
                pass
        except TimeoutError:
            return "still open"
        except OSError as error:
            return error.strerror or str(error)
    return "closed by the referee"


def illegal_action(request: referee_pb2.DecisionRequest) -> referee_pb2.Action:
    """A well-formed action of the request's game that is not legal: a tile or card not held."""
    observation = codec.read_decision_request(request).observation
    if isinstance(observation, CribbageObservation):
        card = next(card for card in cribbage.CARDS if card not in observation.hand)
        return codec.encode_action(cribbage.Peg(card), game=observation.game)
    tile = next(tile for tile in lexio.deck(observation.players) if tile not in observation.hand)
    return codec.encode_action(lexio.Play([tile]), game=observation.game)


def other_game_action(request: referee_pb2.DecisionRequest) -> referee_pb2.Action:
    """A well-formed action of the game the request is not about."""
    if request.observation.WhichOneof("game") == "lexio":
        return codec.encode_action(cribbage.Peg(cribbage.CARDS[0]), game=cribbage.Cribbage())
    return codec.encode_action(lexio.Pass(), game=lexio.Lexio())


def burn_cpu(recorder: Recorder) -> NoReturn:
    recorder.note(burning_from_cpu_s=time.process_time())
    while True:
        pass


def allocate(recorder: Recorder) -> NoReturn:
    held: list[bytes] = []
    while 8 * len(held) < EXHAUSTION_CAP_MB:
        held.append(b"\x01" * (8 * MB))  # written, so resident: not lazily zero pages
        recorder.note(allocated_mb=8 * len(held))
    raise RuntimeError(f"{EXHAUSTION_CAP_MB} MB allocated and no limit held")


def fork_bomb(recorder: Recorder) -> NoReturn:
    # A fresh process forks: grpc's fork handlers hold up every fork of one that streams.
    bomb = subprocess.run([sys.executable, __file__, "--bomb", *_TAG], check=False)
    recorder.note(bomb_status=bomb.returncode)
    os._exit(CRASH_STATUS)


def bomb(recorder: Recorder) -> int:
    """Be the fork bomb: fork until refused; returns 1 once refused."""
    forks = 0
    while forks < FORK_BOMB_CAP:
        try:
            child = os.fork()
        except OSError as error:
            recorder.note(forks=forks, fork_error=error.strerror)
            return 1
        if child == 0:
            _bomb_child(recorder)
        forks += 1
    recorder.note(forks=forks)
    return 0


def _bomb_child(recorder: Recorder) -> NoReturn:
    os.setsid()  # out of the bot's process group: only a control group still holds it
    recorder.note(child=os.getpid())
    try:
        for _ in range(GRANDCHILDREN):
            if os.fork() == 0:
                recorder.note(child=os.getpid())
                break
    except OSError:
        pass
    while True:
        time.sleep(1)


def open_files(recorder: Recorder) -> NoReturn:
    held = []
    while True:
        try:
            held.append(open(os.devnull))  # noqa: SIM115 (held open on purpose)
        except OSError as error:
            recorder.note(opened=len(held), open_error=error.strerror)
            raise


def write_file(recorder: Recorder) -> NoReturn:
    written = 0
    with open("written.bin", "wb", buffering=0) as file:
        while written < EXHAUSTION_CAP_MB * MB:
            written += file.write(b"\x01" * MB)  # fails past the limit: Python ignores SIGXFSZ
            recorder.note(written_bytes=written, cwd=os.getcwd())
    raise RuntimeError(f"{EXHAUSTION_CAP_MB} MB written and no limit held")


def huge_output(recorder: Recorder) -> NoReturn:
    written = 0
    streams = (sys.stdout.buffer, sys.stderr.buffer)
    while written < EXHAUSTION_CAP_MB * MB:
        stream = streams[written // MB % 2]
        written += stream.write(b"x" * (MB - 1) + b"\n")
        stream.flush()
        recorder.note(output_bytes=written)
    raise RuntimeError(f"{EXHAUSTION_CAP_MB} MB written and no limit held")


EXHAUSTING: dict[str, Callable[[Recorder], NoReturn]] = {
    "burn-cpu": burn_cpu,
    "allocate": allocate,
    "fork-bomb": fork_bomb,
    "open-files": open_files,
    "write-file": write_file,
    "huge-output": huge_output,
}


def inspect(recorder: Recorder) -> None:
    recorder.note(
        pid=os.getpid(),
        environment=dict(os.environ),
        cwd=os.getcwd(),
        cwd_entries=os.listdir("."),
        descriptors=[int(fd) for fd in os.listdir("/proc/self/fd")],
        rlimits={name: resource.getrlimit(getattr(resource, name)) for name in RLIMITS},
    )


def connect_tcp(recorder: Recorder, port: int) -> None:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except OSError as error:
        recorder.note(tcp=error.strerror or str(error))
    else:
        recorder.note(tcp="connected")


def _encoded(message: referee_pb2.BotMessage | bytes) -> bytes:
    return message if isinstance(message, bytes) else message.SerializeToString()


def _status_name(error: grpc.RpcError) -> str:
    code: grpc.StatusCode | None = getattr(error, "code", lambda: None)()
    return code.name if code is not None else "UNKNOWN"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("behaviour", nargs="?", default="honest", choices=BEHAVIOURS)
    parser.add_argument("--after", type=int, default=0)
    parser.add_argument("--times", type=int)
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--bomb", action="store_true", help="be the fork bomb of fork-bomb")
    parser.add_argument("--tag", help="ignored; passed on to the processes it starts")
    parser.add_argument("--protocol", choices=["1", "2", "2-live"], default="1")
    parser.add_argument("--games", help="the games it says it plays, comma-separated")
    args = parser.parse_args()
    if args.tag is not None:
        _TAG[:] = ["--tag", args.tag]
    recorder = Recorder(bool(os.environ.get(RECORD_VARIABLE)))
    if args.bomb:
        return bomb(recorder)
    recorder.note(token=os.environ.get("CROUPIER_TOKEN", ""))
    if args.behaviour == "crash-at-start":
        return CRASH_STATUS
    if args.behaviour == "late":
        time.sleep(args.delay_ms / 1000)
    if args.behaviour == "inspect":
        inspect(recorder)
    if args.behaviour == "connect-tcp":
        connect_tcp(recorder, args.port)
    if args.behaviour == "garbage":
        recorder.note(raw_garbage=raw_garbage(os.environ["CROUPIER_ADDRESS"]))
    if args.behaviour == "stubborn":
        sleeping = [sys.executable, "-c", "import time; time.sleep(120)", *_TAG]
        child = subprocess.Popen(sleeping)
        recorder.note(pids=[os.getpid(), child.pid])
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    bot = ScriptedBot(args, recorder)
    with grpc.insecure_channel(bot.address) as channel:
        connect = channel.stream_stream(
            CONNECT_METHOD,
            request_serializer=_encoded,
            response_deserializer=referee_pb2.RefereeMessage.FromString,
        )
        status = bot.serve(connect)
    if args.behaviour == "stubborn":
        time.sleep(120)
    return status


if __name__ == "__main__":
    sys.exit(main())
