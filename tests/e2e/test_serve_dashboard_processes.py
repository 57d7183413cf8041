"""``croupier serve`` serves its dashboard from processes of its own, and keeps none behind.

A real ``croupier serve --http-processes 2``: its two dashboard processes run at a lower CPU
priority than serve itself (and in its autogroup), one killed is started again
(serve says so in a line) while the dashboard keeps answering, and none is left once serve
ends, whether it stops on SIGTERM or is killed outright.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from tests import waiting
from tests.e2e.test_remote import Processes
from tests.e2e.test_serve_admin import Serving, serve
from tests.logged import message_of
from tests.waiting import DrainedProcess, next_line, patience_s

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

MODULE = "croupier_server.cli._dashboard_process"


def dashboard_processes(serve_pid: int) -> list[int]:
    """The ids of the dashboard processes ``serve_pid`` started, running now."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue  # it ended while it was read
        if parent == serve_pid and MODULE.encode() in command:
            found.append(int(entry.name))
    return sorted(found)


def niceness(pid: int) -> int:
    """The nice value of process ``pid``."""
    return int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[16])


def answers(url: str) -> int:
    """The status of the dashboard's games list."""
    with urllib.request.urlopen(f"{url}/api/games", timeout=patience_s()) as answer:
        status: int = answer.status
        return status


def exits(pids: list[int]) -> Callable[[], list[int]]:
    """Watch ``pids`` end: call the result to wait (on their pidfds) for those still running.

    It gives those that have not ended in 60 s (a safety net for the test, not a limit
    the server must meet: each ends as soon as its input does).
    """
    watched = {}
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            watched[pid] = os.pidfd_open(pid)

    def wait() -> list[int]:
        running = []
        for pid, descriptor in watched.items():
            readable, _, _ = select.select([descriptor], [], [], 60)
            if not readable:
                running.append(pid)
            os.close(descriptor)
        return running

    return wait


def serving_two(processes: Processes, database: str) -> tuple[Serving, list[int]]:
    """A serve with two dashboard processes, once it has shown its address; their ids."""
    serving = serve(processes, database, "--http-processes", "2")
    next_line(serving.process)  # the admin token, made up
    pids = dashboard_processes(serving.process.pid)
    assert len(pids) == 2, pids
    return serving, pids


def test_the_dashboard_runs_in_nicer_processes_started_again_when_they_die(
    processes: Processes, checked_database: str
) -> None:
    serving, pids = serving_two(processes, checked_database)
    assert answers(serving.url) == 200
    assert all(niceness(pid) > niceness(serving.process.pid) for pid in pids)
    # In a session of their own, the kernel's autogroup scheduling (where it is on) would
    # share the CPU between them and the referee and its bots as equals, whatever their
    # niceness.
    assert all(os.getsid(pid) == os.getsid(serving.process.pid) for pid in pids)
    os.kill(pids[0], signal.SIGKILL)
    assert isinstance(serving.process, DrainedProcess)
    said = serving.process.next_said()  # a line of its log
    assert message_of(said.rstrip("\n")) == (
        f"the dashboard's process {pids[0]} ended (signal SIGKILL): another serves in its place"
    )
    again = dashboard_processes(serving.process.pid)
    assert len(again) == 2
    assert pids[0] not in again
    assert answers(serving.url) == 200
    ended = exits(again)
    serving.process.send_signal(signal.SIGTERM)
    waiting.ended(serving.process)
    assert ended() == []


def test_no_dashboard_process_outlives_a_killed_serve(
    processes: Processes, checked_database: str
) -> None:
    serving, pids = serving_two(processes, checked_database)
    ended = exits(pids)
    serving.process.kill()
    waiting.exit_status(serving.process)
    # Their input ends with serve: they finish their requests and stop.
    assert ended() == []
