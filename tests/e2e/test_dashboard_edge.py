"""A stranger's attacks on the HTTP edge of a real ``croupier dashboard`` process.

Over raw sockets on loopback, as a stranger would: a body of 60 MB (declared, and sent in
chunks), a request head sent a byte at a time, connections held open past the cap, a login
rate limit dodged with forged ``X-Forwarded-For``, a login posted from another site. Each
is refused, and the server's memory does not grow with the body it was sent.
"""

from __future__ import annotations

import os
import re
import select
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from croupier_server.settings import ADMIN_TOKEN_VARIABLE
from tests.waiting import ended, next_line, patience_s

CROUPIER = str(Path(sys.executable).with_name("croupier"))
ADMIN = "dashboard-edge-admin-token-0123456789"
LOGIN_BURST = 10
"""The login tries an address has at once (``LOGIN_LIMIT``)."""
MAX_CONNECTIONS = 8
EDGE_OPTIONS = [
    "--http-header-timeout",
    "1",
    "--http-request-timeout",
    "3",
    "--http-keep-alive",
    "60",
    "--http-max-connections",
    str(MAX_CONNECTIONS),
]
"""Short timeouts, that the attacks end soon; a long keep-alive, that held connections stay."""


@dataclass(frozen=True)
class Dashboard:
    """A running ``croupier dashboard``: its process and its address."""

    process: subprocess.Popen[str]
    address: tuple[str, int]

    def rss_kib(self) -> int:
        """The server's resident memory now."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        assert found is not None
        return int(found.group(1))

    def connect(self) -> socket.socket:
        connection = socket.create_connection(self.address, timeout=patience_s())  # a hang fails
        return connection


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('edge') / 'edge.db'}"


def start_dashboard(database: str, *options: str) -> Iterator[Dashboard]:
    process = subprocess.Popen(
        [CROUPIER, "dashboard", "--http", "127.0.0.1:0", "--db", database, *options],
        env={**os.environ, ADMIN_TOKEN_VARIABLE: ADMIN},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = next_line(process)
        assert line.startswith("dashboard: "), line + ended(process)[1]
        host, port = line.split()[1].removeprefix("http://").rstrip("/").rsplit(":", 1)
        yield Dashboard(process, (host, int(port)))
    finally:
        process.kill()
        process.communicate()


@pytest.fixture(scope="module")
def dashboard(database: str) -> Iterator[Dashboard]:
    """``croupier dashboard`` with short timeouts and few connections, shared by the tests."""
    yield from start_dashboard(database, *EDGE_OPTIONS)


def answer(connection: socket.socket) -> bytes:
    """The server's whole answer (until it closes the connection or the body is complete)."""
    received = b""
    while True:
        head, separator, body = received.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: (\d+)", head)
        if separator and length is not None and len(body) >= int(length.group(1)):
            return received
        try:
            more = connection.recv(65536)
        except ConnectionResetError:
            return received
        if not more:
            return received
        received += more


def status_of(answered: bytes) -> int:
    return int(answered.split(b" ", 2)[1])


def request(dashboard: Dashboard, head: str, body: bytes = b"") -> bytes:
    """Send one request on a connection of its own; the answer."""
    with closing(dashboard.connect()) as connection:
        connection.sendall(head.encode() + b"\r\n" + body)
        return answer(connection)


def send_until_answered(connection: socket.socket, body: Iterator[bytes]) -> bytes:
    """Send ``body`` until the server answers or stops reading; what it answered."""
    for chunk in body:
        if select.select([connection], [], [], 0)[0]:
            break
        try:
            connection.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            break
    return answer(connection)


# Bodies


def test_a_body_of_60_mb_is_refused_unread_and_costs_no_memory(dashboard: Dashboard) -> None:
    size = 60 * 1024 * 1024
    before = dashboard.rss_kib()
    with closing(dashboard.connect()) as connection:
        connection.sendall(
            b"POST /api/authors HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {size}\r\n\r\n".encode()
        )
        refused = send_until_answered(connection, (b"1," * 32768 for _ in range(960)))
    assert status_of(refused) == 413
    assert b"larger than this server takes" in refused
    assert dashboard.rss_kib() - before < 20 * 1024


