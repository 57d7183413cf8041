"""TLS on the referee's port: what a stranger on the network path can no longer do.

Over real gRPC on loopback: a bot's key crosses an eavesdropping relay unreadable once the
port speaks TLS (it was readable in the clear); a plaintext stream to that port is refused
before its Hello reaches the referee, so it cannot sit in a seat; the referee's own Unix
socket stays plaintext for the bots it starts. And the certificate files: the organiser's
pair is checked (unreadable, not PEM, mismatched, expired: one line each), and a pair the
referee makes is made once, its key readable by its owner alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import stat
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from croupier.proto.v1 import referee_pb2, referee_pb2_grpc
from croupier.protocol import ADDRESS_VARIABLE, CA_FILE_VARIABLE
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.tls import (
    CA_FILE,
    CERTIFICATE_FILE,
    KEY_FILE,
    TlsCredentials,
    TlsError,
    self_signed_credentials,
)

SEAT_TOKEN = "the-seat-token-a-stranger-wants"


def hello(token: str) -> referee_pb2.BotMessage:
    message = referee_pb2.Hello(token=token, bot_name="test", protocol_version=2)
    return referee_pb2.BotMessage(hello=message)


async def first_answer(channel: grpc.aio.Channel, token: str) -> grpc.StatusCode | str:
    """How the referee answers a Hello with ``token``: a status code or a message kind."""
    call = referee_pb2_grpc.RefereeStub(channel).Connect()
    try:
        await call.write(hello(token))
        response = await call.read()
    except grpc.aio.AioRpcError as error:
        return error.code()
    assert isinstance(response, referee_pb2.RefereeMessage)
    call.cancel()
    return str(response.WhichOneof("message"))


def plaintext(address: str) -> grpc.aio.Channel:
    return grpc.aio.insecure_channel(address.removeprefix("tls://"))


def trusting(address: str, ca_file: Path) -> grpc.aio.Channel:
    credentials = grpc.ssl_channel_credentials(root_certificates=ca_file.read_bytes())
    return grpc.aio.secure_channel(address.removeprefix("tls://"), credentials)


@contextlib.asynccontextmanager
async def referee(tls: TlsCredentials | None) -> AsyncIterator[RefereeServer]:
    """A referee on loopback expecting a seat with :data:`SEAT_TOKEN`."""
    registry = SessionRegistry()
    registry.expect_seat(SEAT_TOKEN, "seat 0 of game 1", bot_name="bot", game="lexio")
    server = RefereeServer(registry, "127.0.0.1:0", tls=tls)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


class Eavesdropper:
    """A TCP relay on the path between bots and the referee: it keeps every byte it passes."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.seen = bytearray()
        self.port = 0
        self._server: asyncio.Server | None = None

    async def __aenter__(self) -> Eavesdropper:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()

    async def _relay(
        self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter
    ) -> None:
        server_in, server_out = await asyncio.open_connection("127.0.0.1", self.target_port)
        await asyncio.gather(self._pump(client_in, server_out), self._pump(server_in, client_out))

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError):
            while data := await source.read(65536):
                self.seen += data
                sink.write(data)
                await sink.drain()
        sink.close()


async def token_seen_on_the_path(tls: TlsCredentials | None) -> tuple[bytes, str]:
    """What a relay between a bot and the referee saw of the bot's Hello, and how it ended."""
    async with referee(tls) as server, Eavesdropper(int(server.address.rsplit(":", 1)[1])) as spy:
        relayed = f"127.0.0.1:{spy.port}"
        if tls is None:
            channel = plaintext(relayed)
        else:
            assert tls.ca_file is not None
            channel = trusting(f"localhost:{spy.port}", tls.ca_file)
        async with channel:
            answer = await first_answer(channel, SEAT_TOKEN)
    return bytes(spy.seen), str(answer)


def test_a_bots_token_crosses_the_network_unreadable(tmp_path: Path) -> None:
    """The hole: in the clear, anyone on the path reads the token and may take the seat."""
    tls = self_signed_credentials(tmp_path / "tls", ["127.0.0.1"])

    seen_in_clear, welcomed_in_clear = asyncio.run(token_seen_on_the_path(None))
    seen_over_tls, welcomed_over_tls = asyncio.run(token_seen_on_the_path(tls))

    assert (welcomed_in_clear, welcomed_over_tls) == ("welcome", "welcome")
    assert SEAT_TOKEN.encode() in seen_in_clear
    assert len(seen_over_tls) > 0
    assert SEAT_TOKEN.encode() not in seen_over_tls
    assert b"lexio" not in seen_over_tls


