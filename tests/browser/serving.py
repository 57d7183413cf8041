"""The real dashboard in a process of its own: ``croupier dashboard`` on a loopback port."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.waiting import next_line

CROUPIER = Path(sys.executable).with_name("croupier")
"""The command line of this environment (installed next to its Python)."""

STOP_TIMEOUT_S = 10.0
ADDRESS_PREFIX = "dashboard: "
BROWSING_BUDGET = ("--http-page-budget", "100000")
"""Every browser test's pages come from one address: no client budget may cut them short."""


@contextlib.contextmanager
def serving_dashboard(database_url: str, log_path: Path) -> Iterator[str]:
    """Serve the dashboard over ``database_url`` while the block runs; yield its base URL.

    The URL ends without a slash (``http://127.0.0.1:PORT``), so paths join as ``url + "/x"``.
    The server's error output goes to ``log_path``, quoted if it fails to start.
    """
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                CROUPIER,
                "dashboard",
                "--http",
                "127.0.0.1:0",
                "--db",
                database_url,
                *BROWSING_BUDGET,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
        try:
            yield _announced_url(process, log_path)
        finally:
            _stop(process)


def _announced_url(process: subprocess.Popen[str], log_path: Path) -> str:
    """The address the server prints once it listens (the ``dashboard: URL ...`` line)."""
    while line := next_line(process):
        if line.startswith(ADDRESS_PREFIX):
            return line.removeprefix(ADDRESS_PREFIX).split()[0].rstrip("/")
    status = process.wait()
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
