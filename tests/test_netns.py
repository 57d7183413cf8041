"""The separate hosts of :mod:`tests.netns`: what a process in one can reach, and a pulled cable.

Each test makes hosts of its own; a process in a host queries the PostgreSQL of the root
namespace (``$CROUPIER_TEST_POSTGRES_URL``'s server must be on 127.0.0.1:5432 for the relay)
with psycopg, in the project's Python.
"""

from __future__ import annotations

import ipaddress
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import sqlalchemy as sa

from tests import netns
from tests.server import conftest as server_fixtures
from tests.waiting import ended, patience_s, wait_for

postgres_database_url = server_fixtures.postgres_database_url

QUERIER = """
import sys, time
import psycopg
started = time.monotonic()
try:
    connection = psycopg.connect(sys.argv[1], connect_timeout=int(sys.argv[2]))
except psycopg.OperationalError as error:
    sys.exit(f"after {time.monotonic() - started:.1f} s: {error}")
with connection:
    print("connected", flush=True)
    for line in sys.stdin:
        print(connection.execute(line).fetchone()[0], flush=True)
"""
"""Connects to the database at argv[1], says so, then runs each line of stdin as a query
and prints the first column of its first row. A connection refused says after how long
(as it measured it: its own start is no part of it)."""
AFTER = re.compile(r"after (\d+\.\d) s: ")


LOOK_AROUND = """
import os, socket
print(sorted(os.listdir("/sys/fs/cgroup")))
print(sorted(name for _, name in socket.if_nameindex()))
"""
"""Prints what the cgroup file system holds, then the network interfaces."""


