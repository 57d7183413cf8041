"""The root of the server's own errors: one ``except CroupierServerError`` catches them all.

Each error a module of the server raises on purpose (a command that cannot run, a bot
that cannot start, a setting out of its bounds) derives from :class:`CroupierServerError`,
its message a line that says what is wrong. Standard library only: every layer imports it.
"""

from __future__ import annotations

__all__ = ["CroupierServerError"]


class CroupierServerError(Exception):
    """An error the server raises on purpose; its message is one line for the user."""
