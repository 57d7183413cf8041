"""How ``croupier-bot`` prints what others wrote: a bot's output, a server's log."""

from __future__ import annotations

__all__ = ["printable"]


def printable(line: str) -> str:
    r"""``line`` with what could drive the terminal (escapes, controls) shown, not obeyed.

    >>> printable("\x1b[31mred")
    '\\x1b[31mred'
    """
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in line)
