"""Reading what a croupier process logged: a text-format line's message, its ids.

A line is ``TIME LEVEL LOGGER [id=value ...]: MESSAGE`` (:class:`croupier_server.logs.
TextFormatter`); tests that look for a message compare the message, as they did when the
processes printed bare lines.
"""

from __future__ import annotations

import re

__all__ = ["LOG_LINE", "ids_of", "message_of", "messages"]

LOG_LINE = re.compile(
    r"(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) (?P<level>[A-Z]+) (?P<logger>[\w.]+)"
    r"(?P<ids>(?: \w+=\S+)*): (?P<message>.*)"
)


def message_of(line: str) -> str:
    """The message of a log line; a line of another kind (a bot's output, a traceback) as is."""
    found = LOG_LINE.fullmatch(line)
    return line if found is None else found["message"]


def ids_of(line: str) -> dict[str, str]:
    """The ids a log line shows (``worker=w1 game=3``), by name."""
    found = LOG_LINE.fullmatch(line)
    assert found is not None, line
    return dict(pair.split("=", 1) for pair in found["ids"].split())


def messages(text: str) -> list[str]:
    """The messages of the log lines of ``text``, other lines as they are."""
    return [message_of(line) for line in text.splitlines()]
