"""``croupier serve``'s dashboard, served from processes of its own beside the referee's.

A page's work (a replay download is a second of CPU) must never delay the referee, whose
clock is the bots' time bank. :func:`dashboard_processes_serving` binds the dashboard's
socket here, serves the referee's side of the :mod:`~croupier_server.referee_link`, and
starts ``count`` processes (:mod:`._dashboard_process`) that share the socket, at a lower
CPU priority (:data:`NICENESS`). They stay in ``serve``'s session: Linux's autogroup
scheduling (``/proc/sys/kernel/sched_autogroup_enabled``, on by default) shares the CPU
first between sessions, each as one, and only then by niceness within one, so a process
in a session of its own would take as much CPU as the referee and its bots together,
whatever its niceness (two busy loops at nice 10 took twice the CPU of two at nice 0 so).
Each keeps serving until its standard input ends, which it does when ``serve`` stops or
dies, so none is left behind. One that ends on its own after it served is started again,
with a line saying so; one that cannot start stops ``serve``, with its reason
(:attr:`DashboardProcesses.failed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import AsyncIterator

from croupier_server.addresses import listening_socket
from croupier_server.cli._dashboard_settings import (
    READY,
    DashboardProcessSettings,
    DashboardSettings,
)
from croupier_server.cli._output import CliError
from croupier_server.referee_link import RefereeSide, referee_link_serving
from croupier_server.web.server import dashboard_url

__all__ = [
    "NICENESS",
    "STOP_GRACE_S",
    "DashboardProcesses",
    "DashboardSettings",
    "dashboard_processes_serving",
]

NICENESS = 10
"""How much lower the dashboard's processes' CPU priority is than the referee's."""
STOP_GRACE_S = 10.0
"""How long a dashboard process may take to finish its requests once told to stop."""
MODULE = "croupier_server.cli._dashboard_process"

_LOG = logging.getLogger(__name__)


@contextlib.asynccontextmanager
async def dashboard_processes_serving(
    address: str,
    settings: DashboardSettings,
    side: RefereeSide,
    *,
    count: int,
) -> AsyncIterator[DashboardProcesses]:
    """The dashboard on ``address``, served by ``count`` processes while the block runs.

    They serve the dashboard ``settings`` ask for, and may ask ``side`` of this process;
    one started again is logged.

    Raises:
        CliError: the address cannot be listened on, or a process did not start.
    """
    try:
        listening = listening_socket(address)
    except (OSError, ValueError) as error:
        raise CliError(f"cannot serve the dashboard on {address}: {error}") from None
    with listening:
        async with referee_link_serving(side) as link:
            given = DashboardProcessSettings(
                dashboard=settings, listening_fd=listening.fileno(), link=link, niceness=NICENESS
            )
            url = dashboard_url(listening)
            processes = DashboardProcesses(given, url=url, count=count)
            try:
                await processes.start()
                yield processes
            finally:
                await processes.stop()


class DashboardProcesses:
    """The dashboard's processes, each started again if it ends while ``serve`` runs."""

    def __init__(
        self,
        settings: DashboardProcessSettings,
        *,
        url: str,
        count: int,
    ) -> None:
        self.url = url
        """The address to open in a browser."""
        self._line = settings.model_dump_json().encode() + b"\n"
        self._fd = settings.listening_fd
        self._count = count
        self._running: dict[int, asyncio.subprocess.Process] = {}
        self._watchers: set[asyncio.Task[None]] = set()
        self.failed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        """Fails with a :class:`CliError` when a process ended and another could not start."""

    @property
    def pids(self) -> list[int]:
        """The processes' ids."""
        return [process.pid for process in self._running.values()]

    async def start(self) -> None:
        """Start every process and wait until each serves.

        Raises:
            CliError: one did not start (its own line, on the standard error, says why).
        """
        for slot in range(self._count):
            await self._start(slot)

    async def stop(self) -> None:
        """End every process: its input closed, then killed if it lingers."""
        for watcher in self._watchers:
            watcher.cancel()
        await asyncio.gather(*self._watchers, return_exceptions=True)
        await asyncio.gather(*(_end(process) for process in self._running.values()))
        self._running.clear()

    async def _start(self, slot: int) -> None:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            MODULE,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            pass_fds=(self._fd,),
            # Ctrl-C is serve's (it stops them in order): a process group of its own keeps
            # the terminal's SIGINT away. Not a session of its own: where the kernel groups
            # CPU time by session (autogroup), that would void NICENESS (see the module).
            process_group=0,
        )
        self._running[slot] = process
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write(self._line)
        with contextlib.suppress(ConnectionError):
            await process.stdin.drain()
        if await process.stdout.readline() != READY:
            status = await process.wait()
            del self._running[slot]
            raise CliError(f"the dashboard's process did not start ({_ended(status)})")
        watcher = asyncio.create_task(self._watch(slot, process))
        self._watchers.add(watcher)
        watcher.add_done_callback(self._watchers.discard)

    async def _watch(self, slot: int, process: asyncio.subprocess.Process) -> None:
        status = await process.wait()
        try:
            await self._start(slot)
        except CliError as error:
            if not self.failed.done():
                self.failed.set_exception(error)
            return
        _LOG.warning(
            "the dashboard's process %d ended (%s): another serves in its place",
            process.pid,
            _ended(status),
        )


async def _end(process: asyncio.subprocess.Process) -> None:
    """End ``process``: its input closed, and killed if it has not ended in time."""
    assert process.stdin is not None
    process.stdin.close()
    try:
        await asyncio.wait_for(process.wait(), STOP_GRACE_S)
    except TimeoutError:
        process.kill()
        await process.wait()


def _ended(status: int) -> str:
    if status < 0:
        return f"signal {signal.Signals(-status).name}"
    return f"exit status {status}"
