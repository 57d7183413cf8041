"""The one failure of decoding, and the checks every decoder shares."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sized
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from croupier.games import Seat

if TYPE_CHECKING:
    from google.protobuf.message import Message

__all__ = ["CodecError", "member", "rejecting", "required", "seat_in", "sized"]

T = TypeVar("T")


class CodecError(ValueError):
    """A protobuf message that describes no valid value: the sender's input is malformed.

    Every decode function raises it, and nothing else, for any message that parses: an
    unset oneof, an unknown enum value, a tile or card out of range, a message of another
    game, options the rules refuse, ...
    """


def member(value: int, members: Mapping[int, T], what: str) -> T:
    """The domain value of enum number ``value``.

    Raises:
        CodecError: ``value`` is unspecified (0) or unknown.
    """
    try:
        return members[value]
    except KeyError:
        raise CodecError(f"{what}: unknown or unspecified enum value {value}") from None


def required(parent: Message, field: str, what: str) -> Any:
    """The message in field ``field`` of ``parent``, which must be set.

    Raises:
        CodecError: it is not set.
    """
    if not parent.HasField(field):
        raise CodecError(f"{what} has no {field}")
    return getattr(parent, field)


def seat_in(value: int, players: int, what: str) -> Seat:
    """``value`` checked to be a seat of a game of ``players`` players.

    Raises:
        CodecError: it is not.
    """
    if not 0 <= value < players:
        raise CodecError(f"{what}: no seat {value} in a game of {players} player(s)")
    return value


def sized(values: Sized, size: int, what: str) -> None:
    """Check that ``values`` has ``size`` entries (one per seat, say).

    Raises:
        CodecError: it has not.
    """
    if len(values) != size:
        raise CodecError(f"{what}: {len(values)} value(s) where {size} are expected")


@contextmanager
def rejecting(what: str) -> Iterator[None]:
    """Turn the ``ValueError`` of a domain constructor into a :class:`CodecError`.

    Domain types check themselves (``Tile``, ``Play``, ``Cribbage`` ...); inside this block
    their refusal becomes malformed input, prefixed by ``what``.
    """
    try:
        yield
    except CodecError:
        raise
    except ValueError as error:
        raise CodecError(f"{what}: {error}") from None
