"""A seat's Lexio observation between the engine's type and ``LexioObservation``.

Its legal actions travel beside it (``DecisionRequest.legal_actions``): encoding leaves them
out, decoding puts back those given. Each ``decode_*`` gives back a value equal to the one
encoded, or raises :class:`CodecError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from croupier.codec._errors import CodecError, required, seat_in, sized
from croupier.codec._lexio_actions import action_key, decode_action, encode_action
from croupier.codec._lexio_rules import decode_rules, rules_field
from croupier.codec._lexio_tiles import (
    decode_combination,
    decode_tile_items,
    encode_combination,
    tile_fields,
)
from croupier.codec._memo import MAX_KEY_BYTES, ItemBytes, Memo, field_bytes
from croupier.games import Seat
from croupier.games.lexio import Action, Combination, LexioObservation, Play
from croupier.proto.v1 import lexio_pb2 as pb

__all__ = ["decode_observation", "encode_observation"]

# An observation is parsed from the bytes of its parts, kept ready: its hand's tiles, its
# rules, the play on the table and each turn of the history (by seat and action key).
_HAND = tile_fields(pb.LexioObservation, "hand")
_TABLES: Memo[Combination, bytes] = Memo(4096)
_TURNS: Memo[int, bytes] = Memo(8192)  # by seat << 64 | action_key(action)


def _table_field(table: Combination) -> bytes:
    try:
        data = _TABLES.get(table)
    except TypeError:  # tiles given as a list: nothing to keep the bytes by
        return field_bytes(pb.LexioObservation, "table", encode_combination(table))
    if data is None:
        data = field_bytes(pb.LexioObservation, "table", encode_combination(table))
        _TABLES.put(table, data)
    return data


def _turn_fields(history: Sequence[tuple[Seat, Action]]) -> bytes:
    fields = []
    turns = _TURNS
    for seat, action in history:
        key = (seat << 64) | (action.mask if isinstance(action, Play) else action_key(action))
        data = turns.get(key)
        if data is None:
            turn = pb.LexioTurn(seat=seat, action=encode_action(action))
            data = turns.put(key, field_bytes(pb.LexioObservation, "history", [turn]))
        fields.append(data)
    return b"".join(fields)


# The bytes of the last history encoded of each round, by the identity of its first turn:
# a round's histories share their turns (the engine's own tuples), and each one extends
# the last. Equality is checked, so a look-up never gives another history's bytes; and the
# history kept (a tuple, which cannot change) holds its first turn alive, so that turn's
# identity is no other object's.
_HISTORIES: Memo[int, tuple[tuple[tuple[Seat, Action], ...], bytes]] = Memo(256)


def _history_fields(history: tuple[tuple[Seat, Action], ...]) -> bytes:
    if not history or type(history) is not tuple:  # a list could change once kept
        return _turn_fields(history)
    key = id(history[0])
    last = _HISTORIES.get(key)
    if last is not None and len(last[0]) <= len(history) and history[: len(last[0])] == last[0]:
        data = last[1] + _turn_fields(history[len(last[0]) :])
    else:
        data = _turn_fields(history)
    _HISTORIES.put(key, (history, data))
    return data


def encode_observation(observation: LexioObservation) -> pb.LexioObservation:
    """The message of a seat's observation, without its legal actions.

    Raises:
        CodecError: ``observation`` is no Lexio observation.
    """
    if not isinstance(observation, LexioObservation):
        raise CodecError(f"not a Lexio observation: {observation!r}")
    table = observation.table
    parts = [_HAND[tile] for tile in observation.hand]
    parts.append(rules_field(observation.game))
    if table is not None:
        parts.append(_table_field(table))
    parts.append(_history_fields(observation.history))
    message = pb.LexioObservation(
        seat=observation.seat,
        round_number=observation.round_number,
        starting_seat=observation.starting_seat,
        table_seat=observation.table_seat,
        hand_sizes=observation.hand_sizes,
        balances=observation.balances,
        to_act=observation.to_act,
    )
    message.MergeFromString(b"".join(parts))
    return message


# An observation's hand and history are read as their items' bytes; the turns are kept by
# their bytes, the same in every observation of a round. A turn's seat is checked each
# time, before its action, against the player count of the game at hand.
_ITEMS = ItemBytes(pb.LexioObservation, "hand", "history")
_DECODED_TURNS: Memo[bytes, tuple[Seat, Action]] = Memo(8192)


def _decode_history(turns: Iterable[bytes], players: int) -> tuple[tuple[Seat, Action], ...]:
    history = []
    for data in turns:
        decoded = _DECODED_TURNS.get(data)
        if decoded is None:
            turn = pb.LexioTurn.FromString(data)
            seat = seat_in(turn.seat, players, "Lexio observation history seat")
            decoded = (seat, decode_action(turn.action))
            if len(data) <= MAX_KEY_BYTES:
                _DECODED_TURNS.put(data, decoded)
        elif decoded[0] >= players:
            seat_in(decoded[0], players, "Lexio observation history seat")
        history.append(decoded)
    return tuple(history)


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
    items = _ITEMS.of(message)
    return LexioObservation(
        seat=seat(message.seat, "seat") if message.HasField("seat") else None,
        hand=decode_tile_items(items.hand),
        game=game,
        round_number=message.round_number,
        starting_seat=seat(message.starting_seat, "starting_seat"),
        table=table,
        table_seat=seat(message.table_seat, "table_seat")
        if message.HasField("table_seat")
        else None,
        history=_decode_history(items.history, players),
        hand_sizes=tuple(message.hand_sizes),
        balances=tuple(message.balances),
        to_act=seat(message.to_act, "to_act") if message.HasField("to_act") else None,
        legal_actions=tuple(legal_actions),
    )
