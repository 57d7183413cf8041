"""The three cards of Kuhn poker and the four actions of its one betting round."""

from __future__ import annotations

import enum

__all__ = ["Action", "Card", "parse_action"]


class Card(enum.IntEnum):
    """A card of the three-card deck; a higher card beats a lower one.

    >>> Card.from_str("Q") > Card.JACK
    True
    >>> str(Card.KING)
    'K'
    """

    JACK = 1
    QUEEN = 2
    KING = 3

    @classmethod
    def from_str(cls, text: str) -> Card:
        """The card written as ``text`` (``J``, ``Q`` or ``K``).

        Raises:
            ValueError: ``text`` names no card of the deck.
        """
        for card in cls:
            if str(card) == text:
                return card
        raise ValueError(f"not a Kuhn poker card: {text!r} (J, Q or K)")

    def __str__(self) -> str:
        return self.name[0]


class Action(enum.Enum):
    """What the seat to act may do: check or bet when nobody has bet, else call or fold.

    >>> parse_action("bet")
    <Action.BET: 'bet'>
    """

    CHECK = "check"
    BET = "bet"
    CALL = "call"
    FOLD = "fold"

    def __str__(self) -> str:
        return self.value


def parse_action(text: str) -> Action:
    """The action written as ``text``, the inverse of ``str(action)``.

    Raises:
        ValueError: ``text`` is not ``check``, ``bet``, ``call`` or ``fold``.
    """
    try:
        return Action(text.strip())
    except ValueError:
        raise ValueError(f"not a Kuhn poker action: {text!r} (check, bet, call or fold)") from None
