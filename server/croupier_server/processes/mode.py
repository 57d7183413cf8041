"""How a tournament's bots' processes are used from game to game."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

__all__ = ["ProcessMode"]


class ProcessMode(enum.StrEnum):
    """How the bots' processes are used from game to game (docs/tournaments.md)."""

    FAIR = "fair"
    """A process plays many games, one at a time, never two games of one deal."""
    FRESH = "fresh"
    """A new process for every seat of every game."""
    REUSE = "reuse"
    """A process plays any games, one at a time: a deal it played may come again."""

    @classmethod
    def stored(cls, data: Mapping[str, Any]) -> ProcessMode:
        """The mode stored in a tournament's ``data``.

        Tournaments stored before the modes kept ``reuse_processes``: true is
        :attr:`REUSE`, false or missing :attr:`FRESH`, as they were played.

        Raises:
            ValueError: an unknown mode.
        """
        if "processes" in data:
            return cls(data["processes"])
        return cls.REUSE if data.get("reuse_processes", False) else cls.FRESH
