"""Regenerate the Python code of ``kuhn_poker.proto``, or check that the committed code is current.

    python tests/kuhn_poker/generate.py           # rewrite src/kuhn_poker/v1/kuhn_poker_pb2.py(i)
    python tests/kuhn_poker/generate.py --check   # exit 1 when the committed code is stale

As ``proto/generate.py`` does for croupier's own contract: ``grpc_tools.protoc`` (the
``grpcio-tools`` of the dev group) with ``--python_out`` and ``--mypy_out`` (mypy-protobuf's
plugin, beside the interpreter), here with ``-I src`` so the file is registered as
``kuhn_poker/v1/kuhn_poker.proto``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "src"
PROTO = Path("kuhn_poker") / "v1" / "kuhn_poker.proto"
GENERATED = (PROTO.with_name("kuhn_poker_pb2.py"), PROTO.with_name("kuhn_poker_pb2.pyi"))


def generate(out: Path) -> None:
    """Write the generated modules into ``out`` (as ``kuhn_poker/v1/...``)."""
    plugin = Path(sys.executable).parent / "protoc-gen-mypy"
    args = [f"-I{SOURCE}", f"--plugin=protoc-gen-mypy={plugin}"]
    args += [f"--python_out={out}", f"--mypy_out={out}", str(SOURCE / PROTO)]
    completed = subprocess.run(
        [sys.executable, "-m", "grpc_tools.protoc", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        sys.exit(f"generate.py: protoc failed:\n{completed.stderr}")


def stale() -> list[Path]:
    """The generated files whose committed text is not what protoc gives now."""
    with tempfile.TemporaryDirectory(prefix="kuhn-proto-") as scratch:
        generate(Path(scratch))
        return [
            path
            for path in GENERATED
            if not (SOURCE / path).exists()
            or (SOURCE / path).read_bytes() != (Path(scratch) / path).read_bytes()
        ]


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or with ``--check`` only compare) the code of ``kuhn_poker.proto``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the code is stale")
    if parser.parse_args(argv).check:
        paths = stale()
        for path in paths:
            print(f"generate.py: stale: {path}; run tests/kuhn_poker/generate.py", file=sys.stderr)
        return 1 if paths else 0
    generate(SOURCE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
