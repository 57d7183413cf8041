"""Rules, actions, observations, events and results of any game, in ``referee.proto``.

Each of these envelope messages holds one game's own message in its ``game`` oneof: in
the arm named after the game when the envelope has one (``lexio``, ``cribbage``), else
packed in ``other_game``. Encoding finds the game's :class:`GameCodec` by the game's name,
decoding by the arm's name or, for a packed message, by its type's full name. Nothing
here knows a game. Where a value does not say its game, the functions take the game, or
its name (``Game.name``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message

from croupier.codec._errors import CodecError
from croupier.codec._memo import MAX_KEY_BYTES, Memo, field_bytes
from croupier.codec._registry import GameCodec, codec_for, codec_sending
from croupier.games import Event, Game, Result
from croupier.proto.v1 import referee_pb2 as pb

__all__ = [
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
    "legal_actions_field",
]

EnvelopeT = TypeVar("EnvelopeT", bound=Message)

_PACKED = "other_game"
"""The arm of every ``game`` oneof that holds the packed message of a game without an arm."""


class _Envelope(Generic[EnvelopeT]):
    """One envelope message, and which of a codec's message types goes in it."""

    def __init__(
        self,
        message_type: type[EnvelopeT],
        what: str,
        unset: str,
        game_message: Callable[[GameCodec], type[Message]],
    ) -> None:
        self._type = message_type
        self._what = what
        self._unset = f"{unset} ({message_type.__name__}.game is not set)"
        self._game_message = game_message
        oneof = message_type.DESCRIPTOR.oneofs_by_name["game"]
        self._arms = frozenset(field.name for field in oneof.fields) - {_PACKED}

    def wrap(self, codec: GameCodec, message: Message, **fields: Any) -> EnvelopeT:
        """The envelope of ``message``, a message of ``codec``'s game, with other ``fields``."""
        if codec.name in self._arms:
            fields[codec.name] = message
        else:
            fields[_PACKED] = packed = any_pb2.Any()
            packed.Pack(message)
        return self._type(**fields)

    def wrap_into(self, envelope: EnvelopeT, codec: GameCodec, message: Message) -> None:
        """Put ``message``, a message of ``codec``'s game, into ``envelope`` (one copy)."""
        if codec.name in self._arms:
            getattr(envelope, codec.name).CopyFrom(message)
        else:
            getattr(envelope, _PACKED).Pack(message)

    def unwrap(self, envelope: EnvelopeT) -> tuple[GameCodec, Any]:
        """The codec of the game of ``envelope``, and the game's message in it.

        Raises:
            CodecError: no game set; a game, or a packed type, no codec knows; a packed
                message of the wrong type, or one that does not parse.
        """
        arm = envelope.WhichOneof("game")
        if arm is None:
            raise CodecError(self._unset)
        if arm != _PACKED:
            return codec_for(arm), getattr(envelope, arm)
        packed: any_pb2.Any = getattr(envelope, _PACKED)
        type_name = packed.TypeName()
        codec = codec_sending(type_name)
        message = self._game_message(codec)()
        if message.DESCRIPTOR.full_name != type_name:
            expected = message.DESCRIPTOR.full_name
            raise CodecError(f"a {codec.name} {self._what} is a {expected}, not a {type_name}")
        try:
            packed.Unpack(message)
        except DecodeError as error:
            raise CodecError(f"a packed {codec.name} {self._what}: {error}") from None
        return codec, message


def _codec(game: Game[Any] | str) -> GameCodec:
    return codec_for(game if isinstance(game, str) else game.name)


_RULES = _Envelope(pb.Rules, "rule set", "the rules name no game", lambda c: c.rules_message)
_ACTION = _Envelope(pb.Action, "action", "the action names no game", lambda c: c.action_message)
_OBSERVATION = _Envelope(
    pb.Observation,
    "observation",
    "the observation names no game",
    lambda c: c.observation_message,
)
_EVENT = _Envelope(pb.GameEvent, "event", "the event names no game", lambda c: c.event_message)
_RESULT = _Envelope(pb.Result, "result", "the result names no game", lambda c: c.result_message)


