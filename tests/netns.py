"""Separate machines on this one box, for tests: network namespaces joined by veth pairs.

A :class:`Host` is a network namespace of its own with one veth pair to the root namespace,
on a private /30 of :data:`NETWORK` (the root side ``.1``, the host ``.2``) and no other
route: a process in it reaches the root side's address and nothing else, not even the root
namespace's loopback. :meth:`Host.cut` takes the root side's link down, like a cable pulled
(connections stall but survive a short cut); :meth:`Host.reconnect` plugs it back.

PostgreSQL listens on loopback only, so a :class:`DatabaseRelay` in the root namespace
listens on each host's root-side address and forwards to it; :meth:`DatabaseRelay.url_for`
gives the URL a process in a host connects to.

    with netns.hosts(2) as machines, netns.DatabaseRelay(machines) as relay:
        worker = machines[0].run([croupier, "worker", "--db", relay.url_for(machines[0], db)])

Needs root, iproute2 (``ip``) and util-linux (``nsenter``); :func:`available` says why not,
and :func:`require` skips the test (fails it when ``CROUPIER_REQUIRE_SEALING=1``, as in CI).
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import os
import secrets
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REQUIRE_SEALING_VARIABLE

__all__ = ["NETWORK", "DatabaseRelay", "Host", "available", "descendants", "hosts", "require"]

NETWORK = ipaddress.IPv4Network("10.213.0.0/16")
"""Where the hosts' /30 subnets are taken from (those in use on the machine are skipped)."""
NAME_PREFIX = "crp"
"""How the namespaces and veth interfaces of the hosts begin."""
NAMESPACES = Path("/run/netns")
"""Where ``ip netns`` keeps the namespaces it names."""
POSTGRES = ("127.0.0.1", 5432)
"""The server a :class:`DatabaseRelay` forwards to."""

_KILL_WAIT_S = 5.0
_reserved: set[ipaddress.IPv4Network] = set()
_reserving = threading.Lock()


def _ip(*arguments: str, check: bool = True) -> str:
    """Run ``ip ARGUMENTS``; its output (raises :class:`RuntimeError` on failure if ``check``)."""
    done = subprocess.run(["ip", *arguments], capture_output=True, text=True, check=False)
    if check and done.returncode != 0:
        command = " ".join(["ip", *arguments])
        raise RuntimeError(f"{command}: {done.stderr.strip() or f'exit {done.returncode}'}")
    return done.stdout


@functools.cache
def available() -> str | None:
    """None where hosts can be made here (root, ``ip netns add`` works), else why not."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("nsenter") is None:
        return "no nsenter command (util-linux)"
    probe = f"{NAME_PREFIX}{secrets.token_hex(4)}"
    try:
        _ip("netns", "add", probe)
    except FileNotFoundError:
        return "no ip command (iproute2)"
    except RuntimeError as error:
        return f"cannot make a network namespace: {error}"
    _ip("netns", "delete", probe, check=False)
    return None


def require() -> None:
    """Skip the calling test where hosts cannot be made; fail it when CI requires them."""
    reason = available()
    if reason is None:
        return
    if os.environ.get(REQUIRE_SEALING_VARIABLE) == "1":
        pytest.fail(f"no separate hosts here, and {REQUIRE_SEALING_VARIABLE}=1: {reason}")
    pytest.skip(f"no separate hosts here: {reason}")


def _reserve_subnet() -> ipaddress.IPv4Network:
    """A /30 of :data:`NETWORK` that no address of the root namespace (or other host) is in."""
    used = {
        ipaddress.IPv4Interface(line.split()[3]).network
        for line in _ip("-4", "-o", "address", "show").splitlines()
    }
    count = NETWORK.num_addresses // 4
    with _reserving:
        for _ in range(1000):
            index = secrets.randbelow(count)
            subnet = ipaddress.IPv4Network((int(NETWORK.network_address) + 4 * index, 30))
            taken = any(subnet.overlaps(network) for network in used | _reserved)
            if not taken:
                _reserved.add(subnet)
                return subnet
    raise RuntimeError(f"no free /30 left in {NETWORK}")


def _children() -> dict[int, list[int]]:
    """Each live process's children (zombies left out: they are dead already), from /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            # The name (field 2) may hold spaces and parentheses: state and ppid follow its
            # last ")".
            state, parent = stat.read_text().rpartition(")")[2].split()[:2]
            if state not in {"Z", "X"}:
                children.setdefault(int(parent), []).append(int(stat.parent.name))
    return children


