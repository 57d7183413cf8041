"""The server's log: the ids a line is about, and the one setup of the long-running commands.

Modules log through ``logging.getLogger(__name__)``. What a line is about (a game, a
tournament, a ladder, a worker, a version) travels beside its message as ids: bound for a
stretch of work with :func:`bound_ids` (asyncio tasks and ``asyncio.to_thread`` inherit
them), or given to one call with ``extra=ids(...)``. :func:`set_up_logging` shows them in
either format: text for people, one JSON object a line for log collectors.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import json
import logging
import sys
import types
from collections.abc import Iterator, Mapping
from typing import Final, TextIO

__all__ = [
    "ID_NAMES",
    "LIBRARIES",
    "LOG_FORMATS",
    "bound_ids",
    "ids",
    "set_up_logging",
]

ID_NAMES: Final = ("worker", "ladder", "tournament", "game", "version")
"""The ids a line may carry, in the order the text format shows them."""
LOG_FORMATS: Final = ("text", "json")
LIBRARIES: Final = {
    "uvicorn": logging.WARNING,
    "sqlalchemy": logging.WARNING,
    "grpc": logging.WARNING,
    "alembic": logging.WARNING,
    # The job queue's and its pool's troubles are said by the worker's own lines.
    "procrastinate": logging.CRITICAL,
    "psycopg": logging.CRITICAL,
}
"""The libraries' loggers, each at the level it is quieted to unless ``--verbose``."""

IdValue = int | str
_BOUND: contextvars.ContextVar[Mapping[str, IdValue]] = contextvars.ContextVar(
    "croupier_log_ids", default=types.MappingProxyType({})
)
_IDS_ATTRIBUTE = "croupier_ids"


@contextlib.contextmanager
def bound_ids(**given: IdValue | None) -> Iterator[None]:
    """Put ``given`` ids (those not ``None``) on every line logged within, in this context."""
    token = _BOUND.set({**_BOUND.get(), **_present(given)})
    try:
        yield
    finally:
        _BOUND.reset(token)


def ids(**given: IdValue | None) -> dict[str, object]:
    """The ``extra=`` of one log call about ``given`` ids (those not ``None``)."""
    return {_IDS_ATTRIBUTE: _present(given)}


def _present(given: Mapping[str, IdValue | None]) -> dict[str, IdValue]:
    unknown = set(given) - set(ID_NAMES)
    if unknown:
        raise ValueError(f"not ids of a log line: {', '.join(sorted(unknown))}")
    return {name: value for name, value in given.items() if value is not None}


def _record_ids(record: logging.LogRecord) -> dict[str, IdValue]:
    """The ids of ``record``: those bound where it was logged, then its own."""
    merged = {**_BOUND.get(), **getattr(record, _IDS_ATTRIBUTE, {})}
    return {name: merged[name] for name in ID_NAMES if name in merged}


class _BoundIds(logging.Filter):
    """Stamps each record with the ids bound where it was logged (before a thread hop)."""

    def filter(self, record: logging.LogRecord) -> bool:
        setattr(record, _IDS_ATTRIBUTE, _record_ids(record))
        return True


def _timestamp(record: logging.LogRecord) -> str:
    moment = datetime.datetime.fromtimestamp(record.created, tz=datetime.UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class TextFormatter(logging.Formatter):
    """``TIME LEVEL LOGGER [id=value ...]: MESSAGE``, for people."""

    def format(self, record: logging.LogRecord) -> str:
        shown = "".join(f" {name}={value}" for name, value in _record_ids(record).items())
        line = f"{_timestamp(record)} {record.levelname} {record.name}{shown}: "
        line += record.getMessage()
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message and the ids, for collectors."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": _timestamp(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            **_record_ids(record),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class _StandardError(logging.StreamHandler[TextIO]):
    """Writes to the standard error of the moment (one a test captures, too)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


_INSTALLED: list[logging.Handler] = []
"""The handler :func:`set_up_logging` installed, which a second call replaces."""


def set_up_logging(
    *, log_format: str = "text", verbose: bool = False, stream: TextIO | None = None
) -> None:
    """Send the log to ``stream`` (standard error) in ``log_format``, replacing an earlier setup.

    croupier's own lines from INFO (DEBUG with ``verbose``); the libraries'
    (:data:`LIBRARIES`) from INFO with ``verbose``, otherwise only as their entry says.
    """
    if log_format not in LOG_FORMATS:
        raise ValueError(f"no log format {log_format!r}: {', '.join(LOG_FORMATS)}")
    handler = _StandardError() if stream is None else logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    handler.addFilter(_BoundIds())
    root = logging.getLogger()
    while _INSTALLED:
        root.removeHandler(_INSTALLED.pop())
    root.addHandler(handler)
    _INSTALLED.append(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("croupier_server").setLevel(logging.DEBUG if verbose else logging.INFO)
    for library, quiet in LIBRARIES.items():
        logging.getLogger(library).setLevel(logging.INFO if verbose else quiet)
