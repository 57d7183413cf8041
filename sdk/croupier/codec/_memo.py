"""Bounded memos, and the wire bytes of one field, for the codecs' fast paths.

Games, actions and events are immutable values, and a message is wholly described by its
serialized bytes, so what was built once for a value (its message's bytes) or for some bytes
(the value decoded from them) can be given again. The codecs keep only what their uncached
path produced: a refusal raises and stores nothing, so a memo never accepts what decoding
refuses. Each :class:`Memo` holds at most ``size`` entries and is emptied when full, so
arbitrary input from a hostile bot costs a refill, never memory.

A message given out is always a new one (parsed from the kept bytes), never a kept object a
caller could change.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from google.protobuf.message import Message

__all__ = ["MAX_KEY_BYTES", "Memo", "clear_memos", "field_bytes"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
M = TypeVar("M", bound="Message")

MAX_KEY_BYTES = 256
"""The longest serialized message kept as a key: longer ones are decoded every time."""

_MEMOS: list[Memo[Any, Any]] = []


class Memo(dict[K, V]):
    """At most ``size`` values by key; full, it is emptied before the next one is kept.

    A ``dict`` (its ``get`` is the dictionary's own, the cheapest lookup there is) that
    grows only through :meth:`put` and :meth:`decoded`, which keep the bound.

    >>> memo: Memo[int, str] = Memo(2)
    >>> memo.get(1) is None, memo.put(1, "one"), memo.get(1)
    (True, 'one', 'one')
    >>> memo.put(2, "two"), memo.put(3, "three"), memo.get(1)
    ('two', 'three', None)
    """

    __slots__ = ("_size",)

    def __init__(self, size: int) -> None:
        """An empty memo of at most ``size`` entries."""
        super().__init__()
        self._size = size
        _MEMOS.append(self)

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (emptying the memo first if it is full); give it back."""
        if len(self) >= self._size:
            self.clear()
        self[key] = value
        return value

    def decoded(self: Memo[bytes, V], message: M, decode: Callable[[M], V]) -> V:
        """``decode(message)``, kept by the message's serialized bytes (unless too long).

        ``decode`` must be a function of the message's content alone, never ``None``; what
        it raises goes through and nothing is kept.
        """
        data = message.SerializeToString()
        value = self.get(data)
        if value is None:
            value = decode(message)
            if len(data) <= MAX_KEY_BYTES:
                self.put(data, value)
        return value


def clear_memos() -> None:
    """Empty every memo of the codecs: the next calls take the uncached path (benchmarks, tests)."""
    for memo in _MEMOS:
        memo.clear()


def field_bytes(message_type: type[Message], field: str, value: Any) -> bytes:
    """The wire bytes of a ``message_type`` whose only field set is ``field``, to ``value``.

    Such bytes concatenate: parsing them gives each repeated field its items in order, and a
    singular message field given twice is merged, so a message is built from parts kept
    ready with one ``MergeFromString``.

    >>> from croupier.proto.v1 import lexio_pb2 as pb
    >>> one, two = pb.Tile(number=3), pb.Tile(number=4)
    >>> data = field_bytes(pb.LexioPlay, "tiles", [one]) + field_bytes(pb.LexioPlay, "tiles", [two])
    >>> pb.LexioPlay.FromString(data) == pb.LexioPlay(tiles=[one, two])
    True
    """
    return message_type(**{field: value}).SerializeToString()
