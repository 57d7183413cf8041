"""What a game's codec offers, and the registry that finds it by the game's name.

A game plugs its codec in through the ``croupier.codecs`` entry-point group, its name
mapped to an object that is a :class:`GameCodec`::

    [project.entry-points."croupier.codecs"]
    lexio = "croupier.codec._lexio:CODEC"

The group is read on the first lookup and each codec loaded once, when first asked for
(:func:`codec_sending`, which finds a game by a message type, loads them all).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Protocol

from croupier.codec._errors import CodecError

if TYPE_CHECKING:
    from google.protobuf.message import Message

    from croupier.games import Event, Game, Result

__all__ = ["ENTRY_POINT_GROUP", "GameCodec", "codec_for", "codec_names", "codec_sending"]

ENTRY_POINT_GROUP = "croupier.codecs"
"""The entry-point group of the codecs: a game's name, then ``module:object``."""


class GameCodec(Protocol):
    """One game between its engine's types and its own protobuf messages.

    The envelope of ``referee.proto`` carries the messages: in the arm of each ``game``
    oneof named after the game when it has one (``lexio``, ``cribbage``), else packed in
    ``other_game`` (a ``google.protobuf.Any``), where the receiver finds the game again by
    the message's full type name. So each kind of message must be a type of the game's
    own, listed here (one type may serve several kinds), and no two games may share one.

    The parameters are typed ``Any`` so that each game names its own types. Every
    ``decode_*`` gives back a value equal to the one encoded, and raises
    :class:`CodecError`, never anything else, for a message that describes no valid value.
    """

    @property
    def name(self) -> str:
        """The game's name (``Game.name``), which is also its arm in ``referee.proto``."""
        ...

    @property
    def rules_message(self) -> type[Message]:
        """The message type of the game's rules (in ``Rules``)."""
        ...

    @property
    def action_message(self) -> type[Message]:
        """The message type of an action (in ``Action``)."""
        ...

    @property
    def observation_message(self) -> type[Message]:
        """The message type of a seat's observation (in ``Observation``)."""
        ...

    @property
    def event_message(self) -> type[Message]:
        """The message type of an event (in ``GameEvent``)."""
        ...

    @property
    def result_message(self) -> type[Message]:
        """The message type of the game's part of a result (in ``Result``)."""
        ...

    def encode_rules(self, game: Any) -> Message:
        """The message of a rule set: the game's options."""
        ...

    def decode_rules(self, message: Any) -> Game[Any]:
        """The rule set of ``message``."""
        ...

    def encode_action(self, action: Any) -> Message:
        """The message of an action."""
        ...

    def decode_action(self, message: Any) -> Any:
        """The action of ``message``: its form checked, not its legality (the state's job)."""
        ...

    def encode_observation(self, observation: Any) -> Message:
        """The message of a seat's observation, without its legal actions."""
        ...

    def decode_observation(self, message: Any, legal_actions: Sequence[Any]) -> Any:
        """The observation of ``message``, with ``legal_actions`` (decoded) put back."""
        ...

    def encode_event(self, event: Any) -> Message:
        """The message of an event."""
        ...

    def decode_event(self, message: Any) -> Event:
        """The event of ``message``."""
        ...

    def encode_result(self, result: Any) -> Message:
        """The game's part of a result (the scores and places travel in ``Result``)."""
        ...

    def decode_result(self, message: Any, scores: tuple[int, ...]) -> Result:
        """The result of a game whose scores are ``scores``, its own part from ``message``."""
        ...


@functools.cache
def _registered() -> dict[str, EntryPoint]:
    return {entry.name: entry for entry in entry_points(group=ENTRY_POINT_GROUP)}


def codec_names() -> tuple[str, ...]:
    """The name of every game with a registered codec, sorted."""
    return tuple(sorted(_registered()))


@functools.cache
def codec_for(name: str) -> GameCodec:
    """The codec of the game called ``name``, loaded on first use.

    >>> codec_for("lexio").rules_message.DESCRIPTOR.full_name
    'croupier.proto.v1.LexioRules'

    Raises:
        CodecError: no codec is registered for ``name``, or it names itself otherwise.
    """
    entry = _registered().get(name)
    if entry is None:
        raise CodecError(f"no codec for the game {name!r} (none in {ENTRY_POINT_GROUP})")
    codec: GameCodec = entry.load()
    if codec.name != name:
        raise CodecError(f"the codec registered for {name!r} is the codec of {codec.name!r}")
    return codec


def _message_types(codec: GameCodec) -> set[str]:
    kinds = (
        codec.rules_message,
        codec.action_message,
        codec.observation_message,
        codec.event_message,
        codec.result_message,
    )
    return {kind.DESCRIPTOR.full_name for kind in kinds}


@functools.cache
def _senders() -> dict[str, GameCodec]:
    senders: dict[str, GameCodec] = {}
    for name in codec_names():
        codec = codec_for(name)
        for type_name in _message_types(codec):
            other = senders.setdefault(type_name, codec)
            if other is not codec:
                raise CodecError(f"the games {other.name} and {name} both send {type_name}")
    return senders


def codec_sending(type_name: str) -> GameCodec:
    """The codec of the game whose messages include the type of full name ``type_name``.

    >>> codec_sending("croupier.proto.v1.CribbageEvent").name
    'cribbage'

    Raises:
        CodecError: no registered game sends messages of that type, or two games do.
    """
    codec = _senders().get(type_name)
    if codec is None:
        raise CodecError(f"no game sends messages of type {type_name!r}")
    return codec
