"""A person's seat: the other end of a referee session, served to the person's page.

The referee asks a person's seat as it asks a bot's, through a
:class:`~croupier_server.referee.sessions.BotSession`: the same observation, legal actions,
clock and faults. Here the other end of that session is not a gRPC stream but the page:
the seat keeps the decision asked and answers it with the legal action the person chose.

A bot may stand in for the person (asked to, or when no page has followed the seat for
``away_s``, counted from the table's opening when no page ever opens): it is started as for
a game, given the game's start, and every message of the session from then on; its answers
are handed to the referee as the person's. The person takes the seat back by asking, or
by opening the seat's page again.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from croupier import codec
from croupier.codec import DecisionRequest
from croupier.games import Game, Seat
from croupier.proto.v1 import referee_pb2
from croupier_server.referee.records import GameLog
from croupier_server.referee.sessions import BotSession, Reply, SessionClosed
from croupier_server.referee.started import NoSession, StartedBot
from croupier_server.web.play_schemas import SeatSnapshot, SeatState, TurnRefused, WhenAway

__all__ = ["BotStarter", "PersonSeat"]

BotStarter = Callable[[str, str], Awaitable[StartedBot]]
"""Starts the named bot (name, label of its process) as for a game of the table."""


class PersonSeat:
    """The seat of a person at a running table (a :class:`PersonSeatHandle`)."""

    def __init__(
        self,
        *,
        game: Game[Any],
        seed: int,
        seat: Seat,
        names: list[str],
        clock: bool,
        when_away: WhenAway,
        stand_in: str | None,
        away_s: float,
        start_bot: BotStarter,
    ) -> None:
        self.game = game
        self.seed = seed
        self.seat = seat
        self.names = names
        self.session = BotSession(
            label=f"seat {seat} ({names[seat]})", bot_name=names[seat], game=game.name
        )
        self.session.speak(2, live_events=True)
        self._clock = clock
        self._when_away = when_away
        self._stand_in = stand_in
        self._away_s = away_s
        self._start_bot = start_bot
        self._log: GameLog | None = None
        self._state = SeatState.STARTING
        self._version = 0
        self._changed = asyncio.Event()
        self._start_message: referee_pb2.RefereeMessage | None = None
        self._request: DecisionRequest | None = None
        self._request_message: referee_pb2.RefereeMessage | None = None
        self._asked_at = 0.0
        self._refusal = ""
        self._detail = ""
        self._bot: StartedBot | None = None
        self._followers = 0
        self._away: asyncio.Task[None] | None = None
        self._handed_when_away = False
        self._handing = asyncio.Lock()  # one bot starts for the seat at a time
        self._returning: asyncio.Future[None] | None = None
        self._pump = asyncio.ensure_future(self._read())

    # What the table's game tells the seat.

    def attach(self, log: GameLog) -> None:
        """The game's log, which fills as the game is played: the seat's view is built on it.

        The table is open: if no page follows the seat yet, the away time runs from now.
        """
        self._log = log
        self._state = SeatState.PERSON
        if not self._followers and self._away is None:
            self._away = asyncio.ensure_future(self._go_away())
        self._bump()

    async def finish(self, detail: str) -> None:
        """The game is over (or could not be played): say so, and end any stand-in."""
        if self._state is not SeatState.FORFEITED:
            self._state = SeatState.OVER
        self._request = None
        self._detail = detail
        if self._away is not None:
            self._away.cancel()
            self._away = None
        self._bump()
        await self._dismiss("the game is over")
        self._pump.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._pump

    # The page's side (PersonSeatHandle).

    @property
    def is_persons(self) -> bool:
        """Whether the person plays the seat now."""
        return self._state is SeatState.PERSON

    def snapshot(self) -> SeatSnapshot:
        """The seat now."""
        request = self._request
        log = self._log
        return SeatSnapshot(
            version=self._version,
            game=self.game,
            game_id=0 if log is None else int(log.game_id),
            seed=self.seed,
            seat=self.seat,
            names=tuple(self.names),
            actions=() if log is None else tuple((a.seat, a.action) for a in log.actions),
            state=self._state,
            stand_in=self._stand_in,
            request_id=None if request is None else request.request_id,
            legal_actions=() if request is None else tuple(request.observation.legal_actions),
            time_left_ms=None if request is None or not self._clock else request.time_left_ms,
            asked_ago_ms=int((time.monotonic() - self._asked_at) * 1000),
            refusal=self._refusal,
            result=None if log is None else log.result,
            detail=self._detail,
        )

    async def after(self, version: int) -> SeatSnapshot:
        """The seat once it has changed since snapshot ``version``."""
        while self._version <= version:
            await self._changed.wait()
        return self.snapshot()

    @contextlib.contextmanager
    def followed(self) -> Iterator[None]:
        """A page follows the seat while the block runs (see :class:`WhenAway`)."""
        self._followers += 1
        if self._away is not None:
            self._away.cancel()
            self._away = None
        if self._handed_when_away and self._state is SeatState.BOT:
            self._returning = asyncio.ensure_future(self._come_back())
        try:
            yield
        finally:
            self._followers -= 1
            if self._followers == 0 and self._state in (SeatState.PERSON, SeatState.STARTING):
                self._away = asyncio.ensure_future(self._go_away())

    def act(self, request_id: int, action: int) -> None:
        """Answer decision ``request_id`` with its legal action number ``action``.

        Raises:
            TurnRefused: no such decision is open for the person, or no such action.
        """
        request = self._request
        if self._state is not SeatState.PERSON:
            raise TurnRefused(f"the seat is not yours to play now ({self._state.value})")
        if request is None or request.request_id != request_id:
            raise TurnRefused("that decision is no longer asked")
        legal = request.observation.legal_actions
        if not 0 <= action < len(legal):
            raise TurnRefused(f"no legal action {action}: there are {len(legal)}")
        reply = codec.action_reply(request_id=request_id, game=self.game, action=legal[action])
        self._answered()
        self.session.deliver(reply.action)

    async def hand_over(self, bot: str | None) -> None:
        """Let ``bot`` (default: the stand-in) play the seat until it is taken back.

        Raises:
            TurnRefused: the seat is not the person's now, or the bot cannot play it.
        """
        async with self._handing:
            await self._hand_over(bot, away=False)

    async def _hand_over(self, bot: str | None, *, away: bool) -> bool:
        """Start ``bot`` for the seat; ``False``: ``away``, and a page followed it meanwhile."""
        if self._state is not SeatState.PERSON:
            raise TurnRefused(f"the seat is not yours to hand over ({self._state.value})")
        name = bot or self._stand_in
        if name is None:
            raise TurnRefused("no bot is named to play the seat")
        started = await self._start_bot(name, f"{name} for {self.session.label}")
        outcome = await started.connected()
        if isinstance(outcome, NoSession):
            await started.stop("it did not connect")
            raise TurnRefused(f"{name} cannot play the seat: {outcome.detail}")
        if not self.is_persons:  # the game ended while it started
            await started.stop("the seat is no longer the person's")
            raise TurnRefused(f"the seat is not yours to hand over ({self._state.value})")
        if away and self._followers:  # the person came back while it started
            await started.stop("the person came back")
            return False
        outcome.report_strays_to(None)
        self._bot, self._stand_in, self._state = started, name, SeatState.BOT
        self._detail = f"{name} plays the seat"
        if self._start_message is not None:
            outcome.send(self._start_message)
        if self._request_message is not None and self._request is not None:
            self._relay(outcome, self._request_message, self._request.request_id)
        self._bump()
        return True

    async def take_back(self) -> None:
        """Take the seat back from the bot that plays it.

        Raises:
            TurnRefused: no bot plays it.
        """
        if self._state is not SeatState.BOT:
            raise TurnRefused("no bot plays the seat now")
        self._handed_when_away = False
        await self._dismiss("the person took the seat back")
        self._state = SeatState.PERSON
        self._detail = "you took the seat back"
        self._bump()

    # Inside.

    async def _read(self) -> None:
        """Keep what the referee sends the seat; pass it on to the stand-in, if any."""
        while (message := await self.session.outbox.get()) is not None:
            kind = message.WhichOneof("message")
            if kind == "game_start":
                self._start_message = message
            elif kind == "decision":
                self._request = codec.read_decision_request(message.decision)
                self._request_message = message
                self._asked_at = time.monotonic()
            elif kind == "action_refused":
                self._refusal = message.action_refused.reason
            elif kind == "action_taken":
                taken = message.action_taken
                self._answered()
                self._detail = f"the referee played for the seat: {taken.reason}"
            bot = self._bot
            if bot is not None and (session := bot.session) is not None:
                if kind == "decision" and self._request is not None:
                    self._relay(session, message, self._request.request_id)
                else:
                    session.send(message)
            self._bump()
        if self._state is not SeatState.OVER:
            self._state = SeatState.FORFEITED
            self._request = None
            self._detail = f"the seat is forfeited: {self.session.close_reason}"
            self._bump()

    def _relay(
        self, session: BotSession, message: referee_pb2.RefereeMessage, request_id: int
    ) -> None:
        """Ask the stand-in ``message``'s decision; its answer goes to the referee."""
        reply = session.expect_reply(request_id)
        session.send(message)
        reply.add_done_callback(lambda done: self._relayed(session, request_id, done))

    def _relayed(self, session: BotSession, request_id: int, done: asyncio.Future[Reply]) -> None:
        bot = self._bot
        if bot is None or bot.session is not session or done.cancelled():
            return
        if isinstance(done.exception(), SessionClosed):
            self._bot, self._state = None, SeatState.PERSON
            self._handed_when_away = False
            self._detail = f"{self._stand_in} left the seat: it is yours again"
            self._bump()
            return
        if self._request is not None and self._request.request_id == request_id:
            self._answered()
            self.session.deliver(done.result().message)

    def _answered(self) -> None:
        self._request = None
        self._request_message = None
        self._refusal = ""

    async def _dismiss(self, reason: str) -> None:
        bot, self._bot = self._bot, None
        if bot is not None:
            await bot.stop(reason)

    async def _go_away(self) -> None:
        """No page has followed the seat for ``away_s``: a bot plays it, or it is forfeited."""
        await asyncio.sleep(self._away_s)
        self._away = None
        if self._followers or self._state is not SeatState.PERSON:
            return
        if self._when_away is WhenAway.FORFEIT:
            self.session.close("the person left the table")
            return
        with contextlib.suppress(TurnRefused):
            async with self._handing:
                if await self._hand_over(None, away=True):
                    self._handed_when_away = True
                    self._detail = f"{self._stand_in} played the seat while you were away"

    async def _come_back(self) -> None:
        with contextlib.suppress(TurnRefused):
            await self.take_back()
            self._detail = "welcome back: the seat is yours again"

    def _bump(self) -> None:
        self._version += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
