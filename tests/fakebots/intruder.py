"""A bot that tries what a started bot must never manage, notes how each try ended, then plays.

    python tests/fakebots/intruder.py TOKENS --referee PID [--file PATH]... [--url URL]

Before it plays, it makes each try below and notes how it ended,
``{"try": what, "outcome": how it ended, "succeeded": whether it got what it tried}``
(a try that succeeded is a leak):

- ``no token``: a Hello with an empty token;
- ``a finished game's token``: a Hello with the token of a game it played before (the last
  line of TOKENS, a file the test keeps: a sealed bot has nowhere to keep one), from its
  second game on;
- ``another seat's token``: read the tokens of the other processes from
  ``/proc/PID/environ`` (those of the processes about its own, if /proc cannot be listed),
  and say Hello with each;
- ``read FILE`` and ``write FILE``, for each ``--file`` (the database's files): open it;
- ``the dashboard``: an HTTP GET of ``--url``;
- ``signal the referee``: signal 0 (no signal, only the permission) to process ``--referee``
  (in a sealed seat, its own PID namespace has no such process, or not the referee);
- ``the referee's environment``: read ``/proc/PID/environ`` of ``--referee``;
- ``other bots' files``: list the temp directory, where the bots' directories are (in a
  sealed seat, its own, which shows its own directory, the referee's socket and the paths
  its command names, and must show no other bot's directory: that would be the leak);
- ``lift its limits``: open its control group's ``pids.max`` for writing.

Then it plays honestly (the first legal action) with the SDK, and notes
``{"finished_token": its token}`` once its game is over. Its notes are lines on its standard
error, which the referee keeps with its game, framed as the scripted bot's are
(``scripted.py``): :data:`NOTE_PREFIX`, the JSON's length, a space, the JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import sys
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc

import croupier
from croupier.proto.v1 import referee_pb2, referee_pb2_grpc
from croupier.protocol import ADDRESS_VARIABLE, PROTOCOL_VERSION, TOKEN_VARIABLE

TEMP_DIRECTORY = "/tmp"
"""Where the referee keeps the bots' directories (its own temp directory)."""
BOT_DIRECTORY_PREFIX = "croupier-bot-"
"""How the bots' directories begin there (``sandbox.BOT_FILE_PREFIX``)."""
NOTE_PREFIX = "croupier-fakebot-note "
"""How a note's line begins, as the scripted bot's (``scripted.NOTE_PREFIX``)."""
PID_SPAN = 2000
"""How many process ids about its own it tries when /proc cannot be listed."""
HELLO_TIMEOUT_S = 5.0
HTTP_TIMEOUT_S = 3.0
TOKEN_PREFIX = f"{TOKEN_VARIABLE}=".encode()


class Notes:
    """What the intruder tried, noted on its standard error; the tokens of its finished games.

    Args:
        tokens: The file of the tokens of the games it finished, one a line, oldest first,
            which the test keeps.
    """

    def __init__(self, tokens: Path) -> None:
        self.tokens = tokens

    def write(self, **entry: Any) -> None:
        text = json.dumps(entry)  # ASCII
        sys.stderr.write(f"{NOTE_PREFIX}{len(text)} {text}\n")
        sys.stderr.flush()

    def finished_tokens(self) -> list[str]:
        """The tokens of the games it finished, oldest first, as far as the test says."""
        return self.tokens.read_text().split()


class FirstLegal(croupier.Bot[Any, Any]):
    """Plays the first legal action."""

    def act(self, observation: Any) -> Any:
        return observation.legal_actions[0]


def hello(address: str, token: str) -> tuple[str, bool]:
    """Say Hello with ``token``: (how the stream ended or what came, whether welcomed)."""
    message = referee_pb2.BotMessage(
        hello=referee_pb2.Hello(
            token=token,
            bot_name="intruder",
            protocol_version=PROTOCOL_VERSION,
            sdk="croupier-tests/intruder",
        )
    )
    with grpc.insecure_channel(address) as channel:
        stream = referee_pb2_grpc.RefereeStub(channel).Connect(
            iter([message]), timeout=HELLO_TIMEOUT_S
        )
        try:
            first = next(stream)
        except grpc.RpcError as error:
            code: grpc.StatusCode | None = getattr(error, "code", lambda: None)()
            return (code.name if code is not None else "UNKNOWN"), False
        except StopIteration:
            return "ended", False
        stream.cancel()
        kind = first.WhichOneof("message") or "nothing"
        return kind, kind == "welcome"


