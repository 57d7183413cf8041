"""The 21 cribbage events between the engine's classes and ``CribbageEvent`` messages.

One encoder and one decoder per event class; the field of the ``CribbageEvent.event``
oneof is the class name in snake case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from croupier.codec._cribbage_cards import (
    FIRST_DEALERS,
    SKUNKS,
    card_fields,
    decode_cards,
    decode_label,
    decode_peg_score,
    decode_show_score,
    encode_card,
    encode_label,
    encode_peg_score,
    encode_show_score,
    required_card,
)
from croupier.codec._errors import CodecError, required
from croupier.games import Event
from croupier.games.cribbage import (
    CardPlaced,
    CardsDealt,
    CardTurned,
    CountReset,
    CribShown,
    CutForDeal,
    Discarded,
    DiscardedCards,
    GameStarted,
    GameWon,
    Go,
    HandDealt,
    HandShown,
    HisHeels,
    LastCard,
    LineShown,
    MatchEnded,
    Pegged,
    SoloGameEnded,
    StarterTurned,
    ThreeForLast,
)
from croupier.proto.v1 import cribbage_pb2 as pb

if TYPE_CHECKING:
    from google.protobuf.message import Message

__all__ = ["EVENT_TYPES", "decode_event", "encode_event"]


# The events with several fields, one function each way.


def _encode_cut_for_deal(event: CutForDeal) -> pb.CribbageEvent:
    cuts = [pb.CribbageSeatCard(seat=seat, card=encode_card(card)) for seat, card in event.cuts]
    return pb.CribbageEvent(cut_for_deal=pb.CribbageCutForDeal(cuts=cuts, dealer=event.dealer))


def _decode_cut_for_deal(message: pb.CribbageCutForDeal) -> CutForDeal:
    cuts = tuple((cut.seat, required_card(cut, "card", "a cut for deal")) for cut in message.cuts)
    return CutForDeal(cuts, message.dealer if message.HasField("dealer") else None)


def _encode_pegged(event: Pegged) -> pb.CribbageEvent:
    message = pb.CribbageEvent()
    pegged = message.pegged  # filled in place: a message given to a field is copied
    pegged.seat = event.seat
    pegged.card.CopyFrom(encode_card(event.card))
    pegged.count = event.count
    pegged.breakdown.CopyFrom(encode_peg_score(event.breakdown))
    pegged.score = event.score
    return message


def _seat_cards(field: str, message_type: type[Message]) -> Callable[[Any], pb.CribbageEvent]:
    """The encoder of an event naming a seat and its cards, the ``field`` of an event."""
    cards = card_fields(message_type, "cards")

    def encode(event: Any) -> pb.CribbageEvent:
        message = pb.CribbageEvent()
        arm: Any = getattr(message, field)
        arm.seat = event.seat
        arm.MergeFromString(b"".join([cards[card] for card in event.cards]))
        return message

    return encode


def _decode_pegged(message: pb.CribbagePegged) -> Pegged:
    card = required_card(message, "card", "a pegged card")
    breakdown = decode_peg_score(required(message, "breakdown", "a pegged card"))
    return Pegged(message.seat, card, message.count, breakdown, message.score)


class _Shown:
    """The codec of an event that shows cards with the starter and scores them.

    A seat's hand or crib, or a line of the square: the events differ only in whose cards
    they show (:meth:`encode_owner`, :meth:`decode_owner`).
    """

    def __init__(self, event: Callable[..., Event], message: type[Message], field: str, what: str):
        self._event = event
        self._cards = card_fields(message, "cards")
        self._field = field
        self._what = what

    def encode(self, event: Any) -> pb.CribbageEvent:
        """The message of ``event``, filled in place (a message given to a field is copied)."""
        message = pb.CribbageEvent()
        shown: Any = getattr(message, self._field)
        shown.MergeFromString(b"".join([self._cards[card] for card in event.cards]))
        shown.starter.CopyFrom(encode_card(event.starter))
        shown.breakdown.CopyFrom(encode_show_score(event.breakdown))
        shown.score = event.score
        self.encode_owner(shown, event)
        return message

    def decode(self, message: Any) -> Event:
        """The event of ``message``.

        Raises:
            CodecError: no starter or breakdown, a bad card, or a bad owner.
        """
        owner = self.decode_owner(message)
        starter = required_card(message, "starter", self._what)
        breakdown = decode_show_score(required(message, "breakdown", self._what))
        cards = decode_cards(message.cards)
        return self._event(owner, cards, starter, breakdown, message.score)

    def encode_owner(self, shown: Any, event: Any) -> None:
        """Set the field of ``shown`` naming whose cards these are: a seat."""
        shown.seat = event.seat

    def decode_owner(self, message: Any) -> Any:
        """Whose cards these are: a seat."""
        return message.seat


class _LineShown(_Shown):
    """A row or column of the cribbage square, shown."""

    def encode_owner(self, shown: Any, event: Any) -> None:
        """Set the field of ``shown`` naming the line.

        Raises:
            CodecError: no such line.
        """
        shown.line.CopyFrom(encode_label(event.line))

    def decode_owner(self, message: Any) -> str:
        """The line, a row or column.

        Raises:
            CodecError: a bad label, or the label of a hand or crib.
        """
        line = decode_label(message.line)
        if line in ("hand", "crib"):
            raise CodecError(f"a shown line is a row or column of the square, not a {line}")
        return line


_HAND_SHOWN = _Shown(HandShown, pb.CribbageHandShown, "hand_shown", "a shown hand")
_CRIB_SHOWN = _Shown(CribShown, pb.CribbageCribShown, "crib_shown", "a shown crib")
_LINE_SHOWN = _LineShown(LineShown, pb.CribbageLineShown, "line_shown", "a shown line")


def _encode_game_won(event: GameWon) -> pb.CribbageEvent:
    won = pb.CribbageGameWon(
        game_number=event.game,
        winner=event.winner,
        scores=event.scores,
        skunk=SKUNKS.number(event.skunk),
        game_points=event.game_points,
        match=event.match,
    )
    return pb.CribbageEvent(game_won=won)


def _decode_game_won(message: pb.CribbageGameWon) -> GameWon:
    return GameWon(
        game=message.game_number,
        winner=message.winner,
        scores=tuple(message.scores),
        skunk=SKUNKS.value(message.skunk),
        game_points=message.game_points,
        match=tuple(message.match),
    )


def _encode_hand_dealt(event: HandDealt) -> pb.CribbageEvent:
    dealt = pb.CribbageHandDealt(
        game_number=event.game,
        hand_number=event.hand,
        dealer=event.dealer,
        cards_each=event.cards_each,
        to_crib=event.to_crib,
    )
    return pb.CribbageEvent(hand_dealt=dealt)


def _decode_hand_dealt(message: pb.CribbageHandDealt) -> HandDealt:
    return HandDealt(
        message.game_number,
        message.hand_number,
        message.dealer,
        message.cards_each,
        message.to_crib,
    )


# The one- to three-field events, written inline.

_ENCODERS: dict[type[Event], Callable[[Any], pb.CribbageEvent]] = {
    CutForDeal: _encode_cut_for_deal,
    GameStarted: lambda event: pb.CribbageEvent(
        game_started=pb.CribbageGameStarted(
            game_number=event.game, dealer=event.dealer, reason=FIRST_DEALERS.number(event.reason)
        )
    ),
    ThreeForLast: lambda event: pb.CribbageEvent(
        three_for_last=pb.CribbageThreeForLast(seat=event.seat, score=event.score)
    ),
    HandDealt: _encode_hand_dealt,
    CardsDealt: _seat_cards("cards_dealt", pb.CribbageCardsDealt),
    DiscardedCards: _seat_cards("discarded_cards", pb.CribbageDiscardedCards),
    Discarded: lambda event: pb.CribbageEvent(discarded=pb.CribbageDiscarded(seat=event.seat)),
    StarterTurned: lambda event: pb.CribbageEvent(
        starter_turned=pb.CribbageStarterTurned(card=encode_card(event.card))
    ),
    HisHeels: lambda event: pb.CribbageEvent(
        his_heels=pb.CribbageHisHeels(seat=event.seat, score=event.score)
    ),
    Pegged: _encode_pegged,
    Go: lambda event: pb.CribbageEvent(go=pb.CribbageGo(seat=event.seat, count=event.count)),
    LastCard: lambda event: pb.CribbageEvent(
        last_card=pb.CribbageLastCard(
            seat=event.seat, score=event.score, end_of_play=event.end_of_play
        )
    ),
    CountReset: lambda event: pb.CribbageEvent(
        count_reset=pb.CribbageCountReset(leader=event.leader)
    ),
    HandShown: _HAND_SHOWN.encode,
    CribShown: _CRIB_SHOWN.encode,
    GameWon: _encode_game_won,
    MatchEnded: lambda event: pb.CribbageEvent(
        match_ended=pb.CribbageMatchEnded(winner=event.winner, scores=event.scores)
    ),
    CardTurned: lambda event: pb.CribbageEvent(
        card_turned=pb.CribbageCardTurned(card=encode_card(event.card), number=event.number)
    ),
    CardPlaced: lambda event: pb.CribbageEvent(
        card_placed=pb.CribbageCardPlaced(
            card=encode_card(event.card), row=event.row, col=event.col
        )
    ),
    LineShown: _LINE_SHOWN.encode,
    SoloGameEnded: lambda event: pb.CribbageEvent(
        solo_game_ended=pb.CribbageSoloGameEnded(
            total=event.total, target=event.target, won=event.won
        )
    ),
}

_DECODERS: dict[str, Callable[[Any], Event]] = {
    "cut_for_deal": _decode_cut_for_deal,
    "game_started": lambda message: GameStarted(
        message.game_number,
        message.dealer,
        FIRST_DEALERS.value(message.reason),
    ),
    "three_for_last": lambda message: ThreeForLast(message.seat, message.score),
    "hand_dealt": _decode_hand_dealt,
    "cards_dealt": lambda message: CardsDealt(message.seat, decode_cards(message.cards)),
    "discarded_cards": lambda message: DiscardedCards(message.seat, decode_cards(message.cards)),
    "discarded": lambda message: Discarded(message.seat),
    "starter_turned": lambda message: StarterTurned(
        required_card(message, "card", "a turned starter")
    ),
    "his_heels": lambda message: HisHeels(message.seat, message.score),
    "pegged": _decode_pegged,
    "go": lambda message: Go(message.seat, message.count),
    "last_card": lambda message: LastCard(message.seat, message.score, message.end_of_play),
    "count_reset": lambda message: CountReset(message.leader),
    "hand_shown": _HAND_SHOWN.decode,
    "crib_shown": _CRIB_SHOWN.decode,
    "game_won": _decode_game_won,
    "match_ended": lambda message: MatchEnded(message.winner, tuple(message.scores)),
    "card_turned": lambda message: CardTurned(
        required_card(message, "card", "a turned card"), message.number
    ),
    "card_placed": lambda message: CardPlaced(
        required_card(message, "card", "a placed card"), message.row, message.col
    ),
    "line_shown": _LINE_SHOWN.decode,
    "solo_game_ended": lambda message: SoloGameEnded(message.total, message.target, message.won),
}

EVENT_TYPES: tuple[type[Event], ...] = tuple(_ENCODERS)
"""Every event class of cribbage."""


def encode_event(event: Event) -> pb.CribbageEvent:
    """The message of a cribbage event.

    Raises:
        CodecError: ``event`` is no cribbage event.
    """
    encoder = _ENCODERS.get(type(event))
    if encoder is None:
        raise CodecError(f"not a cribbage event: {event!r}")
    return encoder(event)


def decode_event(message: pb.CribbageEvent) -> Event:
    """The event of ``message``.

    Raises:
        CodecError: no event set, or a malformed one.
    """
    kind = message.WhichOneof("event")
    if kind is None:
        raise CodecError("a cribbage event names no event (CribbageEvent.event is not set)")
    return _DECODERS[kind](getattr(message, kind))
