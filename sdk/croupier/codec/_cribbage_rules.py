"""Cribbage rule sets between the engine's :class:`Cribbage` and ``CribbageRules``.

Used by :mod:`croupier.codec._cribbage` (the codec's rules) and
:mod:`croupier.codec._cribbage_observation` (every observation carries its rules).
"""

from __future__ import annotations

from croupier.codec._cribbage_cards import FIRST_DEALERS
from croupier.codec._errors import EnumTable, rejecting, sized
from croupier.codec._memo import Memo, field_bytes
from croupier.games.cribbage import Cribbage
from croupier.proto.v1 import cribbage_pb2 as pb

__all__ = ["decode_rules", "encode_rules", "rules_field"]

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

# A rule set's messages by game, and games by their message's bytes: every observation
# carries its rules, and building a Cribbage checks every option. Variants are options, so
# two variants are two keys.
_RULES: Memo[Cribbage, bytes] = Memo(64)
_RULES_FIELDS: Memo[Cribbage, bytes] = Memo(64)
_GAMES: Memo[bytes, Cribbage] = Memo(64)


def encode_rules(game: Cribbage) -> pb.CribbageRules:
    """The message of cribbage rules (the target spelled out, never 0).

    Raises:
        CodecError: an option too large for the wire (more than ``2**32 - 1``).
    """
    data = _RULES.get(game)
    if data is None:
        data = _RULES.put(game, _rules_message(game).SerializeToString())
    return pb.CribbageRules.FromString(data)


def _rules_message(game: Cribbage) -> pb.CribbageRules:
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
    return _GAMES.decoded(message, _decode_rules)


def _decode_rules(message: pb.CribbageRules) -> Cribbage:
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


def rules_field(game: Cribbage) -> bytes:
    """The wire bytes of an observation's ``rules`` field for ``game``, kept once built.

    Raises:
        CodecError: an option too large for the wire (more than ``2**32 - 1``).
    """
    data = _RULES_FIELDS.get(game)
    if data is None:
        data = field_bytes(pb.CribbageObservation, "rules", _rules_message(game))
        _RULES_FIELDS.put(game, data)
    return data
