"""Cribbage between the engine's types and ``cribbage.proto``'s messages: its :data:`CODEC`.

Actions and results; the rules are in :mod:`croupier.codec._cribbage_rules`, the
observations in :mod:`croupier.codec._cribbage_observation`, the events in
:mod:`croupier.codec._cribbage_events`, the cards and other shared pieces in
:mod:`croupier.codec._cribbage_cards`. Each ``decode_*`` gives back a value equal to the
one encoded, or raises :class:`CodecError`.
"""

from __future__ import annotations

from croupier.codec import _cribbage_events
from croupier.codec._cribbage_cards import (
    SKUNKS,
    decode_cards,
    encode_card,
    encode_cards,
    required_card,
)
from croupier.codec._cribbage_observation import decode_observation, encode_observation
from croupier.codec._cribbage_rules import decode_rules, encode_rules
from croupier.codec._errors import CodecError, rejecting, seat_in
from croupier.codec._memo import Memo
from croupier.codec._registry import GameCodec
from croupier.games.cribbage import (
    Action,
    CribbageResult,
    Discard,
    GameOutcome,
    Peg,
    Place,
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

# Actions

# An action's message bytes by action, and actions by their message's bytes: a decision
# carries up to 21 of them, mostly the same from one decision to the next.
_ACTIONS: Memo[Action, bytes] = Memo(4096)
_DECODED_ACTIONS: Memo[bytes, Action] = Memo(4096)


def _action_message(action: Action) -> pb.CribbageAction:
    if isinstance(action, Discard):
        return pb.CribbageAction(discard=pb.CribbageDiscard(cards=encode_cards(action.cards)))
    if isinstance(action, Peg):
        return pb.CribbageAction(peg=pb.CribbagePeg(card=encode_card(action.card)))
    place = pb.CribbagePlace(card=encode_card(action.card), row=action.row, col=action.col)
    return pb.CribbageAction(place=place)


def encode_action(action: Action) -> pb.CribbageAction:
    """The message of a discard, peg or place.

    Raises:
        CodecError: ``action`` is no cribbage action.
    """
    if not isinstance(action, Discard | Peg | Place):
        raise CodecError(f"not a cribbage action: {action!r}")
    data = _ACTIONS.get(action)
    if data is None:
        data = _ACTIONS.put(action, _action_message(action).SerializeToString())
    return pb.CribbageAction.FromString(data)


def decode_action(message: pb.CribbageAction) -> Action:
    """The discard, peg or place of ``message``.

    Cards the seat does not hold, or a discard of the wrong size, decode: the state refuses
    them (``IllegalAction``).

    Raises:
        CodecError: no action set, a bad card, an empty discard or one naming a card twice,
            a row or column outside 0..3.
    """
    return _DECODED_ACTIONS.decoded(message, _decode_action)


def _decode_action(message: pb.CribbageAction) -> Action:
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
