"""The answering side of the ping-pong in ``bench/referee.py``, a process of its own.

``bench/referee.py`` starts it; alone it measures nothing. It imports grpc and the
generated messages only (not the server, whose imports take a second), so that sixteen
peers start in a moment::

    python bench/_pingpong_peer.py grpc ADDRESS TOKEN REPLY_HEX
    python bench/_pingpong_peer.py grpc-env REPLY_HEX     (address, token: CROUPIER_*)
    python bench/_pingpong_peer.py pipe REPLY_HEX

Either way it answers every DecisionRequest with the reply given (serialized, in hex) and
ignores any other message. At the end it tells its CPU seconds since the first message and
the requests it answered: over gRPC on stdout when the stream ends, over the pipe in
answer to an empty frame.
"""

from __future__ import annotations

import os
import queue
import struct
import sys
import time
from collections.abc import Iterator

import grpc

from croupier.proto.v1 import referee_pb2, referee_pb2_grpc


def read_frame(fd: int) -> bytes | None:
    """One length-prefixed message, or ``None`` at the end of the pipe."""
    header = os.read(fd, 4)
    if not header:
        return None
    size = struct.unpack("<I", header)[0]
    data = b""
    while len(data) < size:
        data += os.read(fd, size - len(data))
    return data


def write_frame(fd: int, data: bytes) -> None:
    """One length-prefixed message."""
    os.write(fd, struct.pack("<I", len(data)) + data)


def serve_grpc(address: str, token: str, reply: referee_pb2.BotMessage) -> None:
    """A sync stream whose requests come from a queue, as ``croupier.run`` has it."""
    outbox: queue.SimpleQueue[referee_pb2.BotMessage | None] = queue.SimpleQueue()
    outbox.put(referee_pb2.BotMessage(hello=referee_pb2.Hello(token=token, protocol_version=1)))

    def outgoing() -> Iterator[referee_pb2.BotMessage]:
        while (message := outbox.get()) is not None:
            yield message

    answered, cpu = 0, -1.0
    with grpc.insecure_channel(address) as channel:
        responses = referee_pb2_grpc.RefereeStub(channel).Connect(outgoing())
        try:
            for message in responses:
                if cpu < 0:
                    cpu = time.process_time()  # starting up is no round trip's cost
                if message.WhichOneof("message") == "decision":
                    outbox.put(reply)
                    answered += 1
        finally:
            outbox.put(None)
    print(time.process_time() - cpu, answered)


def serve_pipe(reply: referee_pb2.BotMessage) -> None:
    """Length-prefixed protobuf over stdin and stdout."""
    answered, cpu = 0, -1.0
    while (frame := read_frame(0)) is not None:
        if not frame:
            write_frame(1, f"{time.process_time() - cpu} {answered}".encode())
            continue
        if cpu < 0:
            cpu = time.process_time()
        referee_pb2.RefereeMessage.FromString(frame)
        write_frame(1, reply.SerializeToString())
        answered += 1


def main(argv: list[str]) -> int:
    if not argv:
        print(f"{__file__}: the ping-pong peer of bench/referee.py, nothing to measure alone")
        return 0
    reply = referee_pb2.BotMessage.FromString(bytes.fromhex(argv[-1]))
    if argv[0] == "grpc":
        serve_grpc(argv[1], argv[2], reply)
    elif argv[0] == "grpc-env":  # started as the referee starts a bot
        serve_grpc(os.environ["CROUPIER_ADDRESS"], os.environ["CROUPIER_TOKEN"], reply)
    else:
        serve_pipe(reply)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
