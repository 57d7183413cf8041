"""The API that changes things, fuzzed with the admin token, on both backends: never a 500.

schemathesis sends ``POST /api/bots``, ``POST /api/tournaments``, ``PUT
/api/bots/{name}/people`` (and the authors' changes, which the admin token makes none of)
valid and invalid bodies from their schema;
hypothesis sends tournaments of registered and unknown bots with any rule options, formats
and their settings. Every answer is documented (201, 400, 409 or 422 with the documented
shape), never a server error. Without the token, the dashboard's own fuzz test
(test_api_fuzz.py) meets a 401.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import Case, GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Err
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlmodel import Session

from croupier_server import db
from croupier_server.administration import Administration
from croupier_server.db import create_database_engine, init_database
from croupier_server.tournament.formats import format_named, format_names
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from tests.server import conftest as server_fixtures

database_url = server_fixtures.database_url
postgres_database_url = server_fixtures.postgres_database_url

pytestmark = pytest.mark.slow

ADMIN = "fuzz-admin-token-0123456789"
AUTHORIZED = {"Authorization": f"Bearer {ADMIN}"}
REGISTERED = {"lexio": ["l1", "l2", "l3", "l4"], "cribbage": ["c1", "c2", "c3"]}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
"""Not ``positive_data_acceptance``: a well-formed request may name a bot nobody registered."""

# The archive an upload posts (POST /api/submissions) is bytes, as any binary body is.
schemathesis.serializer.alias("application/gzip", "application/octet-stream")

FUZZ_SETTINGS = settings(
    max_examples=60, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


@pytest.fixture
def app(database_url: str, tmp_path: Path) -> Iterator[FastAPI]:
    """The dashboard with an admin token over a database of each backend with a few bots."""
    engine = create_database_engine(database_url)
    init_database(engine)
    with Session(engine) as session:
        for game, names in REGISTERED.items():
            for name in names:
                db.add_bot(session, name=name, game=game, command="python bot.py")
    yield create_app(
        engine,
        tokens=AccessTokens(admin=ADMIN),
        admin_actions=Administration(engine, directory=str(tmp_path)),
    )
    engine.dispose()


def test_the_changes_answer_as_their_schema_says(app: FastAPI, subtests: pytest.Subtests) -> None:
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    operations = []
    for result in schema.get_all_operations():
        if isinstance(result, Err):
            raise result.err()
        if result.ok().method in ("post", "put"):
            operations.append(result.ok())
    assert sorted(operation.path for operation in operations) == [
        "/api/authors",  # sign-up, off here: 403
        "/api/bots",
        "/api/bots/{name}/people",
        "/api/bots/{name}/versions/{number}/retire",  # no submitted bot here: 404
        "/api/ladders",
        "/api/ladders/{ladder_id}/close",
        "/api/submissions",  # the admin submits nothing: 403
        "/api/tournaments",
    ]
    for operation in operations:
        for mode in GenerationMode:
            with subtests.test(operation=operation.label, mode=mode.value):

                @FUZZ_SETTINGS
                @given(case=operation.as_strategy(mode))
                def exchange(case: Case[Any]) -> None:
                    case.call_and_validate(headers=AUTHORIZED, checks=CHECKS)

                exchange()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
NAMES = st.sampled_from([name for names in REGISTERED.values() for name in names]) | st.text(
    min_size=1, max_size=8
)
OPTIONS = st.dictionaries(
    st.sampled_from(["players", "rounds", "variant", "match_points", "target", "game_points"])
    | st.text(max_size=8),
    JSON | st.sampled_from(["six-card", "five-card", "square", "off"]) | st.integers(1, 6),
    max_size=3,
)


@st.composite
def good_tournaments(draw: st.DrawFn) -> dict[str, Any]:
    """Requests that can be queued: registered bots of the game, rules for as many seats."""
    game = draw(st.sampled_from(sorted(REGISTERED)))
    rules: dict[str, list[dict[str, Any]]] = {
        "lexio": [{"players": 3}, {"players": 4}],
        "cribbage": [{}, {"variant": "five-card"}],
    }
    return {
        "game": game,
        "options": draw(st.sampled_from(rules[game])),
        "bots": draw(st.permutations(REGISTERED[game])),
        "deals": draw(st.integers(1, 3)),
        "seed": draw(st.integers(-(2**63), 2**63 - 1)),
    }


SETTING_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "count": st.integers(1, 5),
    "number": st.floats(-1000, 1000),
    "switch": st.booleans(),
    "bots": st.lists(NAMES, max_size=2),
}
"""Values of a format's setting, by the kind of its spec."""


@st.composite
def any_tournaments(draw: st.DrawFn) -> dict[str, Any]:
    """Requests of the right shape, of registered bots and others, with any rules and names,
    of any format with some of its settings, or of another's."""
    chosen = draw(st.sampled_from(format_names()))
    settings_of = draw(st.sampled_from([chosen, chosen, *format_names()]))
    specs = draw(st.lists(st.sampled_from(format_named(settings_of).specs), unique=True))
    return {
        "game": draw(st.sampled_from(["lexio", "cribbage"])),
        "options": draw(OPTIONS),
        "bots": draw(st.lists(NAMES, min_size=1, max_size=6)),
        "format": chosen,
        **{spec.name: draw(SETTING_VALUES[spec.kind]) for spec in specs},
        "seed": draw(st.integers(-(2**63), 2**63 - 1)),
    }


def test_any_tournament_is_queued_or_refused_with_a_reason(app: FastAPI) -> None:
    with TestClient(app, raise_server_exceptions=False) as client:
        answers: set[int] = set()

        @FUZZ_SETTINGS
        @given(body=good_tournaments() | any_tournaments())
        def queue(body: dict[str, Any]) -> None:
            answer = client.post("/api/tournaments", json=body, headers=AUTHORIZED)
            assert answer.status_code in {201, 400, 422}, (body, answer.text)
            assert answer.json()["status" if answer.status_code == 201 else "detail"]
            answers.add(answer.status_code)

        queue()
    assert {201, 400} <= answers
