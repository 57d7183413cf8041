"""What the submissions' tests build: archives of any shape, bots, and a wheel of their own.

:func:`archive` writes a gzipped tar entry by entry with :mod:`tarfile` (so that a test
can make what the SDK's packer never would: absolute paths, ``..``, links out, devices);
:func:`bot_archive` packs a bot's directory as ``croupier-bot submit`` does
(:func:`croupier.packing.pack_directory`); :func:`write_wheel` writes a pure-Python wheel
with :mod:`zipfile` (its METADATA, WHEEL and RECORD), installable with no network;
:func:`write_probe_wheel` one whose ``.pth`` line probes what it may reach.
"""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
import textwrap
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from croupier.packing import pack_directory

__all__ = [
    "FIRST_LEGAL_BOT",
    "PROBE_MODULE",
    "TarEntry",
    "archive",
    "bot_archive",
    "manifest_text",
    "write_probe_wheel",
    "write_wheel",
]

FIRST_LEGAL_BOT = textwrap.dedent(
    """\
    import croupier

    class FirstLegal(croupier.Bot):
        def act(self, observation):
            return observation.legal_actions[0]

    if __name__ == "__main__":
        croupier.run(FirstLegal())
    """
)
"""A bot of any game that plays its first legal action."""


@dataclass(frozen=True, slots=True)
class TarEntry:
    """One entry of an archive: a file (``data``), or another ``kind`` of ``tarfile``."""

    name: str
    data: bytes = b""
    kind: bytes = tarfile.REGTYPE
    mode: int = 0o644
    link: str = ""
    size: int | None = None
    """The size its header claims, if not ``len(data)``."""


def archive(entries: Sequence[TarEntry], *, level: int = 6) -> bytes:
    """A gzipped tar of ``entries``, in order."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", compresslevel=level) as tar:
        for entry in entries:
            info = tarfile.TarInfo(entry.name)
            info.type = entry.kind
            info.mode = entry.mode
            info.linkname = entry.link
            info.size = len(entry.data) if entry.size is None else entry.size
            is_file = entry.kind == tarfile.REGTYPE
            tar.addfile(info, io.BytesIO(entry.data) if is_file else None)
    return buffer.getvalue()


def manifest_text(
    name: str = "my-bot",
    *,
    game: str = "cribbage",
    command: str = "python bot.py",
    requirements: Sequence[str] = (),
) -> str:
    """A ``croupier.toml``."""
    lines = [f'name = "{name}"', f'game = "{game}"', f'command = "{command}"']
    if requirements:
        lines.append("requirements = [" + ", ".join(f'"{r}"' for r in requirements) + "]")
    return "\n".join(lines) + "\n"


def bot_archive(directory: Path, files: Mapping[str, str], *, manifest: str) -> bytes:
    """The bot of ``files`` (path to text) and ``manifest``, packed from ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "croupier.toml").write_text(manifest)
    for path, text in files.items():
        (directory / path).parent.mkdir(parents=True, exist_ok=True)
        (directory / path).write_text(text)
    return pack_directory(directory)


def write_wheel(directory: Path, name: str, version: str, modules: Mapping[str, str]) -> Path:
    """Write the pure-Python wheel of distribution ``name`` holding ``modules`` (file: code)."""
    directory.mkdir(parents=True, exist_ok=True)
    info = f"{name}-{version}.dist-info"
    files = {
        **{path: code.encode() for path, code in modules.items()},
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
        f"{info}/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: croupier-tests\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n"
        ),
    }
    record = [f"{path},sha256={_digest(data)},{len(data)}" for path, data in files.items()]
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = directory / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as written:
        for path, data in files.items():
            written.writestr(path, data)
    return wheel


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


PROBE_MODULE = textwrap.dedent(
    """\
    import json, os, socket, sys

    def probe(database, outside, port):
        here = os.path.dirname(os.path.abspath(__file__))
        found = {"uid": os.getuid(), "hostname": socket.gethostname()}
        found["croupier_variables"] = sorted(v for v in os.environ if v.startswith("CROUPIER"))
        try:
            with open(database, "rb") as file:
                found["read_database"] = len(file.read())
        except OSError as error:
            found["read_database"] = error.strerror
        try:
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
            found["network"] = "connected"
        except OSError as error:
            found["network"] = error.strerror
        try:
            with open(outside, "w") as file:
                file.write("escaped")
            found["write_outside"] = "written"
        except OSError as error:
            found["write_outside"] = error.strerror
        marker = os.path.join(here, f"probe-{os.getpid()}.json")
        with open(marker, "w") as file:
            json.dump(found, file)
        print("probe:", json.dumps(found), file=sys.stderr, flush=True)
    """
)
"""What a hostile wheel's ``.pth`` line runs: it notes who and where it is, and what it can do."""


def write_probe_wheel(
    directory: Path, name: str, *, database: Path, outside: Path, port: int
) -> Path:
    """The wheel of ``name`` 1.0, whose ``.pth`` line probes (:data:`PROBE_MODULE`) on start.

    Each time a Python that has it installed starts, the probe tries to read ``database``,
    to reach 127.0.0.1:``port`` and to write ``outside``, and leaves what it found as
    ``probe-PID.json`` beside its module (and prints it).
    """
    module = f"{name}_probe"
    line = f"import {module}; {module}.probe({str(database)!r}, {str(outside)!r}, {port})\n"
    return write_wheel(directory, name, "1.0", {f"{module}.py": PROBE_MODULE, f"{name}.pth": line})
