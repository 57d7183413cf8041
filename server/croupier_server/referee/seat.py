"""One seat of a game as the referee sees it: asking its bot, the clock, and its faults.

The fault policy (documented in ``docs/referee.md``): an illegal or malformed action is
refused and the bot asked again, ``illegal_retries`` times; then, and on a timeout, the
referee plays the seat's default action (the first legal action in the engine's order) and
the seat takes a strike. A message that answers nothing asked is a strike too. After
``max_strikes`` strikes, or when the bot's stream ends (a crash), the seat is forfeited:
the default policy plays it to the end without asking.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from croupier import codec
from croupier.games import Seat, State
from croupier.proto.v1 import referee_pb2
from croupier_server.clock import utc_now
from croupier_server.control import TimeControl
from croupier_server.outcomes import DecidedBy, FaultKind, SeatStatus
from croupier_server.referee.records import ActionEntry, GameLog
from croupier_server.referee.sessions import BotSession, Reply, SessionClosed

__all__ = ["FaultPolicy", "SeatAgent"]

_request_ids = itertools.count(1)


@dataclass(frozen=True, slots=True)
class FaultPolicy:
    """How many chances a bot gets."""

    illegal_retries: int = 2
    """How many times a refused (illegal or malformed) action is asked again."""
    max_strikes: int = 3
    """Strikes (decisions taken for the bot, stray messages) before the seat is forfeited."""


@dataclass(frozen=True, slots=True)
class _Answer:
    """A bot's reply to one request, as the seat reads it."""

    request_id: int
    action: Any
    """The action; ``None`` when the reply could not be decoded."""
    comment: str | None
    """The bot's comment, cut to ``COMMENT_MAX_BYTES`` (see ``codec.cut_comment``)."""
    latency_ms: float
    malformed: str = ""
    """Why the reply could not be decoded, when it could not."""


