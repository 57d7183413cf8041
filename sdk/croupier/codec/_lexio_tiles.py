"""The pieces the Lexio messages share: tiles and combinations.

Used by :mod:`croupier.codec._lexio` (rules, actions, observations, results) and
:mod:`croupier.codec._lexio_events`. A combination's strength is not sent: the receiver
recomputes it from the tiles.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from croupier.codec._errors import CodecError, EnumTable, rejecting
from croupier.codec._memo import Memo, field_bytes
from croupier.games.lexio import Combination, Kind, Suit, Tile, combination
from croupier.proto.v1 import lexio_pb2 as pb

if TYPE_CHECKING:
    from google.protobuf.message import Message

__all__ = [
    "decode_combination",
    "decode_tile_items",
    "decode_tiles",
    "encode_combination",
    "encode_tiles",
    "tile_fields",
]

_SUITS = EnumTable(
    "tile suit",
    {
        Suit.CLOUD: pb.LEXIO_SUIT_CLOUD,
        Suit.STAR: pb.LEXIO_SUIT_STAR,
        Suit.MOON: pb.LEXIO_SUIT_MOON,
        Suit.SUN: pb.LEXIO_SUIT_SUN,
    },
)

_KINDS = EnumTable(
    "combination kind",
    {
        Kind.SINGLE: pb.LEXIO_COMBINATION_KIND_SINGLE,
        Kind.PAIR: pb.LEXIO_COMBINATION_KIND_PAIR,
        Kind.TRIPLE: pb.LEXIO_COMBINATION_KIND_TRIPLE,
        Kind.STRAIGHT: pb.LEXIO_COMBINATION_KIND_STRAIGHT,
        Kind.FLUSH: pb.LEXIO_COMBINATION_KIND_FLUSH,
        Kind.FULL_HOUSE: pb.LEXIO_COMBINATION_KIND_FULL_HOUSE,
        Kind.FOUR_OF_A_KIND: pb.LEXIO_COMBINATION_KIND_FOUR_OF_A_KIND,
        Kind.STRAIGHT_FLUSH: pb.LEXIO_COMBINATION_KIND_STRAIGHT_FLUSH,
    },
)

# Every tile's message and every (number, suit) pair's tile, built once: observations and
# events carry dozens of tiles, and a message field copies what it is given.
_TILE_MESSAGES: dict[Tile, pb.Tile] = {
    tile: pb.Tile(number=tile.number, suit=_SUITS.number(tile.suit))
    for tile in map(Tile.from_index, range(60))
}
_TILE_OF: dict[tuple[int, int], Tile] = {
    (message.number, message.suit): tile for tile, message in _TILE_MESSAGES.items()
}
_TILE_OF_BYTES: dict[bytes, Tile] = {
    message.SerializeToString(): tile for tile, message in _TILE_MESSAGES.items()
}


def encode_tiles(tiles: Iterable[Tile]) -> list[pb.Tile]:
    """The messages of ``tiles``, in order."""
    return [_TILE_MESSAGES[tile] for tile in tiles]


def tile_fields(message_type: type[Message], field: str) -> dict[Tile, bytes]:
    """Each tile's wire bytes as one item of the repeated field ``field`` of ``message_type``.

    Joined in order, the bytes of some tiles parse (``MergeFromString``) into that field.
    """
    return {
        tile: field_bytes(message_type, field, [message])
        for tile, message in _TILE_MESSAGES.items()
    }


def _decode_tile(message: pb.Tile) -> Tile:
    tile = _TILE_OF.get((message.number, message.suit))
    if tile is not None:
        return tile
    suit = _SUITS.value(message.suit)
    if not 1 <= message.number <= 15:
        raise CodecError(f"a tile's number is 1..15, not {message.number}")
    return Tile(message.number, suit)


def decode_tiles(messages: Iterable[pb.Tile]) -> tuple[Tile, ...]:
    """The tiles of ``messages``, in order.

    Raises:
        CodecError: a number outside 1..15 or an unknown suit.
    """
    tile_of = _TILE_OF
    return tuple(
        [
            tile_of.get((message.number, message.suit)) or _decode_tile(message)
            for message in messages
        ]
    )


def decode_tile_items(items: Iterable[bytes]) -> tuple[Tile, ...]:
    """The tiles of the wire bytes of ``Tile`` messages (``ItemBytes``), in order.

    Raises:
        CodecError: a number outside 1..15 or an unknown suit.
    """
    tile_of = _TILE_OF_BYTES
    return tuple([tile_of.get(data) or _decode_tile(pb.Tile.FromString(data)) for data in items])


def encode_combination(played: Combination) -> pb.LexioCombination:
    """The message of a combination (its strength is left out)."""
    return pb.LexioCombination(
        kind=_KINDS.number(played.kind), tiles=encode_tiles(played.tiles), players=played.players
    )


# Combinations by their message's bytes: a bot reads the table's and each play's again and
# again, and classifying tiles is the dearest part of reading them.
_COMBINATIONS: Memo[bytes, Combination] = Memo(4096)


def decode_combination(message: pb.LexioCombination) -> Combination:
    """The combination of ``message``, its strength recomputed from the tiles.

    Raises:
        CodecError: a bad tile, tiles that make no play, or a kind they do not make.
    """
    return _COMBINATIONS.decoded(message, _decode_combination)


def _decode_combination(message: pb.LexioCombination) -> Combination:
    kind = _KINDS.value(message.kind)
    tiles = decode_tiles(message.tiles)
    with rejecting("Lexio combination"):
        played = combination(tiles, message.players)
    if played.kind is not kind:
        raise CodecError(f"the tiles {played} make a {played.kind}, not a {kind}")
    return played
