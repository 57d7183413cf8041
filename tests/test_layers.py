"""What each package loads: the layers of docs/architecture.md, as the interpreter sees them.

import-linter checks the import statements (``./dev check``); this checks what an import
really loads, package initialisers and lazy imports included, which a static graph does not
model. Each package is imported with every module under it, in a fresh interpreter, since
this one has imported everything already; then no module of a package it must not reach
may be loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.waiting import patience_s

_LOADED = """
import importlib, json, pkgutil, sys
for name in sys.argv[1:]:
    package = importlib.import_module(name)
    for module in pkgutil.walk_packages(getattr(package, "__path__", []), name + "."):
        if ".migrations." not in module.name and not module.name.endswith("__main__"):
            importlib.import_module(module.name)
print(json.dumps(sorted(sys.modules)))
"""

_SERVER_ABOVE_THE_REFEREE = (
    "croupier_server.cli",
    "croupier_server.administration",
    "croupier_server.person_tables",
    "croupier_server.second_opinion",
    "croupier_server.web",
    "croupier_server.workers",
    "croupier_server.attempts",
    "croupier_server.ladder",
    "croupier_server.queueing",
    "croupier_server.tournament",
    "croupier_server.matchmaking",
    "croupier_server.recorded_games",
    "croupier_server.game_store",
)
_WEB_FRAMEWORK = ("fastapi", "starlette", "jinja2", "uvicorn")
_STORAGE = ("sqlalchemy", "sqlmodel", "psycopg", "alembic")

LAYERS: dict[tuple[str, ...], tuple[str, ...]] = {
    # The SDK: the engines need nothing but the standard library, the codec no gRPC.
    ("croupier.games",): ("google", "grpc", "croupier_server", "croupier.codec"),
    ("croupier.codec", "croupier.testing"): ("grpc", "croupier_server"),
    # The bottom of the server: vocabulary, settings and statistics, with no I/O.
    (
        "croupier_server.outcomes",
        "croupier_server.clock",
        "croupier_server.errors",
        "croupier_server.threads",
        "croupier_server.control",
        "croupier_server.settings",
        "croupier_server.ratings",
    ): (
        "grpc",
        "google",
        *_STORAGE,
        *_WEB_FRAMEWORK,
        "croupier_server.db",
        "croupier_server.referee",
        *_SERVER_ABOVE_THE_REFEREE,
    ),
    # The log and the metrics: what every layer above may use, with no storage nor web.
    ("croupier_server.logs", "croupier_server.metrics"): (
        "grpc",
        *_STORAGE,
        *_WEB_FRAMEWORK,
        "croupier_server.db",
        "croupier_server.referee",
        *_SERVER_ABOVE_THE_REFEREE,
    ),
    # Storage and the referee know nothing of each other (game_store bridges them).
    ("croupier_server.db",): (
        "grpc",
        "procrastinate",
        *_WEB_FRAMEWORK,
        "croupier_server.referee",
        *_SERVER_ABOVE_THE_REFEREE,
    ),
    ("croupier_server.referee",): (
        *_STORAGE,
        *_WEB_FRAMEWORK,
        "croupier_server.db",
        *_SERVER_ABOVE_THE_REFEREE,
    ),
    # Leaderboards and the stored shape of tournaments, which the dashboard reads.
    (
        "croupier_server.standings",
        "croupier_server.tournament.records",
        "croupier_server.tournament.formats",
        "croupier_server.tournament.settings",
    ): (
        "grpc",
        *_WEB_FRAMEWORK,
        "croupier_server.referee",
        "croupier_server.recorded_games",
        "croupier_server.game_store",
        "croupier_server.tournament.runner",
        "croupier_server.cli",
        "croupier_server.web",
    ),
    # A ladder plays through the tournaments' machinery and the queue, beside the workers.
    ("croupier_server.ladder",): (
        *_WEB_FRAMEWORK,
        "croupier_server.workers",
        "croupier_server.web",
        "croupier_server.administration",
        "croupier_server.cli",
    ),
    # The dashboard reads the database and never drives the referee.
    ("croupier_server.web",): (
        "grpc",
        "croupier_server.referee",
        "croupier_server.recorded_games",
        "croupier_server.game_store",
        "croupier_server.matchmaking",
        "croupier_server.administration",
        "croupier_server.person_tables",
        "croupier_server.second_opinion",
        "croupier_server.tournament.runner",
        "croupier_server.tournament.queue",
        "croupier_server.ladder.runner",
        "croupier_server.queueing",
        "croupier_server.attempts",
        "croupier_server.workers",
        "procrastinate",
        "croupier_server.cli",
    ),
}
"""Packages imported together, and the packages none of their modules may load."""


def printed_by(code: str, *arguments: str) -> Any:
    """What ``code`` prints as JSON, run in a fresh interpreter with ``arguments``."""
    answer = subprocess.run(
        [sys.executable, "-c", code, *arguments],
        capture_output=True,
        text=True,
        check=True,
        timeout=patience_s(),
    )
    return json.loads(answer.stdout)


def loaded_by(packages: tuple[str, ...]) -> list[str]:
    """The modules loaded once ``packages`` and every module under them are imported."""
    modules: list[str] = printed_by(_LOADED, *packages)
    return modules


def within(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    """The modules of ``modules`` that are ``packages`` or lie inside one of them.

    >>> within(["grpc.aio", "grpcio_tools", "croupier_server.referee", "json"], ("grpc",))
    ['grpc.aio']
    """
    return [
        module
        for module in modules
        if any(module == package or module.startswith(f"{package}.") for package in packages)
    ]


@pytest.mark.parametrize(("packages", "unreached"), LAYERS.items(), ids=lambda key: key[0])
def test_a_layer_loads_nothing_above_it(
    packages: tuple[str, ...], unreached: tuple[str, ...]
) -> None:
    loaded = loaded_by(packages)
    assert set(packages) <= set(loaded)
    assert within(loaded, unreached) == []


def test_creating_the_dashboard_loads_neither_grpc_nor_the_referee() -> None:
    code = (
        "import json, sys\n"
        "from sqlalchemy import create_engine\n"
        "from croupier_server.web import create_app\n"
        "create_app(create_engine('sqlite://'))\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    unreached = LAYERS[("croupier_server.web",)]
    assert within(printed_by(code), unreached) == []


def test_the_tables_are_loaded_when_a_table_is_asked_for() -> None:
    code = (
        "import json, sys\n"
        "import croupier_server.web\n"
        "from croupier_server.web.tables import table_for\n"
        "before = sorted(sys.modules)\n"
        "table_for('lexio')\n"
        "print(json.dumps([before, sorted(sys.modules)]))"
    )
    before, after = printed_by(code)
    assert "croupier_server.web.tables.lexio" not in before
    assert "croupier_server.web.tables.lexio" in after
    assert "croupier_server.web.tables.cribbage" not in after
