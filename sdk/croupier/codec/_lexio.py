"""Lexio between the engine's types and the messages of ``lexio.proto``.

Tiles, combinations, rules, actions, observations and results; the events are in
:mod:`croupier.codec._lexio_events`.

Each ``encode_*`` gives the message of a domain value; each ``decode_*`` gives the value
back, equal to the one encoded, or raises :class:`CodecError`. A combination's strength is
not sent: the receiver recomputes it from the tiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from croupier.codec._errors import CodecError, member, rejecting, required, seat_in, sized
from croupier.games import Seat
from croupier.games.lexio import (
    Action,
    Combination,
    Kind,
    Lexio,
    LexioObservation,
    LexioResult,
    Pass,
    Play,
    Suit,
    Tile,
    combination,
)
from croupier.proto.v1 import lexio_pb2 as pb

__all__ = [
    "decode_action",
    "decode_combination",
    "decode_observation",
    "decode_result",
    "decode_rules",
    "decode_tiles",
    "encode_action",
    "encode_combination",
    "encode_observation",
    "encode_result",
    "encode_rules",
    "encode_tiles",
]

_SUITS = {
    Suit.CLOUD: pb.LEXIO_SUIT_CLOUD,
    Suit.STAR: pb.LEXIO_SUIT_STAR,
    Suit.MOON: pb.LEXIO_SUIT_MOON,
    Suit.SUN: pb.LEXIO_SUIT_SUN,
}
_SUIT_OF: dict[int, Suit] = {number: suit for suit, number in _SUITS.items()}

_KINDS = {
    Kind.SINGLE: pb.LEXIO_COMBINATION_KIND_SINGLE,
    Kind.PAIR: pb.LEXIO_COMBINATION_KIND_PAIR,
    Kind.TRIPLE: pb.LEXIO_COMBINATION_KIND_TRIPLE,
    Kind.STRAIGHT: pb.LEXIO_COMBINATION_KIND_STRAIGHT,
    Kind.FLUSH: pb.LEXIO_COMBINATION_KIND_FLUSH,
    Kind.FULL_HOUSE: pb.LEXIO_COMBINATION_KIND_FULL_HOUSE,
    Kind.FOUR_OF_A_KIND: pb.LEXIO_COMBINATION_KIND_FOUR_OF_A_KIND,
    Kind.STRAIGHT_FLUSH: pb.LEXIO_COMBINATION_KIND_STRAIGHT_FLUSH,
}
_KIND_OF: dict[int, Kind] = {number: kind for kind, number in _KINDS.items()}

_PENALTIES = {
    "double_each": pb.LEXIO_TWOS_PENALTY_DOUBLE_EACH,
    "off": pb.LEXIO_TWOS_PENALTY_OFF,
}
_PENALTY_OF: dict[int, str] = {number: name for name, number in _PENALTIES.items()}


# Tiles and combinations


# Every tile's message and every (number, suit) pair's tile, built once: observations and
# events carry dozens of tiles, and a message field copies what it is given.
_TILE_MESSAGES: dict[Tile, pb.Tile] = {
    Tile.from_index(index): pb.Tile(
        number=Tile.from_index(index).number, suit=_SUITS[Tile.from_index(index).suit]
    )
    for index in range(60)
}
_TILE_OF: dict[tuple[int, int], Tile] = {
    (message.number, message.suit): tile for tile, message in _TILE_MESSAGES.items()
}


def encode_tiles(tiles: Iterable[Tile]) -> list[pb.Tile]:
    """The messages of ``tiles``, in order."""
    return [_TILE_MESSAGES[tile] for tile in tiles]


def _decode_tile(message: pb.Tile) -> Tile:
    tile = _TILE_OF.get((message.number, message.suit))
    if tile is not None:
        return tile
    suit = member(message.suit, _SUIT_OF, "tile suit")
    if not 1 <= message.number <= 15:
        raise CodecError(f"a tile's number is 1..15, not {message.number}")
    return Tile(message.number, suit)


def decode_tiles(messages: Iterable[pb.Tile]) -> tuple[Tile, ...]:
    """The tiles of ``messages``, in order.

    Raises:
        CodecError: a number outside 1..15 or an unknown suit.
    """
    return tuple(_decode_tile(message) for message in messages)


def encode_combination(played: Combination) -> pb.LexioCombination:
    """The message of a combination (its strength is left out)."""
    return pb.LexioCombination(
        kind=_KINDS[played.kind], tiles=encode_tiles(played.tiles), players=played.players
    )


def decode_combination(message: pb.LexioCombination) -> Combination:
    """The combination of ``message``, its strength recomputed from the tiles.

    Raises:
        CodecError: a bad tile, tiles that make no play, or a kind they do not make.
    """
    kind = member(message.kind, _KIND_OF, "combination kind")
    tiles = decode_tiles(message.tiles)
    with rejecting("Lexio combination"):
        played = combination(tiles, message.players)
    if played.kind is not kind:
        raise CodecError(f"the tiles {played} make a {played.kind}, not a {kind}")
    return played


# Rules and actions


def encode_rules(game: Lexio) -> pb.LexioRules:
    """The message of Lexio rules.

    Raises:
        CodecError: an option too large for the wire (more than ``2**32 - 1``).
    """
    with rejecting("Lexio rules"):
        return pb.LexioRules(
            players=game.players,
            rounds=game.rounds,
            starting_chips=game.starting_chips,
            twos_penalty=_PENALTIES[game.twos_penalty],
        )


def decode_rules(message: pb.LexioRules) -> Lexio:
    """The Lexio rules of ``message``.

    Raises:
        CodecError: an unknown penalty, or options the rules refuse (e.g. 6 players).
    """
    penalty = member(message.twos_penalty, _PENALTY_OF, "Lexio twos_penalty")
    with rejecting("Lexio rules"):
        return Lexio(
            players=message.players,
            rounds=message.rounds,
            starting_chips=message.starting_chips,
            twos_penalty=penalty,
        )


def encode_action(action: Action) -> pb.LexioAction:
    """The message of a play or a pass.

    Raises:
        CodecError: ``action`` is no Lexio action.
    """
    if isinstance(action, Play):
        return pb.LexioAction(play=pb.LexioPlay(tiles=encode_tiles(action.tiles)))
    if isinstance(action, Pass):
        return pb.LexioAction(pass_turn=pb.LexioPass())
    raise CodecError(f"not a Lexio action: {action!r}")


def decode_action(message: pb.LexioAction) -> Action:
    """The play or pass of ``message``.

    A play of tiles the seat does not hold, or that make no combination, decodes: the state
    refuses it (``IllegalAction``).

    Raises:
        CodecError: no action set, a bad tile, no tiles, or a tile given twice.
    """
    kind = message.WhichOneof("action")
    if kind == "pass_turn":
        return Pass()
    if kind == "play":
        tiles = decode_tiles(message.play.tiles)
        with rejecting("Lexio play"):
            return Play(tiles)
    raise CodecError("a Lexio action must be a play or a pass (LexioAction.action is not set)")


# Observations


def encode_observation(observation: LexioObservation) -> pb.LexioObservation:
    """The message of a seat's observation, without its legal actions."""
    table = observation.table
    return pb.LexioObservation(
        seat=observation.seat,
        hand=encode_tiles(observation.hand),
        rules=encode_rules(observation.game),
        round_number=observation.round_number,
        starting_seat=observation.starting_seat,
        table=None if table is None else encode_combination(table),
        table_seat=observation.table_seat,
        history=[
            pb.LexioTurn(seat=seat, action=encode_action(action))
            for seat, action in observation.history
        ],
        hand_sizes=observation.hand_sizes,
        balances=observation.balances,
        to_act=observation.to_act,
    )


