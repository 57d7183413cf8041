"""The real dashboard in a process of its own: ``croupier dashboard`` on a loopback port."""

from __future__ import annotations

import contextlib
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

CROUPIER = Path(sys.executable).with_name("croupier")
"""The command line of this environment (installed next to its Python)."""

START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0
ADDRESS_PREFIX = "dashboard: "


@contextlib.contextmanager
def serving_dashboard(database_url: str, log_path: Path) -> Iterator[str]:
    """Serve the dashboard over ``database_url`` while the block runs; yield its base URL.

    The URL ends without a slash (``http://127.0.0.1:PORT``), so paths join as ``url + "/x"``.
    The server's error output goes to ``log_path``, quoted if it fails to start.
    """
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [str(CROUPIER), "dashboard", "--http", "127.0.0.1:0", "--db", database_url],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
        try:
            assert process.stdout is not None
            yield _announced_url(process, process.stdout, log_path)
        finally:
            _stop(process)


def _announced_url(process: subprocess.Popen[str], stdout: IO[str], log_path: Path) -> str:
    """The address the server prints once it listens (the ``dashboard: URL ...`` line)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    with selectors.DefaultSelector() as selector:
        selector.register(stdout, selectors.EVENT_READ)
        while (left := deadline - time.monotonic()) > 0 and selector.select(left):
            line = stdout.readline()
            if not line:
                break
            if line.startswith(ADDRESS_PREFIX):
                return line.removeprefix(ADDRESS_PREFIX).split()[0].rstrip("/")
    status = process.poll()
    raise RuntimeError(
        f"croupier dashboard did not announce its address (exit status {status}):\n"
        + log_path.read_text()
    )


def _stop(process: subprocess.Popen[str]) -> None:
    """Ctrl-C, as a person stops it; killed if it does not stop in time."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process.stdout is not None:
        process.stdout.close()
