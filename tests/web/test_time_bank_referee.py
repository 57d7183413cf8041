"""The replay's time banks against the referee's own: a game refereed by real seat agents.

Bots answer in process, some late and one never: the time and bank each request told its
seat are what the replay, from the stored latencies and faults alone, says it had.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from croupier import codec
from croupier.games import load_game
from croupier.proto.v1 import referee_pb2
from croupier_server.clock import utc_now
from croupier_server.control import TimeControl
from croupier_server.db import ActionRecord, FaultRecord, GameRecord, GameStatus
from croupier_server.referee.game_loop import play_game
from croupier_server.referee.records import GameLog
from croupier_server.referee.seat import FaultPolicy, SeatAgent
from croupier_server.referee.sessions import BotSession
from croupier_server.web.steps import replay_steps
from croupier_server.web.viewers import Viewer

OPTIONS = {"players": 3, "rounds": 1}
SEED = 4
TIME = TimeControl(decision_ms=200, bank_ms=300)


@dataclass(frozen=True, slots=True)
class Asked:
    """What one request told its seat."""

    seat: int
    time_left_ms: int
    bank_left_ms: int


def delay_ms(seat: int, asked: int) -> float:
    """How long seat ``seat`` takes over its request number ``asked`` (from 0)."""
    if seat == 0 and asked in (1, 3, 5):
        return 260  # 60 ms over, three times: the bank pays
    if seat == 1 and asked == 1:
        return 1000  # past every time it has: a timeout
    return 2


async def answer(seat: int, session: BotSession, asked: list[Asked]) -> None:
    """Play seat ``seat``'s bot: the first legal action of each request, after its delay.

    Each request is answered on its own, so that one left unanswered delays no other.
    """
    game = load_game("lexio", OPTIONS)
    replies: list[asyncio.Task[None]] = []

    async def reply(request: codec.DecisionRequest, delay: float) -> None:
        await asyncio.sleep(delay / 1000)
        action = request.observation.legal_actions[0]
        message = codec.action_reply(request_id=request.request_id, game=game, action=action)
        session.deliver(message.action)

    while True:
        message: referee_pb2.RefereeMessage | None = await session.outbox.get()
        if message is None or message.HasField("game_over"):
            break
        if message.HasField("decision"):
            request = codec.read_decision_request(message.decision)
            asked.append(Asked(seat, request.time_left_ms, request.bank_left_ms))
            replies.append(asyncio.create_task(reply(request, delay_ms(seat, len(replies)))))
    for task in replies:
        task.cancel()


async def referee() -> tuple[GameLog, list[Asked]]:
    log = GameLog(game_id="bank", game=load_game("lexio", OPTIONS), seed=SEED)
    sessions = [BotSession(label=f"seat {seat}", bot_name=f"bot {seat}") for seat in range(3)]
    agents = [
        SeatAgent(
            seat=seat,
            name=f"bot {seat}",
            session=session,
            time_control=TIME,
            policy=FaultPolicy(max_strikes=10),
            log=log,
        )
        for seat, session in enumerate(sessions)
    ]
    asked: list[Asked] = []
    bots = [asyncio.create_task(answer(seat, s, asked)) for seat, s in enumerate(sessions)]
    await play_game(log, agents)
    for session in sessions:
        session.close("game over")
        session.outbox.put_nowait(None)
    await asyncio.gather(*bots)
    return log, asked


def test_each_request_told_its_seat_the_time_and_bank_the_replay_recomputes() -> None:
    log, asked = asyncio.run(referee())
    record = GameRecord(
        id=1,
        game="lexio",
        options=OPTIONS,
        variant="3 players",
        seed=SEED,
        settings={"time_control": TIME.items()},
        status=GameStatus.FINISHED,
    )
    actions = [
        ActionRecord(
            game_id=1,
            number=number,
            seat=entry.seat,
            text=str(entry.action),
            requested_at=entry.requested_at,
            latency_ms=entry.latency_ms,
            decided_by=entry.decided_by,
        )
        for number, entry in enumerate(log.actions)
    ]
    faults = [
        FaultRecord(
            game_id=1,
            seat=fault.seat,
            kind=fault.kind,
            detail=fault.detail,
            at=utc_now(),
            action_number=fault.action_number,
        )
        for fault in log.faults
    ]
    assert [fault.kind for fault in faults] == ["timeout"]
    steps = replay_steps(record, actions, faults, Viewer.from_str("all"))
    recomputed = []
    bank = {seat: float(TIME.bank_ms) for seat in range(3)}
    for step in steps[1:]:
        action = step.action
        assert action is not None
        assert action.time_left_ms is not None
        assert action.bank_left_ms is not None
        before = action.time_left_ms - TIME.decision_ms
        assert before == bank[action.seat]
        if action.decided_by != "forced":
            recomputed.append(Asked(action.seat, int(action.time_left_ms), int(before)))
        bank[action.seat] = action.bank_left_ms
    assert recomputed == asked
    assert bank[0] < TIME.bank_ms - 150  # the late answers paid from it
    assert bank[1] == 0  # the timeout emptied it
    assert any(step.action and step.action.slow and step.action.seat == 0 for step in steps)