def stolen_tokens(own: str) -> list[str]:
    """The seat tokens of other processes this one can read from /proc."""
    try:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        pids = list(range(max(1, os.getpid() - PID_SPAN // 2), os.getpid() + PID_SPAN // 2))
    tokens = set()
    for pid in pids:
        with contextlib.suppress(OSError):
            for variable in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
                if variable.startswith(TOKEN_PREFIX):
                    tokens.add(variable.removeprefix(TOKEN_PREFIX).decode(errors="replace"))
    tokens.discard(own)
    return sorted(tokens)


def attempt(notes: Notes, what: str, action: Callable[[], str]) -> None:
    """Make one try: ``action`` returns how it went; an OSError is a refusal."""
    try:
        outcome, succeeded = action(), True
    except OSError as error:
        outcome, succeeded = f"refused: {error.strerror or error}", False
    notes.write(**{"try": what, "outcome": outcome, "succeeded": succeeded})


def open_file(path: str, mode: str) -> str:
    with open(path, mode):
        return "opened"


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=HTTP_TIMEOUT_S) as response:
        return f"HTTP {response.status}"


def signal_referee(referee: int) -> str:
    os.kill(referee, 0)
    return "may signal it"


def referee_environment(referee: int) -> str:
    return f"{len(Path(f'/proc/{referee}/environ').read_bytes())} bytes"


def other_bots_directories() -> tuple[str, bool]:
    """List the temp directory: how many entries, and whether another bot's directory is one.

    Raises:
        OSError: it may not list it.
    """
    entries = os.listdir(TEMP_DIRECTORY)
    own = os.path.basename(os.getcwd())
    others = [name for name in entries if name.startswith(BOT_DIRECTORY_PREFIX) and name != own]
    return f"{len(entries)} entries, {len(others)} of other bots", bool(others)


def open_group_limit() -> str:
    """Open the pids.max of its own control group for writing (nothing is written)."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, group = line.split(":", 2)
        base = "/sys/fs/cgroup" if not controllers else f"/sys/fs/cgroup/{controllers}"
        limit = Path(base + group, "pids.max")
        if limit.exists():
            with limit.open("a"):
                return f"{limit} opened"
    raise FileNotFoundError(0, "no pids.max of its own")


def token_tries(notes: Notes) -> Iterator[tuple[str, str]]:
    """The tokens to say Hello with, each with what it is."""
    yield "no token", ""
    if finished := notes.finished_tokens():
        yield "a finished game's token", finished[-1]


def try_everything(notes: Notes, address: str, own: str, args: argparse.Namespace) -> None:
    for what, token in token_tries(notes):
        outcome, welcomed = hello(address, token)
        notes.write(**{"try": what, "outcome": outcome, "succeeded": welcomed})
    stolen = stolen_tokens(own)
    outcomes = [hello(address, token) for token in stolen]
    notes.write(
        **{
            "try": "another seat's token",
            "outcome": f"{len(stolen)} read; hellos: {[outcome for outcome, _ in outcomes]}",
            "succeeded": bool(stolen),
        }
    )
    for path in args.file:
        attempt(notes, f"read {path}", functools.partial(open_file, path, "rb"))
        attempt(notes, f"write {path}", functools.partial(open_file, path, "r+b"))
    if args.url:
        attempt(notes, "the dashboard", lambda: fetch(args.url))
    attempt(notes, "signal the referee", functools.partial(signal_referee, args.referee))
    attempt(
        notes, "the referee's environment", functools.partial(referee_environment, args.referee)
    )
    try:
        outcome, succeeded = other_bots_directories()
    except OSError as error:
        outcome, succeeded = f"refused: {error.strerror or error}", False
    notes.write(**{"try": "other bots' files", "outcome": outcome, "succeeded": succeeded})
    attempt(notes, "lift its limits", open_group_limit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("tokens", type=Path)
    parser.add_argument("--referee", type=int, required=True, help="the referee's process id")
    parser.add_argument("--file", action="append", default=[])
    parser.add_argument("--url")
    args = parser.parse_args()
    notes = Notes(args.tokens)
    address, own = os.environ[ADDRESS_VARIABLE], os.environ[TOKEN_VARIABLE]
    try_everything(notes, address, own, args)
    croupier.run(FirstLegal())
    notes.write(finished_token=own)


if __name__ == "__main__":
    main()
