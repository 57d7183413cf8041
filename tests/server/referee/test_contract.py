"""What ``referee.proto`` promises a bot, message by message, under each contract version.

A scripted bot (``tests/fakebots/scripted.py``) speaks the contract itself in seat 1 of a
real Lexio game against the greedy example bots, and writes down every message it gets:
the welcome it is given, how its events arrive (live in version 1, batched into its next
request or game over in version 2, live again when it asks), why an answer is refused, and
how a Hello the referee cannot serve ends. A bot of the SDK (``tests/fakebots/listener.py``)
then shows what the SDK makes of it: every event told before the decision it precedes,
and the clock of each decision.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier import codec
from croupier.proto.v1 import referee_pb2
from croupier_server import db
from croupier_server.outcomes import DecidedBy
from tests.server.referee.harness import (
    GENEROUS,
    Transcript,
    example_command,
    play,
    scripted_command,
    stored_game,
)
from tests.server.referee.test_faults import FAULTY, LEXIO, SEED

LISTENER = Path(__file__).parents[2] / "fakebots" / "listener.py"

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]


def play_scripted(engine: Engine, *options: str) -> tuple[int, Transcript]:
    """Play Lexio with the scripted bot, given ``options``, in seat 1; its game and notes."""
    greedy = example_command("lexio_greedy")
    commands = [greedy, scripted_command("honest", *options, record=True), greedy]
    game_id, log = play(engine, LEXIO, commands, seed=SEED)
    return game_id, Transcript.of(log, FAULTY)


def kinds(transcript: Transcript) -> list[str]:
    return [str(message.WhichOneof("message")) for message in transcript.messages]


def batched(transcript: Transcript) -> list[referee_pb2.GameEvent]:
    """The events that came inside requests and the game over, in order."""
    return [
        event
        for message in transcript.messages
        for event in (*message.decision.events, *message.game_over.events)
    ]


def seen_events(engine: Engine, game_id: int) -> list[str]:
    """The stored events seat 1 may see, as text, in order."""
    with Session(engine) as session:
        return [event.text for event in db.game_events(session, game_id=game_id, visible_to=FAULTY)]


@pytest.mark.parametrize("version", ["1", "2"])
def test_the_welcome_names_the_registered_bot_its_game_and_the_version_asked(
    checked_engine: Engine, version: str
) -> None:
    _, transcript = play_scripted(checked_engine, "--protocol", version)
    (welcome,) = transcript.of_kind("welcome")
    assert (welcome.bot_name, welcome.game) == (f"seat{FAULTY}", "lexio")
    assert welcome.protocol_version == int(version)


def test_version_2_sends_about_one_message_a_decision(checked_engine: Engine) -> None:
    game_id, transcript = play_scripted(checked_engine, "--protocol", "2")
    # No event of its own: each is in a request or the game over, the seat's view in order.
    assert set(kinds(transcript)) == {"welcome", "game_start", "decision", "game_over"}
    decisions = len(transcript.of_kind("decision"))
    assert len(transcript.messages) == decisions + 3
    events = [str(codec.decode_event(event)) for event in batched(transcript)]
    assert events == seen_events(checked_engine, game_id)
    assert len(events) > 2 * decisions
    assert stored_game(checked_engine, game_id).faults == []


@pytest.mark.parametrize("protocol", ["1", "2-live"])
def test_version_1_and_live_events_get_each_event_as_it_happens(
    checked_engine: Engine, protocol: str
) -> None:
    game_id, transcript = play_scripted(checked_engine, "--protocol", protocol)
    assert batched(transcript) == []
    events = [str(codec.decode_event(event)) for event in transcript.of_kind("event")]
    assert events == seen_events(checked_engine, game_id)


def test_a_refused_action_says_why_in_the_words_of_the_stored_fault(
    checked_engine: Engine,
) -> None:
    greedy = example_command("lexio_greedy")
    bad = scripted_command("empty-action", "--times", "1", "--protocol", "2", record=True)
    game_id, log = play(checked_engine, LEXIO, [greedy, bad, greedy], seed=SEED)
    (refused,) = Transcript.of(log, FAULTY).of_kind("action_refused")
    (fault,) = stored_game(checked_engine, game_id).faults
    assert refused.reason == fault.detail
    assert refused.reason == "the action names no game (Action.game is not set)"


def test_a_bot_that_plays_another_game_is_refused_with_the_reason(
    checked_engine: Engine,
) -> None:
    greedy = example_command("lexio_greedy")
    other = scripted_command("honest", "--games", "cribbage,kuhn_poker", record=True)
    game_id, log = play(checked_engine, LEXIO, [greedy, other, greedy], seed=SEED)
    assert Transcript.of(log, FAULTY).note("ended") == "FAILED_PRECONDITION"
    (fault,) = stored_game(checked_engine, game_id).faults
    assert fault.kind == "crash"
    assert fault.detail.startswith(
        f"its Hello was refused (seat{FAULTY} is seated in lexio, and the bot says it plays "
        "cribbage, kuhn_poker); exited with status"
    )


def test_a_bot_that_plays_the_game_among_others_is_seated(checked_engine: Engine) -> None:
    game_id, transcript = play_scripted(checked_engine, "--games", "cribbage,lexio")
    assert transcript.note("ended") == "OK"
    assert stored_game(checked_engine, game_id).faults == []


@pytest.mark.parametrize("live", [False, True], ids=["batched", "live"])
def test_an_sdk_bot_hears_every_event_before_its_decision_and_knows_its_clock(
    checked_engine: Engine, live: bool
) -> None:
    greedy = example_command("lexio_greedy")
    listener = shlex.join([sys.executable, str(LISTENER), *(["--live"] if live else [])])
    game_id, log = play(checked_engine, LEXIO, [greedy, listener, greedy], seed=SEED)
    assert stored_game(checked_engine, game_id).faults == []
    told = [line.text for line in log.outputs[FAULTY].lines if line.text.startswith("event ")]
    assert told == [f"event {text}" for text in seen_events(checked_engine, game_id)]
    # Each decision: the events the seat could see by then were all told, and the clock is
    # the time control's (no decision took long enough to spend the bank).
    state = LEXIO.new_state(SEED)
    expected, clocks = [], []
    for entry in log.actions:
        if entry.seat == FAULTY and entry.decided_by is DecidedBy.BOT:
            expected.append(sum(event.is_visible_to(FAULTY) for event in state.events))
            clocks.append([int(part) for part in (entry.comment or "").split()[1:]])
        state.apply(entry.seat, entry.action)
    assert clocks
    time_control = GENEROUS.time_control
    for time_left, bank_left, attempt, remaining, _ in clocks:
        assert attempt == 1
        assert (time_left, bank_left) == (
            time_control.decision_ms + time_control.bank_ms,
            time_control.bank_ms,
        )
        assert time_left - 2_000 < remaining <= time_left
    assert [events for *_, events in clocks] == expected
