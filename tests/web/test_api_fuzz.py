"""The dashboard fuzzed: the JSON API from its own OpenAPI schema, the pages from random paths.

schemathesis turns every operation of ``/api/openapi.json`` into requests, valid ones (some
naming stored bots, games, tournaments and boards, some carrying hostile text wherever the
schema admits text) and invalid ones; each answer must be a documented status with a JSON
body of the documented shape, and never a server error: over the filled database of
:mod:`tests.web.filling`, and over empty databases of both backends (PostgreSQL refuses
what SQLite takes, such as a NUL in a string). Without the admin token, every change is
refused; ``test_admin_fuzz.py`` fuzzes the changes with it. The HTML pages, which the
schema leaves out, get random path segments and query values: never a 500, always a page.
Each defect these found has a regression test at the end.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import APIOperation, Case, GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.core.result import Err
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import create_database_engine, init_database, statistics
from croupier_server.web import create_app
from tests import queries
from tests.server import conftest as server_fixtures

# The databases of both backends, as the server's tests have them.
database_url = server_fixtures.database_url
postgres_database_url = server_fixtures.postgres_database_url


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    positive_data_acceptance,
]
"""What every answer must pass. Not ``negative_data_rejection``: an empty query value is no
filter by design (the games form sends its blank fields), which a schema cannot say of an
integer or an enum, and invalid generation sends nulls and empty lists as empty values."""

# The archive an upload posts (POST /api/submissions) is bytes, as any binary body is.
schemathesis.serializer.alias("application/gzip", "application/octet-stream")

FUZZ_SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
"""The loaded profile's examples; requests to a real database may be slow on a busy machine."""
OPERATION_EXAMPLES = 50
"""The most examples of each operation and mode: some 60 of them, on three databases, make
thousands of requests, and CI's time is better spent on the pages' fuzz and the rules."""

Operation = APIOperation[Any, Any, Any, Any]
StoredParameters = list[dict[str, Any]]


def path_parameter_names(path: str) -> frozenset[str]:
    """The ``{names}`` of an operation's path template.

    >>> sorted(path_parameter_names("/api/leaderboard/{game}/{variant}"))
    ['game', 'variant']
    """
    return frozenset(re.findall(r"{(\w+)}", path))


def stored_path_parameters(engine: Engine) -> StoredParameters:
    """Path parameters that name something stored: every bot, game, tournament and board."""
    with Session(engine) as session:
        stored: StoredParameters = [
            {"bot_id": bot.id} for bot in db.list_bots(session) if bot.id is not None
        ]
        stored += [{"game_id": game.id} for game in queries.list_games(session, limit=1_000)]
        stored += [{"tournament_id": tournament.id} for tournament in db.list_tournaments(session)]
        stored += [
            {"game": board.game, "variant": board.variant}
            for board in statistics.finished_boards(session)
        ]
    return stored


HOSTILE_TEXT = (
    "\x00",
    "name\x00with a NUL",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "%00%ff",
    "\u202eright to left",
    "x" * 64,
    " ",
)
"""Strings that have broken servers; each is sent wherever a parameter's schema admits it."""


@dataclass(frozen=True, slots=True)
class Fixed:
    """Parameters a request is given rather than generated (the rest are generated)."""

    path_parameters: dict[str, Any] = field(default_factory=dict)
    query: dict[str, Any] = field(default_factory=dict)


def stored_things(operation: Operation, stored: StoredParameters) -> list[Fixed]:
    """Path parameters of ``operation`` naming something stored."""
    names = path_parameter_names(operation.path)
    return [Fixed(path_parameters=found) for found in stored if names and set(found) == names]


def hostile_text(operation: Operation) -> list[Fixed]:
    """Each of :data:`HOSTILE_TEXT` in each parameter of ``operation`` whose schema admits it."""
    fixed = []
    for parameter in [*operation.path_parameters, *operation.query]:
        for text in HOSTILE_TEXT:
            if not parameter.is_valid(text):
                continue
            if parameter.location is ParameterLocation.PATH:
                fixed.append(Fixed(path_parameters={parameter.name: text}))
            else:
                fixed.append(Fixed(query={parameter.name: text}))
    return fixed


