"""The confinement of a referee that does not run as root, where control groups are not its
to make: RLIMIT_NPROC holds a fork bomb, the network is cut inside a user namespace, and the
seat is sealed there (namespaces of its own, its own temp directories, no capability).

The tests drop from root to ``nobody`` (with ``setpriv``) to run the confinement as such a
referee would, with the system's Python (nobody may not reach this one); they are skipped
where they cannot.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier_server.referee.containment import confinement, seal
from croupier_server.referee.containment.sandbox import BOT_FILE_PREFIX
from tests.waiting import ended, patience_s

NOBODY = 65534
ALLOWED_TASKS = 16
SETPRIV = shutil.which("setpriv")
SYSTEM_PYTHON = shutil.which("python3", path="/usr/bin:/bin")

pytestmark = [
    pytest.mark.skipif(
        os.geteuid() != 0 or SETPRIV is None or SYSTEM_PYTHON is None,
        reason="needs root, setpriv and the system's python3 to become nobody",
    ),
]

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


@pytest.fixture
def nobody() -> list[str]:
    """The command prefix that runs a command as nobody, once nobody may cut its network."""
    nobody = [SETPRIV or "", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    probe = subprocess.run(
        [*nobody, SYSTEM_PYTHON or "", "-I", "-S", confinement.ENTRY, "--probe-network"],
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip("nobody cannot run the confinement, or make a user namespace here")
    return nobody


def test_a_user_other_than_root_is_held_by_rlimit_nproc_and_loses_the_network(
    nobody: list[str],
) -> None:
    python = SYSTEM_PYTHON or ""
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
            out, _ = ended(bot)
        finally:
            os.killpg(bot.pid, signal.SIGKILL)  # the children that sleep
    forks, tcp = out.split(maxsplit=1)
    assert 0 < int(forks) < ALLOWED_TASKS
    assert tcp.strip() == "Network is unreachable"


SEALED_PROBE = textwrap.dedent(
    """
    import json, os, socket, sys
    with open("/proc/self/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    with open("/tmp/written-by-the-bot", "w") as file:
        file.write("mine")
    with open(os.path.join(os.getcwd(), "also-mine"), "w") as file:
        file.write("mine")
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5).close()
        tcp = "connected"
    except OSError as error:
        tcp = error.strerror
    print(json.dumps({
        "pid": os.getpid(),
        "uid": os.getuid(),
        "hostname": socket.gethostname(),
        "cwd": os.getcwd(),
        "tmp": sorted(os.listdir("/tmp")),
        "cwd_entries": sorted(os.listdir(".")),
        "capabilities": fields["CapEff"].strip(),
        "tcp": tcp,
    }))
    """
)
"""Notes what a sealed bot sees of itself, after writing in /tmp and its directory."""


@pytest.fixture
def left_in_tmp() -> Iterator[Path]:
    """A file of the referee's user in the temp directory, as another bot could leave one."""
    path = Path(tempfile.gettempdir(), f"croupier-test-{secrets.token_hex(8)}")
    path.write_text("the referee's")
    path.chmod(0o644)
    yield path
    path.unlink()


def sealed_spec(home: str, python: str) -> dict[str, Any]:
    """The confinement's spec of a sealed seat of a referee that is not root (as ``Sandbox``)."""
    return {
        "cgroups": [],
        "rlimits": {},
        "cut_network": True,
        "files": None,
        "seal": {
            "uid_base": None,
            "hostname": seal.HOSTNAME,
            "home": home,
            "mounts": seal.mount_plan(
                home=home, shown=[python], scratch_bytes=16 * 1024 * 1024, as_root=False
            ),
        },
    }


def test_a_referee_that_is_not_root_seals_a_seat_in_a_user_namespace(
    nobody: list[str], left_in_tmp: Path
) -> None:
    python = SYSTEM_PYTHON or ""
    # The bot's private directory exists in its own /tmp only: nobody may not make one here.
    home = os.path.join(tempfile.gettempdir(), f"{BOT_FILE_PREFIX}{secrets.token_hex(8)}")
    spec = json.dumps(sealed_spec(home, python))
    confined = [python, "-I", "-S", confinement.ENTRY, spec, "--"]
    with socket.create_server(("127.0.0.1", 0)) as listening:
        port = str(listening.getsockname()[1])
        bot = subprocess.run(
            [*nobody, *confined, python, "-I", "-S", "-c", SEALED_PROBE, port],
            cwd="/",
            capture_output=True,
            text=True,
            timeout=patience_s(),
            check=False,
        )
    assert bot.returncode == 0, bot.stderr
    seen = json.loads(bot.stdout)
    assert seen["pid"] == 1  # the first process of a PID namespace of its own
    assert seen["uid"] == NOBODY
    assert seen["hostname"] == seal.HOSTNAME
    # Its own /tmp: nothing of the referee's there, only its private directory, where it
    # is; it wrote in both, and nothing of that is left here.
    assert seen["cwd"] == home
    assert seen["tmp"] == sorted([os.path.basename(home), "written-by-the-bot"])
    assert left_in_tmp.name not in seen["tmp"]
    assert seen["cwd_entries"] == ["also-mine"]
    assert not Path(home).exists()
    assert not Path(tempfile.gettempdir(), "written-by-the-bot").exists()
    assert int(seen["capabilities"], 16) == 0
    assert seen["tcp"] == "Network is unreachable"
