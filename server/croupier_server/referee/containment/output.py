"""What a started bot writes to its standard output and error: its last lines, each timed.

The referee reads both pipes as the bot writes (:meth:`OutputTail.follow`), so that a line
is stamped with when it was written, and keeps the last ``limit_bytes`` of them: older lines
are dropped whole, and how many bytes were dropped is counted. A line longer than the whole
limit keeps its end. What is kept is stored with the bot's game. A bot may write at most
its :class:`Budget` in all.

A process that plays many games one after another (a tournament's pooled process) gives
each game what it wrote since the previous one ended: :meth:`OutputTail.take`, with its
budget renewed (:meth:`Budget.renew`).
"""

from __future__ import annotations

import asyncio
import enum
from collections import deque
from dataclasses import dataclass
from datetime import datetime

from croupier_server.clock import utc_now

__all__ = [
    "DEFAULT_OUTPUT_BYTES",
    "LINE_READ_BYTES",
    "Budget",
    "OutputLine",
    "OutputStream",
    "OutputTail",
]

DEFAULT_OUTPUT_BYTES = 64 * 1024
"""How much of each seat's output is kept by default: the last 64 KiB (tracebacks are last)."""
LINE_READ_BYTES = 4096
"""A line longer than this is kept as several parts of this size."""
READ_BYTES = 64 * 1024
"""How much is read from a pipe at a time."""


class Budget:
    """How much a bot may write to its pipes in all: past it, they are read no more.

    Like a file past the file size limit, output past it ends the bot (the launcher sees to
    it): a bot that floods its output must not cost the referee its time reading it.

    Attributes:
        limit_bytes: The most read.
        spent: Whether the bot wrote more.
    """

    def __init__(self, limit_bytes: int) -> None:
        self.limit_bytes = limit_bytes
        self.read_bytes = 0
        self.spent = False

    def spend(self, size: int) -> bool:
        """Count ``size`` more bytes read; whether they are within the limit."""
        self.read_bytes += size
        self.spent = self.spent or self.read_bytes > self.limit_bytes
        return not self.spent

    def renew(self) -> None:
        """Count from nothing again (a pooled process's next game), unless it is spent."""
        if not self.spent:
            self.read_bytes = 0


class OutputStream(enum.StrEnum):
    """Which of a bot's pipes a line came from."""

    STDOUT = "stdout"
    STDERR = "stderr"


@dataclass(frozen=True, slots=True)
class OutputLine:
    """One line a bot wrote (without its line break), and when the referee read it."""

    at: datetime
    stream: OutputStream
    text: str

    @property
    def size(self) -> int:
        """Its size in bytes, as it counts against the limit (the line break included)."""
        return len(self.text.encode()) + 1


class OutputTail:
    """The last lines of a bot's output, at most ``limit_bytes`` of them.

    Attributes:
        limit_bytes: The most kept.
        dropped_bytes: How many bytes of older output were dropped to keep within it.
    """

    def __init__(self, limit_bytes: int = DEFAULT_OUTPUT_BYTES) -> None:
        if limit_bytes <= 0:
            raise ValueError(f"the output limit must be positive, not {limit_bytes}")
        self.limit_bytes = limit_bytes
        self.dropped_bytes = 0
        self._lines: deque[OutputLine] = deque()
        self._kept_bytes = 0

    @property
    def lines(self) -> list[OutputLine]:
        """The lines kept, oldest first."""
        return list(self._lines)

    def add(self, line: OutputLine) -> None:
        """Keep ``line``, dropping the oldest lines while more than the limit is kept."""
        if line.size > self.limit_bytes:
            text = line.text.encode()[-(self.limit_bytes - 1) :].decode(errors="replace")
            self.dropped_bytes += line.size - len(text.encode()) - 1
            line = OutputLine(line.at, line.stream, text)
        self._lines.append(line)
        self._kept_bytes += line.size
        while self._kept_bytes > self.limit_bytes:
            oldest = self._lines.popleft()
            self._kept_bytes -= oldest.size
            self.dropped_bytes += oldest.size

    def take(self) -> OutputTail:
        """What was kept so far, as a tail of its own; this one goes on empty.

        >>> tail = OutputTail(10)
        >>> tail.add(OutputLine(utc_now(), OutputStream.STDOUT, "game 1"))
        >>> [line.text for line in tail.take().lines], tail.lines
        (['game 1'], [])
        """
        taken = OutputTail(self.limit_bytes)
        taken._lines, taken._kept_bytes, taken.dropped_bytes = (
            self._lines,
            self._kept_bytes,
            self.dropped_bytes,
        )
        self._lines, self._kept_bytes, self.dropped_bytes = deque(), 0, 0
        return taken

    def last_lines(self, count: int) -> list[OutputLine]:
        """The last ``count`` lines kept (fewer if fewer were)."""
        return list(self._lines)[-count:] if count > 0 else []

    async def follow(
        self, pipe: asyncio.StreamReader, stream: OutputStream, *, budget: Budget
    ) -> None:
        """Read ``pipe`` to its end, keeping its lines as they arrive.

        It stops early, the rest unread, once the bot has written more than the ``budget``
        its pipes share (:attr:`Budget.spent` then says so).
        """
        partial = b""
        while chunk := await pipe.read(READ_BYTES):
            if not budget.spend(len(chunk)):
                self.dropped_bytes += len(chunk)
                return
            *lines, partial = (partial + chunk).split(b"\n")
            for line in lines:
                self._add_bytes(line, stream)
            while len(partial) >= LINE_READ_BYTES:  # a line this long arrives in parts
                self._add_bytes(partial[:LINE_READ_BYTES], stream)
                partial = partial[LINE_READ_BYTES:]
        if partial:
            self._add_bytes(partial, stream)

    def _add_bytes(self, data: bytes, stream: OutputStream) -> None:
        text = data.decode(errors="replace").removesuffix("\r")
        self.add(OutputLine(utc_now(), stream, text))
