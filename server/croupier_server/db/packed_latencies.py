"""A seat's latencies packed into its ``seat`` row, so that nothing decodes a log to read them.

When a game is packed (:mod:`croupier_server.db.packing`), each seat keeps the latency of
every action it answered (``SeatRecord.latencies``): a bot's page takes the percentiles of
its latest thousand games from these few bytes a seat, not from a thousand packed logs.

The latencies are kept exactly, in no particular order: sorted, as differences in whole
microseconds (varints), the journal's precision
(:func:`~croupier_server.db.packed_log.exact_latency_ms`); a seat with a latency that is
not a whole, non-negative number of microseconds (none the referee measures since latencies
were stored so) keeps all of its latencies as float64 instead.

>>> unpack_latencies(pack_latencies([2.5, 0.001, 2.5]))
[0.001, 2.5, 2.5]
>>> pack_latencies([0.001, 2.5, 2.5]).hex()
'0001c31300'
"""

from __future__ import annotations

import struct
from collections.abc import Iterable

__all__ = ["pack_latencies", "unpack_latencies"]

_MICROSECONDS, _FLOAT = 0, 1
"""The first byte of packed latencies: their layout."""

_LONGEST_MS = 2.0**40
"""The longest latency kept in microseconds (some 35 years): beyond, as float64."""


def pack_latencies(latencies_ms: Iterable[float]) -> bytes:
    """``latencies_ms`` as bytes :func:`unpack_latencies` reads back (sorted)."""
    ordered = sorted(latencies_ms)
    microseconds = _microseconds(ordered)
    if microseconds is None:
        return bytes([_FLOAT]) + struct.pack(f"<{len(ordered)}d", *ordered)
    out = bytearray([_MICROSECONDS])
    previous = 0
    for whole in microseconds:
        _varint(out, whole - previous)
        previous = whole
    return bytes(out)


def unpack_latencies(packed: bytes) -> list[float]:
    """The latencies (ms) :func:`pack_latencies` packed, from the shortest.

    Raises:
        ValueError: bytes no :func:`pack_latencies` wrote.
    """
    if packed[:1] == bytes([_FLOAT]):
        try:
            return list(struct.unpack(f"<{(len(packed) - 1) // 8}d", packed[1:]))
        except struct.error as error:
            raise ValueError(f"not packed latencies: {error}") from error
    if packed[:1] != bytes([_MICROSECONDS]) or packed[-1] >= 0x80:
        raise ValueError("not packed latencies")
    latencies = []
    whole = value = shift = 0
    for byte in packed[1:]:
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            whole += value
            latencies.append(whole / 1000)
            value = shift = 0
        else:
            shift += 7
    return latencies


def _microseconds(latencies_ms: list[float]) -> list[int] | None:
    """Each latency in whole microseconds; ``None`` if one is no whole, non-negative number."""
    whole = []
    for latency in latencies_ms:
        if not 0 <= latency < _LONGEST_MS:
            return None
        microseconds = round(latency * 1000)
        if microseconds / 1000 != latency:
            return None
        whole.append(microseconds)
    return whole


def _varint(out: bytearray, value: int) -> None:
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
