"""A version's environment compiled, and tried, inside a seal of its own.

Compiling an environment's bytecode starts its Python, which runs every ``.pth`` line of
every wheel installed in it: code of the version's author. So it runs as a bot does, in a
:class:`~croupier_server.referee.containment.sandbox.Sandbox` that is sealed or not
started: a user of its own (under a root server), no network, a scrubbed environment, and
a narrow view of the files (:class:`~croupier_server.referee.containment.seal.FileView`):
it reads only what Python needs to run (the interpreter's installation, the system's
libraries, the SDK's site directories) and writes only in the environment being made. It
compiles the environment's modules as they will be found once it is in place, then imports
the SDK: an environment where that fails does not work.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from croupier_server.referee.containment.launcher import BotProcess
from croupier_server.referee.containment.limits import BotLimits
from croupier_server.referee.containment.seal import FileView

__all__ = ["SDK_MODULES", "SYSTEM_LIBRARIES", "SealedRun", "compile_sealed"]

SYSTEM_LIBRARIES = (
    "/lib",
    "/lib64",
    "/usr/lib",
    "/usr/lib64",
    "/usr/local/lib",
    "/etc/ld.so.cache",
)
"""Where the interpreter's shared libraries are found, besides its own installation."""
SDK_MODULES = ("croupier", "grpc", "google")
"""The SDK's top-level modules, whose folders the sealed process reads (an editable SDK's
are outside its site directory)."""
_STOP_GRACE_S = 1.0
_COMPILE = (
    "import compileall, sys\n"
    "made, placed = sys.argv[1:3]\n"
    "compileall.compile_dir(made, quiet=1, stripdir=made, prependdir=placed, force=True)\n"
    "import croupier\n"
)
"""Compile the environment's modules as found once it is in place, then import the SDK."""


@dataclass(frozen=True, slots=True)
class SealedRun:
    """How the sealed compilation ended, and what it printed."""

    exit_code: int | None
    """Its exit status (negative: killed by that signal); ``None``: ended at its time limit."""
    output: str


def compile_sealed(
    made: Path, *, placed: Path, sdk_sites: Sequence[str], timeout_s: float
) -> SealedRun:
    """Compile the environment ``made`` (to be moved to ``placed``) and import the SDK, sealed.

    Blocks until it ends (run it in a thread of its own, as a version's preparing is).

    Raises:
        LaunchError: it cannot be started sealed here.
    """
    python = made / "bin" / "python"
    argv = [str(python), "-I", "-c", _COMPILE, str(made), str(placed)]
    view = FileView(readable=(*_python_needs(), *sdk_sites, *_sdk_folders()), writable=(str(made),))
    return asyncio.run(_run(argv, view, timeout_s))


async def _run(argv: Sequence[str], view: FileView, timeout_s: float) -> SealedRun:
    process = await BotProcess.start(
        "compiling the environment",
        shlex.join(argv),
        env={},
        limits=BotLimits(),
        sealed_only=True,
        view=view,
    )
    ended = True
    try:
        await asyncio.wait_for(process.process.wait(), timeout_s)
    except TimeoutError:
        ended = False
    finally:
        await process.stop(exit_wait=0, grace=_STOP_GRACE_S)
    output = "\n".join(line.text for line in process.output.lines)
    return SealedRun(process.exit_code if ended else None, output)


def _python_needs() -> list[str]:
    """What the server's interpreter needs to run: its installation and the system's libraries."""
    installations = {os.path.realpath(sys.base_prefix), os.path.realpath(sys.base_exec_prefix)}
    return [*sorted(installations), *SYSTEM_LIBRARIES]


def _sdk_folders() -> list[str]:
    """The folders that hold the SDK's top-level modules, as the server finds them."""
    folders: list[str] = []
    for name in SDK_MODULES:
        spec = importlib.util.find_spec(name)
        for location in (spec.submodule_search_locations or []) if spec else []:
            folder = os.path.dirname(os.path.realpath(location))
            if folder not in folders:
                folders.append(folder)
    return folders
