"""Regenerate the Python code of the wire contract, or check that the committed code is current.

The only way to write ``sdk/croupier/proto/``: every file there comes from here.

    python proto/generate.py           # regenerate sdk/croupier/proto/ from proto/**/*.proto
    python proto/generate.py --check   # exit 1 when the committed code is stale (CI)

It runs ``grpc_tools.protoc`` (the ``grpcio-tools`` pinned in the dev group) with
``-I proto``: messages with ``--python_out`` and ``--mypy_out`` for every ``.proto``, the
services with ``--grpc_python_out`` and ``--mypy_grpc_out`` for the files that define one.
The plugins of ``mypy-protobuf`` are taken from the interpreter's own ``bin`` directory.
"""

from __future__ import annotations

import argparse
import filecmp
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO_ROOT = ROOT / "proto"
OUTPUT_ROOT = ROOT / "sdk"
PACKAGE = Path("croupier") / "proto"
"""The generated tree, relative to ``OUTPUT_ROOT``; everything in it belongs to this script."""

INIT_DOCSTRINGS = {
    PACKAGE / "__init__.py": (
        '"""The wire contract of croupier: code generated from proto/ by proto/generate.py."""\n'
    ),
    PACKAGE / "v1" / "__init__.py": (
        '"""Version 1 of the wire contract (package croupier.proto.v1), generated: do not edit.'
        "\n\nRegenerate with ``python proto/generate.py``; convert with :mod:`croupier.codec`."
        '\n"""\n'
    ),
}
"""The package markers, written with the generated modules so that ``--check`` covers them."""

PLUGINS = ("protoc-gen-mypy", "protoc-gen-mypy_grpc")
"""The protoc plugins of mypy-protobuf, for the ``.pyi`` stubs."""

_SERVICE = re.compile(r"^\s*service\s+\w+", re.MULTILINE)


def proto_files() -> list[Path]:
    """Every ``.proto`` file of the contract, relative to ``proto/``, in a stable order."""
    return sorted(path.relative_to(PROTO_ROOT) for path in PROTO_ROOT.rglob("*.proto"))


def _plugin(name: str) -> str:
    """The path of protoc plugin ``name``, installed beside this interpreter (or on PATH)."""
    candidate = Path(sys.executable).parent / name
    if candidate.exists():
        return str(candidate)
    found = shutil.which(name)
    if found is None:
        sys.exit(f"generate.py: the protoc plugin {name} is not installed (mypy-protobuf)")
    return found


def _protoc(out: Path, files: list[Path], outputs: list[str]) -> None:
    """Run protoc on ``files`` with ``outputs`` (e.g. ``python``) written into ``out``."""
    args = ["grpc_tools.protoc", f"-I{PROTO_ROOT}"]
    args += [f"--plugin={name}={_plugin(name)}" for name in PLUGINS]
    args += [f"--{output}_out={out}" for output in outputs]
    args += [str(PROTO_ROOT / path) for path in files]
    # A subprocess, so that protoc's output and exit status are its own.
    completed = subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, check=False
    )
    if completed.returncode != 0:
        sys.exit(f"generate.py: protoc failed:\n{completed.stderr}")


def generate(out: Path) -> None:
    """Write the whole generated tree (``croupier/proto/...``) into directory ``out``."""
    files = proto_files()
    _protoc(out, files, ["python", "mypy"])
    services = [path for path in files if _SERVICE.search((PROTO_ROOT / path).read_text())]
    if services:
        _protoc(out, services, ["grpc_python", "mypy_grpc"])
    for path, text in INIT_DOCSTRINGS.items():
        (out / path).write_text(text)


def tree(root: Path) -> set[Path]:
    """The generated files under ``root`` (relative paths), bytecode caches left out."""
    base = root / PACKAGE
    if not base.exists():
        return set()
    return {
        path.relative_to(root)
        for path in base.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def differences(fresh: Path, committed: Path) -> tuple[list[Path], list[Path], list[Path]]:
    """The stale, missing and extra files of ``committed`` against the ``fresh`` tree."""
    new, old = tree(fresh), tree(committed)
    stale = sorted(
        path for path in new & old if not filecmp.cmp(fresh / path, committed / path, shallow=False)
    )
    return stale, sorted(new - old), sorted(old - new)


def _shown(path: Path) -> str:
    """``path`` as printed: from the repository root when it is inside it."""
    return (path.relative_to(ROOT) if path.is_relative_to(ROOT) else path).as_posix()


def write(fresh: Path) -> None:
    """Replace the committed tree with the ``fresh`` one, removing files it no longer has."""
    stale, missing, extra = differences(fresh, OUTPUT_ROOT)
    for path in extra:
        (OUTPUT_ROOT / path).unlink()
    for path in stale + missing:
        target = OUTPUT_ROOT / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(fresh / path, target)
    changed = len(stale) + len(missing) + len(extra)
    print(f"generate.py: {changed} file(s) changed under {_shown(OUTPUT_ROOT / PACKAGE)}")


def check(fresh: Path) -> int:
    """0 when the committed tree equals the ``fresh`` one; else 1, naming every difference."""
    stale, missing, extra = differences(fresh, OUTPUT_ROOT)
    if not (stale or missing or extra):
        print(f"generate.py: {_shown(OUTPUT_ROOT / PACKAGE)} is up to date")
        return 0
    print(
        f"generate.py: the code in {_shown(OUTPUT_ROOT / PACKAGE)} is not what proto/ gives;"
        " run `python proto/generate.py` and commit the result",
        file=sys.stderr,
    )
    for label, paths in (("stale", stale), ("missing", missing), ("extra", extra)):
        for path in paths:
            print(f"  {label}: {_shown(OUTPUT_ROOT / path)}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or with ``--check`` only compare) the code of the wire contract."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="compare the committed code with fresh output; exit 1 when they differ",
    )
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="croupier-proto-") as scratch:
        fresh = Path(scratch)
        generate(fresh)
        if arguments.check:
            return check(fresh)
        write(fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
