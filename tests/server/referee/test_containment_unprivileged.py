"""The confinement of a referee that does not run as root, where control groups are not its
to make: RLIMIT_NPROC holds a fork bomb, and the network is cut inside a user namespace.

The test drops from root to ``nobody`` (with ``setpriv``) to run the confinement as such a
referee would, with the system's Python (nobody may not reach this one); it is skipped where
it cannot.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import textwrap
from pathlib import Path

import pytest

from croupier_server.referee import confinement

pytestmark = pytest.mark.timeout(30)

NOBODY = 65534
ALLOWED_TASKS = 16
SETPRIV = shutil.which("setpriv")
SYSTEM_PYTHON = shutil.which("python3", path="/usr/bin:/bin")

PROBE = textwrap.dedent(
    """
    import os, socket, sys, time
    forks = 0
    try:
        while forks < 256:
            if os.fork() == 0:
                os.close(1)  # the output ends with the first process's
                time.sleep(30)
                os._exit(0)
            forks += 1
    except OSError:
        pass
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5).close()
        tcp = "connected"
    except OSError as error:
        tcp = error.strerror
    print(forks, tcp)
    """
)
"""Forks until refused, then connects to a TCP port; prints both outcomes."""


def tasks_of(uid: int) -> int:
    """How many processes and threads user ``uid`` runs now."""
    tasks = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        with contextlib.suppress(OSError):
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines())
            if int(fields["Uid"].split()[0]) == uid:
                tasks += int(fields["Threads"])
    return tasks


@pytest.mark.skipif(
    os.geteuid() != 0 or SETPRIV is None or SYSTEM_PYTHON is None,
    reason="needs root, setpriv and the system's python3 to become nobody",
)
def test_a_user_other_than_root_is_held_by_rlimit_nproc_and_loses_the_network() -> None:
    python = SYSTEM_PYTHON or ""
    nobody = [SETPRIV or "", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    probe = subprocess.run(
        [*nobody, python, "-I", "-S", confinement.ENTRY, "--probe-network"], check=False
    )
    if probe.returncode != 0:
        pytest.skip("nobody cannot run the confinement, or make a user namespace here")
    # The kernel counts every task of the user, as the referee does (Sandbox): a limit
    # above what nobody runs already.
    limits = [tasks_of(NOBODY) + ALLOWED_TASKS] * 2
    spec = {"cgroups": [], "rlimits": {"RLIMIT_NPROC": limits}, "cut_network": True}
    confined = [python, "-I", "-S", confinement.ENTRY, json.dumps(spec), "--"]
    with socket.create_server(("127.0.0.1", 0)) as listening:
        port = str(listening.getsockname()[1])
        bot = subprocess.Popen(
            [*nobody, *confined, python, "-c", PROBE, port],
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            out, _ = bot.communicate(timeout=20)
        finally:
            os.killpg(bot.pid, signal.SIGKILL)  # the children that sleep
    forks, tcp = out.split(maxsplit=1)
    assert 0 < int(forks) < ALLOWED_TASKS
    assert tcp.strip() == "Network is unreachable"
