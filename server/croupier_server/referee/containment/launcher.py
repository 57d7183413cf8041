"""Bot processes the referee starts: confined, one process group each, ended as a whole.

Each process runs in a :class:`~croupier_server.referee.containment.sandbox.Sandbox` under its
:class:`~croupier_server.referee.containment.limits.BotLimits`, with the referee's address and its
token in its environment (``CROUPIER_ADDRESS``, ``CROUPIER_TOKEN``). Its standard output
and error are pipes the referee reads as it writes, keeping their last lines, each timed
(:class:`~croupier_server.referee.containment.output.OutputTail`); a process that plays
game after game gives each its own (:meth:`BotProcess.take_output`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import signal
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from croupier_server.errors import CroupierServerError
from croupier_server.referee.containment.limits import BotLimits
from croupier_server.referee.containment.output import READ_BYTES, Budget, OutputStream, OutputTail
from croupier_server.referee.containment.sandbox import Sandbox
from croupier_server.referee.containment.seal import FileView

__all__ = ["BotProcess", "LaunchError"]

KIB, MIB = 1024, 1024 * 1024
STDOUT, STDERR = OutputStream.STDOUT, OutputStream.STDERR
OUTPUT_DRAIN_S = 1.0
"""How long the output is still read after the bot's processes are gone: a process that
escaped them (without control groups) may hold the pipes open."""
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class LaunchError(CroupierServerError):
    """A bot's command could not be started."""


@dataclass(eq=False)
class BotProcess:
    """A started bot: its process (leader of its own process group), sandbox and output."""

    label: str
    process: asyncio.subprocess.Process
    sandbox: Sandbox
    output: OutputTail
    """The last lines it wrote; complete once :meth:`stop` returned."""
    budget: Budget
    """How much it may write in all; past it, it is ended."""
    _pipes: list[asyncio.ReadTransport]
    _readers: asyncio.Future[list[None]]
    _cpu_seen: float = 0.0
    """The CPU time of its busiest process when last read, at :attr:`_cpu_seen_at`."""
    _cpu_seen_at: float = field(default_factory=time.monotonic)

    @classmethod
    async def start(
        cls,
        label: str,
        command: str,
        *,
        env: Mapping[str, str],
        limits: BotLimits,
        seal_seat: bool = True,
        sealed_only: bool = False,
        view: FileView | None = None,
    ) -> BotProcess:
        """Start ``command`` (a shell-style command line, no shell) confined, in a new group.

        ``env`` holds what the bot needs to reach the referee; the rest of its environment
        is the sandbox's. Its seat is sealed where the machine allows it, unless
        ``seal_seat`` is false; with ``sealed_only`` or a ``view`` of the files, it is not
        started unsealed (see :meth:`Sandbox.prepare`).

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
        try:
            sandbox = Sandbox.prepare(
                argv,
                referee=env,
                limits=limits,
                seal_seat=seal_seat,
                sealed_only=sealed_only,
                view=view,
            )
        except OSError as error:
            raise LaunchError(f"{label}: cannot start {argv[0]!r}: {error}") from None
        out_read, out_write = os.pipe()
        err_read, err_write = os.pipe()
        try:
            process = await asyncio.create_subprocess_exec(
                *sandbox.argv,
                cwd=sandbox.home,
                env=sandbox.env,
                stdin=subprocess.DEVNULL,
                stdout=out_write,
                stderr=err_write,
                start_new_session=True,
                close_fds=True,
            )
        except OSError as error:
            os.close(out_read)
            os.close(err_read)
            await sandbox.release()
            raise LaunchError(f"{label}: cannot start {argv[0]!r}: {error.strerror}") from None
        finally:
            os.close(out_write)
            os.close(err_write)
        output = OutputTail(limits.output_kb * KIB)
        budget = Budget(limits.file_size_mb * MIB)
        pipes: list[asyncio.ReadTransport] = []
        readers = []
        handed = 0  # the read ends handed to _read_end, which closes them whatever happens
        try:
            for descriptor, stream in ((out_read, STDOUT), (err_read, STDERR)):
                handed += 1
                pipe, reader = await _read_end(descriptor)
                pipes.append(pipe)
                readers.append(_follow(output, reader, stream, budget, process.pid))
        except BaseException:  # a cancellation too: leave nothing running or open
            for follower in readers:  # made, never started: nothing to await
                follower.close()
            _signal_group(process.pid, signal.SIGKILL)
            await process.wait()
            for pipe in pipes:
                pipe.close()
            for descriptor in (out_read, err_read)[handed:]:
                os.close(descriptor)
            await sandbox.release()
            raise
        reading = asyncio.gather(*readers)
        reading.add_done_callback(_seen)
        return cls(label, process, sandbox, output, budget, pipes, reading)

    @property
    def exit_code(self) -> int | None:
        """The exit status, or ``None`` while it runs (negative: killed by that signal)."""
        return self.process.returncode

    async def stop(self, *, exit_wait: float = 0.5, grace: float = 1.0) -> None:
        """End the whole process group, and whatever is left in the sandbox's groups.

        The bot gets ``exit_wait`` seconds to exit by itself (its stream has ended), then
        SIGTERM, then SIGKILL ``grace`` seconds later; the group is killed in any case, the
        sandbox released (its private directory removed) and its output read to the end.
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
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._readers), OUTPUT_DRAIN_S)
        for pipe in self._pipes:
            pipe.close()
        self._readers.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._readers
        await asyncio.sleep(0)  # the pipes' transports close their files in a callback

    def take_output(self) -> OutputTail:
        """What it wrote since the last call (or since it started); its output budget renewed.

        A process that plays many games gives each the lines written since the previous
        one ended.
        """
        self.budget.renew()
        return self.output.take()

    def has_used_cpu(self, seconds: float) -> bool:
        """Whether the busiest of its processes has used ``seconds`` of CPU time yet.

        /proc is read (:meth:`most_cpu_seconds`) only when it may have: no process uses
        more CPU time than the wall clock's on every CPU since it was last read.
        """
        now = time.monotonic()
        if self._cpu_seen + (now - self._cpu_seen_at) * (os.cpu_count() or 1) < seconds:
            return False
        self._cpu_seen, self._cpu_seen_at = self.most_cpu_seconds(), now
        return self._cpu_seen >= seconds

    def most_cpu_seconds(self) -> float:
        """The CPU time used so far by the busiest of its processes, the leader's children too.

        ``RLIMIT_CPU`` counts each process alone, over its whole life. 0 once it ended, or
        where there is no /proc.
        """
        return max(map(_cpu_seconds, _process_tree(self.process.pid)), default=0.0)

    def last_output(self, lines: int = 20) -> str:
        """The last ``lines`` of what the bot wrote, one per line (its traceback, if it crashed)."""
        return "\n".join(line.text for line in self.output.last_lines(lines))