class SeatAgent:
    """Asks one seat's bot for its decisions, within its time, charging its faults."""

    def __init__(
        self,
        *,
        seat: Seat,
        name: str,
        session: BotSession | None,
        time_control: TimeControl,
        policy: FaultPolicy,
        log: GameLog,
    ) -> None:
        self.seat = seat
        self.name = name
        self.session = session
        self.time_control = time_control
        self._policy = policy
        self._log = log
        self._bank_ms = float(time_control.bank_ms)
        self.strikes = 0
        self.status = SeatStatus.PLAYING
        self._unsent: list[referee_pb2.GameEvent] = []
        """Events the bot may see that wait for its next message (contract version 2)."""
        if session is None:
            self.status = SeatStatus.FORFEITED
            log.forfeit(seat)
        else:
            session.report_strays_to(self._on_stray)

    @property
    def forfeited(self) -> bool:
        """Whether the default policy plays this seat from now on."""
        return self.status is SeatStatus.FORFEITED

    def send(self, message: referee_pb2.RefereeMessage) -> None:
        """Send ``message`` to the bot, if it is still connected."""
        if self.session is not None:
            self.session.send(message)

    def tell(self, event: referee_pb2.GameEvent) -> None:
        """Let the bot see ``event``: at once if it asked for that, else in its next message."""
        if self.session is None:
            return
        if self.session.live_events:
            self.session.send(referee_pb2.RefereeMessage(event=event))
        else:
            self._unsent.append(event)

    def finish(self, game_id: str, result: referee_pb2.Result) -> None:
        """Tell the bot its game is over: its result, its seat's status, its last events."""
        status = (
            referee_pb2.SEAT_STATUS_FORFEITED
            if self.forfeited
            else referee_pb2.SEAT_STATUS_FINISHED
        )
        game_over = referee_pb2.GameOver(
            game_id=game_id, result=result, seat_status=status, events=self._take_unsent()
        )
        self.send(referee_pb2.RefereeMessage(game_over=game_over))

    def _take_unsent(self) -> list[referee_pb2.GameEvent]:
        unsent, self._unsent = self._unsent, []
        return unsent

    def forfeit(self, kind: FaultKind, detail: str) -> None:
        """Charge ``kind`` and hand the seat to the default policy for the rest of the game."""
        self._log.fault(self.seat, kind, detail)
        self.status = SeatStatus.FORFEITED
        self._log.forfeit(self.seat)

    async def decide(self, game_id: str, state: State[Any, Any, Any]) -> ActionEntry:
        """The seat's action in ``state``: the bot's, or the default policy's after a fault.

        The seat's observation is taken at once, before any other seat's action is applied.
        """
        requested_at = utc_now()
        legal = state.legal_actions(self.seat)
        if len(legal) == 1:  # the bot sees it in the event stream
            return ActionEntry(self.seat, legal[0], DecidedBy.FORCED, requested_at, None)
        if self.forfeited or self.session is None:
            return self._taken(game_id, legal[0], requested_at, "forfeited")
        observation = state.observation(self.seat)
        for attempt in range(1, self._policy.illegal_retries + 2):
            outcome = await self._ask(self.session, game_id, observation, attempt)
            if isinstance(outcome, str):  # a timeout or a crash: no more asking
                return self._taken(game_id, legal[0], requested_at, outcome)
            if outcome.action is not None and outcome.action in legal:
                return ActionEntry(
                    self.seat,
                    outcome.action,
                    DecidedBy.BOT,
                    requested_at,
                    outcome.latency_ms,
                    outcome.comment,
                )
            self._refuse(outcome)
        self._strike()
        reason = "no legal action after every retry"
        return self._taken(game_id, legal[0], requested_at, reason)

    async def _ask(
        self, session: BotSession, game_id: str, observation: Any, attempt: int
    ) -> _Answer | str:
        """Ask once: the bot's answer, or why there is none (a timeout, a crash)."""
        request_id = next(_request_ids)
        time_left_ms = self.time_control.decision_ms + self._bank_ms
        reply_future = session.expect_reply(request_id)
        session.send(
            codec.decision_request(
                request_id=request_id,
                game_id=game_id,
                game=self._log.game,
                observation=observation,
                time_left_ms=int(time_left_ms),
                bank_left_ms=int(self._bank_ms),
                attempt=attempt,
                events=self._take_unsent(),
            )
        )
        sent = time.monotonic()
        try:
            async with asyncio.timeout(time_left_ms / 1000):
                reply: Reply = await reply_future
        except TimeoutError:
            session.expire(request_id)
            self._bank_ms = 0.0
            self._log.fault(self.seat, FaultKind.TIMEOUT, f"no answer in {time_left_ms:.0f} ms")
            self._strike()
            return f"timeout after {time_left_ms:.0f} ms"
        except SessionClosed as closed:
            self.forfeit(FaultKind.CRASH, closed.args[0] if closed.args else "the bot is gone")
            return "the bot is gone"
        latency_ms = (reply.received_at - sent) * 1000
        overrun_ms = max(0.0, latency_ms - self.time_control.decision_ms)
        self._bank_ms = max(0.0, self._bank_ms - overrun_ms)
        try:
            read = codec.read_action_reply(reply.message, self._log.game)
        except codec.CodecError as error:
            return _Answer(request_id, None, None, latency_ms, str(error))
        return _Answer(request_id, read.action, read.comment, latency_ms)

    def _refuse(self, answer: _Answer) -> None:
        """Charge a malformed or illegal answer and tell the bot why, in the same words."""
        if answer.action is None:
            fault, kind = FaultKind.MALFORMED, referee_pb2.FAULT_KIND_MALFORMED
            reason = answer.malformed
        else:
            fault, kind = FaultKind.ILLEGAL_ACTION, referee_pb2.FAULT_KIND_ILLEGAL_ACTION
            reason = f"{answer.action} is not legal now"
        self._log.fault(self.seat, fault, reason)
        refused = referee_pb2.ActionRefused(request_id=answer.request_id, fault=kind, reason=reason)
        self.send(referee_pb2.RefereeMessage(action_refused=refused))

    def _taken(self, game_id: str, action: Any, requested_at: datetime, reason: str) -> ActionEntry:
        """The default policy's action, and the bot told why."""
        self.send(
            referee_pb2.RefereeMessage(
                action_taken=referee_pb2.ActionTaken(
                    game_id=game_id,
                    action=codec.encode_action(action, game=self._log.game),
                    decided_by=referee_pb2.DECIDER_DEFAULT_POLICY,
                    reason=reason,
                )
            )
        )
        return ActionEntry(self.seat, action, DecidedBy.DEFAULT, requested_at, None)

    def _strike(self) -> None:
        self.strikes += 1
        if self.strikes >= self._policy.max_strikes:
            self.status = SeatStatus.FORFEITED
            self._log.forfeit(self.seat)

    def _on_stray(self, kind: str, detail: str) -> None:
        if not self.forfeited:
            self._log.fault(self.seat, FaultKind(kind), detail)
            self._strike()
