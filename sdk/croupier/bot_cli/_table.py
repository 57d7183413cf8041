"""One game at the local arena: the engine judges, the seats decide, the faults are charged.

The author's seat is asked over its stream with the server's deadlines and fault policy
(``docs/referee.md``): an illegal or malformed action is refused and asked again
``illegal_retries`` times, then the first legal action is taken for the bot and the seat
takes a strike, as on a timeout (which also empties the bank); a stray message is a strike;
``max_strikes`` strikes or the end of its stream (a crash) forfeit the seat, which the
default policy then plays to the end. The opponents play in this process.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from croupier import codec
from croupier.bot import Bot, Decision, GameStart
from croupier.bot_cli._defaults import RefereeDefaults
from croupier.bot_cli._referee import Reply, Session, SessionClosed
from croupier.games import Event, Game, Result, Seat, State
from croupier.proto.v1 import referee_pb2

__all__ = ["Fault", "LocalSeat", "RemoteSeat", "play_table"]

_request_ids = itertools.count(1)


@dataclass(frozen=True, slots=True)
class Fault:
    """A fault charged to the author's seat: its kind, as the server names it, and why."""

    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


class TableSeat(Protocol):
    """A seat at the table, played by the author's bot or by an opponent."""

    def start(self, game_id: str, game: Game[Any], seat: Seat) -> None:
        """The game begins."""

    def tell(self, event: Event) -> None:
        """An event the seat may see."""

    async def decide(self, state: State[Any, Any, Any]) -> Any:
        """The seat's action in ``state`` (it has a real choice)."""

    def finish(self, result: Result) -> None:
        """The game is over."""


class LocalSeat:
    """An opponent in this process: a :class:`croupier.Bot` called directly."""

    def __init__(self, bot: Bot[Any, Any]) -> None:
        self.bot = bot
        self._seat: Seat = 0

    def start(self, game_id: str, game: Game[Any], seat: Seat) -> None:
        self._seat = seat
        self.bot.on_game_start(GameStart(game_id=game_id, game=game, seat=seat))

    def tell(self, event: Event) -> None:
        self.bot.on_event(event)

    async def decide(self, state: State[Any, Any, Any]) -> Any:
        return Decision.of(self.bot.act(state.observation(self._seat))).action

    def finish(self, result: Result) -> None:
        self.bot.on_game_end(result)


