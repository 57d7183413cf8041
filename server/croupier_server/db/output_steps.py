"""Where each line a bot wrote falls among its game's decisions, as a replay shows it.

A replay's step 0 is the game before any action, step ``k`` the game after action
``k - 1``. A line belongs to:

- the step of a decision, ``k + 1`` for action ``k``, when its seat wrote it while deciding
  that action: its time is in ``[requested_at, requested_at + latency]`` (``deciding``);
- otherwise the step on the table when it was written: 0 before any action was made, ``k``
  once action ``k - 1`` was made (its request time plus its latency, if the bot answered),
  the last step after the end.

So the lines of one step are in the order they were written: those of its decision, then
those written until the next action was made.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from croupier_server.db.models import ActionRecord, OutputLineRecord

__all__ = ["PlacedLine", "place_output"]


@dataclass(frozen=True, slots=True)
class PlacedLine:
    """An output line and the replay step it shows at.

    Attributes:
        line: the stored line.
        step: the step it belongs to (see the module's docstring).
        deciding: whether its seat wrote it while deciding the action of ``step``.
        earlier_bytes_cut: for a seat's first stored line, how many bytes of that seat's
            output were cut before it; 0 otherwise.
    """

    line: OutputLineRecord
    step: int
    deciding: bool
    earlier_bytes_cut: int


def place_output(
    actions: Sequence[ActionRecord],
    lines: Sequence[OutputLineRecord],
    dropped_bytes: Mapping[int, int],
) -> list[PlacedLine]:
    """Place ``lines`` among ``actions`` (a game's, in order); ``dropped_bytes`` by seat.

    The lines come back in the order given.
    """
    decisions: dict[int, _Decisions] = {}
    made: list[datetime] = []
    for number, action in enumerate(actions):
        end = action.requested_at + timedelta(milliseconds=action.latency_ms or 0.0)
        made.append(end)
        if action.latency_ms is not None:  # the bot answered: it was deciding until then
            decisions.setdefault(action.seat, _Decisions()).add(action.requested_at, end, number)
    made.sort()  # the decisions of several seats at once may end in another order
    return [
        _placed(line, decisions.get(line.seat), made, dropped_bytes.get(line.seat, 0))
        for line in lines
    ]


@dataclass(eq=False)
class _Decisions:
    """One seat's answered decisions, in order: they never overlap."""

    starts: list[datetime] = field(default_factory=list)
    ends: list[datetime] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)

    def add(self, start: datetime, end: datetime, number: int) -> None:
        self.starts.append(start)
        self.ends.append(end)
        self.numbers.append(number)

    def deciding_at(self, at: datetime) -> int | None:
        """The number of the action being decided at ``at``, if one was."""
        index = bisect.bisect_right(self.starts, at) - 1
        if index >= 0 and at <= self.ends[index]:
            return self.numbers[index]
        return None


def _placed(
    line: OutputLineRecord, decisions: _Decisions | None, made: Sequence[datetime], dropped: int
) -> PlacedLine:
    cut = dropped if line.number == 0 else 0
    number = None if decisions is None else decisions.deciding_at(line.at)
    if number is not None:
        return PlacedLine(line, number + 1, deciding=True, earlier_bytes_cut=cut)
    step = bisect.bisect_right(made, line.at)
    return PlacedLine(line, step, deciding=False, earlier_bytes_cut=cut)
