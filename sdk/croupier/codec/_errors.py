"""The one failure of decoding, and the checks and enum tables every decoder shares."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sized
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from croupier.games import Seat

if TYPE_CHECKING:
    from google.protobuf.message import Message

__all__ = ["CodecError", "EnumTable", "rejecting", "required", "seat_in", "sized"]

T = TypeVar("T")
N = TypeVar("N", bound=int)


class CodecError(ValueError):
    """A protobuf message that describes no valid value: the sender's input is malformed.

    Every decode function raises it, and nothing else, for any message that parses: an
    unset oneof, an unknown enum value, a tile or card out of range, a message of another
    game, options the rules refuse, ...
    """


class EnumTable(Generic[T, N]):
    """The numbers of a protobuf enum for the domain values they stand for, both ways.

    >>> table = EnumTable("penalty", {"off": 1, "double_each": 2})
    >>> table.number("off"), table.value(2), "on" in table
    (1, 'double_each', False)
    """

    __slots__ = ("_numbers", "_values", "_what")

    def __init__(self, what: str, numbers: Mapping[T, N]) -> None:
        """Map each domain value to its number; ``what`` names the enum in errors."""
        self._what = what
        self._numbers = dict(numbers)
        self._values: dict[int, T] = {number: value for value, number in self._numbers.items()}

    def __contains__(self, value: object) -> bool:
        return value in self._numbers

    def number(self, value: T) -> N:
        """The enum number of ``value`` (which is one of the table's: a domain value)."""
        return self._numbers[value]

    def value(self, number: int) -> T:
        """The domain value of enum number ``number``.

        Raises:
            CodecError: ``number`` is unspecified (0) or unknown.
        """
        try:
            return self._values[number]
        except KeyError:
            raise CodecError(f"{self._what}: unknown or unspecified enum value {number}") from None


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
