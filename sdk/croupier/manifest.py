r"""A bot's manifest, ``croupier.toml``: its name, its game, how to start it, what it needs.

The server and ``croupier-bot`` read it with this one module, so they agree on it::

    >>> manifest = parse_manifest('''
    ... name = "my-bot"
    ... game = "lexio"
    ... command = "python bot.py"
    ... requirements = ["numpy>=2"]
    ... ''')
    >>> manifest.name, manifest.game, manifest.command, manifest.requirements
    ('my-bot', 'lexio', 'python bot.py', ('numpy>=2',))
    >>> Manifest.from_data(manifest.to_data()) == manifest
    True

A wrong manifest raises :class:`ManifestError` with one line that names the key::

    >>> parse_manifest('name = "x"\ngame = "chess"\ncommand = "./bot"')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.manifest.ManifestError: croupier.toml: 'game' is 'chess', which croupier does not...
"""

from __future__ import annotations

import re
import shlex
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier.games import game_names

__all__ = [
    "MANIFEST_FILE",
    "NAME_CHARACTERS",
    "NAME_MAX_LENGTH",
    "NAME_PATTERN",
    "Manifest",
    "ManifestError",
    "parse_manifest",
    "read_manifest",
]

MANIFEST_FILE = "croupier.toml"
"""The manifest's file name, at the root of a bot's directory."""

NAME_MAX_LENGTH = 56
"""The longest submitted bot name: a bot name is 64 characters, and ``@N`` follows it."""

NAME_PATTERN = r"[a-z0-9][a-z0-9_-]*"
"""What a bot's name is made of, as a regular expression to match whole: lowercase ASCII
letters, digits, ``-`` and ``_``, beginning with a letter or a digit. No two such names
look alike through case, accents or another script's letters (the server names its authors
so too); ``@``, which names versions (``NAME@N``), is not among them."""

NAME_CHARACTERS = "lowercase ASCII letters, digits, '-' and '_', beginning with a letter or a digit"
""":data:`NAME_PATTERN` in words, for messages."""

_NAME = re.compile(NAME_PATTERN)
_REQUIRED = ("name", "game", "command")
_OPTIONAL = ("requirements", "description")
# A PEP 508 requirement begins with a distribution name; checking that much here refuses
# paths and installer options ("-e .", "--index-url ...") before any installer sees them.
_REQUIREMENT_START = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?(?![A-Za-z0-9._-])")


class ManifestError(ValueError):
    """A ``croupier.toml`` that is missing, is not TOML, or says something wrong.

    The message is one line, beginning ``croupier.toml:``, that names the key at fault.
    """


@dataclass(frozen=True, slots=True)
class Manifest:
    """What a bot's ``croupier.toml`` says."""

    name: str
    """The submitted bot's name; its versions are ``NAME@1``, ``NAME@2``, ..."""
    game: str
    """The game it plays, by its registered name (:func:`croupier.games.game_names`)."""
    command: str
    """How to start it, shell-style, run from the bot's directory."""
    requirements: tuple[str, ...] = ()
    """Python requirements (PEP 508), installed into its environment when it is checked."""
    description: str = ""

    def to_data(self) -> dict[str, Any]:
        """The manifest as TOML-like data (what :meth:`from_data` reads back)."""
        return {
            "name": self.name,
            "game": self.game,
            "command": self.command,
            "requirements": list(self.requirements),
            "description": self.description,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Manifest:
        """The manifest that ``data`` (a parsed ``croupier.toml``) describes, checked.

        Raises:
            ManifestError: a key is missing, unknown or of the wrong type or value.
        """
        unknown = sorted(set(data) - set(_REQUIRED) - set(_OPTIONAL))
        if unknown:
            known = ", ".join(_REQUIRED + _OPTIONAL)
            raise ManifestError(f"{_PREFIX}unknown key {unknown[0]!r} (the keys are {known})")
        for key in _REQUIRED:
            if key not in data:
                raise ManifestError(f"{_PREFIX}{key!r} is missing")
        return cls(
            name=_checked_name(_text(data, "name")),
            game=_checked_game(_text(data, "game")),
            command=_checked_command(_text(data, "command")),
            requirements=_checked_requirements(data.get("requirements", [])),
            description=_text(data, "description") if "description" in data else "",
        )


_PREFIX = f"{MANIFEST_FILE}: "


def parse_manifest(text: str) -> Manifest:
    """The manifest that ``text``, the content of a ``croupier.toml``, describes.

    Raises:
        ManifestError: it is not TOML, or says something wrong.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ManifestError(f"{_PREFIX}not valid TOML: {error}") from None
    return Manifest.from_data(data)


def read_manifest(directory: Path) -> Manifest:
    """The manifest of the bot in ``directory``: its ``croupier.toml``.

    Raises:
        ManifestError: there is none, it is not UTF-8 TOML, or it says something wrong.
    """
    path = directory / MANIFEST_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ManifestError(f"{_PREFIX}there is none in {directory}") from None
    except UnicodeDecodeError:
        raise ManifestError(f"{_PREFIX}not UTF-8 text") from None
    except OSError as error:
        raise ManifestError(f"{_PREFIX}cannot read {path}: {error.strerror}") from None
    return parse_manifest(text)


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise ManifestError(f"{_PREFIX}{key!r} must be a string, not {_toml_type(value)}")
    return value


def _toml_type(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return "a date or time"


def _checked_name(name: str) -> str:
    if len(name) > NAME_MAX_LENGTH or not _NAME.fullmatch(name):
        raise ManifestError(
            f"{_PREFIX}'name' must be 1 to {NAME_MAX_LENGTH} {NAME_CHARACTERS}, not {name!r}"
        )
    return name


def _checked_game(game: str) -> str:
    known = game_names()
    if game not in known:
        raise ManifestError(
            f"{_PREFIX}'game' is {game!r}, which croupier does not know ({', '.join(known)})"
        )
    return game


def _checked_command(command: str) -> str:
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise ManifestError(f"{_PREFIX}'command' is not a shell-style command: {error}") from None
    if not argv:
        raise ManifestError(f"{_PREFIX}'command' is empty")
    if "\n" in command or "\r" in command:
        raise ManifestError(f"{_PREFIX}'command' must be one line")
    return command


def _checked_requirements(requirements: object) -> tuple[str, ...]:
    if not isinstance(requirements, list):
        raise ManifestError(
            f"{_PREFIX}'requirements' must be an array of strings, not {_toml_type(requirements)}"
        )
    checked = []
    for requirement in requirements:
        if not isinstance(requirement, str):
            raise ManifestError(
                f"{_PREFIX}'requirements' must hold strings, not {_toml_type(requirement)}"
            )
        if (
            _REQUIREMENT_START.match(requirement) is None
            or not requirement.isprintable()
            or requirement != requirement.strip()
        ):
            raise ManifestError(
                f"{_PREFIX}'requirements' holds {requirement!r}, which is not a requirement "
                "(PEP 508, such as 'numpy>=2')"
            )
        checked.append(requirement)
    return tuple(checked)
