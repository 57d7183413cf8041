"""The 21 cribbage events between the engine's classes and ``CribbageEvent`` messages.

One encoder and one decoder per event class; the field of the ``CribbageEvent.event``
oneof is the class name in snake case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from croupier.codec._cribbage_cards import (
    FIRST_DEALERS,
    SKUNKS,
    decode_cards,
    decode_label,
    decode_peg_score,
    decode_show_score,
    encode_card,
    encode_cards,
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

__all__ = ["EVENT_TYPES", "decode_event", "encode_event"]


# The events with several fields, one function each way.


def _encode_cut_for_deal(event: CutForDeal) -> pb.CribbageEvent:
    cuts = [pb.CribbageSeatCard(seat=seat, card=encode_card(card)) for seat, card in event.cuts]
    return pb.CribbageEvent(cut_for_deal=pb.CribbageCutForDeal(cuts=cuts, dealer=event.dealer))


def _decode_cut_for_deal(message: pb.CribbageCutForDeal) -> CutForDeal:
    cuts = tuple((cut.seat, required_card(cut, "card", "a cut for deal")) for cut in message.cuts)
    return CutForDeal(cuts, message.dealer if message.HasField("dealer") else None)


def _encode_pegged(event: Pegged) -> pb.CribbageEvent:
    pegged = pb.CribbagePegged(
        seat=event.seat,
        card=encode_card(event.card),
        count=event.count,
        breakdown=encode_peg_score(event.breakdown),
        score=event.score,
    )
    return pb.CribbageEvent(pegged=pegged)


def _decode_pegged(message: pb.CribbagePegged) -> Pegged:
    card = required_card(message, "card", "a pegged card")
    breakdown = decode_peg_score(required(message, "breakdown", "a pegged card"))
    return Pegged(message.seat, card, message.count, breakdown, message.score)


def _encode_hand_shown(event: HandShown) -> pb.CribbageEvent:
    shown = pb.CribbageHandShown(
        seat=event.seat,
        cards=encode_cards(event.cards),
        starter=encode_card(event.starter),
        breakdown=encode_show_score(event.breakdown),
        score=event.score,
    )
    return pb.CribbageEvent(hand_shown=shown)


def _decode_hand_shown(message: pb.CribbageHandShown) -> HandShown:
    starter = required_card(message, "starter", "a shown hand")
    breakdown = decode_show_score(required(message, "breakdown", "a shown hand"))
    return HandShown(message.seat, decode_cards(message.cards), starter, breakdown, message.score)


def _encode_crib_shown(event: CribShown) -> pb.CribbageEvent:
    shown = pb.CribbageCribShown(
        seat=event.seat,
        cards=encode_cards(event.cards),
        starter=encode_card(event.starter),
        breakdown=encode_show_score(event.breakdown),
        score=event.score,
    )
    return pb.CribbageEvent(crib_shown=shown)


def _decode_crib_shown(message: pb.CribbageCribShown) -> CribShown:
    starter = required_card(message, "starter", "a shown crib")
    breakdown = decode_show_score(required(message, "breakdown", "a shown crib"))
    return CribShown(message.seat, decode_cards(message.cards), starter, breakdown, message.score)


def _encode_line_shown(event: LineShown) -> pb.CribbageEvent:
    shown = pb.CribbageLineShown(
        line=encode_label(event.line),
        cards=encode_cards(event.cards),
        starter=encode_card(event.starter),
        breakdown=encode_show_score(event.breakdown),
        score=event.score,
    )
    return pb.CribbageEvent(line_shown=shown)


def _decode_line_shown(message: pb.CribbageLineShown) -> LineShown:
    line = decode_label(message.line)
    if line in ("hand", "crib"):
        raise CodecError(f"a shown line is a row or column of the square, not a {line}")
    starter = required_card(message, "starter", "a shown line")
    breakdown = decode_show_score(required(message, "breakdown", "a shown line"))
    return LineShown(line, decode_cards(message.cards), starter, breakdown, message.score)


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
    CardsDealt: lambda event: pb.CribbageEvent(
        cards_dealt=pb.CribbageCardsDealt(seat=event.seat, cards=encode_cards(event.cards))
    ),
    DiscardedCards: lambda event: pb.CribbageEvent(
        discarded_cards=pb.CribbageDiscardedCards(seat=event.seat, cards=encode_cards(event.cards))
    ),
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
    HandShown: _encode_hand_shown,
    CribShown: _encode_crib_shown,
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
    LineShown: _encode_line_shown,
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
    "hand_shown": _decode_hand_shown,
    "crib_shown": _decode_crib_shown,
    "game_won": _decode_game_won,
    "match_ended": lambda message: MatchEnded(message.winner, tuple(message.scores)),
    "card_turned": lambda message: CardTurned(
        required_card(message, "card", "a turned card"), message.number
    ),
    "card_placed": lambda message: CardPlaced(
        required_card(message, "card", "a placed card"), message.row, message.col
    ),
    "line_shown": _decode_line_shown,
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
