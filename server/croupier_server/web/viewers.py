"""Who looks at a replayed game: every hand open, a spectator, or one seat."""

from __future__ import annotations

import re
from dataclasses import dataclass

from croupier.games import Event, Seat

__all__ = ["VIEW_PATTERN", "Viewer"]

VIEW_PATTERN = r"^(all|spectator|seat-(0|[1-9][0-9]?))$"
"""What a ``view`` query value may be: ``all``, ``spectator`` or ``seat-N``."""

_SEAT_VIEW = re.compile(r"seat-(0|[1-9][0-9]?)")


@dataclass(frozen=True, slots=True)
class Viewer:
    """A viewpoint on a game, written ``all``, ``spectator`` or ``seat-N``.

    A seat sees what the engine shows that seat; a spectator only what is public; ``all``
    (``open_hands``) sees the public table, every seat's own view and every event.

    >>> Viewer.from_str("seat-2")
    Viewer.from_str('seat-2')
    >>> Viewer.from_str("all").knows_secrets_of(1), Viewer.from_str("seat-2").knows_secrets_of(1)
    (True, False)
    """

    seat: Seat | None
    open_hands: bool = False

    def __post_init__(self) -> None:
        if self.open_hands and self.seat is not None:
            raise ValueError("a viewer is all hands open or one seat, not both")

    @classmethod
    def from_str(cls, text: str) -> Viewer:
        """The viewer written as ``text``.

        Raises:
            ValueError: ``text`` is none of ``all``, ``spectator``, ``seat-N``.
        """
        if text == "all":
            return cls(seat=None, open_hands=True)
        if text == "spectator":
            return cls(seat=None)
        if (match := _SEAT_VIEW.fullmatch(text)) is not None:
            return cls(seat=int(match.group(1)))
        raise ValueError(f"not a view: {text!r} (all, spectator or seat-N)")

    @classmethod
    def every_view(cls, players: int) -> list[Viewer]:
        """The views of a game of ``players`` seats: all, spectator, then each seat."""
        return [cls(seat=None, open_hands=True), cls(seat=None)] + [
            cls(seat=seat) for seat in range(players)
        ]

    @property
    def is_spectator(self) -> bool:
        """Whether this viewer sees only what is public."""
        return self.seat is None and not self.open_hands

    def hand_seats(self, players: int) -> range:
        """The seats whose own view this viewer shares: every seat, its seat, or none."""
        if self.open_hands:
            return range(players)
        if self.seat is None:
            return range(0)
        return range(self.seat, self.seat + 1)

    def sees(self, event: Event) -> bool:
        """Whether this viewer may see ``event``."""
        return self.open_hands or event.is_visible_to(self.seat)

    def knows_secrets_of(self, seat: Seat) -> bool:
        """Whether this viewer may see what only ``seat`` knows (its discards, its faults)."""
        return self.open_hands or self.seat == seat

    def reads_output_of(self, seat: Seat) -> bool:
        """Whether this viewer may read ``seat``'s comments and output, once the game is over.

        Every seat's, except in another seat's view: a bot's own words may tell its hand.

        >>> views = ["all", "spectator", "seat-1", "seat-2"]
        >>> [Viewer.from_str(view).reads_output_of(1) for view in views]
        [True, True, True, False]
        """
        return self.seat is None or self.seat == seat

    def __str__(self) -> str:
        if self.open_hands:
            return "all"
        return "spectator" if self.seat is None else f"seat-{self.seat}"

    def __repr__(self) -> str:
        return f"Viewer.from_str({str(self)!r})"
