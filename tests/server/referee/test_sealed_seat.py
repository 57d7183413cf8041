"""A sealed seat (docs/referee.md, "Sealed seats"): what the bot is, sees, and leaves behind.

Real bot processes started by the referee's launcher, with no game: each runs a probe that
prints what it finds as one JSON line, read from its output.
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path
from typing import Any

import pytest

from croupier_server.referee.containment import seal
from croupier_server.referee.containment.launcher import BotProcess
from croupier_server.referee.containment.limits import DEFAULT_LIMITS
from tests.server.referee.harness import is_running
from tests.waiting import patience_s, wait_for

pytestmark = pytest.mark.usefixtures("sealed_seats")

PROBE = textwrap.dedent(
    """
    import json, os, socket, sys
    def writes(path):
        try:
            with open(os.path.join(path, "probe-" + sys.argv[1]), "w") as file:
                file.write(sys.argv[1])
            return "yes"
        except OSError as error:
            return error.strerror
    status = dict(line.split(":", 1) for line in open("/proc/self/status"))
    entries = os.listdir(".")
    seen = {}
    for place in ("/tmp", "/var/tmp", "/dev/shm"):
        seen[place] = sorted(name for name in os.listdir(place) if name.startswith("probe-"))
    report = {
        "uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(),
        "capabilities": status["CapEff"].strip(), "pid": os.getpid(),
        "processes": sorted(int(name) for name in os.listdir("/proc") if name.isdigit()),
        "host": socket.gethostname(), "seen": seen,
        "writes": {place: writes(place) for place in
                   ("/tmp", "/var/tmp", "/dev/shm", os.getcwd(), "/etc", "/usr", "/")},
        "sys": os.listdir("/sys"), "run": os.listdir("/run"),
        "home": os.getcwd(), "home_entries": entries,
    }
    print(json.dumps(report), flush=True)
    """
)
"""Says who it is and what it sees; leaves a file named after its argument where it can."""


def probe_command(tag: str) -> str:
    return shlex.join([sys.executable, "-c", PROBE, tag])


async def probe(tag: str) -> dict[str, Any]:
    """Start the probe sealed, let it end, and read its report."""
    process = await BotProcess.start(
        f"probe {tag}", probe_command(tag), env={}, limits=DEFAULT_LIMITS
    )
    assert process.sandbox.sealed
    await asyncio.wait_for(process.process.wait(), 30)
    await process.stop()
    lines = [line.text for line in process.output.lines]
    assert process.exit_code == 0, "\n".join(lines)
    report: dict[str, Any] = json.loads(lines[-1])
    return report


def test_a_sealed_bot_is_alone_unprivileged_and_writes_only_its_own() -> None:
    report = asyncio.run(probe("first"))
    assert report["pid"] == 1
    assert report["processes"] == [1]
    assert report["host"] == seal.HOSTNAME
    assert report["capabilities"] == "0000000000000000"
    if os.geteuid() == 0:
        assert report["uid"] == report["gid"] >= seal.BOT_UID_BASE
        assert report["groups"] == []
    else:
        assert report["uid"] == os.geteuid()
    assert report["sys"] == []
    assert report["run"] == []
    assert report["home_entries"] == []
    writable = {place for place, outcome in report["writes"].items() if outcome == "yes"}
    assert writable == {"/tmp", "/var/tmp", "/dev/shm", report["home"]}
    assert report["writes"]["/etc"] == os.strerror(30)  # EROFS: every other mount


def test_a_sealed_bot_finds_nothing_another_left_and_leaves_nothing() -> None:
    async def both() -> list[dict[str, Any]]:
        first = await probe("earlier")
        together = await asyncio.gather(probe("one"), probe("two"))
        return [first, *together]

    reports = asyncio.run(both())
    for report in reports:
        assert report["seen"] == {"/tmp": [], "/var/tmp": [], "/dev/shm": []}
    for place in ("/tmp", "/var/tmp", "/dev/shm"):
        assert not [name for name in os.listdir(place) if name.startswith("probe-")]
    homes = {report["home"] for report in reports}
    assert len(homes) == 3
    assert not any(os.path.exists(home) for home in homes)


REFEREE = textwrap.dedent(
    """
    import asyncio, sys
    from croupier_server.referee.containment.launcher import BotProcess
    from croupier_server.referee.containment.limits import DEFAULT_LIMITS
    async def main():
        await BotProcess.start("stubborn", sys.argv[1], env={}, limits=DEFAULT_LIMITS)
        print("started", flush=True)
        await asyncio.sleep(60)
    asyncio.run(main())
    """
)
"""A referee that starts one bot, then waits to be killed."""
STUBBORN = textwrap.dedent(
    """
    import os, sys, time
    for _ in range(3):
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                time.sleep(float(sys.argv[2]))
            os._exit(0)
    time.sleep(float(sys.argv[2]))
    """
)
"""Leaves three grandchildren in sessions of their own, then waits."""


def processes_tagged(tag: str) -> list[int]:
    """The processes of this machine whose command line holds ``tag``."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if tag.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return [pid for pid in found if is_running(pid)]


def test_every_process_of_a_sealed_bot_dies_with_a_referee_killed_by_sigkill() -> None:
    tag = f"stubborn-{uuid.uuid4().hex}"
    # They outlive the test's wait for their end: ended, they were killed.
    bot = shlex.join([sys.executable, "-c", STUBBORN, tag, str(patience_s() + 60)])
    referee = subprocess.Popen(
        [sys.executable, "-c", REFEREE, bot], stdout=subprocess.PIPE, text=True
    )
    try:
        assert referee.stdout is not None
        assert referee.stdout.readline() == "started\n"
        # the keeper, the bot, three grandchildren
        wait_for(lambda: len(processes_tagged(tag)) >= 1 + 3 + 1, "the bot's five processes")
    finally:
        referee.send_signal(signal.SIGKILL)
        referee.wait()
        if referee.stdout is not None:
            referee.stdout.close()
    wait_for(lambda: processes_tagged(tag) == [], "every process of the bot to die")


def test_a_sealed_bot_reaches_the_referees_socket_and_nothing_else() -> None:
    directory = Path(os.path.realpath(os.path.join("/tmp", f"croupier-test-{uuid.uuid4().hex}")))
    directory.mkdir()
    try:
        listening = socket.socket(socket.AF_UNIX)
        listening.bind(str(directory / "other.sock"))
        listening.listen()
        program = textwrap.dedent(
            """
            import socket, sys
            for path in sys.argv[1:]:
                client = socket.socket(socket.AF_UNIX)
                try:
                    client.connect(path)
                    print(path, "connected")
                except OSError as error:
                    print(path, error.strerror)
            """
        )
        referee = directory / "referee.sock"
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(referee))
        server.listen()
        os.chmod(referee, 0o666)
        command = shlex.join(
            [sys.executable, "-c", program, str(referee), str(directory / "other.sock")]
        )

        async def run() -> list[str]:
            process = await BotProcess.start(
                "sockets",
                command,
                env={"CROUPIER_ADDRESS": f"unix:{referee}"},
                limits=DEFAULT_LIMITS,
            )
            await asyncio.wait_for(process.process.wait(), 30)
            await process.stop()
            return [line.text for line in process.output.lines]

        lines = asyncio.run(run())
        assert lines[0] == f"{referee} connected"
        assert not lines[1].endswith("connected")
        server.close()
        listening.close()
    finally:
        for entry in directory.iterdir():
            entry.unlink()
        directory.rmdir()
