"""Confine this process as SPEC says, then run the bot: ``__main__.py SPEC -- PROGRAM [ARG...]``.

Started by path with ``python -I -S``, which puts neither this directory nor any
site-packages on the path: the package's root is put there, for the standard-library-only
modules of :mod:`croupier_server.referee.containment.confinement` (see there for SPEC).
"""

from __future__ import annotations

import json
import os
import sys

_ROOT = os.path.realpath(__file__)
for _ in range(5):  # confinement, containment, referee, croupier_server, then its directory
    _ROOT = os.path.dirname(_ROOT)
sys.path.insert(0, _ROOT)

from croupier_server.referee.containment.confinement import namespaces, process  # noqa: E402


def main(argv: list[str]) -> int:
    """Confine this process and run the bot, or probe; returns an exit status on failure."""
    if argv[1:] == ["--probe-network"]:
        try:
            namespaces.cut_network()
        except OSError as error:
            print(error, file=sys.stderr)
            return 1
        return 0
    if len(argv) < 4 or argv[2] != "--":
        print("usage: __main__.py SPEC -- PROGRAM [ARGUMENT...]", file=sys.stderr)
        return process.CONFINEMENT_FAILED
    return process.run(json.loads(argv[1]), argv[3:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
