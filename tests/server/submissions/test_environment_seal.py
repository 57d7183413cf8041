"""A requirement's code runs only inside a seal, never in uv's step, whatever index it is from.

A wheel whose ``.pth`` line probes what it can reach (:func:`write_probe_wheel`) is served
from the organiser's find-links directory and from a simple index on 127.0.0.1; the
server's environment holds an admin token and a database URL, and a database file lies
beside. Every probe must have run sealed: a user of its own, the sealed host name, no
CROUPIER variables, no network, the database out of reach, nothing written outside the
environment being made.
"""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from croupier.manifest import Manifest
from croupier_server.referee.containment.sandbox import sealing_failure
from croupier_server.referee.containment.seal import HOSTNAME
from croupier_server.settings import RequirementIndex
from croupier_server.submissions.environment import MadeEnvironment, make_environment
from tests.server.submissions.building import write_probe_wheel
from tests.waiting import patience_s

DIGEST = "cd" * 32
_OUT_OF_REACH = {"Permission denied", "No such file or directory", "Read-only file system"}
"""What a sealed probe meets: Landlock's refusal, or its own empty temp directory."""
pytestmark = [
    pytest.mark.skipif(sealing_failure() is not None, reason=f"no seal here: {sealing_failure()}"),
]


class _Listener:
    """A TCP listener on 127.0.0.1 that counts the connections it is offered."""

    def __init__(self) -> None:
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            connection.close()


@pytest.fixture
def listener() -> Iterator[_Listener]:
    listening = _Listener()
    yield listening
    listening.socket.close()


class _Index(ThreadingHTTPServer):
    """A simple index (PEP 503) of the wheels of one directory, recording what is asked."""

    def __init__(self, wheels: Path) -> None:
        super().__init__(("127.0.0.1", 0), _IndexPage)
        self.wheels = wheels
        self.asked: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/simple"


class _IndexPage(BaseHTTPRequestHandler):
    server: _Index

    def do_HEAD(self) -> None:
        found = (self.server.wheels / self.path.split("/")[-1]).is_file()
        self.send_response(200 if found else 404)
        self.end_headers()

    def do_GET(self) -> None:
        self.server.asked.append(self.path)
        parts = self.path.strip("/").split("/")
        if parts[0] == "simple" and len(parts) == 2:
            links = "".join(
                f'<a href="/files/{wheel.name}">{wheel.name}</a>'
                for wheel in self.server.wheels.glob(f"{parts[1].replace('-', '_')}-*.whl")
            )
            self._answer(f"<html><body>{links}</body></html>".encode(), "text/html")
        elif parts[0] == "files" and (self.server.wheels / parts[-1]).is_file():
            self._answer((self.server.wheels / parts[-1]).read_bytes(), "application/zip")
        else:
            self.send_error(404)

    def _answer(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def server_secrets(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The server's secrets in its environment, and its database file; the latter's path."""
    database = tmp_path / "server" / "croupier.db"
    database.parent.mkdir()
    database.write_bytes(b"SQLite format 3\x00 the server's secrets")
    monkeypatch.setenv("CROUPIER_ADMIN_TOKEN", "admin-secret")
    monkeypatch.setenv("CROUPIER_DATABASE_URL", f"sqlite:///{database}")
    return database


def _made(tmp_path: Path, index: RequirementIndex) -> MadeEnvironment:
    manifest = Manifest(
        name="b", game="lexio", command="python bot.py", requirements=("probing==1.0",)
    )
    made = make_environment(
        tmp_path / "versions", DIGEST, manifest, index=index, timeout_s=patience_s()
    )
    assert made is not None
    return made


def _probes(tmp_path: Path) -> list[dict[str, object]]:
    environment = tmp_path / "versions" / DIGEST / "env"
    return [json.loads(path.read_text()) for path in environment.rglob("probe-*.json")]


def _assert_ran_sealed_only(tmp_path: Path, made: MadeEnvironment, listener: _Listener) -> None:
    probes = _probes(tmp_path)
    assert probes, "the .pth line never ran: the environment was not tried"
    for probe in probes:
        assert probe["hostname"] == HOSTNAME  # never in uv's step: that is not sealed
        if os.geteuid() == 0:
            assert probe["uid"] != 0
        assert probe["croupier_variables"] == []
        assert probe["network"] == "Network is unreachable"
        assert probe["read_database"] in _OUT_OF_REACH  # not a size: it was not read
        assert probe["write_outside"] in _OUT_OF_REACH
    assert listener.connections == 0
    assert not (tmp_path / "server" / "outside.txt").exists()
    assert "probe: " in made.log  # its output is in the check log
    assert made.log.index("(sealed)") < made.log.index("probe: ")
    assert str(tmp_path) not in made.log  # placeholders for the server's paths


def test_a_pth_line_from_the_find_links_directory_runs_only_sealed(
    tmp_path: Path, server_secrets: Path, listener: _Listener
) -> None:
    wheels = tmp_path / "wheels"
    outside = tmp_path / "server" / "outside.txt"
    write_probe_wheel(
        wheels, "probing", database=server_secrets, outside=outside, port=listener.port
    )
    made = _made(tmp_path, RequirementIndex(find_links=wheels, offline=True))
    _assert_ran_sealed_only(tmp_path, made, listener)
    assert "<find-links>" in made.log


def test_a_pth_line_from_the_organiser_s_index_runs_only_sealed(
    tmp_path: Path, server_secrets: Path, listener: _Listener
) -> None:
    wheels = tmp_path / "wheels"
    outside = tmp_path / "server" / "outside.txt"
    write_probe_wheel(
        wheels, "probing", database=server_secrets, outside=outside, port=listener.port
    )
    index = _Index(wheels)
    threading.Thread(target=index.serve_forever, daemon=True).start()
    try:
        made = _made(tmp_path, RequirementIndex(index_url=index.url))
    finally:
        index.shutdown()
        index.server_close()
    assert "/simple/probing/" in index.asked
    assert "/files/probing-1.0-py3-none-any.whl" in index.asked
    _assert_ran_sealed_only(tmp_path, made, listener)
    assert index.url not in made.log


def test_the_environment_works_after_its_sealed_step(tmp_path: Path) -> None:
    """Compiled sealed, given back to the server's user, readable by every bot's user."""
    wheels = tmp_path / "wheels"
    write_probe_wheel(
        wheels, "probing", database=tmp_path / "none", outside=tmp_path / "none", port=9
    )
    made = _made(tmp_path, RequirementIndex(find_links=wheels, offline=True))
    environment = tmp_path / "versions" / DIGEST / "env"
    owners = {path.lstat().st_uid for path in [environment, *environment.rglob("*")]}
    assert owners == {os.geteuid()}
    compiled = list(environment.rglob("probing_probe.cpython-*.pyc"))
    assert len(compiled) == 1
    assert str(environment).encode() in compiled[0].read_bytes()  # as found once in place
    assert made.python.exists()
