"""Lexio's actions, a play or a pass, between the engine's types and ``LexioAction``.

Used by :mod:`croupier.codec._lexio` (the codec's actions) and
:mod:`croupier.codec._lexio_observation` (the history's turns).
"""

from __future__ import annotations

from croupier.codec._errors import CodecError, rejecting
from croupier.codec._lexio_tiles import decode_tiles, encode_tiles
from croupier.codec._memo import Memo
from croupier.games.lexio import Action, Pass, Play
from croupier.proto.v1 import lexio_pb2 as pb

__all__ = ["action_key", "decode_action", "encode_action"]

# An action's message bytes by its key (a play's tile mask, 0 for a pass), and actions by
# their message's bytes: a decision carries dozens, the same from one decision to the next.
_ACTIONS: Memo[int, bytes] = Memo(4096)
_DECODED_ACTIONS: Memo[bytes, Action] = Memo(4096)


def action_key(action: Action) -> int:
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
    key = action_key(action)
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