def requests_for(
    operation: Operation, mode: GenerationMode, stored: StoredParameters
) -> st.SearchStrategy[Case[Any]]:
    """Generated requests to ``operation``; valid ones also with stored ids and hostile text."""
    generated = operation.as_strategy(mode)
    if mode is GenerationMode.NEGATIVE:
        return generated
    choices = [
        st.sampled_from(fixed).flatmap(
            lambda given: operation.as_strategy(
                mode, path_parameters=given.path_parameters, query=given.query
            )
        )
        for fixed in (stored_things(operation, stored), hostile_text(operation))
        if fixed
    ]
    return st.one_of(generated, *choices)


def fuzz(operation: Operation, mode: GenerationMode, stored: StoredParameters) -> None:
    """Send ``operation`` the generated requests; every answer must pass :data:`CHECKS`."""

    @settings(FUZZ_SETTINGS, max_examples=min(FUZZ_SETTINGS.max_examples, OPERATION_EXAMPLES))
    @given(case=requests_for(operation, mode, stored))
    def exchange(case: Case[Any]) -> None:
        case.call_and_validate(checks=CHECKS)

    try:
        exchange()
    except Unsatisfiable:
        # No parameter, or free text only: no request breaks the schema.
        assert mode is GenerationMode.NEGATIVE
        pytest.skip(f"no request to {operation.label} breaks its schema")


def api_operations(app: FastAPI) -> list[Operation]:
    """Every operation of the OpenAPI schema of the dashboard ``app``."""
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    operations = []
    for result in schema.get_all_operations():
        if isinstance(result, Err):
            raise result.err()
        operations.append(result.ok())
    assert operations
    return operations


def fuzz_every_operation(engine: Engine, subtests: pytest.Subtests) -> None:
    """Fuzz each operation of the API over ``engine`` with valid and invalid requests.

    Without the admin token, every change is refused (the admin's requests are fuzzed in
    ``test_admin_fuzz.py``): the database stays as it is.
    """
    stored = stored_path_parameters(engine)
    for operation in api_operations(create_app(engine)):
        for mode in GenerationMode:
            with subtests.test(operation=operation.label, mode=mode.value):
                fuzz(operation, mode, stored)


@pytest.fixture
def empty_engine(database_url: str) -> Iterator[Engine]:
    """An engine over an empty database of each backend (no bots, no games)."""
    engine = create_database_engine(database_url)
    init_database(engine)
    yield engine
    engine.dispose()


@pytest.mark.slow
def test_the_api_over_real_games_answers_as_its_schema_says(
    filled_engine: Engine, subtests: pytest.Subtests
) -> None:
    fuzz_every_operation(filled_engine, subtests)


@pytest.mark.slow
def test_the_api_over_an_empty_database_answers_as_its_schema_says(
    empty_engine: Engine, subtests: pytest.Subtests
) -> None:
    fuzz_every_operation(empty_engine, subtests)


PAGE_ONLY_QUERY = ("step",)
"""Query parameters of pages that their JSON twins do not take."""


def reading_operations(engine: Engine) -> list[Operation]:
    """The operations of the API that read: the JSON twins of the pages."""
    operations = api_operations(create_app(engine))
    return [operation for operation in operations if operation.method.upper() == "GET"]


def page_paths(engine: Engine) -> list[str]:
    """The path templates of the pages: the home page, and every JSON twin without ``/api``.

    Twins without a page (a tournament's progress) are asked too: they must be a 404 page.
    """
    twins = {operation.path.removeprefix("/api") for operation in reading_operations(engine)}
    return ["/", *sorted(twins)]


def query_names(engine: Engine) -> list[str]:
    """Every query parameter of the JSON twins, and of the pages alone."""
    names = {parameter.name for twin in reading_operations(engine) for parameter in twin.query}
    return sorted(names | set(PAGE_ONLY_QUERY))


