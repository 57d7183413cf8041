"""Lexio between the engine's types and the messages of ``lexio.proto``: its :data:`CODEC`.

Rules, actions, observations and results; the tiles and combinations are in
:mod:`croupier.codec._lexio_tiles`, the events in :mod:`croupier.codec._lexio_events`.

Each ``encode_*`` gives the message of a domain value; each ``decode_*`` gives the value
back, equal to the one encoded, or raises :class:`CodecError`.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.codec import _lexio_events
from croupier.codec._errors import CodecError, EnumTable, rejecting, required, seat_in, sized
from croupier.codec._lexio_tiles import (
    decode_combination,
    decode_tiles,
    encode_combination,
    encode_tiles,
)
from croupier.codec._registry import GameCodec
from croupier.games import Seat
from croupier.games.lexio import Action, Lexio, LexioObservation, LexioResult, Pass, Play
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
            twos_penalty=_PENALTIES.number(game.twos_penalty),
        )


def decode_rules(message: pb.LexioRules) -> Lexio:
    """The Lexio rules of ``message``.

    Raises:
        CodecError: an unknown penalty, or options the rules refuse (e.g. 6 players).
    """
    penalty = _PENALTIES.value(message.twos_penalty)
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
    """The message of a seat's observation, without its legal actions.

    Raises:
        CodecError: ``observation`` is no Lexio observation.
    """
    if not isinstance(observation, LexioObservation):
        raise CodecError(f"not a Lexio observation: {observation!r}")
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