def test_a_body_sent_in_chunks_is_refused_past_the_limit(dashboard: Dashboard) -> None:
    before = dashboard.rss_kib()
    chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"  # 64 KiB chunks, 960 of them: 60 MiB
    with closing(dashboard.connect()) as connection:
        connection.sendall(
            b"POST /api/authors HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        refused = send_until_answered(connection, (chunk for _ in range(960)))
    assert status_of(refused) == 413
    assert dashboard.rss_kib() - before < 20 * 1024


# Slow requests and connections


def test_a_head_sent_a_byte_at_a_time_is_cut_off(dashboard: Dashboard) -> None:
    with closing(dashboard.connect()) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\n")
        connection.settimeout(0.2)
        closed = False
        for byte in b"X-Slow: " + b"a" * 10_000:  # far longer than the header timeout
            try:
                closed = connection.recv(1) == b""
                break
            except TimeoutError:
                connection.sendall(bytes([byte]))
            except ConnectionResetError:
                closed = True
                break
        assert closed


def test_a_connection_that_says_nothing_is_closed(dashboard: Dashboard) -> None:
    with closing(dashboard.connect()) as connection:
        assert connection.recv(1) == b""


def test_a_body_that_never_ends_is_cut_off(dashboard: Dashboard) -> None:
    with closing(dashboard.connect()) as connection:
        connection.sendall(b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nto")
        assert answer(connection) == b""


def test_connections_past_the_cap_are_answered_503(dashboard: Dashboard) -> None:
    with ExitStack() as held:
        for _ in range(MAX_CONNECTIONS - 1):
            connection = held.enter_context(closing(dashboard.connect()))
            connection.sendall(b"GET /api/bots HTTP/1.1\r\nHost: x\r\n\r\n")
            assert status_of(answer(connection)) == 200  # then kept alive, idle
        assert status_of(request(dashboard, "GET /api/bots HTTP/1.1\r\nHost: x\r\n")) == 503
    # The held connections closed, the server answers again once it has seen them go.
    statuses = (
        status_of(request(dashboard, "GET /api/bots HTTP/1.1\r\nHost: x\r\n")) for _ in range(100)
    )
    assert 200 in statuses


# Proxies and other sites


def wrong_logins(dashboard: Dashboard, tries: int, *, forged: bool) -> list[int]:
    """The statuses of ``tries`` logins with a wrong token, each claiming another address."""
    body = b"token=wrong-token-of-this-test-000000"
    statuses = []
    for n in range(tries):
        forwarded = f"X-Forwarded-For: 10.0.{n // 256}.{n % 256}\r\n" if forged else ""
        head = (
            "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded"
            f"\r\n{forwarded}Content-Length: {len(body)}\r\n"
        )
        statuses.append(status_of(request(dashboard, head, body)))
    return statuses


def test_forged_forwarded_addresses_do_not_dodge_the_login_limit(database: str) -> None:
    for dashboard in start_dashboard(database):  # loopback's login tries, all its own
        statuses = wrong_logins(dashboard, LOGIN_BURST + 1, forged=True)
        assert statuses == [401] * LOGIN_BURST + [429]


def test_a_named_proxy_is_believed(database: str) -> None:
    for dashboard in start_dashboard(database, "--trusted-proxy", "10.9.9.9,127.0.0.1"):
        assert set(wrong_logins(dashboard, LOGIN_BURST + 5, forged=True)) == {401}


def test_a_login_posted_from_another_site_is_refused(dashboard: Dashboard) -> None:
    body = f"token={ADMIN}".encode()
    head = (
        "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n"
        f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
    )
    refused = request(dashboard, head, body)
    assert status_of(refused) == 403
    assert b"set-cookie" not in refused.lower()
    same_site = head.replace("Origin: http://evil.example", "Sec-Fetch-Site: same-origin")
    assert status_of(request(dashboard, same_site, body)) == 303


def test_pages_carry_the_headers_that_forbid_framing(dashboard: Dashboard) -> None:
    for path in ["/", "/login", "/api/bots"]:
        head = request(dashboard, f"GET {path} HTTP/1.1\r\nHost: x\r\n").partition(b"\r\n\r\n")[0]
        assert b"x-frame-options: DENY" in head
        assert b"frame-ancestors 'none'" in head
        assert b"x-content-type-options: nosniff" in head
