"""A seat's cribbage observation between the engine's type and ``CribbageObservation``.

Its legal actions travel beside it (``DecisionRequest.legal_actions``): encoding leaves them
out, decoding puts back those given. Each ``decode_*`` gives back a value equal to the one
encoded, or raises :class:`CodecError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from croupier.codec._cribbage_cards import (
    card_fields,
    decode_cards,
    decode_label,
    encode_card,
    encode_cards,
    encode_label,
    optional_card,
    required_card,
)
from croupier.codec._cribbage_rules import decode_rules, rules_field
from croupier.codec._errors import CodecError, EnumTable, required, seat_in, sized
from croupier.codec._memo import Memo, field_bytes
from croupier.games import Seat
from croupier.games.cribbage import CARDS, Action, Card, CribbageObservation, ShownHand
from croupier.proto.v1 import cribbage_pb2 as pb

__all__ = ["decode_observation", "encode_observation"]

_PHASES = EnumTable(
    "cribbage phase",
    {
        "discard": pb.CRIBBAGE_PHASE_DISCARD,
        "play": pb.CRIBBAGE_PHASE_PLAY,
        "place": pb.CRIBBAGE_PHASE_PLACE,
        "over": pb.CRIBBAGE_PHASE_OVER,
    },
)

# An observation is parsed from the bytes of its parts, kept ready: the cards of each
# field, the cards played (by seat and card), the square's cells, the rules.
_HAND = card_fields(pb.CribbageObservation, "hand")
_DISCARDS = card_fields(pb.CribbageObservation, "discards")
_STARTER = card_fields(pb.CribbageObservation, "starter")
_COUNT_CARDS = card_fields(pb.CribbageObservation, "count_cards")
_TURNED = card_fields(pb.CribbageObservation, "turned")
_CELLS: dict[Card | None, bytes] = {
    card: field_bytes(
        pb.CribbageObservation,
        "grid",
        [pb.CribbageCell(card=None if card is None else encode_card(card))],
    )
    for card in (None, *CARDS)
}
_PLAYED: Memo[tuple[Seat, Card], bytes] = Memo(1024)


def _played_fields(played: Iterable[tuple[Seat, Card]]) -> list[bytes]:
    fields = []
    for seat, card in played:
        data = _PLAYED.get((seat, card))
        if data is None:
            seat_card = pb.CribbageSeatCard(seat=seat, card=encode_card(card))
            data = _PLAYED.put(
                (seat, card), field_bytes(pb.CribbageObservation, "played", [seat_card])
            )
        fields.append(data)
    return fields


def _encode_shown(shown: ShownHand) -> pb.CribbageShownHand:
    return pb.CribbageShownHand(
        owner=shown.owner,
        label=encode_label(shown.label),
        cards=encode_cards(shown.cards),
        starter=encode_card(shown.starter),
        points=shown.points,
    )


def _decode_shown(message: pb.CribbageShownHand, players: int) -> ShownHand:
    return ShownHand(
        owner=seat_in(message.owner, players, "shown hand owner"),
        label=decode_label(message.label),
        cards=decode_cards(message.cards),
        starter=required_card(message, "starter", "a shown hand"),
        points=message.points,
    )


def encode_observation(observation: CribbageObservation) -> pb.CribbageObservation:
    """The message of a seat's observation, without its legal actions.

    Raises:
        CodecError: ``observation`` is no cribbage observation.
    """
    if not isinstance(observation, CribbageObservation):
        raise CodecError(f"not a cribbage observation: {observation!r}")
    starter, turned, shown = observation.starter, observation.turned, observation.shown
    parts = [rules_field(observation.game)]
    parts += [_HAND[card] for card in observation.hand]
    parts += [_DISCARDS[card] for card in observation.discards]
    if starter is not None:
        parts.append(_STARTER[starter])
    parts += [_COUNT_CARDS[card] for card in observation.count_cards]
    parts += _played_fields(observation.played)
    if shown:
        parts.append(
            field_bytes(pb.CribbageObservation, "shown", [_encode_shown(one) for one in shown])
        )
    parts += [_CELLS[card] for card in observation.grid]
    if turned is not None:
        parts.append(_TURNED[turned])
    message = pb.CribbageObservation(
        seat=observation.seat,
        phase=_PHASES.number(observation.phase),
        game_number=observation.game_number,
        hand_number=observation.hand_number,
        dealer=observation.dealer,
        scores=observation.scores,
        game_points=observation.game_points,
        count=observation.count,
        goes=observation.goes,
        hand_sizes=observation.hand_sizes,
        crib_size=observation.crib_size,
        discarded=observation.discarded,
        to_act=observation.to_act,
    )
    message.MergeFromString(b"".join(parts))
    return message


def decode_observation(
    message: pb.CribbageObservation, legal_actions: Sequence[Action]
) -> CribbageObservation:
    """The observation of ``message``, with ``legal_actions`` put back.

    Raises:
        CodecError: no rules, an unknown phase, a seat outside the game, a field of the
            wrong length, a bad card or label.
    """
    game = decode_rules(required(message, "rules", "a cribbage observation"))
    players = game.num_players

    def seat(value: int, what: str) -> Seat:
        return seat_in(value, players, f"cribbage observation {what}")

    def seats(values: Iterable[int], what: str) -> tuple[Seat, ...]:
        return tuple(seat(value, what) for value in values)

    for what, values in (
        ("scores", message.scores),
        ("game_points", message.game_points),
        ("hand_sizes", message.hand_sizes),
        ("discarded", message.discarded),
    ):
        sized(values, players, f"cribbage observation {what}")
    sized(message.grid, 16 if game.variant == "square" else 0, "cribbage observation grid")
    return CribbageObservation(
        seat=seat(message.seat, "seat") if message.HasField("seat") else None,
        game=game,
        phase=_PHASES.value(message.phase),
        game_number=message.game_number,
        hand_number=message.hand_number,
        dealer=seat(message.dealer, "dealer"),
        hand=decode_cards(message.hand),
        discards=decode_cards(message.discards),
        scores=tuple(message.scores),
        game_points=tuple(message.game_points),
        starter=optional_card(message, "starter"),
        count=message.count,
        count_cards=decode_cards(message.count_cards),
        played=tuple(
            (seat(played.seat, "played"), required_card(played, "card", "a played card"))
            for played in message.played
        ),
        goes=seats(message.goes, "goes"),
        hand_sizes=tuple(message.hand_sizes),
        crib_size=message.crib_size,
        discarded=tuple(message.discarded),
        shown=tuple(_decode_shown(shown, players) for shown in message.shown),
        grid=tuple(optional_card(cell, "card") for cell in message.grid),
        turned=optional_card(message, "turned"),
        to_act=seats(message.to_act, "to_act"),
        legal_actions=tuple(legal_actions),
    )