def test_a_plaintext_stream_to_a_tls_port_is_refused_before_its_hello(tmp_path: Path) -> None:
    tls = self_signed_credentials(tmp_path / "tls", ["127.0.0.1"])
    ca_file = tmp_path / "tls" / CA_FILE

    async def scenario() -> tuple[str, str | grpc.StatusCode, str | grpc.StatusCode]:
        async with referee(tls) as server:
            async with plaintext(server.address) as channel:
                refused = await first_answer(channel, SEAT_TOKEN)
            # The refused Hello spent nothing: the seat is still the TLS stream's to take.
            async with trusting(server.address, ca_file) as channel:
                welcomed = await first_answer(channel, SEAT_TOKEN)
            return server.address, refused, welcomed

    address, refused, welcomed = asyncio.run(scenario())

    assert address.startswith("tls://127.0.0.1:")
    assert refused == grpc.StatusCode.UNAVAILABLE
    assert welcomed == "welcome"


def test_the_referees_own_unix_socket_stays_plaintext(tmp_path: Path) -> None:
    tls = self_signed_credentials(tmp_path / "tls", ["127.0.0.1"])

    async def scenario() -> tuple[str | grpc.StatusCode, dict[str, str], dict[str, str]]:
        async with referee(tls) as server:
            async with grpc.aio.insecure_channel(server.local_address) as channel:
                answer = await first_answer(channel, SEAT_TOKEN)
            local = server.connection_variables(network=False)
            networked = server.connection_variables(network=True)
            assert local == {ADDRESS_VARIABLE: server.local_address}
            return answer, local, networked

    answer, _, networked = asyncio.run(scenario())

    assert answer == "welcome"
    # A bot the referee starts with the network reaches it over TLS, trusting its authority.
    assert networked[ADDRESS_VARIABLE].startswith("tls://127.0.0.1:")
    assert networked[CA_FILE_VARIABLE] == str(tmp_path / "tls" / CA_FILE)


def test_tls_on_a_unix_socket_is_refused(tmp_path: Path) -> None:
    tls = self_signed_credentials(tmp_path / "tls", ["127.0.0.1"])
    server = RefereeServer(SessionRegistry(), f"unix:{tmp_path / 'referee.sock'}", tls=tls)

    with pytest.raises(ValueError, match="TLS is for a host:port address"):
        asyncio.run(server.start())


# The pair the referee makes


def test_a_self_signed_pair_is_made_once_with_a_private_key(tmp_path: Path) -> None:
    directory = tmp_path / "tls"

    made = self_signed_credentials(directory, ["0.0.0.0", "bots.example.org"])
    again = self_signed_credentials(directory, ["127.0.0.1"])

    assert again == made
    assert stat.S_IMODE((directory / KEY_FILE).stat().st_mode) == 0o600
    leaf = x509.load_pem_x509_certificates(made.certificate_chain)[0]
    names = leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    dns = names.get_values_for_type(x509.DNSName)
    addresses = [str(address) for address in names.get_values_for_type(x509.IPAddress)]
    assert {"bots.example.org", "localhost"} <= set(dns)
    assert {"127.0.0.1", "::1"} <= set(addresses)


def test_a_directory_with_part_of_a_pair_is_refused(tmp_path: Path) -> None:
    directory = tmp_path / "tls"
    self_signed_credentials(directory, ["127.0.0.1"])
    (directory / KEY_FILE).unlink()

    with pytest.raises(TlsError, match=r"holds ca\.pem, cert\.pem but not all .* remove it"):
        self_signed_credentials(directory, ["127.0.0.1"])


# The organiser's pair


def test_the_organisers_pair_is_read_and_checked(tmp_path: Path) -> None:
    made = self_signed_credentials(tmp_path / "made", ["127.0.0.1"])
    other = self_signed_credentials(tmp_path / "other", ["127.0.0.1"])
    certificate, key = tmp_path / "made" / CERTIFICATE_FILE, tmp_path / "made" / KEY_FILE
    not_pem = tmp_path / "not.pem"
    not_pem.write_text("hello\n")

    assert TlsCredentials.from_files(certificate, key) == TlsCredentials(
        made.certificate_chain, made.private_key
    )
    refusals = {
        (tmp_path / "missing.pem", key): "cannot read the TLS certificate .*missing.pem: No such",
        (certificate, tmp_path / "missing.pem"): "cannot read the TLS key .*missing.pem: No such",
        (not_pem, key): "not.pem holds no PEM certificate",
        (certificate, not_pem): "not.pem holds no unencrypted PEM private key",
        (certificate, tmp_path / "other" / KEY_FILE): "the key .* is not the certificate",
    }
    assert other.private_key != made.private_key
    for (given_certificate, given_key), refusal in refusals.items():
        with pytest.raises(TlsError, match=refusal) as raised:
            TlsCredentials.from_files(given_certificate, given_key)
        assert "\n" not in str(raised.value)


def test_an_expired_certificate_is_refused(tmp_path: Path) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "old")])
    ended = datetime.datetime(2020, 1, 2, tzinfo=datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(ended - datetime.timedelta(days=1))
        .not_valid_after(ended)
        .sign(key, hashes.SHA256())
    )
    certificate_file, key_file = tmp_path / "old.pem", tmp_path / "old.key"
    certificate_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )

    with pytest.raises(TlsError, match=r"old\.pem expired on 2020-01-02"):
        TlsCredentials.from_files(certificate_file, key_file)
