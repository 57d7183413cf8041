"""Who may connect: seat tokens of games in progress, and keys of remote bots.

A seat token admits one connection for one seat of one game, and only while that game
waits for it or plays; a bot key admits a remote bot into the pool of its idle sessions,
from which games are given to it. Tokens and keys are compared by their SHA-256 digests, so
the registry never keeps a secret itself.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

import grpc

from croupier_server.errors import CroupierServerError
from croupier_server.referee.sessions import BotSession
from croupier_server.tokens import hash_secret

__all__ = ["MAX_STREAMS_PER_KEY", "AdmissionError", "SessionRegistry"]

MAX_STREAMS_PER_KEY = 64
"""How many streams one remote bot's key may hold open at once (each plays its own games)."""


class AdmissionError(CroupierServerError):
    """A Hello that cannot be admitted; ``code`` is the gRPC status to end its stream with."""

    def __init__(self, code: grpc.StatusCode, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(eq=False)
class _SeatSlot:
    label: str
    bot_name: str
    game: str
    session: asyncio.Future[BotSession]
    connected: bool = False
    refusal: str = ""
    """Why the last Hello with the seat's token was refused, if one was."""


@dataclass(frozen=True, slots=True)
class _RemoteBot:
    name: str
    game: str | None


class SessionRegistry:
    """Who may connect: seat tokens of games in progress, and keys of remote bots."""

    def __init__(self) -> None:
        self._seats: dict[str, _SeatSlot] = {}
        self._remote_keys: dict[str, _RemoteBot] = {}
        self._idle: dict[str, list[BotSession]] = {}
        self._streams: dict[str, list[BotSession]] = {}
        """The sessions each remote key opened, closed ones dropped as new ones come."""
        self._idle_changed = asyncio.Condition()

    def expect_seat(
        self, token: str, label: str, *, bot_name: str, game: str
    ) -> asyncio.Future[BotSession]:
        """Admit one connection with ``token`` for bot ``bot_name`` in a game of ``game``.

        The future resolves when it connects. A refused Hello (:meth:`refuse`) spends
        nothing: the bot may say Hello again; :meth:`refusal` says why it was refused.
        """
        future: asyncio.Future[BotSession] = asyncio.get_running_loop().create_future()
        self._seats[hash_secret(token)] = _SeatSlot(label, bot_name, game, future)
        return future

    def refuse(self, token: str, reason: str) -> None:
        """A Hello with ``token`` was refused for ``reason``: its seat, if any, keeps why."""
        slot = self._seats.get(hash_secret(token))
        if slot is not None:
            slot.refusal = reason

    def refusal(self, token: str) -> str:
        """Why the last Hello with seat token ``token`` was refused; "" if none was."""
        slot = self._seats.get(hash_secret(token))
        return "" if slot is None else slot.refusal

    def revoke_seat(self, token: str) -> None:
        """The game of ``token`` is over: the token admits nobody any more."""
        self._seats.pop(hash_secret(token), None)

    def allow_remote(self, key_hash: str, bot_name: str, *, game: str | None = None) -> None:
        """Admit remote bot ``bot_name`` whenever it connects with the key of ``key_hash``.

        ``game`` is the game it is registered for (``None``: it is given any game).
        """
        self._remote_keys[key_hash] = _RemoteBot(bot_name, game)

    def admit(self, token: str, *, games: Sequence[str] = ()) -> BotSession:
        """The session a Hello with ``token`` opens; ``games`` are those the bot says it plays.

        Raises:
            AdmissionError: an unknown, finished or already connected token, a refused
                seat, a key with too many streams open (``RESOURCE_EXHAUSTED``), or a bot
                whose game is not among ``games`` (``FAILED_PRECONDITION``).
        """
        digest = hash_secret(token)
        slot = self._seats.get(digest)
        if slot is not None:
            if slot.connected:
                slot.session.result().report_duplicate_connection()
                raise AdmissionError(
                    grpc.StatusCode.ALREADY_EXISTS,
                    f"{slot.label} is already connected with this token",
                )
            if refusal := _game_refusal(slot.bot_name, slot.game, games, "seated in"):
                slot.refusal = refusal
                raise AdmissionError(grpc.StatusCode.FAILED_PRECONDITION, refusal)
            slot.connected = True
            session = BotSession(slot.label, slot.bot_name, slot.game)
            slot.session.set_result(session)
            return session
        remote = self._remote_keys.get(digest)
        if remote is None:
            raise AdmissionError(grpc.StatusCode.UNAUTHENTICATED, "unknown or expired token")
        if refusal := _game_refusal(remote.name, remote.game, games, "registered for"):
            raise AdmissionError(grpc.StatusCode.FAILED_PRECONDITION, refusal)
        open_streams = self._streams.get(digest, [])
        open_streams[:] = [session for session in open_streams if not session.closed.is_set()]
        if len(open_streams) >= MAX_STREAMS_PER_KEY:
            raise AdmissionError(
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                f"remote bot {remote.name} has {MAX_STREAMS_PER_KEY} streams open already",
            )
        session = BotSession(f"remote bot {remote.name}", remote.name, remote.game)
        self._streams[digest] = [*open_streams, session]
        session.report_strays_to(None)  # idle: no game to charge them to
        self._idle.setdefault(remote.name, []).append(session)
        asyncio.get_running_loop().create_task(self._notify_idle())
        return session

    async def _notify_idle(self) -> None:
        async with self._idle_changed:
            self._idle_changed.notify_all()

    def idle_remote_bots(self) -> dict[str, int]:
        """How many idle sessions each connected remote bot has."""
        self._drop_closed()
        return {name: len(sessions) for name, sessions in self._idle.items() if sessions}

    async def take_remote(self, bot_name: str, timeout: float) -> BotSession | None:
        """An idle session of remote bot ``bot_name``, waiting up to ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        async with self._idle_changed:
            while True:
                self._drop_closed()
                sessions = self._idle.get(bot_name)
                if sessions:
                    return sessions.pop(0)
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                try:
                    await asyncio.wait_for(self._idle_changed.wait(), left)
                except TimeoutError:
                    return None

    async def release_remote(self, bot_name: str, session: BotSession) -> None:
        """Give a remote bot's session back to the pool after its game."""
        if session.closed.is_set():
            return
        session.report_strays_to(None)
        self._idle.setdefault(bot_name, []).append(session)
        await self._notify_idle()

    def close_idle(self, reason: str) -> None:
        """End the stream of every idle remote bot (the referee is stopping)."""
        for sessions in self._idle.values():
            for session in sessions:
                session.close(reason)
        self._idle.clear()

    def _drop_closed(self) -> None:
        for sessions in self._idle.values():
            sessions[:] = [session for session in sessions if not session.closed.is_set()]


def _game_refusal(bot_name: str, game: str | None, games: Sequence[str], where: str) -> str:
    """Why a bot saying it plays ``games`` cannot be given games of ``game``; "" if it can."""
    if not games or game is None or game in games:
        return ""
    return f"{bot_name} is {where} {game}, and the bot says it plays {', '.join(games)}"
