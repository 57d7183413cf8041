"""Bounded memos, and the wire bytes of fields, for the codecs' fast paths.

Games, actions and events are immutable values, and a message is wholly described by its
serialized bytes, so what was built once for a value (its message's bytes) or for some bytes
(the value decoded from them) can be given again. The codecs keep only what their uncached
path produced: a refusal raises and stores nothing, so a memo never accepts what decoding
refuses. Each :class:`Memo` holds at most ``size`` entries and is emptied when full, so
arbitrary input from a hostile bot costs a refill, never memory.

A message given out is always a new one (parsed from the kept bytes), never a kept object a
caller could change. Messages are built from the wire bytes of their parts
(:func:`field_bytes`) and repeated fields read as their items' bytes (:class:`ItemBytes`),
since with protobuf's upb runtime one parse or serialization of a whole message costs about
what a Python call does on one of its items.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.message_factory import GetMessageClass

if TYPE_CHECKING:
    from google.protobuf.descriptor import Descriptor
    from google.protobuf.message import Message

__all__ = ["MAX_KEY_BYTES", "ItemBytes", "Memo", "clear_memos", "field_bytes", "saved_memos"]

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


def saved_memos() -> Callable[[], None]:
    """What every memo of the codecs holds now, as a function that puts it back (benchmarks)."""
    saved = [(memo, dict(memo)) for memo in _MEMOS]

    def restore() -> None:
        for memo, entries in saved:
            memo.clear()
            memo.update(entries)

    return restore


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


_FIELD = descriptor_pb2.FieldDescriptorProto
# The views' own pool: their names are never the contract's, nor any game's.
_VIEWS = descriptor_pool.DescriptorPool()
_VIEW_PACKAGE = "croupier.codec.views"


class ItemBytes:
    """The items of some repeated message fields of a message type, read as their bytes.

    A *view* of the type, made when this is built: a message of its own whose fields of
    the same numbers are ``repeated bytes``. A message re-serialized and parsed as the view
    gives each of these fields as the wire bytes of its items, in order, in two calls
    rather than one per item; each item's bytes are what its own ``SerializeToString``
    gives, and the view leaves the other fields aside.

    >>> from croupier.proto.v1 import lexio_pb2 as pb
    >>> play = pb.LexioPlay(tiles=[pb.Tile(number=3), pb.Tile(number=4)])
    >>> items = ItemBytes(pb.LexioPlay, "tiles").of(play).tiles
    >>> items == [tile.SerializeToString() for tile in play.tiles]
    True
    """

    __slots__ = ("_view",)

    def __init__(self, message_type: type[Message], *fields: str) -> None:
        """The view of ``fields`` of ``message_type``.

        Raises:
            ValueError: one of ``fields`` is not a repeated message field.
        """
        self._view = GetMessageClass(_view(message_type, fields))

    def of(self, message: Message) -> Any:
        """The view of ``message``: each field a list of its items' bytes."""
        return self._view.FromString(message.SerializeToString())


def _view(message_type: type[Message], fields: tuple[str, ...]) -> Descriptor:
    """The view of ``fields`` of ``message_type``, added to the views' pool the first time."""
    descriptor = message_type.DESCRIPTOR
    name = "_".join((descriptor.full_name.replace(".", "_"), *fields))
    full_name = f"{_VIEW_PACKAGE}.{name}"
    with contextlib.suppress(KeyError):
        return _VIEWS.FindMessageTypeByName(full_name)
    file = descriptor_pb2.FileDescriptorProto(
        name=f"croupier/codec/views/{name}.proto", package=_VIEW_PACKAGE, syntax="proto3"
    )
    view = file.message_type.add(name=name)
    for field in fields:
        known = descriptor.fields_by_name[field]
        if not known.is_repeated or known.message_type is None:
            raise ValueError(f"{descriptor.full_name}.{field} is no repeated message field")
        view.field.add(
            name=field, number=known.number, label=_FIELD.LABEL_REPEATED, type=_FIELD.TYPE_BYTES
        )
    _VIEWS.Add(file)
    return _VIEWS.FindMessageTypeByName(full_name)
