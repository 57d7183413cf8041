"""An oversized upload is refused (413) before it is read whole, by the real HTTP server.

A client declares a gigabyte, or streams chunks without end, to a dashboard served by
uvicorn on a socket here: the answer comes while most of the body was never sent.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier_server.web.upload import FORM_OVERHEAD_BYTES
from tests.web.submitting import MAX_ARCHIVE_BYTES, Site, make_site, serving


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Site, tuple[str, int]]]:
    """A site served by uvicorn on a free port of 127.0.0.1, and its address."""
    for site in make_site(tmp_path):
        with serving(site) as url:
            host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
            yield site, (host, int(port))


def answer_to(address: tuple[str, int], head: bytes, chunks: Iterator[bytes]) -> tuple[bytes, int]:
    """Send ``head`` then ``chunks`` until the server answers; the answer and the bytes sent."""
    with socket.create_connection(address, timeout=10) as connection:
        connection.sendall(head)
        connection.settimeout(0.05)
        sent = 0
        for chunk in chunks:
            try:
                answer = connection.recv(65536)
            except TimeoutError:
                connection.sendall(chunk)
                sent += len(chunk)
                continue
            return answer + rest_of_answer(connection, answer), sent
    raise AssertionError("the server never answered")


def rest_of_answer(connection: socket.socket, begun: bytes) -> bytes:
    """What is left of an answer begun with ``begun``: its body may come in a later packet."""
    connection.settimeout(5)
    rest = b""
    while True:
        head, separator, body = (begun + rest).partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: (\d+)", head)
        if separator and length is not None and len(body) >= int(length.group(1)):
            return rest
        try:
            more = connection.recv(65536)
        except (TimeoutError, ConnectionResetError):
            return rest
        if not more:
            return rest
        rest += more


def endless(size: int) -> Iterator[bytes]:
    for _ in range(10_000):
        yield b"x" * size


def test_a_declared_gigabyte_is_refused_at_once(served: tuple[Site, tuple[str, int]]) -> None:
    site, address = served
    head = (
        b"POST /api/submissions HTTP/1.1\r\nHost: test\r\n"
        + f"Authorization: Bearer {site.tokens['ada']}\r\n".encode()
        + b"Content-Type: application/gzip\r\nContent-Length: 1000000000\r\n\r\n"
    )
    answer, sent = answer_to(address, head, endless(1024))
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert b"larger than this server takes" in answer
    assert sent < MAX_ARCHIVE_BYTES
    assert site.rows() == (0, 0, 0)


def test_an_endless_chunked_body_is_refused_past_the_limit(
    served: tuple[Site, tuple[str, int]],
) -> None:
    site, address = served
    head = (
        b"POST /api/submissions HTTP/1.1\r\nHost: test\r\n"
        + f"Authorization: Bearer {site.tokens['ada']}\r\n".encode()
        + b"Content-Type: application/gzip\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"x" * 4096
    framed = (b"%x\r\n" % len(chunk) + chunk + b"\r\n" for _ in range(10_000))
    answer, sent = answer_to(address, head, framed)
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert sent < 4 * MAX_ARCHIVE_BYTES  # what the server read, and what the sockets buffer
    assert site.rows() == (0, 0, 0)


def test_an_endless_upload_form_is_refused_past_the_limit(
    served: tuple[Site, tuple[str, int]],
) -> None:
    site, address = served
    host, port = address
    site.log_in("ada")
    cookie = "; ".join(f"{name}={value}" for name, value in site.client.cookies.items())
    head = (
        b"POST /submit HTTP/1.1\r\nHost: test\r\n"
        + f"Cookie: {cookie}\r\n".encode()
        + b"Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 1000000000\r\n\r\n"
    )
    answer, sent = answer_to((host, port), head, endless(1024))
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert sent < MAX_ARCHIVE_BYTES + FORM_OVERHEAD_BYTES
    assert site.rows() == (0, 0, 0)
