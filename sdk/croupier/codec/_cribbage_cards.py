"""The pieces the cribbage messages share: cards, show labels, score breakdowns, enums.

Used by :mod:`croupier.codec._cribbage` (rules, actions, observations, results) and
:mod:`croupier.codec._cribbage_events`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from croupier.codec._errors import CodecError, EnumTable, required
from croupier.codec._memo import field_bytes
from croupier.games.cribbage import CARDS, Card, PegScore, ShowScore, Skunk
from croupier.proto.v1 import cribbage_pb2 as pb

if TYPE_CHECKING:
    from google.protobuf.message import Message

__all__ = [
    "FIRST_DEALERS",
    "SKUNKS",
    "card_fields",
    "decode_card",
    "decode_card_items",
    "decode_cards",
    "decode_label",
    "decode_peg_score",
    "decode_show_score",
    "encode_card",
    "encode_cards",
    "encode_label",
    "encode_peg_score",
    "encode_show_score",
    "optional_card",
    "required_card",
]

_SUITS = EnumTable(
    "card suit",
    {
        "C": pb.CARD_SUIT_CLUBS,
        "D": pb.CARD_SUIT_DIAMONDS,
        "H": pb.CARD_SUIT_HEARTS,
        "S": pb.CARD_SUIT_SPADES,
    },
)

FIRST_DEALERS = EnumTable(
    "next_first_dealer",
    {
        "cut": pb.CRIBBAGE_FIRST_DEALER_CUT,
        "alternate": pb.CRIBBAGE_FIRST_DEALER_ALTERNATE,
        "loser": pb.CRIBBAGE_FIRST_DEALER_LOSER,
    },
)
"""The ways to choose a first dealer, by the engine's word for them."""

_PARTS = EnumTable(
    "show label part",
    {
        "hand": pb.CRIBBAGE_SHOW_PART_HAND,
        "crib": pb.CRIBBAGE_SHOW_PART_CRIB,
        "row": pb.CRIBBAGE_SHOW_PART_ROW,
        "column": pb.CRIBBAGE_SHOW_PART_COLUMN,
    },
)

SKUNKS = EnumTable(
    "skunk",
    {
        Skunk.NONE: pb.CRIBBAGE_SKUNK_NONE,
        Skunk.SKUNK: pb.CRIBBAGE_SKUNK_SINGLE,
        Skunk.DOUBLE: pb.CRIBBAGE_SKUNK_DOUBLE,
        Skunk.TRIPLE: pb.CRIBBAGE_SKUNK_TRIPLE,
    },
)
"""Each skunk's enum value."""


# Every card's message and every (rank, suit) pair's card, built once: observations and
# events carry dozens of cards, and a message field copies what it is given.
_CARD_MESSAGES: dict[Card, pb.Card] = {
    card: pb.Card(rank=card.rank, suit=_SUITS.number(card.suit)) for card in CARDS
}
_CARD_OF: dict[tuple[int, int], Card] = {
    (message.rank, message.suit): card for card, message in _CARD_MESSAGES.items()
}
_CARD_OF_BYTES: dict[bytes, Card] = {
    message.SerializeToString(): card for card, message in _CARD_MESSAGES.items()
}


def encode_card(card: Card) -> pb.Card:
    """The message of a card (shared: for a message field, which copies it)."""
    message = _CARD_MESSAGES.get(card)
    if message is None:
        return pb.Card(rank=card.rank, suit=_SUITS.number(card.suit))
    return message


def encode_cards(cards: Iterable[Card]) -> list[pb.Card]:
    """The messages of ``cards``, in order (shared: for a message field, which copies them)."""
    return [encode_card(card) for card in cards]


