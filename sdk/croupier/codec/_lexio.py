"""Lexio between the engine's types and the messages of ``lexio.proto``: its :data:`CODEC`.

Rules, actions, observations and results; the tiles and combinations are in
:mod:`croupier.codec._lexio_tiles`, the events in :mod:`croupier.codec._lexio_events`.

Each ``encode_*`` gives the message of a domain value; each ``decode_*`` gives the value
back, equal to the one encoded, or raises :class:`CodecError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from croupier.codec import _lexio_events
from croupier.codec._errors import CodecError, EnumTable, rejecting, required, seat_in, sized
from croupier.codec._lexio_tiles import (
    decode_combination,
    decode_tile_items,
    decode_tiles,
    encode_combination,
    encode_tiles,
    tile_fields,
)
from croupier.codec._memo import MAX_KEY_BYTES, ItemBytes, Memo, field_bytes
from croupier.codec._registry import GameCodec
from croupier.games import Seat
from croupier.games.lexio import (
    Action,
    Combination,
    Lexio,
    LexioObservation,
    LexioResult,
    Pass,
    Play,
)
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

_PENALTIES = EnumTable(
    "Lexio twos_penalty",
    {"double_each": pb.LEXIO_TWOS_PENALTY_DOUBLE_EACH, "off": pb.LEXIO_TWOS_PENALTY_OFF},
)


# Rules and actions

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


# An action's message bytes by its key (a play's tile mask, 0 for a pass), and actions by
# their message's bytes: a decision carries dozens, the same from one decision to the next.
_ACTIONS: Memo[int, bytes] = Memo(4096)
_DECODED_ACTIONS: Memo[bytes, Action] = Memo(4096)


def _key(action: Action) -> int:
    """The action's tile mask (0 for a pass: a play has a tile).

    Raises:
        CodecError: ``action`` is no Lexio action.
    """
    if isinstance(action, Play):
        return action.mask
    if isinstance(action, Pass):
        return 0
    raise CodecError(f"not a Lexio action: {action!r}")


def _action_bytes(action: Action) -> bytes:
    key = _key(action)
    data = _ACTIONS.get(key)
    if data is None:
        if isinstance(action, Play):
            message = pb.LexioAction(play=pb.LexioPlay(tiles=encode_tiles(action.tiles)))
        else:
            message = pb.LexioAction(pass_turn=pb.LexioPass())
        data = _ACTIONS.put(key, message.SerializeToString())
    return data


def encode_action(action: Action) -> pb.LexioAction:
    """The message of a play or a pass.

    Raises:
        CodecError: ``action`` is no Lexio action.
    """
    return pb.LexioAction.FromString(_action_bytes(action))


def decode_action(message: pb.LexioAction) -> Action:
    """The play or pass of ``message``.

    A play of tiles the seat does not hold, or that make no combination, decodes: the state
    refuses it (``IllegalAction``).

    Raises:
        CodecError: no action set, a bad tile, no tiles, or a tile given twice.
    """
    return _DECODED_ACTIONS.decoded(message, _decode_action)


def _decode_action(message: pb.LexioAction) -> Action:
    kind = message.WhichOneof("action")
    if kind == "pass_turn":
        return Pass()
    if kind == "play":
        tiles = decode_tiles(message.play.tiles)
        with rejecting("Lexio play"):
            return Play(tiles)
    raise CodecError("a Lexio action must be a play or a pass (LexioAction.action is not set)")


# Observations

# An observation is parsed from the bytes of its parts, kept ready: its hand's tiles, its
# rules, the play on the table and each turn of the history (by seat and action key).
_HAND = tile_fields(pb.LexioObservation, "hand")
_TABLES: Memo[Combination, bytes] = Memo(4096)
_TURNS: Memo[int, bytes] = Memo(8192)  # by seat << 64 | action key


def _rules_field(game: Lexio) -> bytes:
    data = _RULES_FIELDS.get(game)
    if data is None:
        data = field_bytes(pb.LexioObservation, "rules", _rules_message(game))
        _RULES_FIELDS.put(game, data)
    return data


def _table_field(table: Combination) -> bytes:
    data = _TABLES.get(table)
    if data is None:
        data = field_bytes(pb.LexioObservation, "table", encode_combination(table))
        _TABLES.put(table, data)
    return data


def _turn_fields(history: Sequence[tuple[Seat, Action]]) -> bytes:
    fields = []
    turns = _TURNS
    for seat, action in history:
        key = (seat << 64) | (action.mask if isinstance(action, Play) else _key(action))
        data = turns.get(key)
        if data is None:
            turn = pb.LexioTurn(seat=seat, action=encode_action(action))
            data = turns.put(key, field_bytes(pb.LexioObservation, "history", [turn]))
        fields.append(data)
    return b"".join(fields)


# The bytes of the last history encoded of each round, by the identity of its first turn:
# a round's histories share their turns (the engine's own tuples), and each one extends
# the last. Equality is checked, so a look-up never gives another history's bytes; and the
# history kept holds its first turn alive, so that turn's identity is no other object's.
_HISTORIES: Memo[int, tuple[tuple[tuple[Seat, Action], ...], bytes]] = Memo(256)


def _history_fields(history: tuple[tuple[Seat, Action], ...]) -> bytes:
    if not history:
        return b""
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
    parts.append(_rules_field(observation.game))
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
