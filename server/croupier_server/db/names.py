"""What may name a bot or an author: a small safe alphabet, one name per spelling, ours kept.

A name is lowercase ASCII letters, digits, ``-`` and ``_``, beginning with a letter or a
digit (:data:`croupier.manifest.NAME_PATTERN`, which ``croupier-bot`` checks before an
upload): no two names differ by case, accents, another script's look-alike letters or a
character that does not print. :func:`checked_name` says so for every name stored from now
on; names stored before keep working.

Two names are one when their :func:`folded_name` (NFKC, then case folding) are equal: the
``folded_name`` column of ``bot`` and of ``author`` holds it under a unique index, so two
sign-ups at the same moment cannot both have it. Every row gets it when it is inserted
(:func:`fold_on_insert`).

The names the server itself uses are reserved (:func:`is_reserved`): the house bots that
check submitted versions and the SDK's other opponents (``<game>-random``,
``<game>-greedy`` for every installed game), and the words that name the server and its
people (``admin``, ``croupier``, ``guest``, ...), under any case and with ``_`` for ``-``.
No author takes one, as an author's name or a submitted bot's (:func:`check_unreserved`);
the organiser, who is trusted, may register a bot under one (``croupier bot add``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import sqlalchemy as sa

from croupier.games import game_names
from croupier.manifest import NAME_CHARACTERS, NAME_PATTERN
from croupier_server.errors import CroupierServerError

__all__ = [
    "HOUSE_OPPONENTS",
    "RESERVED_WORDS",
    "NameRefused",
    "check_unreserved",
    "checked_name",
    "fold_on_insert",
    "folded_name",
    "house_bot_name",
    "is_reserved",
    "reserved_names",
]

RESERVED_WORDS = frozenset(
    {
        "admin",
        "administrator",
        "anonymous",
        "api",
        "author",
        "croupier",
        "guest",
        "moderator",
        "nobody",
        "organiser",
        "organizer",
        "people",
        "person",
        "referee",
        "root",
        "server",
        "staff",
        "superuser",
        "support",
        "system",
    }
)
"""Words that name the server, its organiser or its people (a person's seat is stored as
``person@admin``, ``person@guest``, ``person@author:NAME``): no author may take them."""

HOUSE_OPPONENTS = ("random", "greedy")
"""The SDK's opponents (:mod:`croupier.opponents`): the server may run each as a house bot
of a game, named by :func:`house_bot_name`."""

_NAME = re.compile(NAME_PATTERN)


class NameRefused(CroupierServerError, ValueError):
    """A name that may not name a bot or an author; the message says why, in one line."""


def folded_name(name: str) -> str:
    """The key two names that people could confuse share: NFKC, case folded, NFKC again.

    >>> folded_name("Alice") == folded_name("\uff41\uff4c\uff49\uff43\uff45") == "alice"
    True
    >>> folded_name("\u0430lice") == "alice"  # a Cyrillic a: the alphabet refuses it
    False
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def checked_name(name: str, *, what: str, max_length: int) -> str:
    """``name``, if it is made of the safe alphabet and at most ``max_length`` long.

    Args:
        name: The name asked for.
        what: What it would name, for the message (``"a bot name"``).
        max_length: The longest it may be.

    Raises:
        NameRefused: it is empty, too long or has a character outside the alphabet.

    >>> checked_name("lexio_greedy", what="a bot name", max_length=64)
    'lexio_greedy'
    >>> checked_name("Alice", what="an author name", max_length=64)
    Traceback (most recent call last):
    ...
    croupier_server.db.names.NameRefused: an author name is 1 to 64 lowercase ASCII letters, \
digits, '-' and '_', beginning with a letter or a digit, not 'Alice' (try 'alice')
    """
    if len(name) <= max_length and _NAME.fullmatch(name):
        return name
    lowered = name.lower()
    hint = (
        f" (try {lowered!r})"
        if lowered.isascii() and len(lowered) <= max_length and _NAME.fullmatch(lowered)
        else ""
    )
    raise NameRefused(f"{what} is 1 to {max_length} {NAME_CHARACTERS}, not {name!r}{hint}")


def house_bot_name(game: str, opponent: str = "random") -> str:
    """The name of the house bot that plays ``game`` as the SDK's ``opponent``.

    >>> house_bot_name("lexio")
    'lexio-random'
    """
    return f"{game}-{opponent}"


def reserved_names() -> frozenset[str]:
    """Every reserved name: :data:`RESERVED_WORDS` and each installed game's house bots.

    >>> {"admin", "lexio-random", "cribbage-greedy"} <= reserved_names()
    True
    """
    house = {house_bot_name(game, kind) for game in game_names() for kind in HOUSE_OPPONENTS}
    return RESERVED_WORDS | house


def is_reserved(name: str) -> bool:
    """Whether ``name``, in any case and with ``_`` for ``-``, is one the server uses.

    >>> is_reserved("Lexio_Random"), is_reserved("lexio-randomer")
    (True, False)
    """
    return _skeleton(name) in {_skeleton(reserved) for reserved in reserved_names()}


def check_unreserved(name: str, *, what: str) -> str:
    """``name``, unless it is reserved (:func:`is_reserved`).

    Raises:
        NameRefused: it is reserved.
    """
    if is_reserved(name):
        raise NameRefused(f"{what} {name!r} is reserved for the server's own use: choose another")
    return name


def fold_on_insert(_mapper: Any, _connection: sa.Connection, record: Any) -> None:
    """Fill a new row's ``folded_name`` from its ``name`` (a ``before_insert`` listener)."""
    record.folded_name = folded_name(record.name)


def _skeleton(name: str) -> str:
    return folded_name(name).replace("_", "-")
