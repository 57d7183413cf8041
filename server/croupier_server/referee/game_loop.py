"""One game, refereed: the engine judges, the seats decide, every event is logged and sent."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from croupier import codec
from croupier.games import State
from croupier_server.clock import utc_now
from croupier_server.outcomes import DecidedBy, SeatStatus
from croupier_server.referee.records import ActionEntry, EventEntry, GameLog
from croupier_server.referee.seat import SeatAgent

__all__ = ["play_game"]


async def play_game(log: GameLog, agents: Sequence[SeatAgent]) -> State[Any, Any, Any]:
    """Play the game of ``log`` to its end with one agent per seat; returns the final state.

    Every event is logged with the time of the answer that led to it (see
    :attr:`ActionEntry.answered_at`) and given to the seats that may see it as it happens
    (each seat's agent sends it then, or with its next message); when several seats act
    at once (the cribbage discard) they are asked together, each seeing the
    state from before any of them acted.
    """
    state: State[Any, Any, Any] = log.game.new_state(log.seed)
    for agent in agents:
        agent.send(
            codec.game_start(
                game_id=log.game_id,
                game=log.game,
                seat=agent.seat,
                time_control=codec.TimeControl(**agent.time_control.items()),
            )
        )
    sent = _publish_events(log, state, agents, 0, utc_now())
    sent = _open(log, state, agents, sent)
    while seats := state.seats_to_act():
        decisions = [agents[seat].decide(log.game_id, state) for seat in seats]
        # One seat at a time is the rule; a task per seat only when several act at once.
        entries = [await decisions[0]] if len(decisions) == 1 else await asyncio.gather(*decisions)
        for entry in entries:
            sent = _apply(log, state, agents, sent, entry)
    _finish(log, state, agents)
    return state


def _open(log: GameLog, state: State[Any, Any, Any], agents: Sequence[SeatAgent], sent: int) -> int:
    """Apply the log's opening actions, each logged and its events given to the seats.

    Returns how many events are given. Raises the engine's error for an opening action
    that is not legal where it comes.
    """
    for seat, action in log.opening:
        entry = ActionEntry(seat, action, DecidedBy.REPLAYED, utc_now(), None)
        sent = _apply(log, state, agents, sent, entry)
    return sent


def _apply(
    log: GameLog,
    state: State[Any, Any, Any],
    agents: Sequence[SeatAgent],
    sent: int,
    entry: ActionEntry,
) -> int:
    """Apply and log ``entry``, then publish its events at its answer's time.

    See :attr:`ActionEntry.answered_at`: a packed log needs no bytes for such times.
    """
    state.apply(entry.seat, entry.action)
    log.actions.append(entry)
    return _publish_events(log, state, agents, sent, entry.answered_at or utc_now())


def _publish_events(
    log: GameLog,
    state: State[Any, Any, Any],
    agents: Sequence[SeatAgent],
    start: int,
    at: datetime,
) -> int:
    """Log the events from index ``start`` on at ``at``; give each to the seats that see it."""
    events = state.events
    for event in events[start:]:
        log.events.append(EventEntry(event, at))
        message = codec.encode_game_event(log.game_id, event, game=log.game)
        for agent in agents:
            if event.is_visible_to(agent.seat):
                agent.tell(message)
    return len(events)


def _finish(log: GameLog, state: State[Any, Any, Any], agents: Sequence[SeatAgent]) -> None:
    result = state.result()
    assert result is not None  # no seat is to act: the game is over
    log.result = result
    log.finished_at = utc_now()
    log.seat_status = [
        SeatStatus.FORFEITED if agent.forfeited else SeatStatus.FINISHED for agent in agents
    ]
    encoded = codec.encode_result(result, game=log.game)
    for agent in agents:
        agent.finish(log.game_id, encoded)