def segments(stored: StoredParameters) -> st.SearchStrategy[str]:
    """Path segments: stored ids and names, numbers of any size, and any text."""
    known = sorted({str(value) for found in stored for value in found.values()})
    return st.one_of(
        st.sampled_from(known or ["1"]),
        st.integers().map(str),
        st.sampled_from(HOSTILE_TEXT),
        st.text(min_size=1),
    )


def pages(engine: Engine) -> st.SearchStrategy[tuple[str, dict[str, str]]]:
    """A page's path with its parameters filled in, and query values."""
    stored = stored_path_parameters(engine)
    value = st.one_of(
        segments(stored), st.sampled_from(["", "all", "spectator", "seat-0", "seat-99"])
    )
    query = st.dictionaries(st.sampled_from(query_names(engine)) | st.text(max_size=8), value)
    paths = page_paths(engine)  # read from the schema once: it costs a request to the app

    @st.composite
    def page(draw: st.DrawFn) -> tuple[str, dict[str, str]]:
        path = draw(st.sampled_from(paths))
        for name in path_parameter_names(path):
            path = path.replace(f"{{{name}}}", quote(draw(segments(stored)), safe=""))
        return path, draw(query)

    return page()


def fuzz_the_pages(engine: Engine) -> None:
    """Ask for generated pages: each is a page (a 404 page at worst), never a server error."""
    with TestClient(create_app(engine), raise_server_exceptions=False) as client:

        @FUZZ_SETTINGS
        @given(request=pages(engine))
        def ask(request: tuple[str, dict[str, str]]) -> None:
            path, query = request
            response = client.get(path, params=query)
            assert response.status_code < 500, (path, query, response.text[-2000:])
            assert response.headers["content-type"].startswith("text/html"), (path, query)

        ask()


@pytest.mark.slow
def test_the_pages_over_real_games_are_never_a_server_error(filled_engine: Engine) -> None:
    fuzz_the_pages(filled_engine)


@pytest.mark.slow
def test_the_pages_over_an_empty_database_are_never_a_server_error(
    empty_engine: Engine,
) -> None:
    fuzz_the_pages(empty_engine)


OUT_OF_RANGE_IDS = (2**31, 2**63, 10**30)
"""Ids past an INTEGER column: the drivers failed on them (a 500) before ids were bounded."""


@pytest.fixture
def any_backend_client(empty_engine: Engine) -> Iterator[TestClient]:
    """The dashboard over :func:`empty_engine`, answering server errors rather than raising."""
    with TestClient(create_app(empty_engine), raise_server_exceptions=False) as client:
        yield client


@pytest.mark.parametrize("number", OUT_OF_RANGE_IDS)
def test_an_id_past_the_database_range_is_malformed_not_a_server_error(
    any_backend_client: TestClient, number: int
) -> None:
    twins = ("bots/{}", "tournaments/{}", "tournaments/{}/progress", "games/{}", "games/{}/replay")
    for twin in twins:
        url = f"/api/{twin.format(number)}"
        assert any_backend_client.get(url).status_code == 422, url
    for page in ("bots", "tournaments", "games"):
        response = any_backend_client.get(f"/{page}/{number}")
        assert (response.status_code, "<h1>404</h1>" in response.text) == (404, True)
    for name in ("tournament", "before"):
        assert any_backend_client.get("/api/games", params={name: number}).status_code == 422
        assert any_backend_client.get("/games", params={name: number}).status_code == 404


def test_a_nul_in_a_bot_name_filter_is_malformed_not_a_server_error(
    any_backend_client: TestClient,
) -> None:
    for name in ("\x00", "lexio\x00greedy"):
        answer = any_backend_client.get("/api/games", params={"bot": name})
        assert answer.status_code == 422
        assert answer.json()["detail"][0]["loc"] == ["query", "bot"]
        assert any_backend_client.get("/games", params={"bot": name}).status_code == 404


def test_the_404_of_every_operation_with_an_id_is_documented_with_its_shape(
    empty_engine: Engine,
) -> None:
    for operation in api_operations(create_app(empty_engine)):
        if not path_parameter_names(operation.path):
            continue
        not_found = operation.definition.raw["responses"]["404"]
        assert not_found["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorAnswer"
        }, operation.label
