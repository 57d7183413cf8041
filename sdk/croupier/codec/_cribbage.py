"""Cribbage between the engine's types and ``cribbage.proto``'s messages: its :data:`CODEC`.

Rules, actions, observations and results; the events are in
:mod:`croupier.codec._cribbage_events`, the cards and other shared pieces in
:mod:`croupier.codec._cribbage_cards`. Each ``decode_*`` gives back a value equal to the
one encoded, or raises :class:`CodecError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from croupier.codec import _cribbage_events
from croupier.codec._cribbage_cards import (
    FIRST_DEALERS,
    SKUNKS,
    decode_cards,
    decode_label,
    encode_card,
    encode_cards,
    encode_label,
    optional_card,
    required_card,
)
from croupier.codec._errors import CodecError, EnumTable, rejecting, required, seat_in, sized
from croupier.codec._registry import GameCodec
from croupier.games import Seat
from croupier.games.cribbage import (
    Action,
    Cribbage,
    CribbageObservation,
    CribbageResult,
    Discard,
    GameOutcome,
    Peg,
    Place,
    ShownHand,
)
from croupier.proto.v1 import cribbage_pb2 as pb

__all__ = [
    "CODEC",
    "CribbageCodec",
    "decode_action",
    "decode_observation",
    "decode_result",
    "decode_rules",
    "encode_action",
    "encode_observation",
    "encode_result",
    "encode_rules",
]

_VARIANTS = EnumTable(
    "cribbage variant",
    {
        "six-card": pb.CRIBBAGE_VARIANT_SIX_CARD,
        "five-card": pb.CRIBBAGE_VARIANT_FIVE_CARD,
        "seven-card": pb.CRIBBAGE_VARIANT_SEVEN_CARD,
        "three-player": pb.CRIBBAGE_VARIANT_THREE_PLAYER,
        "four-player": pb.CRIBBAGE_VARIANT_FOUR_PLAYER,
        "solitaire": pb.CRIBBAGE_VARIANT_SOLITAIRE,
        "square": pb.CRIBBAGE_VARIANT_SQUARE,
    },
)

_PHASES = EnumTable(
    "cribbage phase",
    {
        "discard": pb.CRIBBAGE_PHASE_DISCARD,
        "play": pb.CRIBBAGE_PHASE_PLAY,
        "place": pb.CRIBBAGE_PHASE_PLACE,
        "over": pb.CRIBBAGE_PHASE_OVER,
    },
)


# Rules and actions


def encode_rules(game: Cribbage) -> pb.CribbageRules:
    """The message of cribbage rules (the target spelled out, never 0).

    Raises:
        CodecError: an option too large for the wire (more than ``2**32 - 1``).
    """
    with rejecting("cribbage rules"):
        return pb.CribbageRules(
            variant=_VARIANTS.number(game.variant),
            target=game.target,
            match_points=game.match_points,
            game_points=game.game_points,
            triple_skunk_wins_match=game.triple_skunk_wins_match,
            next_first_dealer=FIRST_DEALERS.number(game.next_first_dealer),
        )


def decode_rules(message: pb.CribbageRules) -> Cribbage:
    """The cribbage rules of ``message`` (a target of 0 takes the variant's own).

    Raises:
        CodecError: an unknown variant or dealer rule, or options the rules refuse.
    """
    variant = _VARIANTS.value(message.variant)
    next_first_dealer = FIRST_DEALERS.value(message.next_first_dealer)
    sized(message.game_points, 4, "cribbage game_points (win, skunk, double, triple)")
    win, skunk, double, triple = message.game_points
    with rejecting("cribbage rules"):
        return Cribbage(
            variant=variant,
            target=message.target,
            match_points=message.match_points,
            game_points=(win, skunk, double, triple),
            triple_skunk_wins_match=message.triple_skunk_wins_match,
            next_first_dealer=next_first_dealer,
        )


def encode_action(action: Action) -> pb.CribbageAction:
    """The message of a discard, peg or place.

    Raises:
        CodecError: ``action`` is no cribbage action.
    """
    if isinstance(action, Discard):
        return pb.CribbageAction(discard=pb.CribbageDiscard(cards=encode_cards(action.cards)))
    if isinstance(action, Peg):
        return pb.CribbageAction(peg=pb.CribbagePeg(card=encode_card(action.card)))
    if isinstance(action, Place):
        place = pb.CribbagePlace(card=encode_card(action.card), row=action.row, col=action.col)
        return pb.CribbageAction(place=place)
    raise CodecError(f"not a cribbage action: {action!r}")


def decode_action(message: pb.CribbageAction) -> Action:
    """The discard, peg or place of ``message``.

    Cards the seat does not hold, or a discard of the wrong size, decode: the state refuses
    them (``IllegalAction``).

    Raises:
        CodecError: no action set, a bad card, an empty discard or one naming a card twice,
            a row or column outside 0..3.
    """
    kind = message.WhichOneof("action")
    if kind == "discard":
        cards = decode_cards(message.discard.cards)
        with rejecting("cribbage discard"):
            return Discard(cards)
    if kind == "peg":
        return Peg(required_card(message.peg, "card", "a cribbage peg"))
    if kind == "place":
        place = message.place
        card = required_card(place, "card", "a cribbage place")
        with rejecting("cribbage place"):
            return Place(card, place.row, place.col)
    raise CodecError("a cribbage action must be a discard, peg or place (none is set)")


# Observations


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
    return pb.CribbageObservation(
        seat=observation.seat,
        rules=encode_rules(observation.game),
        phase=_PHASES.number(observation.phase),
        game_number=observation.game_number,
        hand_number=observation.hand_number,
        dealer=observation.dealer,
        hand=encode_cards(observation.hand),
        discards=encode_cards(observation.discards),
        scores=observation.scores,
        game_points=observation.game_points,
        starter=None if observation.starter is None else encode_card(observation.starter),
        count=observation.count,
        count_cards=encode_cards(observation.count_cards),
        played=[
            pb.CribbageSeatCard(seat=seat, card=encode_card(card))
            for seat, card in observation.played
        ],
        goes=observation.goes,
        hand_sizes=observation.hand_sizes,
        crib_size=observation.crib_size,
        discarded=observation.discarded,
        shown=[_encode_shown(shown) for shown in observation.shown],
        grid=[
            pb.CribbageCell(card=None if card is None else encode_card(card))
            for card in observation.grid
        ],
        turned=None if observation.turned is None else encode_card(observation.turned),
        to_act=observation.to_act,
    )


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


# Results


def _encode_record(record: GameOutcome) -> pb.CribbageGameRecord:
    return pb.CribbageGameRecord(
        number=record.number,
        scores=record.scores,
        winner=record.winner,
        skunk=SKUNKS.number(record.skunk),
        game_points=record.game_points,
    )


def _decode_record(message: pb.CribbageGameRecord) -> GameOutcome:
    return GameOutcome(
        number=message.number,
        scores=tuple(message.scores),
        winner=seat_in(message.winner, len(message.scores), "game record winner"),
        skunk=SKUNKS.value(message.skunk),
        game_points=message.game_points,
    )


def encode_result(result: CribbageResult) -> pb.CribbageResult:
    """The cribbage part of a result message (the scores travel in ``Result.scores``).

    Raises:
        CodecError: ``result`` is no cribbage result.
    """
    if not isinstance(result, CribbageResult):
        raise CodecError(f"not a cribbage result: {result!r}")
    return pb.CribbageResult(
        games=[_encode_record(record) for record in result.games], won=result.won
    )


def decode_result(message: pb.CribbageResult, scores: tuple[int, ...]) -> CribbageResult:
    """The result of a game whose scores (game points, or a one-player total) are ``scores``.

    Raises:
        CodecError: a malformed game record.
    """
    return CribbageResult(
        scores=scores,
        games=tuple(_decode_record(record) for record in message.games),
        won=message.won if message.HasField("won") else None,
    )


# The codec


class CribbageCodec:
    """Cribbage's :class:`~croupier.codec.GameCodec`: the ``cribbage`` arms of ``referee.proto``."""

    name = "cribbage"
    rules_message = pb.CribbageRules
    action_message = pb.CribbageAction
    observation_message = pb.CribbageObservation
    event_message = pb.CribbageEvent
    result_message = pb.CribbageResult

    encode_rules = staticmethod(encode_rules)
    decode_rules = staticmethod(decode_rules)
    encode_action = staticmethod(encode_action)
    decode_action = staticmethod(decode_action)
    encode_observation = staticmethod(encode_observation)
    decode_observation = staticmethod(decode_observation)
    encode_event = staticmethod(_cribbage_events.encode_event)
    decode_event = staticmethod(_cribbage_events.decode_event)
    encode_result = staticmethod(encode_result)
    decode_result = staticmethod(decode_result)


CODEC: GameCodec = CribbageCodec()
"""The codec of cribbage, registered in the ``croupier.codecs`` entry points."""
