"""What a seat can do: lay cards away, play a card, place a card in the square.

There is no go action: a seat whose only legal action would be go is never asked, the state
applies the go itself (docs/rules/cribbage.md, "The standard game" step 4). Each action
prints as a short line that :func:`parse_action` reads back::

    discard 5H TD       peg 5H       place 5H 1 2
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from croupier.games.cribbage._cards import CARDS, Card, cards_text, parse_cards

__all__ = ["Action", "Discard", "Peg", "Place", "parse_action"]


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay ``cards`` away to the crib; they are kept sorted, so order does not matter.

    >>> Discard.from_str("TD 5H") == Discard(tuple(parse_cards("5H TD")))
    True
    >>> str(Discard.from_str("TD 5H"))
    'discard 5H TD'
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if not cards or not all(isinstance(card, Card) for card in cards):
            raise ValueError(f"a discard names one or more cards, not {self.cards!r}")
        if len(set(cards)) != len(cards):
            raise ValueError(f"a discard names distinct cards, not {cards_text(cards)}")
        object.__setattr__(self, "cards", tuple(sorted(cards)))

    @classmethod
    def from_str(cls, text: str) -> Discard:
        """The discard of the cards in ``text`` (``"5H TD"``), with or without ``discard``.

        Raises:
            ValueError: no cards, a word that is not a card, or a card given twice.
        """
        words = text.split()
        if words[:1] == ["discard"]:
            words = words[1:]
        return cls(parse_cards(" ".join(words)))

    def __str__(self) -> str:
        return f"discard {cards_text(self.cards)}"

    def __repr__(self) -> str:
        return f"Discard.from_str('{cards_text(self.cards)}')"


@dataclass(frozen=True, slots=True)
class Peg:
    """Play ``card`` in the play (pegging).

    >>> Peg.from_str("peg 5H")
    Peg.from_str('5H')
    """

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ValueError(f"a peg plays one card, not {self.card!r}")

    @classmethod
    def from_str(cls, text: str) -> Peg:
        """The peg of the card in ``text`` (``"5H"``), with or without ``peg``.

        Raises:
            ValueError: not exactly one card.
        """
        words = text.split()
        if words[:1] == ["peg"]:
            words = words[1:]
        if len(words) != 1:
            raise ValueError(f"a peg names exactly one card, not {text!r}")
        return cls(Card.from_str(words[0]))

    def __str__(self) -> str:
        return f"peg {self.card}"

    def __repr__(self) -> str:
        return f"Peg.from_str('{self.card}')"


@dataclass(frozen=True, slots=True)
class Place:
    """Place ``card`` (the card just turned) in cribbage square at ``row``, ``col`` (0..3).

    Rows and columns count from 0 at the top left.

    >>> Place.from_str("place 5H 1 2")
    Place.from_str('5H 1 2')
    """

    card: Card
    row: int
    col: int

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ValueError(f"a place puts one card, not {self.card!r}")
        for name, index in (("row", self.row), ("col", self.col)):
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 4:
                raise ValueError(f"a place's {name} is an int 0..3, not {index!r}")

    @classmethod
    def from_str(cls, text: str) -> Place:
        """The place written as ``"5H 1 2"`` (card, row, column), with or without ``place``.

        Raises:
            ValueError: not a card followed by a row and a column 0..3.
        """
        words = text.split()
        if words[:1] == ["place"]:
            words = words[1:]
        if len(words) != 3 or not all(word.isdigit() for word in words[1:]):
            raise ValueError(f"a place names a card, a row and a column, not {text!r}")
        return cls(Card.from_str(words[0]), int(words[1]), int(words[2]))

    @property
    def cell(self) -> int:
        """The cell's number 0..15, row by row."""
        return self.row * 4 + self.col

    def __str__(self) -> str:
        return f"place {self.card} {self.row} {self.col}"

    def __repr__(self) -> str:
        return f"Place.from_str('{self.card} {self.row} {self.col}')"


Action = Discard | Peg | Place
"""Any cribbage action."""

_PARSERS: dict[str, Callable[[str], Action]] = {
    "discard": Discard.from_str,
    "peg": Peg.from_str,
    "place": Place.from_str,
}


def parse_action(text: str) -> Action:
    """The action written as ``text``, the inverse of ``str(action)``.

    >>> parse_action("discard 5H TD"), parse_action("peg 5H")
    (Discard.from_str('5H TD'), Peg.from_str('5H'))

    Raises:
        ValueError: ``text`` names no cribbage action.
    """
    words = text.split() if isinstance(text, str) else []
    parser = _PARSERS.get(words[0]) if words else None
    if parser is None:
        raise ValueError(
            f"not a cribbage action: {text!r} (discard CARDS, peg CARD or place CARD ROW COL)"
        )
    return parser(text)


# The legal actions of a state come from these shared values rather than being built anew.
PEGS: tuple[Peg, ...] = tuple(Peg(card) for card in CARDS)
"""The peg of each card code."""

_DISCARDS: dict[tuple[int, ...], Discard] = {}
_PLACES: dict[tuple[int, int], Place] = {}


def discard_of(codes: tuple[int, ...]) -> Discard:
    """The discard of the cards with sorted ``codes``, shared between calls."""
    action = _DISCARDS.get(codes)
    if action is None:
        action = _DISCARDS[codes] = Discard(tuple(CARDS[code] for code in codes))
    return action


def place_of(code: int, cell: int) -> Place:
    """The place of card ``code`` in ``cell`` (0..15, row by row), shared between calls."""
    action = _PLACES.get((code, cell))
    if action is None:
        action = _PLACES[code, cell] = Place(CARDS[code], cell // 4, cell % 4)
    return action
