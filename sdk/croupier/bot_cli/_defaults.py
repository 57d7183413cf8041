"""What ``croupier-bot play`` copies of the server's referee, to judge games as it does.

The SDK never imports the server: these numbers are mirrored here, once, and a test of the
repository (``tests/sdk/test_arena_defaults.py``) fails when they and the server's differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.codec import TimeControl

__all__ = ["SERVER_DEFAULTS", "RefereeDefaults"]


@dataclass(frozen=True, slots=True)
class RefereeDefaults:
    """The server referee's defaults that decide how a bot's game goes."""

    time_control: TimeControl
    """The default time control (``croupier_server.control.TimeControl()``)."""
    illegal_retries: int
    """How many times a refused (illegal or malformed) action is asked again."""
    max_strikes: int
    """Strikes (decisions taken for the bot, stray messages) before the seat is forfeited."""
    hello_timeout_s: float
    """How long a new stream may take to say Hello."""
    max_message_bytes: int
    """The largest message a bot may send."""
    min_ping_ms: int
    """The shortest interval between a bot's keepalive pings that the referee accepts."""
    last_output_lines: int
    """How many of a bot's last output lines a crash shows."""
    last_line_chars: int
    """How much of each of those lines (its end)."""


SERVER_DEFAULTS = RefereeDefaults(
    time_control=TimeControl(connect_ms=20_000, decision_ms=1_000, bank_ms=10_000),
    illegal_retries=2,
    max_strikes=3,
    hello_timeout_s=10.0,
    max_message_bytes=256 * 1024,
    min_ping_ms=20_000,
    last_output_lines=20,
    last_line_chars=300,
)
"""The server's referee as ``croupier serve``, ``croupier match`` and the ladder use it."""
