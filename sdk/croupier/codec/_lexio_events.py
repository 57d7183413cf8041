"""The 7 Lexio events between the engine's classes and ``LexioEvent`` messages.

The field of the ``LexioEvent.event`` oneof is the class name in snake case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from croupier.codec._errors import CodecError, required, seat_in, sized
from croupier.codec._lexio_tiles import (
    decode_combination,
    decode_tiles,
    encode_combination,
    encode_tiles,
)
from croupier.codec._memo import Memo
from croupier.games import Event
from croupier.games.lexio import (
    MatchEnded,
    Passed,
    Played,
    RoundEnded,
    RoundStarted,
    TilesDealt,
    TrickWon,
)
from croupier.proto.v1 import lexio_pb2 as pb

__all__ = ["EVENT_TYPES", "decode_event", "encode_event"]


def _encode_round_ended(event: RoundEnded) -> pb.LexioEvent:
    return pb.LexioEvent(
        round_ended=pb.LexioRoundEnded(
            round_number=event.round_number,
            winner=event.winner,
            hands=[pb.LexioHand(tiles=encode_tiles(hand)) for hand in event.hands],
            counts=event.counts,
            nets=event.nets,
            balances=event.balances,
        )
    )


def _decode_round_ended(message: pb.LexioRoundEnded) -> RoundEnded:
    players = len(message.hands)
    for what, values in (
        ("counts", message.counts),
        ("nets", message.nets),
        ("balances", message.balances),
    ):
        sized(values, players, f"Lexio round end {what} (one per hand)")
    return RoundEnded(
        round_number=message.round_number,
        winner=seat_in(message.winner, players, "Lexio round end winner"),
        hands=tuple(decode_tiles(hand.tiles) for hand in message.hands),
        counts=tuple(message.counts),
        nets=tuple(message.nets),
        balances=tuple(message.balances),
    )


def _decode_match_ended(message: pb.LexioMatchEnded) -> MatchEnded:
    sized(message.places, len(message.balances), "Lexio match end places (one per balance)")
    return MatchEnded(message.rounds_played, tuple(message.balances), tuple(message.places))


def _decode_played(message: pb.LexioPlayed) -> Played:
    played = required(message, "combination", "a Lexio play event")
    return Played(message.seat, decode_combination(played))


_ENCODERS: dict[type[Event], Callable[[Any], pb.LexioEvent]] = {
    RoundStarted: lambda event: pb.LexioEvent(
        round_started=pb.LexioRoundStarted(
            round_number=event.round_number,
            starting_seat=event.starting_seat,
            hand_sizes=event.hand_sizes,
        )
    ),
    TilesDealt: lambda event: pb.LexioEvent(
        tiles_dealt=pb.LexioTilesDealt(
            seat=event.seat, round_number=event.round_number, tiles=encode_tiles(event.tiles)
        )
    ),
    Played: lambda event: pb.LexioEvent(
        played=pb.LexioPlayed(seat=event.seat, combination=encode_combination(event.combination))
    ),
    Passed: lambda event: pb.LexioEvent(passed=pb.LexioPassed(seat=event.seat)),
    TrickWon: lambda event: pb.LexioEvent(trick_won=pb.LexioTrickWon(seat=event.seat)),
    RoundEnded: _encode_round_ended,
    MatchEnded: lambda event: pb.LexioEvent(
        match_ended=pb.LexioMatchEnded(
            rounds_played=event.rounds_played, balances=event.balances, places=event.places
        )
    ),
}

_DECODERS: dict[str, Callable[[Any], Event]] = {
    "round_started": lambda message: RoundStarted(
        message.round_number, message.starting_seat, tuple(message.hand_sizes)
    ),
    "tiles_dealt": lambda message: TilesDealt(
        message.seat, message.round_number, decode_tiles(message.tiles)
    ),
    "played": _decode_played,
    "passed": lambda message: Passed(message.seat),
    "trick_won": lambda message: TrickWon(message.seat),
    "round_ended": _decode_round_ended,
    "match_ended": _decode_match_ended,
}

EVENT_TYPES: tuple[type[Event], ...] = tuple(_ENCODERS)
"""Every event class of Lexio."""

# The events of each turn, which recur from game to game, by event: their message's bytes.
_TURN_EVENTS = frozenset({Played, Passed, TrickWon})
_ENCODED: Memo[Event, bytes] = Memo(4096)


def encode_event(event: Event) -> pb.LexioEvent:
    """The message of a Lexio event.

    Raises:
        CodecError: ``event`` is no Lexio event.
    """
    kind = type(event)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        raise CodecError(f"not a Lexio event: {event!r}")
    if kind not in _TURN_EVENTS:
        return encoder(event)
    try:
        data = _ENCODED.get(event)
    except TypeError:  # a combination's tiles given as a list: nothing to keep it by
        return encoder(event)
    if data is None:
        data = _ENCODED.put(event, encoder(event).SerializeToString())
    return pb.LexioEvent.FromString(data)


def decode_event(message: pb.LexioEvent) -> Event:
    """The event of ``message``.

    Raises:
        CodecError: no event set, or a malformed one.
    """
    kind = message.WhichOneof("event")
    if kind is None:
        raise CodecError("a Lexio event names no event (LexioEvent.event is not set)")
    return _DECODERS[kind](getattr(message, kind))