# Rules


def encode_rules(game: Game[Any]) -> pb.Rules:
    """The message of a rule set.

    Raises:
        CodecError: no codec is registered for the game, or it refuses the options.
    """
    codec = codec_for(game.name)
    return _RULES.wrap(codec, codec.encode_rules(game))


def decode_rules(message: pb.Rules) -> Game[Any]:
    """The rule set of ``message``.

    Raises:
        CodecError: no game set, or options the rules refuse.
    """
    codec, rules = _RULES.unwrap(message)
    return codec.decode_rules(rules)


# Actions


# The bytes of each legal action's field of a DecisionRequest, by codec and action, and each
# action by its codec and its message's bytes: a decision carries dozens, mostly the same
# from one decision to the next. Keyed by the codec itself, so that a codec registered in
# another's place (a test's) is never answered with what the other made.
_ACTION_FIELDS: Memo[tuple[GameCodec, Any], bytes] = Memo(8192)
_DECODED_ACTIONS: Memo[tuple[GameCodec, bytes], Any] = Memo(8192)


def encode_action(action: Any, *, game: Game[Any] | str) -> pb.Action:
    """The message of an action of ``game``.

    Raises:
        CodecError: ``action`` is no action of ``game``.
    """
    codec = _codec(game)
    return _ACTION.wrap(codec, codec.encode_action(action))


def legal_actions_field(actions: Iterable[Any], *, game: Game[Any] | str) -> bytes:
    """The wire bytes of a ``DecisionRequest`` whose only field is ``legal_actions``.

    Parsed into a request (``MergeFromString``), they give it ``actions`` in order: what
    ``legal_actions=[encode_action(action, game=game) ...]`` gives, built from bytes kept
    for each action (an action that cannot be a key is encoded every time).

    Raises:
        CodecError: one of ``actions`` is no action of ``game``.
    """
    codec = _codec(game)
    parts = []
    for action in actions:
        key = (codec, action)
        try:
            data = _ACTION_FIELDS.get(key)
        except TypeError:  # an unhashable action: nothing to keep it by
            parts.append(_action_field(codec, action))
            continue
        if data is None:
            data = _ACTION_FIELDS.put(key, _action_field(codec, action))
        parts.append(data)
    return b"".join(parts)


def _action_field(codec: GameCodec, action: Any) -> bytes:
    message = _ACTION.wrap(codec, codec.encode_action(action))
    return field_bytes(pb.DecisionRequest, "legal_actions", [message])


def decode_action(message: pb.Action, game: Game[Any] | str) -> Any:
    """The action of ``message``, which must be an action of ``game``.

    Decoding checks the form, not the rules: a well-formed action the state does not allow
    (tiles or cards the seat does not hold, the wrong number of them) decodes, and the state
    refuses it with ``IllegalAction``.

    Raises:
        CodecError: no game set, an action of another game, or a malformed one.
    """
    return _decode_action(message, _codec(game))


def _decode_action(message: pb.Action, codec: GameCodec) -> Any:
    try:
        return _decode_action_bytes(message.SerializeToString(), codec, message)
    except TypeError:  # an unhashable codec: nothing to keep its actions by
        return _decode_unkept(message, codec)


def _decode_action_bytes(data: bytes, codec: GameCodec, message: pb.Action | None = None) -> Any:
    """The action of ``codec``'s game serialized as ``data``, kept by codec and bytes.

    ``data`` are those of a parsed message (``message``, if at hand): they parse.

    Raises:
        CodecError: as :func:`decode_action`.
    """
    action = _DECODED_ACTIONS.get((codec, data))
    if action is None:
        parsed = pb.Action.FromString(data) if message is None else message
        action = _decode_unkept(parsed, codec)
        if len(data) <= MAX_KEY_BYTES:
            _DECODED_ACTIONS.put((codec, data), action)
    return action


