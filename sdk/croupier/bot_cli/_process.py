"""The author's bot as a process: started as its manifest says, its output's end kept.

Unlike the server's referee, this does not seal the bot (no namespaces, limits or users of
its own): it runs as the author, with the author's files and network.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import signal
import sys
from collections import deque
from collections.abc import Mapping
from pathlib import Path

from croupier.bot_cli._defaults import SERVER_DEFAULTS

__all__ = ["BotProcess", "StartError", "bot_argv"]

_PYTHONS = ("python", "python3")


class StartError(Exception):
    """The command cannot be started (no such program, not executable...), in one line."""


def bot_argv(command: str) -> list[str]:
    """The argument list of a manifest's ``command``; a leading ``python`` is this Python.

    >>> bot_argv("python bot.py --fast")[1:]
    ['bot.py', '--fast']
    >>> bot_argv("python bot.py")[0] == sys.executable
    True
    """
    argv = shlex.split(command)
    if argv and argv[0] in _PYTHONS:
        argv[0] = sys.executable
    return argv


class BotProcess:
    """A started bot; what it writes (standard output and error) is read as it comes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self._lines: deque[str] = deque(maxlen=SERVER_DEFAULTS.last_output_lines)
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, command: str, *, directory: Path, env: Mapping[str, str]) -> BotProcess:
        """Start ``command`` in ``directory``, with the environment ``env``.

        Raises:
            StartError: the program cannot be run.
        """
        argv = bot_argv(command)
        try:
            process = await asyncio.create_subprocess_exec(
                *argv,
                cwd=directory,
                env=dict(env),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,  # its whole process group is ended with it
            )
        except FileNotFoundError:
            raise StartError(f"cannot start {command!r}: {argv[0]} not found") from None
        except PermissionError:
            raise StartError(f"cannot start {command!r}: {argv[0]} is not executable") from None
        except OSError as error:
            raise StartError(f"cannot start {command!r}: {error.strerror}") from None
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            text = line.decode("utf-8", "replace").rstrip("\r\n")
            self._lines.append(text[-SERVER_DEFAULTS.last_line_chars :])

    @property
    def exit_code(self) -> int | None:
        """Its exit status once it has ended (negative: the signal that killed it)."""
        return self.process.returncode

    async def exited(self) -> int:
        """Wait for it to end; its exit status."""
        return await self.process.wait()

    async def last_lines(self) -> list[str]:
        """The last lines it wrote, once it has ended."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._reader), 1.0)
        return list(self._lines)

    async def stop(self, *, exit_wait: float = 0.5) -> None:
        """Let it end by itself for ``exit_wait`` s, then SIGTERM, then SIGKILL its group."""
        for sent in (None, signal.SIGTERM, signal.SIGKILL):
            if sent is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, sent)
            try:
                await asyncio.wait_for(self.process.wait(), exit_wait)
            except TimeoutError:
                continue
            break
        with contextlib.suppress(ProcessLookupError):  # what it left behind in its group
            os.killpg(self.process.pid, signal.SIGKILL)
