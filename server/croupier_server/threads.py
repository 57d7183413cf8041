"""Blocking calls run in a thread and waited for to their end, even by a cancelled task.

A thread cannot be stopped. When the task awaiting :func:`asyncio.to_thread` is cancelled,
the call goes on while the task moves on: a game's result may then be stored after the
task, cancelled, has handed the game back as unplayed. :func:`to_thread_to_the_end` makes
the task wait for the call before its cancellation goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = ["to_thread_to_the_end"]

P = ParamSpec("P")
T = TypeVar("T")


async def to_thread_to_the_end(call: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``call(*args, **kwargs)`` in a thread; its result.

    If the awaiting task is cancelled meanwhile (once or more), the call is waited for to
    its end, and then the cancellation is raised; a failure of the call then goes with it
    unraised, as the task no longer waits for its result.

    >>> asyncio.run(to_thread_to_the_end(sum, [1, 2]))
    3
    """
    running = asyncio.ensure_future(asyncio.to_thread(call, *args, **kwargs))
    try:
        return await asyncio.shield(running)
    except asyncio.CancelledError:
        while not running.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait([running])
        if not running.cancelled():
            running.exception()  # retrieved: asyncio would otherwise log it as never retrieved
        raise
