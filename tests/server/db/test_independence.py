"""The storage and the referee know nothing of each other: each loads without the other.

What a game records is the vocabulary of ``croupier_server.outcomes`` and
``croupier_server.clock``, below both; ``croupier_server.game_store`` is the one bridge.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LOADED = """
import importlib, json, pkgutil, sys
package = importlib.import_module(sys.argv[1])
for module in pkgutil.walk_packages(package.__path__, sys.argv[1] + "."):
    if ".migrations." not in module.name and not module.name.endswith(".__main__"):
        importlib.import_module(module.name)
print(json.dumps(sorted(name for name in sys.modules if name.startswith("croupier_server."))))
"""


def _loaded(package: str) -> list[str]:
    found = subprocess.run(
        [sys.executable, "-c", LOADED, package], capture_output=True, text=True, check=True
    )
    modules: list[str] = json.loads(found.stdout)
    return modules


@pytest.mark.parametrize(
    ("package", "unknown"),
    [
        ("croupier_server.db", "croupier_server.referee"),
        ("croupier_server.referee", "croupier_server.db"),
    ],
)
def test_each_loads_without_the_other(package: str, unknown: str) -> None:
    loaded = _loaded(package)
    assert f"{package}.models" in loaded or f"{package}.records" in loaded
    assert not [name for name in loaded if name == unknown or name.startswith(f"{unknown}.")]
