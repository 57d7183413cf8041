"""Lexio rule sets between the engine's :class:`Lexio` and ``LexioRules``.

Used by :mod:`croupier.codec._lexio` (the codec's rules) and
:mod:`croupier.codec._lexio_observation` (every observation carries its rules).
"""

from __future__ import annotations

from croupier.codec._errors import EnumTable, rejecting
from croupier.codec._memo import Memo, field_bytes
from croupier.games.lexio import Lexio
from croupier.proto.v1 import lexio_pb2 as pb

__all__ = ["decode_rules", "encode_rules", "rules_field"]

_PENALTIES = EnumTable(
    "Lexio twos_penalty",
    {"double_each": pb.LEXIO_TWOS_PENALTY_DOUBLE_EACH, "off": pb.LEXIO_TWOS_PENALTY_OFF},
)


# A rule set's messages by game, and games by their message's bytes: every observation
# carries its rules, and building a Lexio checks every option.
_RULES: Memo[Lexio, bytes] = Memo(64)
_RULES_FIELDS: Memo[Lexio, bytes] = Memo(64)
_GAMES: Memo[bytes, Lexio] = Memo(64)


def encode_rules(game: Lexio) -> pb.LexioRules:
    """The message of Lexio rules.

    Raises:
        CodecError: an option too large for the wire (more than ``2**32 - 1``).
    """
    data = _RULES.get(game)
    if data is None:
        data = _RULES.put(game, _rules_message(game).SerializeToString())
    return pb.LexioRules.FromString(data)


def _rules_message(game: Lexio) -> pb.LexioRules:
    with rejecting("Lexio rules"):
        return pb.LexioRules(
            players=game.players,
            rounds=game.rounds,
            starting_chips=game.starting_chips,
            twos_penalty=_PENALTIES.number(game.twos_penalty),
        )


def decode_rules(message: pb.LexioRules) -> Lexio:
    """The Lexio rules of ``message``.

    Raises:
        CodecError: an unknown penalty, or options the rules refuse (e.g. 6 players).
    """
    return _GAMES.decoded(message, _decode_rules)


def _decode_rules(message: pb.LexioRules) -> Lexio:
    penalty = _PENALTIES.value(message.twos_penalty)
    with rejecting("Lexio rules"):
        return Lexio(
            players=message.players,
            rounds=message.rounds,
            starting_chips=message.starting_chips,
            twos_penalty=penalty,
        )


def rules_field(game: Lexio) -> bytes:
    """The wire bytes of an observation's ``rules`` field for ``game``, kept once built.

    Raises:
        CodecError: an option too large for the wire (more than ``2**32 - 1``).
    """
    data = _RULES_FIELDS.get(game)
    if data is None:
        data = field_bytes(pb.LexioObservation, "rules", _rules_message(game))
        _RULES_FIELDS.put(game, data)
    return data
