"""What a game says about its options and variants, so that no other layer lists them.

An :class:`OptionSpec` describes one rule option (its type, default, allowed values and a
line of help); command-line flags, forms and API schemas are derived from a game's specs. A
:class:`Variant` is a rule set that has its own leaderboard (``"4 players"``, ``"six-card"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["InvalidOptions", "OptionSpec", "OptionValue", "Variant"]

OptionValue = int | str | bool | tuple[int | str | bool, ...]
"""The value of one option: a whole number, a text, a flag, or a fixed-length list of them."""


class InvalidOptions(ValueError):
    """Rule options that do not describe a playable game."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: its name, type, default, allowed values and what it means.

    >>> rounds = OptionSpec("rounds", int, 5, "rounds in the match", minimum=1)
    >>> rounds.check(3)
    3
    >>> rounds.check(0)
    Traceback (most recent call last):
    ...
    croupier.games.InvalidOptions: rounds is a whole number of at least 1, not 0
    """

    name: str
    """The option's key in :meth:`Game.options` (``"players"``, ``"match_points"``)."""
    kind: type[int] | type[str] | type[bool]
    """The type of the value (of each value, for a list option)."""
    default: OptionValue
    """The value the rules take when the option is not given."""
    help: str
    """One line saying what the option does, for ``--help``, forms and the API schema."""
    choices: tuple[int | str, ...] = ()
    """The values allowed; empty: any value of :attr:`kind` within the range."""
    minimum: int | None = None
    """The smallest whole number allowed, if any."""
    maximum: int | None = None
    """The largest whole number allowed, if any."""
    length: int = 0
    """0: one value; ``n``: a list of exactly ``n`` values of :attr:`kind` (a JSON array)."""

    def check(self, value: object) -> OptionValue:
        """``value`` if the option allows it, as the game keeps it (a list as a tuple).

        A value equal to one of :attr:`choices` comes back as that choice, so an option whose
        choices are members of a ``StrEnum`` gives the member.

        Raises:
            InvalidOptions: a value of the wrong type or outside the choices or the range;
                the one-line message names the option and says what it takes.
        """
        if not self.length:
            return self._check_one(value, value)
        if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != self.length:
            raise self._refusal(value)
        return tuple(self._check_one(item, value) for item in value)

    def describe(self) -> str:
        """What the option takes, in words: ``"3, 4 or 5"``, ``"a whole number of at least 1"``."""
        if self.choices:
            texts = [
                repr(str(choice)) if isinstance(choice, str) else str(choice)
                for choice in self.choices
            ]
            one = texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"
        elif issubclass(self.kind, bool):
            one = "true or false"
        elif issubclass(self.kind, int):
            one = "a whole number" + _range(self.minimum, self.maximum)
        else:
            one = "a text"
        if not self.length:
            return one
        return f"{self.length} values, each {one}"

    def _check_one(self, item: object, value: object) -> int | str | bool:
        checked: int | str | bool
        if issubclass(self.kind, bool):
            if not isinstance(item, bool):
                raise self._refusal(value)
            return item
        if (issubclass(self.kind, str) and isinstance(item, str)) or (
            issubclass(self.kind, int)
            and isinstance(item, int)
            and not isinstance(item, bool)  # True is an int, but a typo for a number
            and (self.minimum is None or item >= self.minimum)
            and (self.maximum is None or item <= self.maximum)
        ):
            checked = item
        else:
            raise self._refusal(value)
        if not self.choices:
            return checked
        for choice in self.choices:
            if choice == checked:
                return choice
        raise self._refusal(value)

    def _refusal(self, value: object) -> InvalidOptions:
        return InvalidOptions(f"{self.name} is {self.describe()}, not {value!r}")


@dataclass(frozen=True, slots=True)
class Variant:
    """A rule set rated apart: games of one variant share a leaderboard.

    >>> Variant("4 players", {"players": 4}, seats=4).label
    '4 players'
    """

    label: str
    """The leaderboards' name for it: ``"4 players"``, ``"six-card"``."""
    options: Mapping[str, Any]
    """The options that make it (``{"players": 4}``); the others take their defaults."""
    seats: int
    """How many seats a game of this variant has."""


def plain(value: object) -> Any:
    """An option's value as plain JSON: a tuple as a list, a ``StrEnum`` member as its text."""
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, str):
        return str(value)
    return value


def _range(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f" from {minimum} to {maximum}"
    if minimum is not None:
        return f" of at least {minimum}"
    if maximum is not None:
        return f" of at most {maximum}"
    return ""
