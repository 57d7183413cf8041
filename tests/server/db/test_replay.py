"""Stored games replay to what was stored; any tampering is caught."""

import random
from typing import Any

import pytest
from sqlmodel import Session

from croupier.games import State, load_game, random_rollout
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import ActionRecord, DecidedBy, EventRecord, ReplayMismatch

RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("lexio", {"players": 4, "rounds": 1}),
    ("cribbage", {"variant": "six-card", "match_points": 1}),
]
SEED = 2**63 - 1


def store_game(
    session: Session, name: str, options: dict[str, Any], *, stop_after: int | None = None
) -> tuple[int, State[Any, Any, Any]]:
    """Play a random game and store it as the referee would, action by action.

    With ``stop_after``, only that many actions are stored and the game stays running.
    """
    game = load_game(name, options)
    played = random_rollout(game.new_state(SEED), random.Random(5))
    bots = [
        db.add_bot(session, name=f"bot{seat}", game=name, command="x")
        for seat in range(game.num_players)
    ]
    bot_ids = [bot.id for bot in bots if bot.id is not None]
    record = db.create_game(session, game=name, options=game.options(), seed=SEED, bot_ids=bot_ids)
    assert record.id is not None
    state = game.new_state(SEED)
    db.record_events(session, game_id=record.id, events=state.events)
    for seat, action in played.actions[:stop_after]:
        seen = len(state.events)
        forced = len(state.legal_actions(seat)) == 1
        db.record_action(
            session,
            game_id=record.id,
            seat=seat,
            action=action,
            requested_at=utc_now(),
            decided_by=DecidedBy.FORCED if forced else DecidedBy.BOT,
            latency_ms=None if forced else 1.5,
        )
        state.apply(seat, action)
        db.record_events(session, game_id=record.id, events=state.events[seen:], seat=seat)
    result = state.result()
    if result is not None:
        db.finish_game(session, game_id=record.id, result=result)
    return record.id, played


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_a_stored_game_replays_to_what_was_stored(
    session: Session, name: str, options: dict[str, Any]
) -> None:
    game_id, played = store_game(session, name, options)
    state = db.check_stored_game(session, game_id=game_id)
    assert state.is_over()
    assert list(state.events) == list(played.events)
    assert state.result() == played.result()
    assert list(db.replay_stored_game(session, game_id=game_id).actions) == list(played.actions)


def test_a_game_in_progress_checks_too(session: Session) -> None:
    game_id, played = store_game(session, "lexio", {"players": 4, "rounds": 1}, stop_after=10)
    state = db.check_stored_game(session, game_id=game_id)
    assert not state.is_over()
    assert list(state.actions) == list(played.actions[:10])


def tamper_action(session: Session, game_id: int, number: int, text: str) -> None:
    action = session.get(ActionRecord, (game_id, number))
    assert action is not None
    action.text = text
    session.add(action)
    session.commit()


def test_a_tampered_action_is_caught(session: Session) -> None:
    game_id, played = store_game(session, "lexio", {"players": 4, "rounds": 1}, stop_after=10)
    # Another legal action at a turn with a choice: the replay goes on, telling another story.
    state = load_game("lexio", {"players": 4, "rounds": 1}).new_state(SEED)
    for number, (seat, action) in enumerate(played.actions):
        others = [other for other in state.legal_actions(seat) if other != action]
        if others:
            tamper_action(session, game_id, number, str(others[0]))
            break
        state.apply(seat, action)
    with pytest.raises(ReplayMismatch, match=f"game {game_id}"):
        db.check_stored_game(session, game_id=game_id)


def test_an_unreadable_or_illegal_action_is_caught(session: Session) -> None:
    game_id, played = store_game(
        session, "cribbage", {"variant": "six-card", "match_points": 1}, stop_after=10
    )
    tamper_action(session, game_id, 0, "castle kingside")
    with pytest.raises(
        ReplayMismatch, match=r"action 0 \(seat \d: 'castle kingside'\) is unreadable"
    ):
        db.replay_stored_game(session, game_id=game_id)
    tamper_action(session, game_id, 0, str(played.actions[-1][1]))
    with pytest.raises(ReplayMismatch, match=r"action 0 .* is illegal"):
        db.check_stored_game(session, game_id=game_id)


def test_a_missing_action_is_caught(session: Session) -> None:
    game_id, _ = store_game(session, "lexio", {"players": 4, "rounds": 1}, stop_after=10)
    action = session.get(ActionRecord, (game_id, 2))
    session.delete(action)
    session.commit()
    with pytest.raises(ReplayMismatch, match="action 2 is missing"):
        db.replay_stored_game(session, game_id=game_id)


def test_tampered_events_and_results_are_caught(session: Session) -> None:
    game_id, _ = store_game(session, "lexio", {"players": 4, "rounds": 1})
    event = session.get(EventRecord, (game_id, 1))
    assert event is not None
    event.visible_to = None
    session.add(event)
    session.commit()
    with pytest.raises(
        ReplayMismatch, match=r"event 1: stored TilesDealt .* \(visible to all\), replay gives"
    ):
        db.check_stored_game(session, game_id=game_id)
    event.visible_to = 0
    session.add(event)
    game = db.get_game(session, game_id=game_id)
    assert game is not None
    assert game.result is not None
    game.result = {**game.result, "scores": [0, 0, 0, 0]}
    session.add(game)
    session.commit()
    with pytest.raises(ReplayMismatch, match="stored result"):
        db.check_stored_game(session, game_id=game_id)


def test_an_extra_stored_event_is_caught(session: Session) -> None:
    game_id, _ = store_game(session, "lexio", {"players": 4, "rounds": 1}, stop_after=10)
    stored = db.game_events(session, game_id=game_id)
    session.add(
        EventRecord(game_id=game_id, number=len(stored), kind="Passed", text="seat 0 passes")
    )
    session.commit()
    with pytest.raises(ReplayMismatch, match=f"{len(stored) + 1} events stored"):
        db.check_stored_game(session, game_id=game_id)


def test_a_missing_game_is_reported(session: Session) -> None:
    with pytest.raises(db.RecordNotFound, match="no game 42"):
        db.check_stored_game(session, game_id=42)