def decode_observation(
    message: pb.LexioObservation, legal_actions: Sequence[Action]
) -> LexioObservation:
    """The observation of ``message``, with ``legal_actions`` put back.

    Raises:
        CodecError: no rules, a seat outside the game, a field of the wrong length, a bad
            tile or combination.
    """
    game = decode_rules(required(message, "rules", "a Lexio observation"))
    players = game.players

    def seat(value: int, what: str) -> Seat:
        return seat_in(value, players, f"Lexio observation {what}")

    table = decode_combination(message.table) if message.HasField("table") else None
    if table is not None and table.players != players:
        raise CodecError(f"the table's play is of {table.players} players, not {players}")
    sized(message.hand_sizes, players, "Lexio observation hand_sizes")
    sized(message.balances, players, "Lexio observation balances")
    return LexioObservation(
        seat=seat(message.seat, "seat") if message.HasField("seat") else None,
        hand=decode_tiles(message.hand),
        game=game,
        round_number=message.round_number,
        starting_seat=seat(message.starting_seat, "starting_seat"),
        table=table,
        table_seat=seat(message.table_seat, "table_seat")
        if message.HasField("table_seat")
        else None,
        history=tuple(
            (seat(turn.seat, "history seat"), decode_action(turn.action))
            for turn in message.history
        ),
        hand_sizes=tuple(message.hand_sizes),
        balances=tuple(message.balances),
        to_act=seat(message.to_act, "to_act") if message.HasField("to_act") else None,
        legal_actions=tuple(legal_actions),
    )


# Results


def encode_result(result: LexioResult) -> pb.LexioResult:
    """The Lexio part of a result message (the scores travel in ``Result.scores``)."""
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
