"""A blocking call in a thread is waited for to its end, even by a task cancelled meanwhile."""

from __future__ import annotations

import asyncio
import threading

import pytest

from croupier_server.threads import to_thread_to_the_end


def test_a_cancelled_task_waits_for_its_call_then_is_cancelled() -> None:
    release = threading.Event()
    ended: list[str] = []

    def slow_store() -> None:
        release.wait(timeout=10)
        ended.append("stored")

    async def scenario() -> None:
        task = asyncio.ensure_future(to_thread_to_the_end(slow_store))
        await asyncio.sleep(0.05)
        task.cancel()
        await asyncio.sleep(0.05)
        task.cancel()  # twice: it still waits
        await asyncio.sleep(0.05)
        assert not task.done()
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert ended == ["stored"]

    asyncio.run(scenario())


def test_a_call_that_fails_while_cancelled_leaves_the_cancellation() -> None:
    started = threading.Event()
    release = threading.Event()

    def failing() -> None:
        started.set()
        release.wait(timeout=10)
        raise RuntimeError("the database went away")

    async def scenario() -> None:
        task = asyncio.ensure_future(to_thread_to_the_end(failing))
        await asyncio.to_thread(started.wait, 10)
        task.cancel()
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())


def test_without_a_cancellation_the_calls_result_or_failure_is_the_tasks() -> None:
    def failing() -> None:
        raise RuntimeError("refused")

    assert asyncio.run(to_thread_to_the_end(divmod, 7, 2)) == (3, 1)
    with pytest.raises(RuntimeError, match="refused"):
        asyncio.run(to_thread_to_the_end(failing))
