"""The one bridge between croupier's domain types and the protobuf messages of the contract.

Nothing else in croupier touches the generated ``croupier.proto.v1`` modules: the bot
runtime and the referee build and read every game message through these functions. Each
decode function gives back a value equal to the one encoded, and raises
:class:`CodecError` (a ``ValueError``), never anything else, for any message that parses
but describes no valid value::

    >>> from croupier.codec import decode_action, encode_action
    >>> from croupier.games.lexio import Lexio, Play
    >>> play = Play.from_str("play cloud3 sun3")
    >>> decode_action(encode_action(play), Lexio()) == play
    True
"""

from croupier.codec._envelope import (
    GameAction,
    GameObservation,
    GameResult,
    decode_action,
    decode_event,
    decode_observation,
    decode_result,
    decode_rules,
    encode_action,
    encode_event,
    encode_observation,
    encode_result,
    encode_rules,
)
from croupier.codec._errors import CodecError
from croupier.codec._registry import GameCodec, codec_for, codec_names
from croupier.codec._session import (
    DecisionRequest,
    Reply,
    TimeControl,
    action_reply,
    cut_comment,
    decision_request,
    game_start,
    read_action_reply,
    read_decision_request,
    read_game_start,
    read_time_control,
)

__all__ = [
    "CodecError",
    "DecisionRequest",
    "GameAction",
    "GameCodec",
    "GameObservation",
    "GameResult",
    "Reply",
    "TimeControl",
    "action_reply",
    "codec_for",
    "codec_names",
    "cut_comment",
    "decision_request",
    "decode_action",
    "decode_event",
    "decode_observation",
    "decode_result",
    "decode_rules",
    "encode_action",
    "encode_event",
    "encode_observation",
    "encode_result",
    "encode_rules",
    "game_start",
    "read_action_reply",
    "read_decision_request",
    "read_game_start",
    "read_time_control",
]
