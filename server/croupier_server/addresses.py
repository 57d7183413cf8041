"""Addresses to listen on as users write them: ``HOST:PORT`` or ``[IPV6]:PORT``."""

from __future__ import annotations

import socket

__all__ = ["host_and_port", "listening_socket"]


def host_and_port(address: str) -> tuple[str, int]:
    """The host (brackets off) and the port of ``address``.

    Raises:
        ValueError: no such address (no port, a port past 65535, a NUL in the host).
    """
    host, _, port = address.rpartition(":")
    if not host or "\x00" in host or not port.isdigit() or int(port) > 65_535:
        raise ValueError(f"{address!r} is no HOST:PORT address (port 0 to 65535)")
    return host.strip("[]"), int(port)


def listening_socket(address: str) -> socket.socket:
    """A TCP socket listening on ``address`` (port 0 picks a free port).

    Raises:
        ValueError: no such address (no port, a port past 65535, a NUL in the host).
        OSError: it cannot be listened on (taken, a host unknown or not of this machine).
    """
    host, port = host_and_port(address)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family)
