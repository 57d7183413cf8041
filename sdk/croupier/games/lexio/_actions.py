"""The two actions of Lexio: play some tiles, or pass."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from croupier.games.lexio._tiles import Tile

__all__ = ["Action", "Pass", "Play", "parse_action"]


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """Play these tiles. The tiles are kept weakest first, so the order given does not matter.

    Whether they make a legal play is for the state to judge; a ``Play`` only guarantees a
    non-empty set of distinct tiles.

    >>> Play.from_str("play sun3 cloud3") == Play([Tile.from_str("cloud3"), Tile.from_str("sun3")])
    True
    >>> str(Play.from_str("play sun3 cloud3"))
    'play cloud3 sun3'
    """

    tiles: tuple[Tile, ...]
    mask: int = field(repr=False, compare=False)
    """The tiles as a bit set (bit ``i``: the tile of index ``i``), for fast lookups."""

    def __init__(self, tiles: Iterable[Tile]) -> None:
        given = tuple(tiles)
        if not given:
            raise ValueError("a play needs at least one tile")
        mask = 0
        for tile in given:
            if not isinstance(tile, Tile):
                raise ValueError(f"a play is made of tiles, not {tile!r}")
            mask |= 1 << tile.index
        ordered = tuple(sorted(given))
        if mask.bit_count() != len(ordered):
            raise ValueError("a tile appears more than once in the play")
        object.__setattr__(self, "tiles", ordered)
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_str(cls, text: str) -> Play:
        """The play written as ``text``, e.g. ``"play cloud3 sun3"``.

        Raises:
            ValueError: ``text`` is not ``play`` followed by distinct tiles.
        """
        words = text.split()
        if not words or words[0] != "play" or len(words) == 1:
            raise ValueError(f"not a Lexio play: {text!r} (expected e.g. 'play cloud3 sun3')")
        return cls(Tile.from_str(word) for word in words[1:])

    @classmethod
    def _trusted(cls, tiles: tuple[Tile, ...], mask: int) -> Play:
        """A play from tiles already sorted and distinct: the engine's unchecked fast path."""
        play = object.__new__(cls)
        object.__setattr__(play, "tiles", tiles)
        object.__setattr__(play, "mask", mask)
        return play

    def __eq__(self, other: object) -> bool:
        # The tiles are sorted and distinct: equal tiles, equal masks, and the mask is cheap.
        if isinstance(other, Play):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return self.mask

    def __str__(self) -> str:
        return "play " + " ".join(str(tile) for tile in self.tiles)

    def __repr__(self) -> str:
        return f"Play.from_str({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn; allowed whenever a play is on the table, never when leading.

    >>> Pass.from_str("pass")
    Pass()
    """

    @classmethod
    def from_str(cls, text: str) -> Pass:
        """The pass written as ``text`` (``"pass"``).

        Raises:
            ValueError: ``text`` is not ``"pass"``.
        """
        if text.strip() != "pass":
            raise ValueError(f"not a Lexio pass: {text!r} (expected 'pass')")
        return cls()

    def __str__(self) -> str:
        return "pass"


Action = Play | Pass
"""Anything a seat may do on its turn."""


def parse_action(text: str) -> Action:
    """The action written as ``text``, the inverse of ``str(action)``.

    >>> parse_action("pass")
    Pass()
    >>> parse_action("play moon4 star4")
    Play.from_str('play star4 moon4')

    Raises:
        ValueError: ``text`` names no Lexio action.
    """
    if text.strip() == "pass":
        return Pass()
    if text.split()[:1] == ["play"]:
        return Play.from_str(text)
    raise ValueError(f"not a Lexio action: {text!r} (expected 'pass' or e.g. 'play cloud3 sun3')")
