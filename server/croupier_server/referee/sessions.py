"""A connected bot's session: what to send it, the replies it owes, and what it got wrong.

:mod:`.registry` admits bots and opens their sessions; the service pumps each session's
stream; a seat's agent asks and reads through it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from croupier.proto.v1 import referee_pb2
from croupier_server.errors import CroupierServerError

__all__ = ["BotSession", "Reply", "SessionClosed"]


class SessionClosed(CroupierServerError):
    """The bot's stream ended (the process died, disconnected or was cut off)."""


@dataclass(frozen=True, slots=True)
class Reply:
    """An action reply as it arrived, with its arrival time (``time.monotonic``)."""

    message: referee_pb2.ActionReply
    received_at: float


StrayHandler = Callable[[str, str], None]
"""Called with (fault kind, detail) for a message that answers nothing the bot was asked."""

EARLY_STRAYS_KEPT = 16
"""Strays kept for a seat until its game starts: more than the strikes that forfeit a seat."""


@dataclass(eq=False)
class BotSession:
    """One bot's stream: what to send it, and the replies it owes."""

    label: str
    """Who the bot is here, for logs and faults: ``seat 0 (greedy) of game 12``."""
    bot_name: str
    """The bot's registered name."""
    game: str | None = None
    """The game the bot is registered for, or ``None`` when any (a test's bot)."""
    protocol_version: int = 1
    """The contract version of the stream (``Hello.protocol_version``)."""
    live_events: bool = True
    """Whether each event is sent as it happens; else it waits for the next message."""
    sent: int = 0
    """How many messages were queued for the bot so far (the welcome aside)."""
    outbox: asyncio.Queue[referee_pb2.RefereeMessage | None] = field(default_factory=asyncio.Queue)
    closed: asyncio.Event = field(default_factory=asyncio.Event)
    close_reason: str = ""
    on_stray: StrayHandler | None = None
    _early_strays: list[tuple[str, str]] | None = field(default_factory=list)
    """Strays that came before the first handler, for it; ``None`` once it came."""
    _pending: dict[int, asyncio.Future[Reply]] = field(default_factory=dict)
    _expired: set[int] = field(default_factory=set)

    def speak(self, protocol_version: int, *, live_events: bool) -> None:
        """Serve the stream in contract ``protocol_version``: 1 sends every event live."""
        self.protocol_version = protocol_version
        self.live_events = protocol_version == 1 or live_events

    def send(self, message: referee_pb2.RefereeMessage) -> None:
        """Queue ``message`` for the bot; dropped once the session is closed."""
        if not self.closed.is_set():
            self.sent += 1
            self.outbox.put_nowait(message)

    def expect_reply(self, request_id: int) -> asyncio.Future[Reply]:
        """A future for the reply to ``request_id``; it fails with SessionClosed on close."""
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        if self.closed.is_set():
            future.set_exception(SessionClosed(self.close_reason))
        else:
            self._pending[request_id] = future
        return future

    def expire(self, request_id: int) -> None:
        """Stop waiting for ``request_id``: its time ran out, a late answer is ignored."""
        self._pending.pop(request_id, None)
        self._expired.add(request_id)

    def deliver(self, reply: referee_pb2.ActionReply) -> None:
        """Hand an arrived reply to whoever waits for it, or report it as stray."""
        if reply.request_id in self._expired:
            return  # too late: the timeout was charged already
        future = self._pending.pop(reply.request_id, None)
        if future is None or future.done():
            self._stray(
                "wrong_request",
                f"an answer to request {reply.request_id}, which is not awaiting an answer",
            )
            return
        future.set_result(Reply(reply, time.monotonic()))

    def report_malformed(self, detail: str) -> None:
        """Report a message that is not what the contract allows at this point."""
        self._stray("malformed", detail)

    def report_duplicate_connection(self) -> None:
        """Report a second connection with this session's token (it was refused)."""
        self._stray("duplicate_connection", "a second connection with the seat's token")

    def report_strays_to(self, handler: StrayHandler | None) -> None:
        """Report stray messages to ``handler`` from now on; ``None``: ignore them.

        Those that came before the first handler (while the game waited for its other
        seats) are reported to it at once.
        """
        self.on_stray = handler
        early, self._early_strays = self._early_strays or [], None
        if handler is not None:
            for kind, detail in early:
                handler(kind, detail)

    def _stray(self, kind: str, detail: str) -> None:
        if self.on_stray is not None:
            self.on_stray(kind, detail)
        elif self._early_strays is not None and len(self._early_strays) < EARLY_STRAYS_KEPT:
            self._early_strays.append((kind, detail))

    def close(self, reason: str) -> None:
        """End the session: fail every pending reply and stop the outgoing stream."""
        if self.closed.is_set():
            return
        self.close_reason = reason
        self.closed.set()
        for future in self._pending.values():
            if not future.done():
                future.set_exception(SessionClosed(reason))
        self._pending.clear()
        self.outbox.put_nowait(None)
