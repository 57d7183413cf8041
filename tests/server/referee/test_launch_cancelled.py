"""A bot's launch cancelled while its output pipes are being opened leaves nothing behind.

The cancellation is made to arrive exactly there: the second pipe's opening raises it, after
the first pipe's follower was made. The bot's process must be gone, no pipe left open, and no
follower left unawaited (an unawaited coroutine is a warning, which the suite makes an error).
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import warnings
from typing import Any

import pytest

from croupier_server.referee.containment import launcher
from croupier_server.referee.containment.launcher import BotProcess
from croupier_server.referee.containment.limits import DEFAULT_LIMITS
from tests.server.referee.harness import is_running

SLEEPER = f"{sys.executable} -c 'import time; time.sleep(600)'"


def open_descriptors() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


def test_a_launch_cancelled_between_its_pipes_ends_the_bot_and_awaits_nothing_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[int] = []
    started: list[int] = []
    real_read_end = launcher._read_end
    real_exec = asyncio.create_subprocess_exec

    async def read_end_then_cancelled(descriptor: int) -> Any:
        if opened:
            os.close(descriptor)  # as the real one does when no transport takes it
            raise asyncio.CancelledError
        opened.append(descriptor)
        return await real_read_end(descriptor)

    async def exec_noting_pid(*args: Any, **kwargs: Any) -> Any:
        process = await real_exec(*args, **kwargs)
        started.append(process.pid)
        return process

    monkeypatch.setattr(launcher, "_read_end", read_end_then_cancelled)
    monkeypatch.setattr(asyncio, "create_subprocess_exec", exec_noting_pid)

    async def launch() -> None:
        await BotProcess.start("sleeper", SLEEPER, env={}, limits=DEFAULT_LIMITS, seal_seat=False)

    before = open_descriptors()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(asyncio.CancelledError):
            asyncio.run(launch())
        gc.collect()
    assert [str(w.message) for w in caught if "never awaited" in str(w.message)] == []
    [pid] = started
    assert not is_running(pid)
    assert open_descriptors() <= before
