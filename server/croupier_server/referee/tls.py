"""The referee's TLS: the certificate and key its gRPC port shows remote bots.

Either the organiser's own pair (:meth:`TlsCredentials.from_files`), checked here so that a
wrong file is one line rather than a failure deep in gRPC, or a pair made up for a test or
a private deployment (:func:`self_signed_credentials`): a certificate authority of its own,
whose file the bots trust (``CROUPIER_CA_FILE``), and a server certificate it signs.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import grpc
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.types import PublicKeyTypes
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from croupier_server.errors import CroupierServerError

__all__ = [
    "CA_FILE",
    "CERTIFICATE_FILE",
    "KEY_FILE",
    "WILDCARD_HOSTS",
    "TlsCredentials",
    "TlsError",
    "certificate_names",
    "self_signed_credentials",
]

CA_FILE = "ca.pem"
"""The self-signed authority's certificate, in the directory of :func:`self_signed_credentials`."""
CERTIFICATE_FILE = "cert.pem"
"""The server's certificate (then the authority's), in that directory."""
KEY_FILE = "key.pem"
"""The server's private key, in that directory (readable by its owner alone)."""

LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
"""The names a made-up certificate holds whatever the referee listens on."""
WILDCARD_HOSTS = ("", "0.0.0.0", "::")
"""Hosts that listen on every address of the machine: its own names stand for them."""

_AUTHORITY_DAYS = 3650
_SERVER_DAYS = 825
_ISSUER = "croupier referee (self-signed)"


class TlsError(CroupierServerError, ValueError):
    """A certificate or key cannot be used: unreadable, malformed, mismatched or expired."""


@dataclass(frozen=True, slots=True)
class TlsCredentials:
    """What the referee's gRPC port needs for TLS.

    Attributes:
        certificate_chain: the server's certificate, then any intermediate ones (PEM).
        private_key: the certificate's private key (PEM).
        ca_file: the authority the bots trust, when the referee made it (``None``: the
            certificate is the organiser's, trusted as the system's roots trust it).
    """

    certificate_chain: bytes
    private_key: bytes
    ca_file: Path | None = None

    @classmethod
    def from_files(
        cls, certificate: Path, key: Path, *, ca_file: Path | None = None
    ) -> TlsCredentials:
        """The pair in ``certificate`` and ``key`` (PEM), checked to belong together.

        Raises:
            TlsError: a file cannot be read, holds no certificate or no unencrypted key, the
                key is not the certificate's, or the certificate has expired.
        """
        chain = _read(certificate, "TLS certificate")
        private_key = _read(key, "TLS key")
        try:
            leaf = x509.load_pem_x509_certificates(chain)[0]
        except ValueError:
            raise TlsError(f"{certificate} holds no PEM certificate") from None
        try:
            loaded = serialization.load_pem_private_key(private_key, password=None)
        except (TypeError, ValueError):
            raise TlsError(f"{key} holds no unencrypted PEM private key") from None
        if _spki(loaded.public_key()) != _spki(leaf.public_key()):
            raise TlsError(f"the key {key} is not the certificate {certificate}'s")
        expiry = leaf.not_valid_after_utc
        if expiry < datetime.datetime.now(datetime.UTC):
            raise TlsError(f"the certificate {certificate} expired on {expiry:%Y-%m-%d}")
        return cls(chain, private_key, ca_file)

    def server_credentials(self) -> grpc.ServerCredentials:
        """The credentials of a gRPC port that speaks TLS alone."""
        return grpc.ssl_server_credentials([(self.private_key, self.certificate_chain)])