class Querier:
    """A :data:`QUERIER` started in a host, with its output read line by line."""

    def __init__(self, host: netns.Host, url: str, *, connect_timeout_s: int = 5) -> None:
        conninfo = url.replace("postgresql+psycopg://", "postgresql://")
        self.process = host.run(
            [sys.executable, "-c", QUERIER, conninfo, str(connect_timeout_s)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout or ():
            self._lines.put(line.strip())
        self._lines.put(None)

    def line(self, timeout_s: float | None = None) -> str | None:
        """The next line printed within ``timeout_s`` (by default the run's patience); None
        at the end of the output.

        Raises:
            queue.Empty: no line within ``timeout_s``.
        """
        return self._lines.get(timeout=patience_s() if timeout_s is None else timeout_s)

    def ask(self, query: str) -> None:
        """Send ``query``, to be run on the open connection."""
        assert self.process.stdin is not None
        self.process.stdin.write(query + "\n")
        self.process.stdin.flush()

    def finish(self) -> tuple[int, str]:
        """Close stdin and wait: the exit status and what was printed to stderr."""
        _, errors = ended(self.process)
        return self.process.returncode, errors


def one_query(host: netns.Host, url: str, query: str, *, connect_timeout_s: int = 2) -> str:
    """Run ``query`` on a connection of its own from ``host``: its result, or the error."""
    querier = Querier(host, url, connect_timeout_s=connect_timeout_s)
    if querier.line() != "connected":
        _, errors = querier.finish()
        return f"error: {errors.strip()}"
    querier.ask(query)
    result = querier.line()
    assert querier.finish() == (0, "")
    return str(result)


@pytest.fixture
def machines() -> Iterator[list[netns.Host]]:
    """Two hosts, skipped where none can be made."""
    netns.require()
    with netns.hosts(2) as made:
        yield made


@pytest.fixture
def relay(machines: list[netns.Host], postgres_database_url: str) -> Iterator[netns.DatabaseRelay]:
    """A relay to PostgreSQL for both hosts (skipped without PostgreSQL)."""
    with netns.DatabaseRelay(machines) as relay:
        yield relay


@pytest.fixture
def database(postgres_database_url: str) -> str:
    """The name of the test session's throwaway database."""
    return str(sa.make_url(postgres_database_url).database)


def test_each_host_has_a_subnet_of_its_own(machines: list[netns.Host]) -> None:
    subnets = [ipaddress.IPv4Interface(f"{host.address}/30").network for host in machines]
    assert subnets[0] != subnets[1]
    for host, subnet in zip(machines, subnets, strict=True):
        assert subnet.subnet_of(netns.NETWORK)
        assert {host.address, host.root_address} == {str(a) for a in subnet.hosts()}
    assert len({host.name for host in machines}) == 2


def test_a_host_shares_the_machine_s_file_systems_but_not_its_network(
    machines: list[netns.Host],
) -> None:
    inside = (
        machines[0]
        .run([sys.executable, "-c", LOOK_AROUND], stdout=subprocess.PIPE, text=True)
        .communicate(timeout=patience_s())[0]
    )
    cgroups, interfaces = inside.splitlines()
    assert cgroups == str(sorted(os.listdir("/sys/fs/cgroup")))  # the bots' limits need them
    assert interfaces == str(sorted(["lo", machines[0].host_interface]))


def test_a_host_reaches_postgresql_through_the_relay(
    machines: list[netns.Host], relay: netns.DatabaseRelay, database: str
) -> None:
    for host in machines:
        url = relay.url_for(host, database)
        assert one_query(host, url, "SELECT inet_client_addr()") == "127.0.0.1"


def test_a_host_reaches_neither_the_root_loopback_nor_another_host(
    machines: list[netns.Host], relay: netns.DatabaseRelay, database: str
) -> None:
    first, second = machines
    loopback = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
    assert "Connection refused" in one_query(first, loopback, "SELECT 1")
    other = relay.url_for(second, database)
    assert "Network is unreachable" in one_query(first, other, "SELECT 1")


def test_a_cut_stalls_the_host_until_it_is_reconnected(
    machines: list[netns.Host], relay: netns.DatabaseRelay, database: str
) -> None:
    host = machines[0]
    url = relay.url_for(host, database)
    connected = Querier(host, url)
    assert connected.line() == "connected"

    host.cut()
    refused = one_query(host, url, "SELECT 1", connect_timeout_s=1)
    assert "connection timeout expired" in refused
    after = AFTER.search(refused)
    assert after is not None, refused
    assert float(after.group(1)) < 10  # the timeout holds: a cut connection does not hang
    connected.ask("SELECT 2")
    with pytest.raises(queue.Empty):
        connected.line(timeout_s=1)

    host.reconnect()
    assert one_query(host, url, "SELECT 3") == "3"
    assert connected.line() == "2", "the connection survives a short cut"
    assert connected.finish() == (0, "")


SLEEPER = (
    "import subprocess, sys, time; "
    "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); time.sleep(60)"
)
"""Sleeps, with a child that sleeps too."""


@dataclass
class Leftovers:
    """What :func:`fail_with_sleepers` started, to look for once its hosts are closed."""

    names: list[str] = field(default_factory=list)
    processes: list[subprocess.Popen[Any]] = field(default_factory=list)
    pids: list[int] = field(default_factory=list)


def fail_with_sleepers(leftovers: Leftovers) -> None:
    """Start a :data:`SLEEPER` in each of two hosts, then fail inside :func:`netns.hosts`."""
    with netns.hosts(2) as made:
        leftovers.names = [host.name for host in made]
        leftovers.processes = [host.run([sys.executable, "-c", SLEEPER]) for host in made]
        wait_for(lambda: all(len(host.pids()) >= 2 for host in made), "the sleepers to start")
        leftovers.pids = [pid for host in made for pid in host.pids()]
        raise RuntimeError("failed in the test")


def test_closing_kills_the_processes_and_removes_the_hosts() -> None:
    netns.require()
    leftovers = Leftovers()
    with pytest.raises(RuntimeError, match="failed in the test"):
        fail_with_sleepers(leftovers)

    assert len(leftovers.pids) == 4
    assert [process.returncode for process in leftovers.processes] == [-signal.SIGKILL] * 2
    assert not [pid for pid in leftovers.pids if is_alive(pid)]
    namespaces = ip("netns", "list")
    links = ip("-o", "link")
    assert not [name for name in leftovers.names if name in namespaces or name in links]


def ip(*arguments: str) -> str:
    """The output of ``ip ARGUMENTS``."""
    return subprocess.run(["ip", *arguments], capture_output=True, text=True, check=True).stdout


def is_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] not in {"Z", "X"}
    except FileNotFoundError:
        return False
