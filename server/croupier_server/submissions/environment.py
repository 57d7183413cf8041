"""A Python version's environment: ``VERSIONS_DIR/<digest>/env``, with its requirements.

A version whose command starts with ``python`` or ``python3`` runs in a virtual
environment of its own, made with ``uv`` (the ``uv`` distribution the server depends on):

- on the server's own Python (the version of Python its SDK's compiled grpcio needs);
- seeing the croupier SDK, grpcio and protobuf exactly as the server has them: a ``.pth``
  file adds the server's site directories that hold them (``site.addsitedir``, so that an
  editable SDK and the games' plug-ins are found as the server finds them) *after* the
  environment's own, so that what the version installs comes first. Nothing is copied or
  downloaded for the SDK, and the SDK a bot talks to is the server's: it speaks the
  contract the referee speaks;
- with its manifest's requirements installed by ``uv pip install``: the only step of a
  check with network access, from the index the organiser chose
  (:class:`~croupier_server.settings.RequirementIndex`), wheels only (``--no-build``: no
  requirement's build code runs on the server), files copied out of uv's cache rather
  than linked to it, bytecode compiled (a sealed bot cannot write its caches), within a
  time limit; what uv printed is kept for the check log.

The environment is made in a temporary folder beside and renamed into place once whole
(``uv venv --relocatable``: nothing in it names the folder it was made in), with a
description of what it was made from: one made from another Python or SDK, as after an
upgrade of the server, is made again.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import uv

from croupier.manifest import Manifest
from croupier_server.errors import CroupierServerError
from croupier_server.settings import RequirementIndex
from croupier_server.submissions.store import (
    is_python_command,
    publish_directory,
    version_directory,
)

__all__ = [
    "ENVIRONMENT",
    "SDK_DISTRIBUTIONS",
    "EnvironmentFailed",
    "MadeEnvironment",
    "environment_python",
    "make_environment",
]

ENVIRONMENT = "env"
"""The folder of a version's directory that holds its environment."""
SDK_DISTRIBUTIONS = ("croupier", "grpcio", "protobuf")
"""What a version's environment sees of the server's own installation."""

_DESCRIPTION = "croupier-environment.json"
_PTH = "_croupier_sdk.pth"
_OUTPUT_CHARS = 64 * 1024
"""The most of uv's output kept for a check log: its end."""


class EnvironmentFailed(CroupierServerError):
    """A version's environment could not be made: the message says why in one line.

    ``log`` holds what uv printed.
    """

    def __init__(self, message: str, log: str = "") -> None:
        super().__init__(message)
        self.log = log


@dataclass(frozen=True, slots=True)
class MadeEnvironment:
    """A version's environment, ready: its Python, and what making it printed."""

    python: Path
    log: str
    """uv's output while it made it; empty when it was there already."""


def environment_python(versions_dir: Path, digest: str) -> Path:
    """The Python of the environment of the version whose archive is ``digest``."""
    return versions_dir / digest / ENVIRONMENT / "bin" / "python"


def make_environment(
    versions_dir: Path,
    digest: str,
    manifest: Manifest,
    *,
    index: RequirementIndex,
    timeout_s: float,
) -> MadeEnvironment | None:
    """The environment of the version ``digest``, made if it is not there yet.

    ``None`` if the version needs none: its command does not start with ``python``.

    Raises:
        EnvironmentFailed: uv failed (its requirements cannot be installed...) or took
            more than ``timeout_s`` seconds in all.
    """
    if not is_python_command(manifest.command):
        return None
    target = versions_dir / digest / ENVIRONMENT
    description = _description(manifest)
    if _described(target) == description:
        return MadeEnvironment(target / "bin" / "python", "")
    directory = version_directory(versions_dir, digest)
    made = Path(tempfile.mkdtemp(prefix=".env-", dir=directory))
    try:
        log = _make(made, manifest.requirements, index=index, timeout_s=timeout_s)
        (made / _DESCRIPTION).write_text(json.dumps(description, sort_keys=True) + "\n")
        _open_to_all(made)
        if target.exists():
            _set_aside(target, directory)
        publish_directory(made, target)
    finally:
        shutil.rmtree(made, ignore_errors=True)
    return MadeEnvironment(target / "bin" / "python", log)