def self_signed_credentials(directory: Path, hosts: Iterable[str]) -> TlsCredentials:
    """The pair in ``directory``, made there first if it holds none.

    A new pair names ``hosts`` (those the referee listens on) and :data:`LOCAL_NAMES`
    (:func:`certificate_names`); a pair already there is used as it is (remove the directory
    to make a new one).

    Raises:
        TlsError: the directory holds part of a pair, or cannot be written or read.
    """
    directory = directory.absolute()  # the bots it starts run in directories of their own
    files = [directory / name for name in (CA_FILE, CERTIFICATE_FILE, KEY_FILE)]
    if "\0" in str(directory):
        raise TlsError("a directory's name cannot hold a NUL character")
    try:
        present = [path.name for path in files if path.exists()]
    except OSError as error:  # a name too long
        raise TlsError(f"cannot use that directory for a TLS pair: {error.strerror}") from None
    if not present:
        try:
            _make_pair(directory, certificate_names(hosts))
        except OSError as error:
            raise TlsError(f"cannot make a TLS pair in {directory}: {error.strerror}") from None
    elif len(present) < len(files):
        raise TlsError(
            f"{directory} holds {', '.join(present)} but not all of {CA_FILE}, "
            f"{CERTIFICATE_FILE} and {KEY_FILE}: remove it to make a new pair"
        )
    return TlsCredentials.from_files(
        directory / CERTIFICATE_FILE, directory / KEY_FILE, ca_file=directory / CA_FILE
    )


def certificate_names(hosts: Iterable[str]) -> list[str]:
    """The names a made-up certificate holds: ``hosts``, the machine's for a wildcard, local ones.

    >>> certificate_names(["[::1]", "bots.example.org"])
    ['::1', 'bots.example.org', 'localhost', '127.0.0.1']
    """
    names: list[str] = []
    for given in hosts:
        host = given.strip("[]")
        names += [socket.gethostname(), socket.getfqdn()] if host in WILDCARD_HOSTS else [host]
    names += LOCAL_NAMES
    return list(dict.fromkeys(name for name in names if name))


def _make_pair(directory: Path, names: list[str]) -> None:
    """Write an authority's certificate, and a server certificate for ``names`` it signs."""
    now = datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=1)
    authority_key = ec.generate_private_key(ec.SECP256R1())
    authority_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, _ISSUER)])
    authority = (
        x509.CertificateBuilder()
        .subject_name(authority_name)
        .issuer_name(authority_name)
        .public_key(authority_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now)
        .not_valid_after(now + datetime.timedelta(days=_AUTHORITY_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(_key_usage(signs_certificates=True), critical=True)
        .sign(authority_key, hashes.SHA256())
    )
    server_key = ec.generate_private_key(ec.SECP256R1())
    server = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])]))
        .issuer_name(authority_name)
        .public_key(server_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now)
        .not_valid_after(now + datetime.timedelta(days=_SERVER_DAYS))
        .add_extension(x509.SubjectAlternativeName(_general_names(names)), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_key_usage(signs_certificates=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(authority_key, hashes.SHA256())
    )
    directory.mkdir(parents=True, exist_ok=True)
    pem = serialization.Encoding.PEM
    key_bytes = server_key.private_bytes(
        pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    # The key first, readable by its owner alone, so no pair is ever whole without it.
    _write(directory / KEY_FILE, key_bytes, mode=0o600)
    _write(directory / CERTIFICATE_FILE, server.public_bytes(pem) + authority.public_bytes(pem))
    _write(directory / CA_FILE, authority.public_bytes(pem))


def _key_usage(*, signs_certificates: bool) -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=True,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=signs_certificates,
        crl_sign=signs_certificates,
        encipher_only=False,
        decipher_only=False,
    )


def _general_names(names: list[str]) -> list[x509.GeneralName]:
    general: list[x509.GeneralName] = []
    for name in names:
        try:
            general.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            general.append(x509.DNSName(name))
    return general


def _write(path: Path, data: bytes, *, mode: int = 0o644) -> None:
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)


def _read(path: Path, what: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise TlsError(f"cannot read the {what} {path}: {error.strerror}") from None


def _spki(key: PublicKeyTypes) -> bytes:
    """A public key's bytes (its SubjectPublicKeyInfo), to compare two keys."""
    return key.public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
