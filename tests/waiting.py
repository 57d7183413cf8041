"""Waiting in tests for an event (a condition, a process's line, its end), never for a clock.

A test waits for anything as long as the run's one limit allows: ``CROUPIER_TEST_PATIENCE_S``
seconds (600 unless set), so a slow machine only makes a test slower, while a hung test still
ends, saying what it waited for.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent import futures
from typing import IO, Any, TypeVar

PATIENCE_VARIABLE = "CROUPIER_TEST_PATIENCE_S"
DEFAULT_PATIENCE_S = 600.0
FIRST_POLL_S = 0.01
LONGEST_POLL_S = 0.5
"""Polling starts fast (most conditions hold almost at once) and backs off to this."""

Value = TypeVar("Value")


def patience_s() -> float:
    """The run's limit on any one wait: ``$CROUPIER_TEST_PATIENCE_S``, else 600 s."""
    text = os.environ.get(PATIENCE_VARIABLE, "")
    if not text:
        return DEFAULT_PATIENCE_S
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise ValueError(f"{PATIENCE_VARIABLE} must be a positive number of seconds, not {text!r}")
    return seconds


def patience_ms() -> float:
    """The run's patience in milliseconds, as Playwright takes its timeouts."""
    return patience_s() * 1000


def _polls() -> Callable[[], float]:
    """Successive pauses between two polls: doubling from the first to the longest."""
    pause = FIRST_POLL_S / 2

    def next_pause() -> float:
        nonlocal pause
        pause = min(pause * 2, LONGEST_POLL_S)
        return pause

    return next_pause


def wait_for(
    condition: Callable[[], Value | None], what: str, *, explain: Callable[[], str] = str
) -> Value:
    """The first true value of ``condition()``, polled with backoff for the run's patience.

    Args:
        condition: Asked until it returns a true value.
        what: What the test waits for, said if it waits in vain.
        explain: Said too if it waits in vain (a log, the state seen last).

    Raises:
        AssertionError: ``condition()`` was never true within the patience.
    """
    limit_s = patience_s()
    deadline = time.monotonic() + limit_s
    pause = _polls()
    while not (value := condition()):
        if time.monotonic() > deadline:
            said = explain()
            raise AssertionError(f"waited {limit_s:g} s for {what}" + (f"; {said}" if said else ""))
        time.sleep(pause())
    return value


async def wait_until(condition: Callable[[], Awaitable[Value | None]], what: str) -> Value:
    """:func:`wait_for` in an event loop: the first true value of ``await condition()``.

    Raises:
        AssertionError: ``condition()`` was never true within the patience.
    """
    limit_s = patience_s()
    deadline = time.monotonic() + limit_s
    pause = _polls()
    while not (value := await condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {limit_s:g} s for {what}")
        await asyncio.sleep(pause())
    return value


def next_line(process: subprocess.Popen[str], stream: IO[str] | None = None) -> str:
    """The next line ``process`` prints (an announcement), once printed: on ``stream``, by
    default its stdout.

    Returns ``""`` at the end of the output. The process is killed (which ends the read) if
    the run's patience passes first.

    Raises:
        AssertionError: no line within the patience.
    """
    read = process.stdout if stream is None else stream
    assert read is not None, "the process's output is not a pipe"
    limit_s = patience_s()
    with futures.ThreadPoolExecutor(max_workers=1) as reader:
        line = reader.submit(read.readline)
        try:
            return line.result(timeout=limit_s)
        except TimeoutError:
            process.kill()
            raise AssertionError(f"waited {limit_s:g} s for a line from {process.args!r}") from None


class DrainedProcess(subprocess.Popen[str]):
    """A process whose standard error is read as it comes, by a thread of its own.

    A test that reads a long-running process's log only at its end (:func:`ended`) would
    otherwise leave its pipe to fill, and the process to block on its next line. Its
    standard output stays a pipe, for the lines the test waits for (:func:`next_line`).
    """

    def __init__(self, argv: list[str], **options: Any) -> None:
        super().__init__(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **options)
        pipe, self.stderr = self.stderr, None  # communicate() leaves it to the drain
        self._said: list[str] = []
        self._heard = 0
        """How many of its log's lines :meth:`next_said` gave."""
        self._more = threading.Condition()
        self._over = False
        """Whether its log ended (the pipe closed)."""
        self._drain = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self._drain.start()

    def next_said(self) -> str:
        """The next line of its log not given yet, once said (``""`` at its end).

        Raises:
            AssertionError: no line within the patience.
        """
        limit_s = patience_s()
        with self._more:
            if not self._more.wait_for(
                lambda: len(self._said) > self._heard or self._over, limit_s
            ):
                raise AssertionError(f"waited {limit_s:g} s for a line of {self.args!r}'s log")
            if len(self._said) == self._heard:
                return ""
            self._heard += 1
            return self._said[self._heard - 1]

    def _read(self, pipe: IO[str] | None) -> None:
        if pipe is not None:
            with pipe:
                for line in pipe:
                    with self._more:
                        self._said.append(line)
                        self._more.notify_all()
        with self._more:
            self._over = True
            self._more.notify_all()

    def communicate(
        self, input: str | None = None, timeout: float | None = None
    ) -> tuple[Any, Any]:
        """Its standard output, and all of its standard error, once it exited."""
        out, _ = super().communicate(input, timeout)
        # A process it started may hold the pipe a moment longer: what was said is kept.
        self._drain.join(timeout=patience_s())
        with self._more:
            return out, "".join(self._said)


def ended(process: subprocess.Popen[str]) -> tuple[str, str]:
    """Its standard output and error once ``process`` exited (killed past the patience).

    Raises:
        AssertionError: it did not exit within the patience.
    """
    limit_s = patience_s()
    try:
        out, err = process.communicate(timeout=limit_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError(f"waited {limit_s:g} s for {process.args!r} to exit") from None
    return out or "", err or ""


def exit_status(process: subprocess.Popen[Any]) -> int:
    """The exit status of ``process`` once it exited (killed past the patience).

    Raises:
        AssertionError: it did not exit within the patience.
    """
    limit_s = patience_s()
    try:
        return process.wait(timeout=limit_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise AssertionError(f"waited {limit_s:g} s for {process.args!r} to exit") from None
