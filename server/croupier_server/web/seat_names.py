"""Bots' names where the engine writes seats: "lexio_greedy (1) plays", not "seat 1 plays".

The replay's templates get a :class:`SeatNames` as ``names``. A bot's name is supplied
text: it is escaped here, and everything around it too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from markupsafe import Markup, escape

from croupier_server.web.game_detail import SeatDetail

__all__ = ["SeatNames"]

_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")
_NAMED = Markup('<span class="who" data-seat="{}">{} <span class="seat-no">({})</span></span>')


class SeatNames:
    """Each seat's bot name, to write in place of ``seat N``.

    >>> names = SeatNames({0: "alpha", 1: "<b>"})
    >>> print(names.text("seat 1 plays moon5; seat 7 passes"))
    <span class="who" data-seat="1">&lt;b&gt; <span class="seat-no">(1)</span></span> plays \
moon5; seat 7 passes
    >>> names.plain(0)
    'alpha (seat 0)'
    """

    def __init__(self, names: Mapping[int, str]) -> None:
        self._names = dict(names)

    @classmethod
    def of_seats(cls, seats: Iterable[SeatDetail]) -> SeatNames:
        """The names of a game's seats."""
        return cls({seat.seat: seat.bot_name for seat in seats})

    def __getitem__(self, seat: int) -> Markup:
        """Seat ``seat``'s bot name with its number, marked up; ``seat N`` for a seat with none."""
        name = self._names.get(seat)
        if name is None:
            return Markup("seat {}").format(seat)
        return Markup(
            '<span class="who" data-seat="{}">{} <span class="seat-no">({})</span></span>'
        ).format(seat, name, seat)

    def plain(self, seat: int) -> str:
        """Seat ``seat``'s bot name with its number, as plain text (for labels)."""
        name = self._names.get(seat)
        return f"seat {seat}" if name is None else f"{name} (seat {seat})"

    def text(self, text: str) -> Markup:
        """``text`` escaped, with each ``seat N`` of a named seat written as its bot's name."""
        pieces: list[str] = []
        last = 0
        for match in _SEAT.finditer(text):
            seat = int(match.group(1))
            if seat in self._names:
                pieces.append(escape(text[last : match.start()]))
                pieces.append(self[seat])
                last = match.end()
        pieces.append(escape(text[last:]))
        return Markup("").join(pieces)

    def plain_text(self, text: str) -> str:
        """``text`` with each ``seat N`` of a named seat written as ``NAME (seat N)``, unescaped."""
        return _SEAT.sub(
            lambda match: (
                self.plain(int(match.group(1)))
                if int(match.group(1)) in self._names
                else match.group(0)
            ),
            text,
        )
