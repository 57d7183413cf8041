"""The one error ``croupier-bot`` reports: a line, and the exit status it ends with."""

from __future__ import annotations

__all__ = ["CliError", "UsageError"]


class CliError(Exception):
    """An operation refused or failed: its one line is printed, and the exit status is 1."""

    status = 1


class UsageError(CliError):
    """Arguments that say nothing doable (no server, a bad NAME@N): exit status 2."""

    status = 2