def card_fields(message_type: type[Message], field: str) -> dict[Card, bytes]:
    """Each card's wire bytes as field ``field`` of ``message_type`` (one item if repeated).

    Joined in order, the bytes of some cards parse (``MergeFromString``) into that field.
    """
    repeated = message_type.DESCRIPTOR.fields_by_name[field].is_repeated
    return {
        card: field_bytes(message_type, field, [message] if repeated else message)
        for card, message in _CARD_MESSAGES.items()
    }


def decode_card(message: pb.Card) -> Card:
    """The card of ``message``.

    Raises:
        CodecError: a rank outside 1..13 or an unknown suit.
    """
    card = _CARD_OF.get((message.rank, message.suit))
    if card is not None:
        return card
    _SUITS.value(message.suit)
    raise CodecError(f"a card's rank is 1 (ace) to 13 (king), not {message.rank}")


def decode_cards(messages: Iterable[pb.Card]) -> tuple[Card, ...]:
    """The cards of ``messages``, in order.

    Raises:
        CodecError: a rank outside 1..13 or an unknown suit.
    """
    card_of = _CARD_OF
    return tuple(
        [card_of.get((message.rank, message.suit)) or decode_card(message) for message in messages]
    )


def decode_card_items(items: Iterable[bytes]) -> tuple[Card, ...]:
    """The cards of the wire bytes of ``Card`` messages (``ItemBytes``), in order.

    Raises:
        CodecError: a rank outside 1..13 or an unknown suit.
    """
    card_of = _CARD_OF_BYTES
    return tuple([card_of.get(data) or decode_card(pb.Card.FromString(data)) for data in items])


def required_card(parent: Message, field: str, what: str) -> Card:
    """The card in field ``field`` of ``parent``, which must be set.

    Raises:
        CodecError: it is not set, or not a card.
    """
    return decode_card(required(parent, field, what))


def optional_card(parent: Message, field: str) -> Card | None:
    """The card in field ``field`` of ``parent``, or ``None`` when it is not set."""
    return decode_card(getattr(parent, field)) if parent.HasField(field) else None


def encode_label(label: str) -> pb.CribbageShowLabel:
    """The message of a show label: ``hand``, ``crib``, ``row 2``, ``column 0``.

    Raises:
        CodecError: no such label.
    """
    word, _, line = label.partition(" ")
    lined = word in ("row", "column")
    if word not in _PARTS or lined != line.isdigit() or (lined and int(line) > 3):
        raise CodecError(f"no wire form for the show label {label!r}")
    return pb.CribbageShowLabel(part=_PARTS.number(word), line=int(line) if lined else 0)


def decode_label(message: pb.CribbageShowLabel) -> str:
    """The show label of ``message``.

    Raises:
        CodecError: an unknown part, a line outside 0..3, or a line for a hand or crib.
    """
    part = _PARTS.value(message.part)
    if part in ("hand", "crib"):
        if message.line:
            raise CodecError(f"a {part} has no line number, not {message.line}")
        return part
    if message.line > 3:
        raise CodecError(f"a {part} of the square is 0..3, not {message.line}")
    return f"{part} {message.line}"


def encode_peg_score(score: PegScore) -> pb.CribbagePegScore:
    """The message of a card's points in the play."""
    return pb.CribbagePegScore(
        fifteen=score.fifteen, thirty_one=score.thirty_one, pairs=score.pairs, run=score.run
    )


def decode_peg_score(message: pb.CribbagePegScore) -> PegScore:
    """The points of a card in the play."""
    return PegScore(message.fifteen, message.thirty_one, message.pairs, message.run)


def encode_show_score(score: ShowScore) -> pb.CribbageShowScore:
    """The message of a show's points."""
    return pb.CribbageShowScore(
        fifteens=score.fifteens,
        pairs=score.pairs,
        runs=score.runs,
        flush=score.flush,
        nobs=score.nobs,
    )


def decode_show_score(message: pb.CribbageShowScore) -> ShowScore:
    """The points of a show."""
    return ShowScore(message.fifteens, message.pairs, message.runs, message.flush, message.nobs)
