"""A test's bot processes, found in /proc by a tag on their command lines.

A sealed bot knows itself by the ids of its own PID namespace; the test finds its real
processes by a marker only its command line carries (``--tag`` of the scripted bot, an
argument the example bots ignore), which a fork keeps. Run as a script, this watches:

    python tests/server/referee/processes.py TAG KEEPER INTERVAL_S

prints, as one JSON line, the processes that carry TAG (:func:`tagged_processes`; KEEPER is
the path of the confinement, whose processes are keepers), then again every INTERVAL_S
seconds, until its standard input ends. Standard library only, so that it starts at once:
a watch of its own takes nothing from the referee a test runs in its process.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import select
import signal
import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["SeenProcess", "tagged_processes"]


@dataclass(frozen=True, slots=True)
class SeenProcess:
    """A process as the test sees it in /proc.

    Attributes:
        pid: Its id here.
        own_pid: Its id in its own PID namespace, as it knows itself (a sealed bot's first
            process is 1 there).
        keeper: Whether it is a sealed bot's keeper (the confinement, waiting for the bot)
            rather than one of the bot's processes.
        ignores_sigterm: Whether it ignores SIGTERM.
        open_files: Its ``RLIMIT_NOFILE``, soft and hard.
    """

    pid: int
    own_pid: int
    keeper: bool
    ignores_sigterm: bool
    open_files: tuple[int, int]

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SeenProcess:
        """The process :func:`dataclasses.asdict` gave (as JSON)."""
        return cls(**{**data, "open_files": tuple(data["open_files"])})


def tagged_processes(tag: str, keeper: str) -> dict[int, SeenProcess]:
    """The other processes running now whose command line holds ``tag``, by id.

    Zombies are not running; those whose command line holds ``keeper`` (the confinement's
    path) are keepers. Watches (this script, wherever it runs) are left out: a watch's own
    command line names the tag.
    """
    needle, keeper_path, watch = os.fsencode(tag), os.fsencode(keeper), os.fsencode(__file__)
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        with contextlib.suppress(OSError, ValueError, KeyError):  # it ended meanwhile
            with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                argv = cmdline.read().split(b"\0")
            if needle not in argv or watch in argv:
                continue
            with open(f"/proc/{name}/status") as status:
                fields = dict(line.split(":", 1) for line in status)
            if fields["State"].split()[0] in ("Z", "X"):
                continue
            with open(f"/proc/{name}/limits") as limits:
                (open_files,) = [line for line in limits if line.startswith("Max open files")]
            soft, hard = open_files.split()[3:5]
            found[int(name)] = SeenProcess(
                pid=int(name),
                own_pid=int(fields.get("NSpid", name).split()[-1]),
                keeper=keeper_path in argv,
                ignores_sigterm=bool(int(fields["SigIgn"], 16) & 1 << (signal.SIGTERM - 1)),
                open_files=(int(soft), int(hard)),
            )
    return found


def main(tag: str, keeper: str, interval_s: float) -> None:
    """Print the processes tagged ``tag`` every ``interval_s`` until standard input ends."""
    while True:
        running = [
            dataclasses.asdict(process) for process in tagged_processes(tag, keeper).values()
        ]
        print(json.dumps(running), flush=True)
        if select.select([sys.stdin], [], [], interval_s)[0]:
            return


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], float(sys.argv[3]))
