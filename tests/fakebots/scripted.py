"""A scripted bot for the referee's tests: it speaks the contract itself and misbehaves on cue.

    python tests/fakebots/scripted.py [BEHAVIOUR] [--after N] [--times K] [--delay-ms MS]

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
- ``duplicate``: once welcomed, open a second stream with the same token, note how it
  ends, and play on.
- ``old-protocol``: say Hello with protocol version 2, note how the stream ends, exit 4.
- ``stubborn``: start a child process that sleeps, ignore SIGTERM, play honestly, and stay
  (sleeping) after the stream has ended; notes ``{"pids": [own, child's]}``.

The referee's address and the token come from ``CROUPIER_ADDRESS`` and ``CROUPIER_TOKEN``.
When ``CROUPIER_FAKEBOT_RECORD`` names a file, the bot appends to it one JSON line per note:
``{"token": ...}`` first, ``{"received": <base64 RefereeMessage>}`` for every message
received, ``{"second_stream": <status name>}`` and ``{"ended": <status name>}`` (``"OK"``
when the referee ended the stream normally).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any, TextIO

import grpc

from croupier import codec
from croupier.games import cribbage, lexio
from croupier.games.cribbage import CribbageObservation
from croupier.proto.v1 import referee_pb2, referee_pb2_grpc

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
    "duplicate",
    "old-protocol",
    "stubborn",
)
RECORD_VARIABLE = "CROUPIER_FAKEBOT_RECORD"
CRASH_STATUS = 3
REFUSED_STATUS = 4
UNKNOWN_REQUEST_OFFSET = 10**12
"""Added to a real request id to name one the referee never made."""


class Recorder:
    """Appends the bot's notes to the record file, if there is one."""

    def __init__(self, path: str | None) -> None:
        self._file: TextIO | None = open(path, "a") if path else None  # noqa: SIM115

    def note(self, **entry: Any) -> None:
        if self._file is not None:
            self._file.write(json.dumps(entry) + "\n")
            self._file.flush()

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
        self.outbox: queue.SimpleQueue[referee_pb2.BotMessage | None] = queue.SimpleQueue()
        self.decisions = 0

    def hello(self, protocol_version: int = 1) -> referee_pb2.BotMessage:
        hello = referee_pb2.Hello(
            token=self.token,
            bot_name="scripted",
            protocol_version=protocol_version,
            sdk="croupier-tests/fakebot",
        )
        return referee_pb2.BotMessage(hello=hello)

    def outgoing(self) -> Iterator[referee_pb2.BotMessage]:
        while (message := self.outbox.get()) is not None:
            yield message

    def serve(self, stub: referee_pb2_grpc.RefereeStub) -> int:
        version = 2 if self.behaviour == "old-protocol" else 1
        self.outbox.put(self.hello(version))
        status = "OK"
        try:
            for message in stub.Connect(self.outgoing()):
                self.recorder.received(message)
                self.handle(stub, message)
        except grpc.RpcError as error:
            status = _status_name(error)
        finally:
            self.outbox.put(None)
        self.recorder.note(ended=status)
        return REFUSED_STATUS if status != "OK" else 0

    def handle(
        self, stub: referee_pb2_grpc.RefereeStub, message: referee_pb2.RefereeMessage
    ) -> None:
        kind = message.WhichOneof("message")
        if kind == "welcome" and self.behaviour == "duplicate":
            self.recorder.note(second_stream=self.second_stream(stub))
        elif kind == "decision":
            self.decisions += 1
            self.decide(message.decision)

    def second_stream(self, stub: referee_pb2_grpc.RefereeStub) -> str:
        """How a second stream with the same token ends (it should be refused)."""
        try:
            for _ in stub.Connect(iter([self.hello()]), timeout=10):
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
        self.answer(request.request_id, action)
        if behaviour == "answer-twice":
            self.answer(request.request_id, action)

    def answer(self, request_id: int, action: referee_pb2.Action) -> None:
        reply = referee_pb2.ActionReply(request_id=request_id, action=action)
        self.outbox.put(referee_pb2.BotMessage(action=reply))


def illegal_action(request: referee_pb2.DecisionRequest) -> referee_pb2.Action:
    """A well-formed action of the request's game that is not legal: a tile or card not held."""
    observation = codec.read_decision_request(request).observation
    if isinstance(observation, CribbageObservation):
        card = next(card for card in cribbage.CARDS if card not in observation.hand)
        return codec.encode_action(cribbage.Peg(card))
    tile = next(tile for tile in lexio.deck(observation.players) if tile not in observation.hand)
    return codec.encode_action(lexio.Play([tile]))


def other_game_action(request: referee_pb2.DecisionRequest) -> referee_pb2.Action:
    """A well-formed action of the game the request is not about."""
    if request.observation.WhichOneof("game") == "lexio":
        return codec.encode_action(cribbage.Peg(cribbage.CARDS[0]))
    return codec.encode_action(lexio.Pass())


def _status_name(error: grpc.RpcError) -> str:
    code: grpc.StatusCode | None = getattr(error, "code", lambda: None)()
    return code.name if code is not None else "UNKNOWN"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("behaviour", nargs="?", default="honest", choices=BEHAVIOURS)
    parser.add_argument("--after", type=int, default=0)
    parser.add_argument("--times", type=int)
    parser.add_argument("--delay-ms", type=int, default=0)
    args = parser.parse_args()
    recorder = Recorder(os.environ.get(RECORD_VARIABLE))
    recorder.note(token=os.environ.get("CROUPIER_TOKEN", ""))
    if args.behaviour == "crash-at-start":
        return CRASH_STATUS
    if args.behaviour == "late":
        time.sleep(args.delay_ms / 1000)
    if args.behaviour == "stubborn":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        recorder.note(pids=[os.getpid(), child.pid])
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    bot = ScriptedBot(args, recorder)
    with grpc.insecure_channel(bot.address) as channel:
        status = bot.serve(referee_pb2_grpc.RefereeStub(channel))
    if args.behaviour == "stubborn":
        time.sleep(120)
    return status


if __name__ == "__main__":
    sys.exit(main())
