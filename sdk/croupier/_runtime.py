"""The client runtime: connect a bot to the referee and serve its requests until it is done."""

from __future__ import annotations

import os
import queue
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any

import grpc

from croupier import codec
from croupier._channel import ChannelError, RefereeAddress
from croupier.bot import Bot, Clock, Decision
from croupier.games import Game
from croupier.proto.v1 import referee_pb2, referee_pb2_grpc
from croupier.protocol import ADDRESS_VARIABLE, CA_FILE_VARIABLE, TOKEN_VARIABLE

__all__ = ["run"]

MAX_MESSAGE_BYTES = 4 * 1024 * 1024
KEEPALIVE_MS = 30_000
"""How often a bot connected over a network pings its stream when nothing else is sent."""

_CLOSE = object()


class RefereeConnectionError(ConnectionError):
    """The referee could not be reached or refused the bot."""


def run(
    bot: Bot[Any, Any],
    *,
    address: str | None = None,
    token: str | None = None,
    ca_file: str | None = None,
) -> None:
    """Connect ``bot`` to the referee and play every game it is given, until the referee ends.

    This is a bot process's main loop: when the referee cannot be reached, refuses the
    bot or drops it, or its certificate does not verify, the process ends with a one-line
    message (``SystemExit``) rather than a traceback.

    Args:
        bot: the bot to run.
        address: the referee's address: ``tls://host:port`` (encrypted, its certificate
            verified), ``host:port`` or ``unix:/path`` (plaintext); by default the
            environment variable ``CROUPIER_ADDRESS`` set by the referee.
        token: a seat token or a bot key; by default ``CROUPIER_TOKEN``.
        ca_file: the authorities (PEM) a ``tls://`` referee's certificate is verified
            against; by default ``CROUPIER_CA_FILE``, else the system's roots.
    """
    try:
        _connect_and_serve(bot, address=address, token=token, ca_file=ca_file)
    except RefereeConnectionError as error:
        raise SystemExit(f"croupier: {error}") from None


def _connect_and_serve(
    bot: Bot[Any, Any], *, address: str | None, token: str | None, ca_file: str | None
) -> None:
    address = address or os.environ.get(ADDRESS_VARIABLE)
    token = token or os.environ.get(TOKEN_VARIABLE)
    if not address or not token:
        raise RefereeConnectionError(
            f"set {ADDRESS_VARIABLE} and {TOKEN_VARIABLE} (the referee does this for the bots "
            "it starts), or pass address= and token= to croupier.run"
        )
    referee = RefereeAddress(address, ca_file or os.environ.get(CA_FILE_VARIABLE) or None)
    options = [
        ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ]
    if referee.is_network:
        # Over a network, keep a stream that waits for games alive through proxies and NATs
        # (the referee takes a ping every 20 s or more).
        options += [
            ("grpc.keepalive_time_ms", KEEPALIVE_MS),
            ("grpc.keepalive_timeout_ms", 20_000),
            ("grpc.http2.max_pings_without_data", 0),
        ]
    try:
        channel = referee.open(options)
    except ChannelError as error:
        raise RefereeConnectionError(str(error)) from None
    with channel:
        session = _Session(bot, referee_pb2_grpc.RefereeStub(channel), token)
        try:
            session.serve()
        except grpc.RpcError as error:
            raise RefereeConnectionError(_describe(error, referee)) from None


class _Session:
    """One stream to the referee: the bot's answers go out through a queue.

    It remembers the rules of each game begun and not yet over, to encode the bot's actions.
    """

    def __init__(self, bot: Bot[Any, Any], stub: referee_pb2_grpc.RefereeStub, token: str):
        self._bot = bot
        self._stub = stub
        # Decode nothing the bot does not read: events and results only for a bot that
        # listens (decoding events would be most of a simple bot's work).
        self._wants_events = type(bot).on_event is not Bot.on_event
        self._wants_results = type(bot).on_game_end is not Bot.on_game_end
        self._games: dict[str, Game[Any]] = {}
        self._outbox: queue.SimpleQueue[object] = queue.SimpleQueue()
        hello = codec.hello(
            token=token,
            bot_name=type(bot).__name__,
            games=type(bot).games,
            live_events=type(bot).live_events,
        )
        self._outbox.put(hello)

    def _outgoing(self) -> Iterator[referee_pb2.BotMessage]:
        while (message := self._outbox.get()) is not _CLOSE:
            assert isinstance(message, referee_pb2.BotMessage)
            yield message

    def serve(self) -> None:
        responses = self._stub.Connect(self._outgoing())
        try:
            for message in responses:
                self._handle(message)
        finally:
            self._outbox.put(_CLOSE)

    def _handle(self, message: referee_pb2.RefereeMessage) -> None:
        arrived = time.monotonic()
        kind = message.WhichOneof("message")
        bot = self._bot
        if kind == "game_start":
            start = codec.read_game_start(message.game_start)
            self._games[start.game_id] = start.game
            bot.on_game_start(start)
        elif kind == "decision":
            self._tell(message.decision.events)
            request = codec.read_decision_request(message.decision)
            bot.clock = Clock(
                time_left_ms=request.time_left_ms,
                bank_left_ms=request.bank_left_ms,
                attempt=request.attempt,
                deadline=arrived + request.time_left_ms / 1000,
            )
            decision = Decision.of(bot.act(request.observation))
            reply = codec.action_reply(
                request_id=request.request_id,
                game=self._game(request.game_id),
                action=decision.action,
                comment=decision.comment,
            )
            self._outbox.put(reply)
        elif kind == "event":
            self._tell([message.event])
        elif kind == "game_over":
            self._tell(message.game_over.events)
            self._games.pop(message.game_over.game_id, None)
            if self._wants_results:
                bot.on_game_end(codec.decode_result(message.game_over.result))
        elif kind == "action_refused":
            refused = message.action_refused
            print(f"croupier: action refused: {refused.reason}", file=sys.stderr)

    def _tell(self, events: Iterable[referee_pb2.GameEvent]) -> None:
        """Give the bot ``events`` (live, or batched into a message), if it listens."""
        if self._wants_events:
            for event in events:
                self._bot.on_event(codec.decode_event(event))

    def _game(self, game_id: str) -> Game[Any]:
        game = self._games.get(game_id)
        if game is None:
            raise RefereeConnectionError(
                f"the referee asked for a decision in game {game_id!r}, which it never started"
            )
        return game


def _describe(error: grpc.RpcError, referee: RefereeAddress) -> str:
    # The errors of a stream are also grpc.Call objects, though the stubs cannot say so.
    code: grpc.StatusCode | None = getattr(error, "code", lambda: None)()
    details: str = getattr(error, "details", lambda: str(error))()
    if code == grpc.StatusCode.UNAVAILABLE:
        refused = referee.describe_refusal(details)
        return refused or f"cannot reach the referee at {referee.text}: {details}"
    name = code.name if code is not None else "error"
    return f"the referee ended the session ({name}): {details}"