def _description(manifest: Manifest) -> dict[str, object]:
    """What an environment is made from: the server's Python, its SDK, the requirements."""
    return {
        "python": os.path.realpath(sys.executable),
        "version": sys.version,
        "sites": _sdk_sites(),
        "requirements": list(manifest.requirements),
    }


def _described(target: Path) -> object:
    try:
        return json.loads((target / _DESCRIPTION).read_text())
    except (OSError, ValueError):
        return None


def _sdk_sites() -> list[str]:
    """The server's site directories that hold the SDK and its dependencies, in order."""
    sites: list[str] = []
    for name in SDK_DISTRIBUTIONS:
        site = str(Path(str(importlib.metadata.distribution(name).locate_file(""))).resolve())
        if site not in sites:
            sites.append(site)
    return sites


def _make(
    made: Path, requirements: Sequence[str], *, index: RequirementIndex, timeout_s: float
) -> str:
    """Make the environment in ``made``; what uv printed."""
    output: list[str] = []
    venv = ["venv", "--relocatable", "--python", sys.executable, "--no-config", str(made)]
    budget = _Budget(timeout_s)
    output.append(_uv(venv, budget=budget, what="making the environment"))
    python = made / "bin" / "python"
    site = made / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    lines = [f"import site; site.addsitedir({path!r})\n" for path in _sdk_sites()]
    (site / "site-packages" / _PTH).write_text("".join(lines))
    if requirements:
        install = ["pip", "install", "--python", str(python), *_index_options(index)]
        install += ["--no-build", "--link-mode", "copy", "--compile-bytecode", "--no-config"]
        output.append(
            _uv([*install, "--", *requirements], budget=budget, what="installing its requirements")
        )
    return "".join(output)


def _index_options(index: RequirementIndex) -> list[str]:
    options = []
    if index.index_url is not None:
        options += ["--default-index", index.index_url]
    if index.find_links is not None:
        options += ["--find-links", str(index.find_links)]
    if index.offline:
        options.append("--offline")
    return options


class _Budget:
    """The time left of a whole environment's making."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._ends = time.monotonic() + seconds

    def left(self) -> float:
        return max(self._ends - time.monotonic(), 0.001)


def _uv(arguments: list[str], *, budget: _Budget, what: str) -> str:
    """Run uv with ``arguments``; its output (standard output and error).

    Raises:
        EnvironmentFailed: it failed or ran past the budget.
    """
    command = [uv.find_uv_bin(), *arguments]
    environment = {
        **os.environ,
        "UV_PYTHON_DOWNLOADS": "never",
        "NO_COLOR": "1",
        "UV_NO_PROGRESS": "1",
    }
    shown = "$ uv " + " ".join(arguments) + "\n"
    try:
        ran = subprocess.run(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=environment,
            timeout=budget.left(),
            check=False,
        )
    except subprocess.TimeoutExpired as expired:
        printed = _text(expired.output)
        raise EnvironmentFailed(
            f"{what} took more than {budget.seconds:g} s", shown + printed
        ) from None
    printed = _text(ran.stdout)
    if ran.returncode != 0:
        last = next((line for line in reversed(printed.splitlines()) if line.strip()), "")
        raise EnvironmentFailed(
            f"{what} failed (uv exited with status {ran.returncode}): {last.strip()}",
            shown + printed,
        )
    return shown + printed


def _text(output: bytes | str | None) -> str:
    if output is None:
        return ""
    text = output.decode(errors="replace") if isinstance(output, bytes) else output
    return text[-_OUTPUT_CHARS:]


def _open_to_all(root: Path) -> None:
    """Folders 0755, files readable by all: a sealed bot, as a user of its own, reads them."""
    for folder, _, files in os.walk(root):
        os.chmod(folder, 0o755)
        for name in files:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                mode = os.stat(path).st_mode
                os.chmod(path, 0o755 if mode & 0o111 else 0o644)


def _set_aside(target: Path, directory: Path) -> None:
    """Move an environment made from something else out of the way, and remove it."""
    old = Path(tempfile.mkdtemp(prefix=".env-old-", dir=directory))
    with contextlib.suppress(FileNotFoundError):  # another process set it aside first
        target.rename(old / ENVIRONMENT)
    shutil.rmtree(old, ignore_errors=True)
