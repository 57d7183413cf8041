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
  (:class:`~croupier_server.settings.RequirementIndex`) and nowhere else (the
  requirements were checked at upload to be names and versions, and are given after
  ``--``, as :mod:`packaging` prints them), wheels only (``--no-build``: no requirement's
  build code runs), files copied out of uv's cache rather than linked to it. uv runs none
  of the requirements' code (no ``--compile-bytecode``: it would start the environment's
  Python, which runs their ``.pth`` files; it starts it only to ask its version, before
  anything is installed) and sees nothing of the server's environment but its ``PATH``,
  locale, home and cache, proxies and certificates;
- compiled to bytecode (a sealed bot cannot write its caches) and tried (the SDK
  imported) inside a seal of its own (:mod:`~croupier_server.submissions.bytecode`), where
  the machine can seal; where it cannot, that step is left out and said in the log, and
  nothing of the version runs while it is made.

All of it within a time limit. What uv and the sealed step printed is kept for the check
log, with the server's paths in it (the versions directory, uv's cache, the find-links
directory, the index, the interpreter's installation) replaced by placeholders.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import uv
from packaging.requirements import Requirement

from croupier.manifest import Manifest
from croupier_server.errors import CroupierServerError
from croupier_server.referee.containment.launcher import LaunchError
from croupier_server.referee.containment.sandbox import sealing_failure
from croupier_server.settings import RequirementIndex
from croupier_server.submissions.bytecode import compile_sealed
from croupier_server.submissions.placeholders import ServerPaths
from croupier_server.submissions.store import (
    is_python_command,
    publish_directory,
    version_directory,
)

__all__ = [
    "ENVIRONMENT",
    "SDK_DISTRIBUTIONS",
    "UV_PASSED_VARIABLES",
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
UV_PASSED_VARIABLES = (
    "PATH",
    "HOME",
    "LANG",
    "LC_ALL",
    "XDG_CACHE_HOME",
    "UV_CACHE_DIR",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "NO_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
    "no_proxy",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
)
"""The server's environment variables uv gets: where it finds itself, its cache, the way out."""


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
    paths = _server_paths(versions_dir, made=made, index=index)
    try:
        log = _make(made, target, manifest.requirements, index=index, timeout_s=timeout_s)
        _write_anew(made / _DESCRIPTION, json.dumps(description, sort_keys=True) + "\n")
        _open_to_all(made)
        if target.exists():
            _set_aside(target, directory)
        publish_directory(made, target)
    except EnvironmentFailed as failed:
        raise EnvironmentFailed(paths.hidden(str(failed)), paths.hidden(failed.log)) from None
    finally:
        shutil.rmtree(made, ignore_errors=True)
    return MadeEnvironment(target / "bin" / "python", paths.hidden(log))


def _server_paths(versions_dir: Path, *, made: Path, index: RequirementIndex) -> ServerPaths:
    """The server's paths making an environment may print, each with its placeholder."""
    named = [
        (made, "<environment>"),
        (versions_dir, "<versions>"),
        (_uv_cache(os.environ), "<uv-cache>"),
        (Path(sys.base_prefix), "<python>"),
        (Path(sys.prefix), "<server-python>"),
    ]
    if index.find_links is not None:
        named.append((index.find_links, "<find-links>"))
    urls = {index.index_url.rstrip("/"): "<index>"} if index.index_url is not None else {}
    return ServerPaths.of(named, urls)


def _uv_cache(environment: Mapping[str, str]) -> Path:
    """The cache uv uses with ``environment``: ``$UV_CACHE_DIR``, else the user's cache."""
    if environment.get("UV_CACHE_DIR"):
        return Path(environment["UV_CACHE_DIR"])
    home = environment.get("HOME") or os.path.expanduser("~")
    return Path(environment.get("XDG_CACHE_HOME") or os.path.join(home, ".cache"), "uv")


def _write_anew(path: Path, text: str) -> None:
    """Write ``path`` as a new file: what the sealed step left there (a link) is removed."""
    with contextlib.suppress(FileNotFoundError):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    with open(os.open(path, flags, 0o644), "w") as file:
        file.write(text)


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
    made: Path,
    target: Path,
    requirements: Sequence[str],
    *,
    index: RequirementIndex,
    timeout_s: float,
) -> str:
    """Make the environment in ``made`` (to be moved to ``target``); what was printed."""
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
        install += ["--no-build", "--link-mode", "copy", "--no-config", "--"]
        install += [str(Requirement(requirement)) for requirement in requirements]
        output.append(_uv(install, budget=budget, what="installing its requirements"))
    output.append(_compiled(made, target, budget=budget))
    return "".join(output)


def _compiled(made: Path, target: Path, *, budget: _Budget) -> str:
    """Compile the environment and import the SDK, sealed; what it printed.

    Raises:
        EnvironmentFailed: it failed, or ran past the budget.
    """
    shown = "$ python -I -c 'compile the environment, import croupier' (sealed)\n"
    failure = sealing_failure()
    if failure is not None:
        return f"bytecode not compiled: nothing of a version runs unsealed, and {failure}\n"
    what = "compiling and trying the environment, sealed,"
    try:
        ran = compile_sealed(made, placed=target, sdk_sites=_sdk_sites(), timeout_s=budget.left())
    except LaunchError as error:
        raise EnvironmentFailed(f"{what} could not start: {error}", shown) from None
    printed = _text(ran.output + "\n" if ran.output else "")
    if ran.exit_code is None:
        raise EnvironmentFailed(f"{what} took more than {budget.seconds:g} s", shown + printed)
    if ran.exit_code != 0:
        last = next((line for line in reversed(printed.splitlines()) if line.strip()), "")
        raise EnvironmentFailed(
            f"{what} failed (status {ran.exit_code}): {last.strip()}", shown + printed
        )
    return shown + printed


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
        **{name: value for name, value in os.environ.items() if name in UV_PASSED_VARIABLES},
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