def descendants(pids: Iterable[int]) -> set[int]:
    """``pids`` and every live descendant of theirs, found through their parents in /proc."""
    children = _children()
    found: set[int] = set()
    pending = list(pids)
    while pending:
        pid = pending.pop()
        if pid not in found:
            found.add(pid)
            pending.extend(children.get(pid, []))
    return found


class Host:
    """A separate machine: a network namespace with a veth pair to the root namespace.

    Made by :func:`hosts`, which also closes it. ``address`` is the host's own address,
    ``root_address`` the root side's, the only one a process in the host can reach.
    """

    def __init__(self) -> None:
        self.name = f"{NAME_PREFIX}{secrets.token_hex(4)}"
        self.root_interface = f"{self.name}r"
        self.host_interface = f"{self.name}h"
        self._subnet = _reserve_subnet()
        root, host = list(self._subnet.hosts())
        self.root_address = str(root)
        self.address = str(host)
        self._processes: list[subprocess.Popen[Any]] = []
        self._closed = False
        try:
            self._plug()
        except BaseException:
            self.close()
            raise

    def __repr__(self) -> str:
        return f"<Host {self.name} {self.address} (root side {self.root_address})>"

    def _plug(self) -> None:
        prefix = self._subnet.prefixlen
        _ip("netns", "add", self.name)
        veth = ("type", "veth", "peer", "name", self.host_interface, "netns", self.name)
        _ip("link", "add", self.root_interface, *veth)
        _ip("address", "add", f"{self.root_address}/{prefix}", "dev", self.root_interface)
        _ip("link", "set", self.root_interface, "up")
        inside = ("-n", self.name)
        _ip(*inside, "address", "add", f"{self.address}/{prefix}", "dev", self.host_interface)
        _ip(*inside, "link", "set", self.host_interface, "up")
        _ip(*inside, "link", "set", "lo", "up")

    def run(
        self, argv: Sequence[str], env: Mapping[str, str] | None = None, **popen_kwargs: Any
    ) -> subprocess.Popen[Any]:
        """Start ``argv`` in the host; :meth:`close` kills it if need be.

        Only the network namespace changes (``nsenter --net``). Not ``ip netns exec``: it
        mounts a sysfs of the namespace's own over /sys, and the cgroups mounted under it,
        which the referee confines its bots with, would be gone.
        """
        process = subprocess.Popen(
            ["nsenter", f"--net={NAMESPACES / self.name}", "--", *argv],
            env=None if env is None else dict(env),
            **popen_kwargs,
        )
        self._processes.append(process)
        return process

    def pids(self) -> list[int]:
        """The processes in the host's namespace (not those that moved to namespaces of
        their own, such as sealed bots)."""
        return [int(pid) for pid in _ip("netns", "pids", self.name, check=False).split()]

    def cut(self) -> None:
        """Pull the cable: the root side's link goes down, and no packet passes either way."""
        _ip("link", "set", self.root_interface, "down")

    def reconnect(self) -> None:
        """Plug the cable back in after :meth:`cut`.

        What the host sent during the cut waits in its neighbour table for the root side's
        address to answer again; it is dropped first, as a pulled cable would have lost it
        (delivered late, a stale SYN breaks the connection the host opens next).
        """
        _ip("-n", self.name, "neighbour", "flush", "dev", self.host_interface)
        _ip("link", "set", self.root_interface, "up")

    def close(self) -> None:
        """Kill what still runs in the host (and its descendants), then remove the namespace
        and the veth pair. Closing twice does nothing."""
        if self._closed:
            return
        self._closed = True
        try:
            self._kill_processes()
        finally:
            _ip("link", "delete", self.root_interface, check=False)
            _ip("netns", "delete", self.name, check=False)
            with _reserving:
                _reserved.discard(self._subnet)

    def _kill_processes(self) -> None:
        deadline = time.monotonic() + _KILL_WAIT_S
        while True:
            running = [p.pid for p in self._processes if p.poll() is None]
            pids = descendants([*self.pids(), *running])
            if not pids:
                break
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.name}: processes {sorted(pids)} survive SIGKILL")
            time.sleep(0.05)
        for process in self._processes:
            process.wait(timeout=_KILL_WAIT_S)


