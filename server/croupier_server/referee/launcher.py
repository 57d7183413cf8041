"""Bot processes the referee starts: confined, one process group each, ended as a whole.

Each process runs in a :class:`~croupier_server.referee.sandbox.Sandbox` under its
:class:`~croupier_server.referee.limits.BotLimits`, with the referee's address and its
token in its environment (``CROUPIER_ADDRESS``, ``CROUPIER_TOKEN``), and writes its output
to a log file that keeps at most a bounded tail.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import signal
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from croupier_server.referee.limits import BotLimits
from croupier_server.referee.sandbox import BOT_FILE_PREFIX, Sandbox

__all__ = ["BotProcess", "LaunchError"]

LOG_LIMIT_BYTES = 64 * 1024
"""How much of a bot's output is kept: its last bytes (tracebacks are at the end)."""


class LaunchError(Exception):
    """A bot's command could not be started."""


@dataclass(eq=False)
class BotProcess:
    """A started bot: its process (leader of its own process group), sandbox and output log."""

    label: str
    process: asyncio.subprocess.Process
    sandbox: Sandbox
    log_path: Path

    @classmethod
    async def start(
        cls, label: str, command: str, *, env: Mapping[str, str], limits: BotLimits
    ) -> BotProcess:
        """Start ``command`` (a shell-style command line, no shell) confined, in a new group.

        ``env`` holds what the bot needs to reach the referee; the rest of its environment
        is the sandbox's.

        Raises:
            LaunchError: the command is empty, not found or not executable, or the sandbox
                cannot be made.
        """
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise LaunchError(f"{label}: cannot parse the command {command!r}: {error}") from None
        if not argv:
            raise LaunchError(f"{label}: the command is empty")
        log_fd, log_name = tempfile.mkstemp(prefix=BOT_FILE_PREFIX, suffix=".log")
        try:
            sandbox = Sandbox.prepare(argv, referee=env, limits=limits, output=Path(log_name))
        except OSError as error:
            os.close(log_fd)
            os.unlink(log_name)
            raise LaunchError(f"{label}: cannot start {argv[0]!r}: {error}") from None
        try:
            process = await asyncio.create_subprocess_exec(
                *sandbox.argv,
                cwd=sandbox.home,
                env=sandbox.env,
                stdin=subprocess.DEVNULL,
                stdout=log_fd,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                close_fds=True,
            )
        except OSError as error:
            os.unlink(log_name)
            await sandbox.release()
            raise LaunchError(f"{label}: cannot start {argv[0]!r}: {error.strerror}") from None
        finally:
            os.close(log_fd)
        return cls(label, process, sandbox, Path(log_name))

    @property
    def exit_code(self) -> int | None:
        """The exit status, or ``None`` while it runs (negative: killed by that signal)."""
        return self.process.returncode

    async def stop(self, *, exit_wait: float = 0.5, grace: float = 1.0) -> None:
        """End the whole process group, and whatever is left in the sandbox's groups.

        The bot gets ``exit_wait`` seconds to exit by itself (its stream has ended), then
        SIGTERM, then SIGKILL ``grace`` seconds later; the group is killed in any case, and
        the sandbox released (its private directory removed).
        """
        pid = self.process.pid
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.process.wait()), exit_wait)
        if self.process.returncode is None:
            _signal_group(pid, signal.SIGTERM)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.process.wait(), grace)
        # Children may outlive the leader: the group is killed whatever the leader did.
        _signal_group(pid, signal.SIGKILL)
        if self.process.returncode is None:
            await self.process.wait()
        await self.sandbox.release()

    def output_tail(self) -> str:
        """The last part of what the bot wrote to stdout and stderr."""
        try:
            with self.log_path.open("rb") as log:
                log.seek(0, os.SEEK_END)
                size = log.tell()
                log.seek(max(0, size - LOG_LIMIT_BYTES))
                return log.read().decode(errors="replace")
        except OSError:
            return ""

    def discard_log(self) -> None:
        """Delete the output log."""
        self.log_path.unlink(missing_ok=True)


def _signal_group(pid: int, signum: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signum)
