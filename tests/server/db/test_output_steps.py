"""Where a bot's output lines fall among its game's decisions (``db.output_steps``).

A game of four actions, on a clock in milliseconds from zero:

    action 0  seat 0  asked at  0, answered in 10 ms   -> its decision [0, 10]
    action 1  seat 1  asked at 20, forced (not asked)  -> made at 20
    action 2  seat 1  asked at 30, answered in 15 ms   -> its decision [30, 45]
    action 3  seat 0  asked at 50, timed out (default) -> made at 50
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from croupier_server.db import ActionRecord, DecidedBy, OutputLineRecord
from croupier_server.db.output_steps import place_output

ZERO = datetime(2026, 2, 3, 4, 5, 6, tzinfo=UTC)


def at(ms: float) -> datetime:
    return ZERO + timedelta(milliseconds=ms)


ACTIONS = [
    ActionRecord(
        game_id=1,
        number=number,
        seat=seat,
        text="pass",
        requested_at=at(asked),
        latency_ms=latency,
        decided_by=decided_by,
    )
    for number, (seat, asked, latency, decided_by) in enumerate(
        [
            (0, 0, 10.0, DecidedBy.BOT),
            (1, 20, None, DecidedBy.FORCED),
            (1, 30, 15.0, DecidedBy.BOT),
            (0, 50, None, DecidedBy.DEFAULT),
        ]
    )
]


def line(seat: int, ms: float, number: int = 1) -> OutputLineRecord:
    return OutputLineRecord(
        game_id=1, seat=seat, number=number, at=at(ms), stream="stderr", text=f"at {ms}"
    )


@pytest.mark.parametrize(
    ("seat", "ms", "step", "deciding"),
    [
        pytest.param(0, -5, 0, False, id="before any decision: the deal"),
        pytest.param(0, 0, 1, True, id="seat 0 as its decision starts"),
        pytest.param(0, 10, 1, True, id="seat 0 as its answer arrives"),
        pytest.param(1, 5, 0, False, id="seat 1 while seat 0 decides: the table of step 0"),
        pytest.param(0, 10.001, 1, False, id="seat 0 just after its decision"),
        pytest.param(1, 25, 2, False, id="after the forced action 1"),
        pytest.param(1, 30, 3, True, id="seat 1 deciding action 2"),
        pytest.param(0, 40, 2, False, id="seat 0 while seat 1 decides"),
        pytest.param(0, 52, 4, False, id="seat 0 after its timeout: not a decision of its"),
        pytest.param(1, 600, 4, False, id="after the end: the last step"),
    ],
)
def test_a_line_falls_at_its_decision_or_where_its_time_is(
    seat: int, ms: float, step: int, deciding: bool
) -> None:
    (placed,) = place_output(ACTIONS, [line(seat, ms)], {})
    assert (placed.step, placed.deciding) == (step, deciding)


def test_the_cut_note_goes_with_each_seats_first_stored_line() -> None:
    lines = [line(0, 1, number=0), line(0, 2, number=1), line(1, 3, number=0)]
    placed = place_output(ACTIONS, lines, {0: 1234, 1: 0})
    assert [each.earlier_bytes_cut for each in placed] == [1234, 0, 0]
    assert [each.line for each in placed] == lines


def test_decisions_of_several_seats_at_once_place_every_line() -> None:
    # Both seats asked at 0 (a cribbage discard): seat 1 answers first, seat 0 later.
    both = [
        ActionRecord(
            game_id=1,
            number=number,
            seat=seat,
            text="discard",
            requested_at=ZERO,
            latency_ms=latency,
            decided_by=DecidedBy.BOT,
        )
        for number, (seat, latency) in enumerate([(0, 30.0), (1, 10.0)])
    ]
    lines = [line(1, 5), line(1, 20), line(0, 20), line(0, 40)]
    placed = place_output(both, lines, {})
    assert [(each.step, each.deciding) for each in placed] == [
        (2, True),  # seat 1 deciding action 1
        (1, False),  # seat 1 once its own decision (the first made) was made
        (1, True),  # seat 0 deciding action 0
        (2, False),  # after both
    ]