@dataclass(eq=False)
class RemoteSeat:
    """The author's bot, asked over its stream within its time; ``session`` None: it never came."""

    session: Session | None
    defaults: RefereeDefaults
    faults: list[Fault] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    strikes: int = 0
    forfeited: bool = False
    _game: Any = None
    _game_id: str = ""
    _seat: Seat = 0
    _bank_ms: float = 0.0
    _unsent: list[referee_pb2.GameEvent] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.forfeited = self.session is None

    def start(self, game_id: str, game: Game[Any], seat: Seat) -> None:
        self._game, self._game_id, self._seat = game, game_id, seat
        self._bank_ms = float(self.defaults.time_control.bank_ms)
        self._send(
            codec.game_start(
                game_id=game_id, game=game, seat=seat, time_control=self.defaults.time_control
            )
        )

    def tell(self, event: Event) -> None:
        message = codec.encode_game_event(self._game_id, event, game=self._game)
        if self.session is not None and self.session.live_events:
            self._send(referee_pb2.RefereeMessage(event=message))
        else:
            self._unsent.append(message)

    def finish(self, result: Result) -> None:
        self._charge_strays()
        status = (
            referee_pb2.SEAT_STATUS_FORFEITED
            if self.forfeited
            else referee_pb2.SEAT_STATUS_FINISHED
        )
        over = referee_pb2.GameOver(
            game_id=self._game_id,
            result=codec.encode_result(result, game=self._game),
            seat_status=status,
            events=self._take_unsent(),
        )
        self._send(referee_pb2.RefereeMessage(game_over=over))

    async def decide(self, state: State[Any, Any, Any]) -> Any:
        """The bot's legal action, or the first legal action after its fault."""
        legal = state.legal_actions(self._seat)
        self._charge_strays()
        if self.forfeited or self.session is None:
            return self._taken(legal[0], "forfeited")
        observation = state.observation(self._seat)
        for attempt in range(1, self.defaults.illegal_retries + 2):
            answer = await self._ask(self.session, observation, attempt)
            if isinstance(answer, str):  # a timeout or a crash: no more asking
                return self._taken(legal[0], answer)
            read, latency_ms = answer
            if isinstance(read, codec.Reply) and read.action in legal:
                self.latencies_ms.append(latency_ms)
                return read.action
            self._refuse(read)
        self._strike()
        return self._taken(legal[0], "no legal action after every retry")

    async def _ask(
        self, session: Session, observation: Any, attempt: int
    ) -> tuple[codec.Reply | tuple[int, str], float] | str:
        """Ask once: the reply read and its latency, or why there is none (timeout, crash).

        A reply that cannot be read comes as its request's id and why.
        """
        request_id = next(_request_ids)
        time_left_ms = self.defaults.time_control.decision_ms + self._bank_ms
        future = session.expect_reply(request_id)
        session.send(
            codec.decision_request(
                request_id=request_id,
                game_id=self._game_id,
                game=self._game,
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
                reply: Reply = await future
        except TimeoutError:
            session.expire(request_id)
            self._bank_ms = 0.0
            self.faults.append(Fault("timeout", f"no answer in {time_left_ms:.0f} ms"))
            self._strike()
            return f"timeout after {time_left_ms:.0f} ms"
        except SessionClosed as closed:
            self.forfeit("crash", str(closed) or "the bot is gone")
            return "the bot is gone"
        latency_ms = (reply.received_at - sent) * 1000
        self._bank_ms = max(
            0.0, self._bank_ms - max(0.0, latency_ms - self.defaults.time_control.decision_ms)
        )
        try:
            return codec.read_action_reply(reply.message, self._game), latency_ms
        except codec.CodecError as error:
            return (request_id, str(error)), latency_ms

    def _refuse(self, read: codec.Reply | tuple[int, str]) -> None:
        """Charge a malformed or illegal answer and tell the bot why, in the server's words."""
        if isinstance(read, codec.Reply):
            request_id, reason = read.request_id, f"{read.action} is not legal now"
            kind, fault = "illegal_action", referee_pb2.FAULT_KIND_ILLEGAL_ACTION
        else:
            (request_id, reason), kind = read, "malformed"
            fault = referee_pb2.FAULT_KIND_MALFORMED
        self.faults.append(Fault(kind, reason))
        refused = referee_pb2.ActionRefused(request_id=request_id, fault=fault, reason=reason)
        self._send(referee_pb2.RefereeMessage(action_refused=refused))

    def _taken(self, action: Any, reason: str) -> Any:
        """The default policy's action, the bot told why."""
        taken = referee_pb2.ActionTaken(
            game_id=self._game_id,
            action=codec.encode_action(action, game=self._game),
            decided_by=referee_pb2.DECIDER_DEFAULT_POLICY,
            reason=reason,
        )
        self._send(referee_pb2.RefereeMessage(action_taken=taken))
        return action

    def forfeit(self, kind: str, detail: str) -> None:
        """Charge ``kind`` and hand the seat to the default policy for the rest of the game."""
        self.faults.append(Fault(kind, detail))
        self.forfeited = True

    def _strike(self) -> None:
        self.strikes += 1
        if self.strikes >= self.defaults.max_strikes:
            self.forfeited = True

    def _charge_strays(self) -> None:
        if self.session is None:
            return
        strays, self.session.strays = self.session.strays, []
        for kind, detail in strays:
            if not self.forfeited:
                self.faults.append(Fault(kind, detail))
                self._strike()

    def _send(self, message: referee_pb2.RefereeMessage) -> None:
        if self.session is not None:
            self.session.send(message)

    def _take_unsent(self) -> list[referee_pb2.GameEvent]:
        unsent, self._unsent = self._unsent, []
        return unsent


async def play_table(
    game: Game[Any], seats: Sequence[TableSeat], *, seed: int, game_id: str
) -> State[Any, Any, Any]:
    """Play one game of ``game`` with one seat each to its end; its final state.

    A decision with one legal action is taken without asking (the seat sees it in the
    events); seats that act at once (the cribbage discard) are asked together.
    """
    state: State[Any, Any, Any] = game.new_state(seed)
    for seat, player in enumerate(seats):
        player.start(game_id, game, seat)
    told = 0
    while True:
        for event in state.events[told:]:
            for seat, player in enumerate(seats):
                if event.is_visible_to(seat):
                    player.tell(event)
        told = len(state.events)
        acting = state.seats_to_act()
        if not acting:
            break
        actions = await asyncio.gather(*(_action(state, seat, seats[seat]) for seat in acting))
        for seat, action in zip(acting, actions, strict=True):
            state.apply(seat, action)
    result = state.result()
    assert result is not None  # no seat is to act: the game is over
    for player in seats:
        player.finish(result)
    return state


async def _action(state: State[Any, Any, Any], seat: Seat, player: TableSeat) -> Any:
    legal = state.legal_actions(seat)
    return legal[0] if len(legal) == 1 else await player.decide(state)
