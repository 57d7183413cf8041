"""Lexio between the engine's types and the messages of ``lexio.proto``: its :data:`CODEC`.

Results, and the codec of the whole game; the rules are in
:mod:`croupier.codec._lexio_rules`, the actions in :mod:`croupier.codec._lexio_actions`,
the observations in :mod:`croupier.codec._lexio_observation`, the tiles and combinations
in :mod:`croupier.codec._lexio_tiles`, the events in :mod:`croupier.codec._lexio_events`.

Each ``encode_*`` gives the message of a domain value; each ``decode_*`` gives the value
back, equal to the one encoded, or raises :class:`CodecError`.
"""

from __future__ import annotations

from croupier.codec import _lexio_events
from croupier.codec._errors import CodecError, sized
from croupier.codec._lexio_actions import decode_action, encode_action
from croupier.codec._lexio_observation import decode_observation, encode_observation
from croupier.codec._lexio_rules import decode_rules, encode_rules
from croupier.codec._registry import GameCodec
from croupier.games.lexio import LexioResult
from croupier.proto.v1 import lexio_pb2 as pb

__all__ = [
    "CODEC",
    "LexioCodec",
    "decode_action",
    "decode_observation",
    "decode_result",
    "decode_rules",
    "encode_action",
    "encode_observation",
    "encode_result",
    "encode_rules",
]


# Results


def encode_result(result: LexioResult) -> pb.LexioResult:
    """The Lexio part of a result message (the scores travel in ``Result.scores``).

    Raises:
        CodecError: ``result`` is no Lexio result.
    """
    if not isinstance(result, LexioResult):
        raise CodecError(f"not a Lexio result: {result!r}")
    return pb.LexioResult(
        rounds_played=result.rounds_played,
        round_nets=[pb.LexioRoundNets(nets=nets) for nets in result.round_nets],
    )


def decode_result(message: pb.LexioResult, scores: tuple[int, ...]) -> LexioResult:
    """The result of a match whose final balances are ``scores``.

    Raises:
        CodecError: a round's nets are not one per seat.
    """
    for nets in message.round_nets:
        sized(nets.nets, len(scores), "Lexio result round_nets (one per seat)")
    return LexioResult(
        scores=scores,
        rounds_played=message.rounds_played,
        round_nets=tuple(tuple(nets.nets) for nets in message.round_nets),
    )


# The codec


class LexioCodec:
    """Lexio's :class:`~croupier.codec.GameCodec`: the ``lexio`` arms of ``referee.proto``."""

    name = "lexio"
    rules_message = pb.LexioRules
    action_message = pb.LexioAction
    observation_message = pb.LexioObservation
    event_message = pb.LexioEvent
    result_message = pb.LexioResult

    encode_rules = staticmethod(encode_rules)
    decode_rules = staticmethod(decode_rules)
    encode_action = staticmethod(encode_action)
    decode_action = staticmethod(decode_action)
    encode_observation = staticmethod(encode_observation)
    decode_observation = staticmethod(decode_observation)
    encode_event = staticmethod(_lexio_events.encode_event)
    decode_event = staticmethod(_lexio_events.decode_event)
    encode_result = staticmethod(encode_result)
    decode_result = staticmethod(decode_result)


CODEC: GameCodec = LexioCodec()
"""The codec of Lexio, registered in the ``croupier.codecs`` entry points."""
