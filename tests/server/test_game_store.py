"""A game's end is stored in one transaction: with its bots' comments and output, or not at all.

The logs are built here as the referee builds them (a game played through the engine,
each action timed and explained, each started seat's output kept in an ``OutputTail``),
and stored on both backends.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.db import GameStatus, RecordNotFound, outputs
from croupier_server.game_store import store_game_log
from croupier_server.outcomes import DecidedBy
from croupier_server.referee.containment.output import OutputLine, OutputStream, OutputTail
from croupier_server.referee.records import ActionEntry, EventEntry, GameLog

RULES = load_game("lexio", {"players": 3, "rounds": 1})
SEED = 21
START = datetime(2026, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)
STEP = timedelta(milliseconds=20)


def new_game(session: Session) -> int:
    bot_ids = []
    for seat in range(RULES.num_players):
        bot = db.add_bot(session, name=f"bot{seat}", game="lexio", command="true")
        assert bot.id is not None
        bot_ids.append(bot.id)
    record = db.create_game(
        session, game="lexio", options=RULES.options(), seed=SEED, bot_ids=bot_ids
    )
    assert record.id is not None
    return record.id


def played_log(game_id: int) -> GameLog:
    """A whole game of random legal moves, each explained, every 20 ms from :data:`START`."""
    state = RULES.new_state(SEED)
    log = GameLog(game_id=str(game_id), game=RULES, seed=SEED, started_at=START)
    clock = START
    log.events += [EventEntry(event, clock) for event in state.events]
    moves = random.Random(4)
    while not state.is_over():
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        action = moves.choice(legal)
        comment = f"chose {legal.index(action) + 1} of {len(legal)}, déjà ½"
        log.actions.append(ActionEntry(seat, action, DecidedBy.BOT, clock, 5.0, comment))
        clock += STEP
        seen = len(state.events)
        state.apply(seat, action)
        log.events += [EventEntry(event, clock) for event in state.events[seen:]]
    log.result = state.result()
    log.finished_at = clock
    return log


def tail(*texts: str, limit_bytes: int = 1024) -> OutputTail:
    """The output of a bot that wrote ``texts``, 1 ms apart, stdout and stderr in turn."""
    kept = OutputTail(limit_bytes=limit_bytes)
    streams = (OutputStream.STDOUT, OutputStream.STDERR)
    for number, text in enumerate(texts):
        at = START + timedelta(milliseconds=number)
        kept.add(OutputLine(at, streams[number % 2], text))
    return kept


def test_each_seats_output_and_every_comment_are_stored_with_the_game(engine: Engine) -> None:
    with Session(engine) as session:
        game_id = new_game(session)
        log = played_log(game_id)
        # Seat 0 wrote more than its limit: its oldest lines were dropped. Seat 1 was not
        # started by the referee (a remote bot): it has no output.
        log.outputs = {
            0: tail(*(f"line {n} " + "x" * 20 for n in range(10)), limit_bytes=100),
            2: tail("starting", "a NUL \x00 in it", "ünïcödé ☀"),
        }
        store_game_log(session, game_id=game_id, log=log)

        record = db.get_game(session, game_id=game_id)
        assert record is not None
        assert record.status == GameStatus.FINISHED
        stored = outputs.game_output(session, game_id=game_id)
        for seat, kept in log.outputs.items():
            lines = [line for line in stored if line.seat == seat]
            assert [line.number for line in lines] == list(range(len(kept.lines)))
            assert [(line.at, line.stream) for line in lines] == [
                (line.at, str(line.stream)) for line in kept.lines
            ]
            expected = [line.text.replace("\x00", "\ufffd") for line in kept.lines]
            assert [line.text for line in lines] == expected
        assert not [line for line in stored if line.seat == 1]
        assert [line.at for line in stored] == sorted(line.at for line in stored)
        assert outputs.game_output(session, game_id=game_id, seat=2)[1].text == "a NUL \ufffd in it"
        dropped = {
            seat.seat: seat.output_dropped_bytes for seat in db.game_seats(session, game_id=game_id)
        }
        assert dropped == {0: log.outputs[0].dropped_bytes, 1: 0, 2: 0}
        assert dropped[0] > 0
        actions = db.game_actions(session, game_id=game_id)
        assert [action.comment for action in actions] == [entry.comment for entry in log.actions]


def test_a_game_end_that_fails_stores_nothing_of_it(engine: Engine) -> None:
    with Session(engine) as session:
        game_id = new_game(session)
        log = played_log(game_id)
        log.outputs = {0: tail("kept?"), 7: tail("a seat the game does not have")}
        with pytest.raises(RecordNotFound):
            store_game_log(session, game_id=game_id, log=log)

        record = db.get_game(session, game_id=game_id)
        assert record is not None
        assert (record.status, record.result) == (GameStatus.RUNNING, None)
        assert db.game_events(session, game_id=game_id) == []
        assert db.game_actions(session, game_id=game_id) == []
        assert outputs.game_output(session, game_id=game_id) == []
        seats = db.game_seats(session, game_id=game_id)
        assert [seat.output_dropped_bytes for seat in seats] == [0, 0, 0]
