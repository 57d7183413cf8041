"""What started bots wrote, stored with their games: each seat's last lines, each timed.

The referee keeps the end of each started bot's standard output and error (see
``croupier_server.referee.containment.output``) and stores it with the rest of the game's
end, in the same transaction: the lines in :class:`OutputLineRecord`, and how many bytes of older
output were cut before them in :attr:`SeatRecord.output_dropped_bytes`. Like the other
queries, these functions are keyword-only.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from sqlmodel import Session, col, select

from croupier_server.db.errors import RecordNotFound
from croupier_server.db.models import OutputLineRecord, SeatRecord
from croupier_server.db.serialize import storable_text
from croupier_server.db.transactions import atomic

__all__ = ["WrittenLine", "game_output", "record_output"]


class WrittenLine(Protocol):
    """A line of a bot's output as the referee read it (the shape of its ``OutputLine``)."""

    @property
    def at(self) -> datetime:
        """When the referee read it."""

    @property
    def stream(self) -> str:
        """``stdout`` or ``stderr``."""

    @property
    def text(self) -> str:
        """The line, without its line break."""


def record_output(
    session: Session,
    *,
    game_id: int,
    seat: int,
    lines: Sequence[WrittenLine],
    dropped_bytes: int,
) -> None:
    """Store what ``seat``'s bot wrote: ``lines`` oldest first, and the bytes cut before them.

    One call per seat and game: the lines are numbered from 0.

    Raises:
        RecordNotFound: no such seat in that game.
        ValueError: a negative ``dropped_bytes``.
    """
    if dropped_bytes < 0:
        raise ValueError(f"{dropped_bytes} bytes dropped: a count is not negative")
    with atomic(session):
        seat_record = session.get(SeatRecord, (game_id, seat))
        if seat_record is None:
            raise RecordNotFound(f"no seat {seat} in game {game_id}")
        seat_record.output_dropped_bytes = dropped_bytes
        session.add_all(
            OutputLineRecord(
                game_id=game_id,
                seat=seat,
                number=number,
                at=line.at,
                stream=str(line.stream),
                text=storable_text(line.text),
            )
            for number, line in enumerate(lines)
        )


def game_output(
    session: Session, *, game_id: int, seat: int | None = None
) -> list[OutputLineRecord]:
    """The stored output of a game's bots (of ``seat``'s only, when given), oldest first."""
    query = select(OutputLineRecord).where(OutputLineRecord.game_id == game_id)
    if seat is not None:
        query = query.where(OutputLineRecord.seat == seat)
    order = (col(OutputLineRecord.at), col(OutputLineRecord.seat), col(OutputLineRecord.number))
    return list(session.exec(query.order_by(*order)))