def _seen(reading: asyncio.Future[list[None]]) -> None:
    """Take note of how the readers ended, so that asyncio does not report it unseen.

    :meth:`BotProcess.stop` awaits them; but when a game is cancelled before its bots are
    stopped (a database failure ends the tournament), the readers are cancelled when the
    event loop closes, and their gathering future would be reported as an error nobody
    retrieved.
    """
    if not reading.cancelled():
        reading.exception()


async def _follow(
    output: OutputTail, reader: asyncio.StreamReader, stream: OutputStream, budget: Budget, pid: int
) -> None:
    """Keep what the bot writes to one pipe; end the bot if it writes past its budget."""
    await output.follow(reader, stream, budget=budget)
    if budget.spent:
        _signal_group(pid, signal.SIGKILL)


async def _read_end(descriptor: int) -> tuple[asyncio.ReadTransport, asyncio.StreamReader]:
    """The read end of a pipe (``descriptor``, now the transport's) as a stream.

    ``descriptor`` is closed if no transport takes it (a cancellation while it is made).
    """
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=READ_BYTES, loop=loop)
    file = open(descriptor, "rb", buffering=0)  # noqa: SIM115 (the transport closes it)
    try:
        pipe, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader, loop=loop), file
        )
    except BaseException:
        file.close()  # once only: a transport made meanwhile closes the same file object
        raise
    return pipe, reader


def _process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants, as /proc lists each thread's children."""
    tree, pending = [], [pid]
    while pending:
        parent = pending.pop()
        tree.append(parent)
        with contextlib.suppress(OSError):  # ended meanwhile
            for thread in os.listdir(f"/proc/{parent}/task"):
                with open(f"/proc/{parent}/task/{thread}/children") as children:
                    pending.extend(int(child) for child in children.read().split())
    return tree


def _cpu_seconds(pid: int) -> float:
    """The user and system CPU time of process ``pid`` (its threads together); 0 if gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS


def _signal_group(pid: int, signum: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signum)
