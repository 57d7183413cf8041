"""Rebuilding stored games from their seed and actions, and checking them against the store.

A stored game is its rule set, seed and actions; everything else (events, result) follows
from the rules engine. :func:`replayed` is the one replay loop: every reader that rebuilds a
stored game goes through it. :func:`game_events` rebuilds a packed game's events;
:func:`check_stored_game` proves for one game that what the engine rebuilds is exactly what
the referee recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sqlmodel import Session

from croupier.games import Event, Game, IllegalAction, State
from croupier_server.db.errors import ReplayMismatch
from croupier_server.db.game_log import game_actions, journal_events, packed_log, stored_game
from croupier_server.db.games import get_game
from croupier_server.db.models import ActionRecord, EventRecord
from croupier_server.db.serialize import event_data, event_visibility, result_data
from croupier_server.outcomes import EndedBy, GameStatus

__all__ = [
    "ReplayStep",
    "check_stored_game",
    "events_by_step",
    "game_events",
    "replay_stored_game",
    "replayed",
]


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """A stored game replayed up to one step: step 0 is the game before any action."""

    state: State[Any, Any, Any]
    """The game as it stands after the step (one state, changed in place step after step)."""
    stored: ActionRecord | None
    """The stored action applied last (``None`` at step 0)."""
    action: object
    """That action as the engine's (``None`` at step 0)."""


def replayed(
    game: Game[Any], seed: int, actions: Iterable[ActionRecord], *, game_id: int | None
) -> Iterator[ReplayStep]:
    """A stored game step by step: the state from ``seed``, then after each action in turn.

    The state is changed when the next step is asked for: read it before.

    Raises:
        ReplayMismatch: an action is missing (its number is not the next), unreadable or
            illegal at its turn (``game_id`` names the game in the message).
    """
    state: State[Any, Any, Any] = game.new_state(seed)
    yield ReplayStep(state, None, None)
    # Game.replay, applied one action at a time to say which action fails.
    for expected, stored in enumerate(actions):
        where = f"game {game_id} action {stored.number} (seat {stored.seat}: {stored.text!r})"
        if stored.number != expected:
            raise ReplayMismatch(f"game {game_id}: action {expected} is missing")
        try:
            action: object = game.parse_action(stored.text)
            state.apply(stored.seat, action)
        except IllegalAction as error:
            raise ReplayMismatch(f"{where} is illegal: {error}") from error
        except ValueError as error:
            raise ReplayMismatch(f"{where} is unreadable: {error}") from error
        yield ReplayStep(state, stored, action)


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


def game_events(
    session: Session,
    *,
    game_id: int,
    visible_to: int | Literal["all"] | None = "all",
    since: int = 0,
) -> list[EventRecord]:
    """The events of a game in order, from number ``since`` on; a packed game's rebuilt.

    Args:
        session: any session.
        game_id: the game.
        visible_to: ``"all"`` for every event; ``None`` for a spectator (public events
            only); a seat number for what that seat saw (public events and its own).
        since: the first event number wanted.

    Raises:
        RecordNotFound: no such game.
        ReplayMismatch: a packed game whose options are refused or whose log is unreadable.
    """
    packed = packed_log(session, game_id=game_id)
    if packed is None:
        journal = journal_events(session, game_id=game_id, visible_to=visible_to, since=since)
        # None: the game may have been packed between the two reads (its journal deleted).
        if journal or (packed := packed_log(session, game_id=game_id)) is None:
            return journal
    events = packed.state.events
    rebuilt = [
        EventRecord(
            game_id=game_id,
            number=number,
            at=moment.at,
            kind=type(event).__name__,
            visible_to=event_visibility(event),
            text=str(event),
            data=event_data(event),
            seat=moment.seat,
        )
        for number, (event, moment) in enumerate(zip(events, packed.log.events, strict=True))
    ]
    return [
        event
        for event in rebuilt[since:]
        if visible_to == "all" or event.visible_to is None or event.visible_to == visible_to
    ]


def _replayed(session: Session, game_id: int) -> Iterator[State[Any, Any, Any]]:
    """The state of a stored game at each step: one state, as it stands after each action."""
    record, game = stored_game(session, game_id=game_id)
    actions = game_actions(session, game_id=game_id)
    for step in replayed(game, record.seed, actions, game_id=game_id):
        yield step.state


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
