"""The bridge between croupier's domain types and the protobuf messages of the contract.

Every game message (rules, actions, observations, events, results) is built and read
here, through the :class:`GameCodec` each game registers (:func:`codec_for`), and so are
the messages of a session that carry them (:func:`game_start`, :func:`decision_request`,
:func:`action_reply` ...). Besides this package, the generated ``croupier.proto.v1``
modules are touched only by the stream around those messages: the bot runtime
(``croupier._runtime``: the gRPC stub, which kind of message came, ``ActionRefused``,
``GameOver``) and the referee (``croupier_server.referee``: ``service`` and ``sessions``
for the stream, ``Hello`` and ``Welcome``; ``seat`` for ``ActionRefused`` and
``ActionTaken``; ``runner`` for ``GameOver``).

Each decode function gives back a value equal to the one encoded, and raises
:class:`CodecError` (a ``ValueError``), never anything else, for any message that parses
but describes no valid value::

    >>> from croupier.codec import decode_action, encode_action
    >>> from croupier.games.lexio import Lexio, Play
    >>> play = Play.from_str("play cloud3 sun3")
    >>> decode_action(encode_action(play, game=Lexio()), Lexio()) == play
    True
"""

from croupier.codec._envelope import (
    decode_action,
    decode_event,
    decode_observation,
    decode_result,
    decode_rules,
    encode_action,
    encode_event,
    encode_game_event,
    encode_observation,
    encode_result,
    encode_rules,
)
from croupier.codec._errors import CodecError
from croupier.codec._registry import GameCodec, codec_for, codec_names, codec_sending
from croupier.codec._session import (
    DecisionRequest,
    Reply,
    TimeControl,
    action_reply,
    cut_comment,
    decision_request,
    game_start,
    hello,
    read_action_reply,
    read_decision_request,
    read_game_start,
)

__all__ = [
    "CodecError",
    "DecisionRequest",
    "GameCodec",
    "Reply",
    "TimeControl",
    "action_reply",
    "codec_for",
    "codec_names",
    "codec_sending",
    "cut_comment",
    "decision_request",
    "decode_action",
    "decode_event",
    "decode_observation",
    "decode_result",
    "decode_rules",
    "encode_action",
    "encode_event",
    "encode_game_event",
    "encode_observation",
    "encode_result",
    "encode_rules",
    "game_start",
    "hello",
    "read_action_reply",
    "read_decision_request",
    "read_game_start",
]

for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
