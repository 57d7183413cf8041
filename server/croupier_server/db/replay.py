"""Rebuilding stored games from their seed and actions, and checking them against the store.

A stored game is its rule set, seed and actions; everything else (events, result) follows
from the rules engine. :func:`check_stored_game` proves it for one game: what the engine
rebuilds must be exactly what the referee recorded.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from sqlmodel import Session

from croupier.games import Event, IllegalAction, InvalidOptions, State, load_game
from croupier_server.db.errors import RecordNotFound, ReplayMismatch
from croupier_server.db.game_log import game_actions, game_events
from croupier_server.db.games import get_game
from croupier_server.db.models import EventRecord
from croupier_server.db.serialize import event_visibility, result_data
from croupier_server.outcomes import EndedBy, GameStatus

__all__ = ["check_stored_game", "events_by_step", "replay_stored_game"]


def replay_stored_game(session: Session, *, game_id: int) -> State[Any, Any, Any]:
    """The state the stored seed and actions of a game lead to, each action checked.

    Raises:
        RecordNotFound: no such game.
        ReplayMismatch: the stored options are refused, an action's text is unreadable,
            an action is illegal at its turn, or the action numbers have a gap.
    """
    *_, state = _replayed(session, game_id)
    return state


def events_by_step(session: Session, *, game_id: int) -> list[int]:
    """How many events a stored game has at each step, as the engine replays it.

    Step 0 is the game before any action, step ``k`` the game after action ``k - 1``: the
    events of step ``k`` are those numbered from the count of step ``k - 1`` on.

    Raises:
        RecordNotFound: no such game.
        ReplayMismatch: as :func:`replay_stored_game`.
    """
    return [len(state.events) for state in _replayed(session, game_id)]


def _replayed(session: Session, game_id: int) -> Iterator[State[Any, Any, Any]]:
    """The state of a stored game at each step: one state, as it stands after each action."""
    record = get_game(session, game_id=game_id)
    if record is None:
        raise RecordNotFound(f"no game {game_id}")
    try:
        game = load_game(record.game, record.options)
    except InvalidOptions as error:
        raise ReplayMismatch(f"game {game_id}: stored options refused: {error}") from error
    state: State[Any, Any, Any] = game.new_state(record.seed)
    yield state
    # Game.replay, applied one action at a time to say which action fails.
    for expected, action in enumerate(game_actions(session, game_id=game_id)):
        where = f"game {game_id} action {action.number} (seat {action.seat}: {action.text!r})"
        if action.number != expected:
            raise ReplayMismatch(f"game {game_id}: action {expected} is missing")
        try:
            state.apply(action.seat, game.parse_action(action.text))
        except IllegalAction as error:
            raise ReplayMismatch(f"{where} is illegal: {error}") from error
        except ValueError as error:
            raise ReplayMismatch(f"{where} is unreadable: {error}") from error
        yield state


def check_stored_game(session: Session, *, game_id: int) -> State[Any, Any, Any]:
    """Replay a stored game and compare it with the store; returns the rebuilt state.

    Compared: every event's kind, text and visibility, in order; and for a game that
    finished normally (``ended_by = "normal"``), that the game is over with the stored
    scores, places and details. A game ended otherwise (forfeit, aborted) may hold a
    result the referee decided, so only its events are compared.

    Raises:
        RecordNotFound: no such game.
        ReplayMismatch: the first difference found, or a failed replay.
    """
    state = replay_stored_game(session, game_id=game_id)
    _compare_events(game_id, game_events(session, game_id=game_id), state)
    record = get_game(session, game_id=game_id)
    assert record is not None
    if record.status == GameStatus.FINISHED and record.ended_by == EndedBy.NORMAL:
        result = state.result()
        if result is None:
            raise ReplayMismatch(f"game {game_id}: stored as finished, but the replay goes on")
        if result_data(result) != record.result:
            raise ReplayMismatch(
                f"game {game_id}: stored result {record.result}, replay gives {result_data(result)}"
            )
    return state


def _compare_events(
    game_id: int, stored: Sequence[EventRecord], state: State[Any, Any, Any]
) -> None:
    rebuilt = [_event_key(event) for event in state.events]
    # Lengths are compared last, so a missing event is reported where it is missing.
    for number, (record, (kind, text, visible_to)) in enumerate(zip(stored, rebuilt, strict=False)):
        if record.number != number:
            raise ReplayMismatch(f"game {game_id}: event {number} is missing")
        if (record.kind, record.text, record.visible_to) != (kind, text, visible_to):
            raise ReplayMismatch(
                f"game {game_id} event {number}: stored {record.kind} {record.text!r} "
                f"(visible to {_viewer(record.visible_to)}), replay gives {kind} {text!r} "
                f"(visible to {_viewer(visible_to)})"
            )
    if len(stored) != len(rebuilt):
        raise ReplayMismatch(
            f"game {game_id}: {len(stored)} events stored, the replay gives {len(rebuilt)}"
        )


def _event_key(event: Event) -> tuple[str, str, int | None]:
    return type(event).__name__, str(event), event_visibility(event)


def _viewer(visible_to: int | None) -> str:
    return "all" if visible_to is None else f"seat {visible_to}"