def _decode_unkept(message: pb.Action, codec: GameCodec) -> Any:
    sender, action = _ACTION.unwrap(message)
    if sender is not codec:
        raise CodecError(f"a {sender.name} action for a game of {codec.name}")
    return codec.decode_action(action)


# Observations


def encode_observation(observation: Any, *, game: Game[Any] | str) -> pb.Observation:
    """The message of an observation of ``game``, without its legal actions.

    Raises:
        CodecError: ``observation`` is no observation of ``game``.
    """
    codec = _codec(game)
    return _OBSERVATION.wrap(codec, codec.encode_observation(observation))


def encode_observation_into(
    envelope: pb.Observation, observation: Any, *, game: Game[Any] | str
) -> None:
    """Encode ``observation`` into ``envelope`` (a request's), as :func:`encode_observation`.

    Raises:
        CodecError: ``observation`` is no observation of ``game``.
    """
    codec = _codec(game)
    _OBSERVATION.wrap_into(envelope, codec, codec.encode_observation(observation))


def decode_observation(message: pb.Observation, legal_actions: Iterable[pb.Action]) -> Any:
    """The observation of ``message``, its legal actions decoded from ``legal_actions``.

    Raises:
        CodecError: no game set, a malformed observation, or a legal action that is
            malformed or of another game.
    """
    codec, observation = _OBSERVATION.unwrap(message)
    actions = [_decode_action(action, codec) for action in legal_actions]
    return codec.decode_observation(observation, actions)


def decode_observation_of(message: pb.Observation, legal_actions: Iterable[bytes]) -> Any:
    """:func:`decode_observation`, the legal actions given as the bytes of parsed messages.

    Raises:
        CodecError: as :func:`decode_observation`.
    """
    codec, observation = _OBSERVATION.unwrap(message)
    actions = [_decode_action_bytes(data, codec) for data in legal_actions]
    return codec.decode_observation(observation, actions)


# Events


def encode_event(game_id: str, event: Event, *, game: Game[Any] | str) -> pb.RefereeMessage:
    """The message telling a bot that ``event`` happened in game ``game_id`` of ``game``.

    Raises:
        CodecError: ``event`` is no event of ``game``.
    """
    message = pb.RefereeMessage()
    _encode_event_into(message.event, game_id, event, game)
    return message


def encode_game_event(game_id: str, event: Event, *, game: Game[Any] | str) -> pb.GameEvent:
    """The ``GameEvent`` of ``event`` in game ``game_id`` of ``game``, to batch in a request.

    Raises:
        CodecError: ``event`` is no event of ``game``.
    """
    message = pb.GameEvent()
    _encode_event_into(message, game_id, event, game)
    return message


def _encode_event_into(
    envelope: pb.GameEvent, game_id: str, event: Event, game: Game[Any] | str
) -> None:
    codec = _codec(game)
    _EVENT.wrap_into(envelope, codec, codec.encode_event(event))
    envelope.game_id = game_id


def decode_event(message: pb.GameEvent) -> Event:
    """The event of ``message`` (its ``game_id`` is for the caller to read).

    Raises:
        CodecError: no game or event set, or a malformed event.
    """
    codec, event = _EVENT.unwrap(message)
    return codec.decode_event(event)


# Results


def encode_result(result: Result, *, game: Game[Any] | str) -> pb.Result:
    """The message of the final result of a game of ``game``.

    Raises:
        CodecError: ``result`` is no result of ``game``.
    """
    codec = _codec(game)
    part = codec.encode_result(result)
    return _RESULT.wrap(codec, part, scores=result.scores, places=result.places)


def decode_result(message: pb.Result) -> Result:
    """The final result of ``message``.

    Raises:
        CodecError: no game set, places that do not follow from the scores, or a malformed
            game part.
    """
    scores = tuple(message.scores)
    if tuple(message.places) != Result(scores).places:
        raise CodecError(f"the places {list(message.places)} do not follow from the scores")
    codec, part = _RESULT.unwrap(message)
    return codec.decode_result(part, scores)
