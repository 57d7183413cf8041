"""A stored game whose bots talk: each decision has a comment, each bot wrote output.

:func:`store_talkative_game` stores, as the referee would, a three-seat Lexio game of
random legal moves on a clock of its own: action ``k`` is asked at ``k * 100`` ms and a bot
answers in 10 ms. Every word a seat says carries its mark (``SECRET0``...), so a test can tell
whose words a page shows:

- each decision's comment is ``SECRET{seat} weighed <b>{k}</b>`` (HTML, to be escaped);
- each seat writes ``SECRET{seat} warming up`` before the first action, ``SECRET{seat}
  deciding {k}`` 5 ms into each of its decisions, and ``SECRET{seat} after {k}`` 50 ms
  after it was asked (to stderr, but the decisions' lines to stdout); seat 0's output had
  :data:`SEAT0_CUT` bytes cut before that;
- seat 2 crashes in the last decision, its fault quoting its last output
  (:data:`CRASH_DETAIL`).

Finished, it is stored whole; running, its output is stored anyway (the worst case, as if
the store were ahead of the game) and must not be shown.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.db import DecidedBy, FaultKind, outputs
from croupier_server.referee.containment.output import OutputLine, OutputStream

RULES = load_game("lexio", {"players": 3, "rounds": 1})
SEED = 31
ZERO = datetime(2026, 7, 8, 9, 10, 11, tzinfo=UTC)
SEAT0_CUT = 1234
CRASH_DETAIL = 'the stream ended; its last output:\nSECRET2 <script>alert("x")</script>\nbye'


@dataclass(frozen=True, slots=True)
class Said:
    """What one action of the stored game was, and what its bot said."""

    number: int
    seat: int
    comment: str | None
    """``None`` for a forced action (nobody was asked)."""


def mark(seat: int) -> str:
    """The mark of every word of ``seat``."""
    return f"SECRET{seat}"


def at(ms: float) -> datetime:
    return ZERO + timedelta(milliseconds=ms)


def store_talkative_game(
    session: Session, *, finished: bool, bots: str = "talker"
) -> tuple[int, list[Said]]:
    """Store the game between new bots named ``{bots} {seat}``; its id and what was said."""
    game_id = _new_game(session, bots)
    state = RULES.new_state(SEED)
    db.record_events(session, game_id=game_id, events=state.events, at=at(-100))
    lines: dict[int, list[OutputLine]] = {
        seat: [_line(-50, f"{mark(seat)} warming up")] for seat in range(RULES.num_players)
    }
    said: list[Said] = []
    moves = random.Random(2)
    while not state.is_over():
        number = len(state.actions)
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        action = moves.choice(legal)
        asked = len(legal) > 1
        comment = f"{mark(seat)} weighed <b>{number}</b>" if asked else None
        db.record_action(
            session,
            game_id=game_id,
            seat=seat,
            action=action,
            requested_at=at(100 * number),
            decided_by=DecidedBy.BOT if asked else DecidedBy.FORCED,
            latency_ms=10.0 if asked else None,
            comment=comment,
        )
        if asked:
            deciding = f"{mark(seat)} deciding {number}"
            lines[seat].append(_line(100 * number + 5, deciding, OutputStream.STDOUT))
            lines[seat].append(_line(100 * number + 50, f"{mark(seat)} after {number}"))
        said.append(Said(number, seat, comment))
        seen = len(state.events)
        state.apply(seat, action)
        db.record_events(
            session, game_id=game_id, events=state.events[seen:], at=at(100 * number + 10)
        )
    for seat, written in lines.items():
        outputs.record_output(
            session,
            game_id=game_id,
            seat=seat,
            lines=written,
            dropped_bytes=SEAT0_CUT if seat == 0 else 0,
        )
    if finished:
        db.record_fault(
            session,
            game_id=game_id,
            seat=2,
            kind=FaultKind.CRASH,
            detail=CRASH_DETAIL,
            action_number=len(said) - 1,
        )
        result = state.result()
        assert result is not None
        db.finish_game(session, game_id=game_id, result=result)
    return game_id, said


def _new_game(session: Session, bots: str) -> int:
    bot_ids = []
    for seat in range(RULES.num_players):
        bot = db.add_bot(session, name=f"{bots} {seat}", game="lexio", command="true")
        assert bot.id is not None
        bot_ids.append(bot.id)
    record = db.create_game(
        session, game="lexio", options=RULES.options(), seed=SEED, bot_ids=bot_ids
    )
    assert record.id is not None
    return record.id


def _line(ms: float, text: str, stream: OutputStream = OutputStream.STDERR) -> OutputLine:
    return OutputLine(at(ms), stream, text)
