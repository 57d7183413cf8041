"""The channel to the referee: plaintext, or TLS when the address asks for it.

``tls://host:port`` is encrypted, the referee's certificate verified against the system's
roots or the authorities of a CA file (``CROUPIER_CA_FILE``); ``host:port`` and
``unix:/path`` are plaintext, as a referee's own bots on one machine use them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc

from croupier.protocol import CA_FILE_VARIABLE, TLS_SCHEME

__all__ = ["ChannelError", "RefereeAddress"]

PEM_CERTIFICATE = b"-----BEGIN CERTIFICATE-----"

_WRONG_HOST_SIGNS = ("Hostname Verification Check failed", "Peer name")
"""What gRPC's details of a failed connection say when the certificate names another host."""
_HANDSHAKE_FAILURE = re.compile(r"handshake failed.*?OPENSSL_internal:(.*?)(?:: OK)?$", re.I)
"""gRPC's details of a TLS handshake that failed, the reason BoringSSL gives in its group."""


class ChannelError(ConnectionError):
    """The channel cannot be opened: a CA file that cannot be read or holds no certificate."""


@dataclass(frozen=True, slots=True)
class RefereeAddress:
    """Where the referee is, and how to reach it.

    Attributes:
        text: the address as given (``tls://host:port``, ``host:port`` or ``unix:/path``).
        ca_file: the authorities trusted over TLS (``None``: the system's roots).
    """

    text: str
    ca_file: str | None = None

    @property
    def is_tls(self) -> bool:
        """Whether the address asks for TLS (``tls://``)."""
        return self.text.startswith(TLS_SCHEME)

    @property
    def is_network(self) -> bool:
        """Whether the referee is reached over a network (not a Unix socket)."""
        return not self.text.startswith("unix:")

    def open(self, options: Sequence[tuple[str, int]]) -> grpc.Channel:
        """A channel to the referee: secure for a ``tls://`` address, plaintext otherwise.

        Raises:
            ChannelError: the CA file cannot be read or holds no PEM certificate.
        """
        if not self.is_tls:
            return grpc.insecure_channel(self.text, options=options)
        credentials = grpc.ssl_channel_credentials(root_certificates=self._roots())
        return grpc.secure_channel(self.text.removeprefix(TLS_SCHEME), credentials, options)

    def describe_refusal(self, details: str) -> str | None:
        """A line saying why TLS failed, if ``details`` say it did (else ``None``).

        A certificate refused, or a plaintext stream a TLS port closed at once.
        ``details`` are those of the ``UNAVAILABLE`` status of a stream that never began.
        """
        if not self.is_tls:
            return self._plaintext_refusal(details)
        if any(sign in details for sign in _WRONG_HOST_SIGNS):
            host = self.text.removeprefix(TLS_SCHEME).rsplit(":", 1)[0]
            return (
                f"the referee's certificate at {self.text} is not for the host {host}: give "
                "the address a host name the certificate holds"
            )
        failure = _HANDSHAKE_FAILURE.search(details)
        if failure is None:
            return None
        trusted = f"the authorities of {self.ca_file}" if self.ca_file else "the system's roots"
        return (
            f"the referee's certificate at {self.text} does not verify against {trusted} "
            f"({failure.group(1)}): set {CA_FILE_VARIABLE} to the authority that signed it"
        )

    def _plaintext_refusal(self, details: str) -> str | None:
        """What a TLS port's closing of a plaintext stream says: ask for TLS, perhaps."""
        if "Socket closed" not in details or not self.is_network:
            return None
        return (
            f"the referee at {self.text} closed the connection at once: if it speaks TLS, "
            f"give its address as {TLS_SCHEME}{self.text}"
        )

    def _roots(self) -> bytes | None:
        if self.ca_file is None:
            return None
        try:
            roots = Path(self.ca_file).read_bytes()
        except OSError as error:
            raise ChannelError(
                f"cannot read {CA_FILE_VARIABLE}={self.ca_file}: {error.strerror}"
            ) from None
        if PEM_CERTIFICATE not in roots:
            raise ChannelError(f"{CA_FILE_VARIABLE}={self.ca_file} holds no PEM certificate")
        return roots
