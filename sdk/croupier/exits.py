"""How a bot's process ended, in the words the referee and ``croupier-bot play`` both use."""

from __future__ import annotations

import signal

__all__ = ["exit_description"]


def exit_description(status: int | None) -> str:
    """How a process ended, from its exit status (negative: the signal that killed it).

    >>> exit_description(1), exit_description(-9)
    ('exited with status 1', 'was killed by signal 9 (SIGKILL)')
    """
    if status is None or status >= 0:
        return f"exited with status {status}"
    try:
        name = signal.Signals(-status).name
    except ValueError:
        return f"was killed by signal {-status}"
    return f"was killed by signal {-status} ({name})"
