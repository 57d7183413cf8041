"""Tournament formats, one module each, found by name.

A format registers with one line of :data:`_FORMATS`: its name and where its object is.
Each is imported when first asked for. See :mod:`._api` for what a format is, and
docs/tournaments.md for how a new one plugs in.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from croupier_server.errors import CroupierServerError
from croupier_server.tournament.formats._api import (
    Entrants,
    Format,
    FormatSettings,
    Outcomes,
    Planned,
    PlayedGame,
    Report,
    Row,
    Schedule,
    ScheduledGame,
    SettingSpec,
    StaticFormat,
    Trace,
    check_entrants,
    deal_seed,
)

__all__ = [
    "Entrants",
    "Format",
    "FormatSettings",
    "Outcomes",
    "Planned",
    "PlayedGame",
    "Report",
    "Row",
    "Schedule",
    "ScheduledGame",
    "SettingSpec",
    "StaticFormat",
    "Trace",
    "UnknownFormat",
    "check_entrants",
    "deal_seed",
    "format_named",
    "format_names",
]

_FORMATS = {
    "round-robin": "croupier_server.tournament.formats.round_robin:ROUND_ROBIN",
    "gauntlet": "croupier_server.tournament.formats.gauntlet:GAUNTLET",
    "sprt": "croupier_server.tournament.formats.sprt:SPRT",
    "swiss": "croupier_server.tournament.formats.swiss:SWISS",
}
_OWN_FORMATS = {"ladder": "croupier_server.tournament.formats.ladder:LADDER"}
"""Formats no one makes a tournament in: a ladder's games' tournament (found by name, never
offered)."""


class UnknownFormat(CroupierServerError, ValueError):
    """No format of that name."""


def format_names() -> tuple[str, ...]:
    """The name of every format a tournament is made in, the default (``round-robin``) first."""
    return tuple(_FORMATS)


@functools.cache
def format_named(name: str) -> Format[Any]:
    """The format of that name.

    Raises:
        UnknownFormat: no format is registered by that name.

    >>> format_named("round-robin").title
    'Round robin'
    """
    where = _FORMATS.get(name) or _OWN_FORMATS.get(name)
    if where is None:
        raise UnknownFormat(f"no tournament format {name!r} (formats: {', '.join(_FORMATS)})")
    module, _, attribute = where.partition(":")
    found: Format[Any] = getattr(importlib.import_module(module), attribute)
    return found
