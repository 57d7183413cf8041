"""What a command tells its user beside its text: its one-line error, and JSON."""

from __future__ import annotations

import json
from typing import Any

from croupier_server.errors import CroupierServerError

__all__ = ["CliError", "print_json"]


class CliError(CroupierServerError):
    """A command that cannot do what it was asked; its message is the one-line error."""


def print_json(value: Any) -> None:
    """Print ``value`` as indented JSON."""
    print(json.dumps(value, indent=2, default=str))
