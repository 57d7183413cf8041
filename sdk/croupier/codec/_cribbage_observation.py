"""A seat's cribbage observation between the engine's type and ``CribbageObservation``.

Its legal actions travel beside it (``DecisionRequest.legal_actions``): encoding leaves them
out, decoding puts back those given. Each ``decode_*`` gives back a value equal to the one
encoded, or raises :class:`CodecError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from croupier.codec._cribbage_cards import (
    card_fields,
    decode_card_items,
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
from croupier.codec._memo import MAX_KEY_BYTES, ItemBytes, Memo, field_bytes
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


# An observation's cards, cards played and cells are read as their items' bytes: the cards
# and cells by a table, the cards played kept by their bytes with their seat checked each
# time, before the card, against the player count of the game at hand.
_ITEMS = ItemBytes(pb.CribbageObservation, "hand", "discards", "count_cards", "played", "grid")
_DECODED_PLAYED: Memo[bytes, tuple[Seat, Card]] = Memo(1024)
_CELL_OF_BYTES: dict[bytes, Card | None] = {
    pb.CribbageCell(card=None if card is None else encode_card(card)).SerializeToString(): card
    for card in (None, *CARDS)
}


def _decode_played(items: Iterable[bytes], players: int) -> tuple[tuple[Seat, Card], ...]:
    played = []
    for data in items:
        decoded = _DECODED_PLAYED.get(data)
        if decoded is None:
            message = pb.CribbageSeatCard.FromString(data)
            seat = seat_in(message.seat, players, "cribbage observation played")
            decoded = (seat, required_card(message, "card", "a played card"))
            if len(data) <= MAX_KEY_BYTES:
                _DECODED_PLAYED.put(data, decoded)
        elif decoded[0] >= players:
            seat_in(decoded[0], players, "cribbage observation played")
        played.append(decoded)
    return tuple(played)


def _decode_grid(items: Iterable[bytes]) -> tuple[Card | None, ...]:
    cells = []
    for data in items:
        if data in _CELL_OF_BYTES:
            cells.append(_CELL_OF_BYTES[data])
        else:
            cells.append(optional_card(pb.CribbageCell.FromString(data), "card"))
    return tuple(cells)


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
    items = _ITEMS.of(message)
    sized(items.grid, 16 if game.variant == "square" else 0, "cribbage observation grid")
    return CribbageObservation(
        seat=seat(message.seat, "seat") if message.HasField("seat") else None,
        game=game,
        phase=_PHASES.value(message.phase),
        game_number=message.game_number,
        hand_number=message.hand_number,
        dealer=seat(message.dealer, "dealer"),
        hand=decode_card_items(items.hand),
        discards=decode_card_items(items.discards),
        scores=tuple(message.scores),
        game_points=tuple(message.game_points),
        starter=optional_card(message, "starter"),
        count=message.count,
        count_cards=decode_card_items(items.count_cards),
        played=_decode_played(items.played, players),
        goes=seats(message.goes, "goes"),
        hand_sizes=tuple(message.hand_sizes),
        crib_size=message.crib_size,
        discarded=tuple(message.discarded),
        shown=tuple(_decode_shown(shown, players) for shown in message.shown),
        grid=_decode_grid(items.grid),
        turned=optional_card(message, "turned"),
        to_act=seats(message.to_act, "to_act"),
        legal_actions=tuple(legal_actions),
    )
