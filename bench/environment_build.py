"""What the seal costs a version's environment: its build, sealed, against the unsealed one.

    ./dev bench bench/environment_build.py          (about ten seconds)
    ./dev run python bench/environment_build.py --runs 9

Figures printed, nothing asserted. The same environment (the server's Python and SDK, one
small wheel from a find-links directory, offline) is made two ways, alternately, each in a
fresh folder:

- unsealed, as croupier made it before the seal: ``uv venv``, then ``uv pip install
  --compile-bytecode`` in the server's environment (uv compiles by starting the new
  environment's Python, unsealed);
- sealed, as :func:`~croupier_server.submissions.environment.make_environment` makes it
  now: ``uv venv``, ``uv pip install`` in a scrubbed environment without compiling, then
  the bytecode compiled and the SDK imported inside a seal of its own.

Each figure is the median of its runs; the ratio is the median of the ratios of the pairs
run next to each other.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import uv

from croupier.manifest import Manifest
from croupier_server.settings import RequirementIndex
from croupier_server.submissions.environment import make_environment

sys.path.append(str(Path(__file__).resolve().parents[1]))  # tests/ too

from tests.server.submissions.building import write_wheel

WHEEL = "benchhelper"


def unsealed(folder: Path, wheels: Path) -> None:
    """The environment as croupier made it before the seal."""
    environment = folder / "env"
    venv = ["venv", "--relocatable", "--python", sys.executable, "--no-config", str(environment)]
    install = ["pip", "install", "--python", str(environment / "bin" / "python")]
    install += ["--find-links", str(wheels), "--offline", "--no-build", "--link-mode", "copy"]
    install += ["--compile-bytecode", "--no-config", "--", f"{WHEEL}==1.0"]
    for arguments in (venv, install):
        subprocess.run([uv.find_uv_bin(), *arguments], capture_output=True, check=True)


def sealed(folder: Path, wheels: Path) -> None:
    """The environment as croupier makes it now."""
    manifest = Manifest(
        name="b", game="lexio", command="python bot.py", requirements=(f"{WHEEL}==1.0",)
    )
    index = RequirementIndex(find_links=wheels, offline=True)
    make_environment(folder, "ab" * 32, manifest, index=index, timeout_s=120)


def main() -> None:
    """Time both builds, alternately, and print their medians and ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="pairs of builds (default: 5)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as scratch:
        wheels = Path(scratch, "wheels")
        write_wheel(wheels, WHEEL, "1.0", {f"{WHEEL}/__init__.py": "ANSWER = 42\n"})
        timings: dict[str, list[float]] = {"unsealed": [], "sealed": []}
        builds = {"unsealed": unsealed, "sealed": sealed}
        for run in range(runs + 1):  # the first pair warms uv's cache, and is not counted
            order = ["unsealed", "sealed"] if run % 2 else ["sealed", "unsealed"]
            for name in order:
                folder = Path(tempfile.mkdtemp(dir=scratch))
                started = time.perf_counter()
                builds[name](folder, wheels)
                if run:
                    timings[name].append(time.perf_counter() - started)
    ratios = [s / u for s, u in zip(timings["sealed"], timings["unsealed"], strict=True)]
    print(f"environment build, one small wheel, {runs} pairs:")
    for name, seconds in timings.items():
        print(f"  {name:9} median {statistics.median(seconds) * 1000:7.0f} ms")
    print(f"  sealed / unsealed: {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
