"""Cards of the one 52-card pack: text forms, ranks, values, and the codes of the fast paths.

Ranks run from the ace (1, always low) to the king (13); runs never wrap. Pairs are by rank,
values (ace 1, 2..9 face value, ten and court cards 10) are for fifteens and the running count.

The engine works on card *codes* ``(rank - 1) * 4 + suit`` with suits ``C D H S`` numbered
0..3 (:attr:`Card.index`): sorting codes sorts by rank, then suit, and a code gives its rank
(``code >> 2``) and suit (``code & 3``) without a lookup.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "CARDS",
    "RANKS",
    "SUITS",
    "VALUES",
    "Card",
    "cards_text",
    "parse_cards",
]

RANKS = "A23456789TJQK"
"""The rank letters, ace (rank 1) to king (rank 13)."""

SUITS = "CDHS"
"""The suit letters: clubs, diamonds, hearts, spades (also the order of equal ranks)."""

_SUIT_CODE = {suit: code for code, suit in enumerate(SUITS)}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: ``rank`` 1 (ace) to 13 (king) and ``suit`` one of ``C D H S``.

    Cards order by rank, then suit, and print as rank letter + suit letter:

    >>> card = Card.from_str("TD")
    >>> card, str(card), card.rank, card.value
    (Card.from_str('TD'), 'TD', 10, 10)
    >>> sorted(parse_cards("KS 5H AC 5C"))
    [Card.from_str('AC'), Card.from_str('5C'), Card.from_str('5H'), Card.from_str('KS')]
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int):
            raise ValueError(f"a card's rank is an int 1..13, not {self.rank!r}")
        if not 1 <= self.rank <= 13:
            raise ValueError(f"a card's rank is 1 (ace) to 13 (king), not {self.rank}")
        if not isinstance(self.suit, str) or self.suit not in _SUIT_CODE:
            raise ValueError(f"a card's suit is one of {', '.join(SUITS)}, not {self.suit!r}")

    @classmethod
    def from_str(cls, text: str) -> Card:
        """The card written as ``text``: a rank of ``A23456789TJQK`` then a suit of ``CDHS``.

        Raises:
            ValueError: ``text`` is not such a card, e.g. ``"10H"``, ``"5h"`` or ``"5X"``.
        """
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            raise ValueError(
                f"not a card: {text!r} (a rank of {RANKS} then a suit of {SUITS}, such as '5H')"
            )
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card of code ``index`` (0 for ``AC`` .. 51 for ``KS``), the inverse of ``index``.

        Raises:
            ValueError: ``index`` is not in ``0..51``.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 52:
            raise ValueError(f"a card code is an int 0..51, not {index!r}")
        return CARDS[index]

    @property
    def index(self) -> int:
        """The card's code ``(rank - 1) * 4 + suit``, 0..51, as used by the fast paths."""
        return (self.rank - 1) * 4 + _SUIT_CODE[self.suit]

    @property
    def value(self) -> int:
        """The value for fifteens and the count: ace 1, 2..9 face value, T J Q K 10."""
        return min(self.rank, 10)

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.from_str('{self}')"


CARDS: tuple[Card, ...] = tuple(Card(code // 4 + 1, SUITS[code % 4]) for code in range(52))
"""The whole pack in code order: ``CARDS[card.index] == card``."""

VALUES: tuple[int, ...] = tuple(card.value for card in CARDS)
"""The value of each card code."""

_BY_TEXT = {str(card): card for card in CARDS}


def parse_cards(text: str) -> tuple[Card, ...]:
    """The cards written in ``text``, separated by spaces (``"5H TD JC"``).

    >>> parse_cards("5H TD")
    (Card.from_str('5H'), Card.from_str('TD'))

    Raises:
        ValueError: a word that is not a card.
    """
    return tuple(Card.from_str(word) for word in text.split())


def cards_text(cards: Iterable[Card]) -> str:
    """Cards written with spaces between them, the inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)
