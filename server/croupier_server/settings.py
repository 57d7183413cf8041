"""The server's settings from its environment: every variable the server reads, in one place.

>>> settings = ServerSettings.from_environment({"CROUPIER_READ_TOKEN": "x" * 32})
>>> settings.admin_token, settings.read_token == "x" * 32, settings.database_url
(None, True, None)

A bot's own variables (``CROUPIER_ADDRESS``, ``CROUPIER_TOKEN``) are the SDK's
(:mod:`croupier.protocol`); the referee hands a started bot those of its own variables
whose names begin ``CROUPIER_BOT_`` (:mod:`croupier_server.referee.containment.sandbox`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = [
    "ADMIN_TOKEN_VARIABLE",
    "DATABASE_URL_VARIABLE",
    "READ_TOKEN_VARIABLE",
    "ServerSettings",
]

DATABASE_URL_VARIABLE = "CROUPIER_DATABASE_URL"
"""The database of the commands given no ``--db``."""
ADMIN_TOKEN_VARIABLE = "CROUPIER_ADMIN_TOKEN"
"""The dashboard's admin token (else one is made up at start and shown once)."""
READ_TOKEN_VARIABLE = "CROUPIER_READ_TOKEN"
"""The dashboard's read token; when set, reading the dashboard needs a token."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What the environment sets; ``None`` (or an empty variable): not set."""

    database_url: str | None = None
    """The database of the commands given no ``--db`` (``$CROUPIER_DATABASE_URL``)."""
    admin_token: str | None = None
    """The dashboard's admin token (``$CROUPIER_ADMIN_TOKEN``)."""
    read_token: str | None = None
    """The dashboard's read token (``$CROUPIER_READ_TOKEN``)."""

    @classmethod
    def from_environment(cls, environment: Mapping[str, str] | None = None) -> ServerSettings:
        """The settings of ``environment`` (default: this process's)."""
        variables = os.environ if environment is None else environment

        def read(name: str) -> str | None:
            return variables.get(name) or None

        return cls(
            database_url=read(DATABASE_URL_VARIABLE),
            admin_token=read(ADMIN_TOKEN_VARIABLE),
            read_token=read(READ_TOKEN_VARIABLE),
        )
