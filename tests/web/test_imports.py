"""What importing the dashboard loads: neither grpc, nor the referee, nor the match player.

Each check runs in a fresh interpreter, since this one has imported everything already.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FORBIDDEN = (
    "grpc",
    "croupier_server.referee",
    "croupier_server.matches",
    "croupier_server.tournament.runner",
)
"""Packages the dashboard must not load: it reads the database and never drives the referee."""

_LOADED = """
import json, sys
{code}
print(json.dumps(sorted(sys.modules)))
"""


def loaded_by(code: str) -> list[str]:
    """The modules loaded once ``code`` has run in a fresh interpreter."""
    answer = subprocess.run(
        [sys.executable, "-c", _LOADED.format(code=code)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    modules: list[str] = json.loads(answer.stdout)
    return modules


def forbidden_among(modules: list[str]) -> list[str]:
    """The modules of :data:`FORBIDDEN` packages among ``modules``.

    >>> forbidden_among(["grpc.aio", "grpcio_tools", "croupier_server.referee", "json"])
    ['grpc.aio', 'croupier_server.referee']
    """
    return [
        module
        for module in modules
        if any(module == package or module.startswith(f"{package}.") for package in FORBIDDEN)
    ]


@pytest.mark.parametrize(
    "code",
    [
        "import croupier_server.web",
        "from sqlalchemy import create_engine\n"
        "from croupier_server.web import create_app\n"
        "create_app(create_engine('sqlite://'))",
    ],
    ids=["import", "create_app"],
)
def test_the_dashboard_loads_neither_grpc_nor_the_referee(code: str) -> None:
    assert forbidden_among(loaded_by(code)) == []


def test_the_tables_are_loaded_when_a_table_is_asked_for() -> None:
    assert "croupier_server.web.tables.lexio" not in loaded_by("import croupier_server.web")
    loaded = loaded_by("from croupier_server.web.tables import table_for\ntable_for('lexio')")
    assert "croupier_server.web.tables.lexio" in loaded
    assert "croupier_server.web.tables.cribbage" not in loaded