@contextlib.contextmanager
def hosts(count: int) -> Iterator[list[Host]]:
    """``count`` hosts on subnets of their own, all closed on leaving (whatever happened)."""
    made: list[Host] = []
    try:
        while len(made) < count:
            made.append(Host())
        yield made
    finally:
        errors: list[BaseException] = []
        for host in made:
            try:
                host.close()
            except Exception as error:
                errors.append(error)
        if errors:
            raise errors[0]


class _Link:
    """One relayed connection: a client's socket and its own to the server, piped both ways."""

    def __init__(self, client: socket.socket, server: socket.socket) -> None:
        self._sockets = (client, server)
        self._reverse = threading.Thread(target=self._pump, args=(server, client), daemon=True)
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        self._reverse.start()
        self._pump(*self._sockets)
        self._reverse.join()
        for end in self._sockets:
            end.close()

    def _pump(self, source: socket.socket, destination: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                destination.sendall(data)
        self.shut()

    def shut(self) -> None:
        """End both directions: wakes the pumps blocked in ``recv`` or ``sendall``."""
        for end in self._sockets:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)


class DatabaseRelay:
    """Lets processes in hosts reach the PostgreSQL of the root namespace's loopback.

    Listens on each host's root-side address, port 5432, and forwards every connection to
    :data:`POSTGRES` (threads in this process, started on entering, stopped on leaving).
    PostgreSQL sees the relay's connections come from 127.0.0.1, over loopback: its own TCP
    settings (``tcp_keepalives_*``, ``tcp_user_timeout``) apply to that socket, which never
    fails, not to the host's link. A host cut off leaves its server sessions open (and their
    transactions, and their locks) until the relay's socket to the host fails, as a real
    server's would after its keepalive time (the system's: two hours by default).
    """

    def __init__(self, hosts: Iterable[Host], *, server: tuple[str, int] = POSTGRES) -> None:
        self._server = server
        self._listeners: dict[str, socket.socket] = {}
        try:
            for host in hosts:
                listener = socket.create_server((host.root_address, server[1]))
                listener.settimeout(0.1)
                self._listeners[host.root_address] = listener
        except OSError:
            for listener in self._listeners.values():
                listener.close()
            raise
        self._links: list[_Link] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._threads = [
            threading.Thread(target=self._accept, args=(listener,), daemon=True)
            for listener in self._listeners.values()
        ]

    def __enter__(self) -> DatabaseRelay:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def url_for(self, host: Host, database: str, *, user: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` for a process in ``host``."""
        if host.root_address not in self._listeners:
            raise ValueError(f"{host!r} is not relayed")
        return f"postgresql+psycopg://{user}@{host.root_address}:{self._server[1]}/{database}"

    def _accept(self, listener: socket.socket) -> None:
        while not self._stopping.is_set():
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(None)
            # As PostgreSQL does with its clients' sockets: a host gone silent is found out,
            # after the system's keepalive time, and its server session ends with it.
            client.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            try:
                server = socket.create_connection(self._server, timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            link = _Link(client, server)
            with self._lock:
                self._links.append(link)
            link.thread.start()

    def close(self) -> None:
        """Stop listening and end every relayed connection."""
        self._stopping.set()
        for thread in self._threads:
            if thread.is_alive():
                thread.join()
        for listener in self._listeners.values():
            listener.close()
        with self._lock:
            links, self._links = self._links, []
        for link in links:
            link.shut()
        for link in links:
            link.thread.join(timeout=5)
