"""croupier-bot play judges as the server does: the SDK's copy of the referee's defaults."""

from __future__ import annotations

from croupier.bot_cli._defaults import SERVER_DEFAULTS
from croupier_server.control import DEFAULT_TIME_CONTROL
from croupier_server.referee import records, seat, service


def test_the_sdk_mirrors_the_servers_defaults() -> None:
    server = DEFAULT_TIME_CONTROL
    policy = seat.FaultPolicy()
    assert SERVER_DEFAULTS.time_control.connect_ms == server.connect_ms
    assert SERVER_DEFAULTS.time_control.decision_ms == server.decision_ms
    assert SERVER_DEFAULTS.time_control.bank_ms == server.bank_ms
    assert SERVER_DEFAULTS.illegal_retries == policy.illegal_retries
    assert SERVER_DEFAULTS.max_strikes == policy.max_strikes
    assert SERVER_DEFAULTS.hello_timeout_s == service.HELLO_TIMEOUT_S
    assert SERVER_DEFAULTS.max_message_bytes == service.MAX_MESSAGE_BYTES
    assert SERVER_DEFAULTS.min_ping_ms == service.MIN_BOT_PING_MS
    assert SERVER_DEFAULTS.last_output_lines == records.LAST_OUTPUT_LINES
    assert SERVER_DEFAULTS.last_line_chars == records.LAST_LINE_CHARS
