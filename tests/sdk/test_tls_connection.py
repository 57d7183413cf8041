"""The SDK connects over TLS when the address asks for it, and says in one line why not.

An example bot runs as a remote bot would (``CROUPIER_ADDRESS``, ``CROUPIER_TOKEN``,
``CROUPIER_CA_FILE``) against the real referee listening with a pair it made: trusting the
referee's authority, its Hello is answered; a certificate signed by another authority, or
not naming the host it was reached by, or a CA file that cannot be used ends it with one
line on stderr and nothing else; a plaintext address to the TLS port is told to ask for TLS.
The addresses without ``tls://`` stay plaintext.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier._channel import RefereeAddress
from croupier.protocol import ADDRESS_VARIABLE, CA_FILE_VARIABLE, TOKEN_VARIABLE
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.tls import CA_FILE, self_signed_credentials
from tests.server.referee.harness import EXAMPLES
from tests.waiting import patience_s

BOT = [sys.executable, str(EXAMPLES / "lexio_random.py")]
REFUSED_TOKEN = (
    "croupier: the referee ended the session (UNAUTHENTICATED): unknown or expired token"
)
"""What a bot whose stream reached the referee hears for a token it does not know."""


class TlsReferee:
    """A real referee on ``listen``, speaking TLS with a pair it made for ``named``.

    It runs in an event loop of its own thread, as a referee would in a process of its own.
    """

    def __init__(self, directory: Path, *, listen: str, named: str) -> None:
        self.ca_file = directory / "tls" / CA_FILE
        tls = self_signed_credentials(directory / "tls", [named])
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._server = RefereeServer(SessionRegistry(), f"{listen}:0", tls=tls)
        self.address = self._call(self._server.start())
        self.port = self.address.rsplit(":", 1)[1]

    def _call(self, work: Coroutine[Any, Any, str]) -> str:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result()

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._server.stop(), self._loop).result()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


@pytest.fixture(scope="module")
def referee(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TlsReferee]:
    serving = TlsReferee(tmp_path_factory.mktemp("referee"), listen="127.0.0.1", named="127.0.0.1")
    try:
        yield serving
    finally:
        serving.close()


@pytest.fixture(scope="module")
def other_ca_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The authority of a pair the referee did not make."""
    directory = tmp_path_factory.mktemp("other")
    self_signed_credentials(directory, ["127.0.0.1"])
    return directory / CA_FILE


def bot_says(address: str, ca_file: Path | str | None) -> tuple[int, list[str]]:
    """Run the example bot against ``address``: its exit status and the lines of its stderr."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in (CA_FILE_VARIABLE, "GRPC_VERBOSITY")
    }
    env |= {ADDRESS_VARIABLE: address, TOKEN_VARIABLE: "not-a-token"}
    if ca_file is not None:
        env[CA_FILE_VARIABLE] = str(ca_file)
    done = subprocess.run(
        BOT, env=env, capture_output=True, text=True, timeout=patience_s(), check=False
    )
    return done.returncode, done.stderr.splitlines()


def test_a_bot_trusting_the_referees_authority_reaches_it(referee: TlsReferee) -> None:
    assert referee.address.startswith("tls://127.0.0.1:")

    assert bot_says(referee.address, referee.ca_file) == (1, [REFUSED_TOKEN])


def test_a_certificate_of_another_authority_is_refused_in_one_line(
    referee: TlsReferee, other_ca_file: Path
) -> None:
    status, lines = bot_says(referee.address, other_ca_file)

    assert status == 1
    assert lines == [
        f"croupier: the referee's certificate at {referee.address} does not verify against "
        f"the authorities of {other_ca_file} (BAD_SIGNATURE: certificate signature "
        f"failure): set {CA_FILE_VARIABLE} to the authority that signed it"
    ]


def test_the_system_roots_do_not_trust_a_made_up_authority(referee: TlsReferee) -> None:
    status, lines = bot_says(referee.address, None)

    assert status == 1
    assert len(lines) == 1
    assert lines[0].startswith(
        f"croupier: the referee's certificate at {referee.address} does not verify against "
        "the system's roots (CERTIFICATE_VERIFY_FAILED: self signed certificate in "
    )


def test_a_certificate_for_another_host_is_refused_in_one_line(tmp_path: Path) -> None:
    # On every address of the machine, with a pair made for 127.0.0.1 (and localhost).
    everywhere = TlsReferee(tmp_path, listen="0.0.0.0", named="127.0.0.1")
    try:
        other_host = f"tls://127.0.0.2:{everywhere.port}"
        status, lines = bot_says(other_host, everywhere.ca_file)
        reached_as_named = bot_says(f"tls://127.0.0.1:{everywhere.port}", everywhere.ca_file)
    finally:
        everywhere.close()

    assert (status, lines) == (
        1,
        [
            f"croupier: the referee's certificate at {other_host} is not for the host "
            "127.0.0.2: give the address a host name the certificate holds"
        ],
    )
    assert reached_as_named == (1, [REFUSED_TOKEN])


def test_a_ca_file_that_cannot_be_used_is_one_line(referee: TlsReferee, tmp_path: Path) -> None:
    not_pem = tmp_path / "not.pem"
    not_pem.write_text("hello\n")

    assert bot_says(referee.address, tmp_path / "missing.pem") == (
        1,
        [
            f"croupier: cannot read {CA_FILE_VARIABLE}={tmp_path / 'missing.pem'}: No such file or "
            "directory"
        ],
    )
    assert bot_says(referee.address, not_pem) == (
        1,
        [f"croupier: {CA_FILE_VARIABLE}={not_pem} holds no PEM certificate"],
    )


def test_a_plaintext_address_to_the_tls_port_is_told_to_ask_for_tls(referee: TlsReferee) -> None:
    plain = f"127.0.0.1:{referee.port}"

    assert bot_says(plain, referee.ca_file) == (
        1,
        [
            f"croupier: the referee at {plain} closed the connection at once: if it speaks "
            f"TLS, give its address as tls://{plain}"
        ],
    )


@pytest.mark.parametrize(
    ("address", "tls", "network"),
    [
        ("tls://bots.example.org:50051", True, True),
        ("bots.example.org:50051", False, True),
        ("unix:/tmp/referee.sock", False, False),
    ],
)
def test_only_a_tls_address_asks_for_tls(address: str, tls: bool, network: bool) -> None:
    given = RefereeAddress(address, ca_file="/no/such/file")

    assert (given.is_tls, given.is_network) == (tls, network)
    if not tls:  # a plaintext address never reads the CA file
        given.open([]).close()
