"""Who may read and who may change: the admin token, the read token, login sessions, CSRF.

docs/dashboard.md, "Access": changing anything needs the admin token (Bearer for the API,
a login session and its CSRF value for the forms); reading needs a token only when a read
token is set; static files and the schema stay open.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session
from starlette.routing import BaseRoute

from croupier_server import db
from croupier_server.administration import Administration
from croupier_server.db import create_database_engine, init_database
from croupier_server.web import create_app
from croupier_server.web.access import (
    MIN_TOKEN_LENGTH,
    SESSION_COOKIE,
    SESSION_LIFETIME_S,
    AccessControl,
    AccessTokens,
    Role,
    check_token,
)
from croupier_server.web.admin.pages import MAX_FORM_BYTES

ADMIN = "admin-token-0123456789abcdef"
READ = "read-token-0123456789abcdef"
BOT = {"name": "visitor", "game": "lexio", "remote": True}
TOURNAMENT = {"game": "lexio", "options": {"players": 3}, "bots": ["a", "b", "c"], "deals": 1}
WRONG_AUTHORIZATIONS: list[Mapping[str, str] | Mapping[bytes, bytes]] = [
    {},
    {"Authorization": f"Bearer {ADMIN}x"},
    {"Authorization": f"Bearer {ADMIN[:-1]}"},
    {"Authorization": f"Basic {ADMIN}"},
    {"Authorization": "Bearer"},
    {"Authorization": ADMIN},
    {b"Authorization": f"Bearer {ADMIN}é".encode("latin-1")},
]
"""No token, near misses, other schemes, and bytes beyond ASCII."""


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'access.db'}")
    init_database(engine)
    yield engine
    engine.dispose()


def served(engine: Engine, tokens: AccessTokens | None, directory: Path) -> TestClient:
    actions = Administration(engine, directory=str(directory))
    return TestClient(create_app(engine, tokens=tokens, admin_actions=actions))


@pytest.fixture
def client(engine: Engine, tmp_path: Path) -> Iterator[TestClient]:
    """The dashboard with an admin token; reading is open."""
    with served(engine, AccessTokens(admin=ADMIN), tmp_path) as test_client:
        yield test_client


@pytest.fixture
def guarded(engine: Engine, tmp_path: Path) -> Iterator[TestClient]:
    """The dashboard with an admin token and a read token."""
    with served(engine, AccessTokens(admin=ADMIN, read=READ), tmp_path) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def stored(engine: Engine) -> tuple[int, int]:
    """How many bots and tournaments the database holds."""
    with Session(engine) as session:
        return len(db.list_bots(session)), len(db.list_tournaments(session))


def log_in(client: TestClient, token: str) -> str:
    """Log in with ``token``; the CSRF value of the forms page (empty for a reader)."""
    response = client.post("/login", data={"token": token, "next": "/admin"})
    # In the page's own forms: every page's menu has the logout form, which carries it too.
    match = re.search(r'<main>.*name="csrf" value="([^"]+)"', response.text, re.DOTALL)
    return match.group(1) if match else ""


# The admin token


@pytest.mark.parametrize("headers", WRONG_AUTHORIZATIONS)
def test_a_change_without_the_admin_token_is_401_and_changes_nothing(
    client: TestClient, engine: Engine, headers: Mapping[str, str] | Mapping[bytes, bytes]
) -> None:
    for path, body in [("/api/bots", BOT), ("/api/tournaments", TOURNAMENT)]:
        response = client.post(path, json=body, headers=headers)
        assert response.status_code == 401
        assert response.headers["content-type"] == "application/json"
        assert response.headers["www-authenticate"].startswith("Bearer")
        assert set(response.json()) == {"detail"}
    assert stored(engine) == (0, 0)


def test_the_admin_token_changes_things(client: TestClient, engine: Engine) -> None:
    assert client.post("/api/bots", json=BOT, headers=bearer(ADMIN)).status_code == 201
    assert stored(engine) == (1, 0)


def test_the_read_token_changes_nothing(guarded: TestClient, engine: Engine) -> None:
    response = guarded.post("/api/bots", json=BOT, headers=bearer(READ))
    assert response.status_code == 403
    assert response.json() == {"detail": "the read token cannot change anything"}
    assert stored(engine) == (0, 0)


def test_without_an_admin_token_nothing_can_be_changed(engine: Engine, tmp_path: Path) -> None:
    with served(engine, None, tmp_path) as client:
        for token in [ADMIN, READ, ""]:
            assert client.post("/api/bots", json=BOT, headers=bearer(token)).status_code == 401
    assert stored(engine) == (0, 0)


def test_a_dashboard_without_admin_actions_refuses_changes(engine: Engine) -> None:
    with TestClient(create_app(engine, tokens=AccessTokens(admin=ADMIN))) as client:
        response = client.post("/api/bots", json=BOT, headers=bearer(ADMIN))
    assert response.status_code == 503
    assert stored(engine) == (0, 0)


def test_a_token_is_good_for_its_own_role_only() -> None:
    access = AccessControl(AccessTokens(admin=ADMIN, read=READ))
    assert access.role_of(ADMIN) is Role.ADMIN
    assert access.role_of(READ) is Role.READER
    for near_miss in ["", ADMIN[:-1], ADMIN + "x", ADMIN.upper(), f" {READ}", "é" * 30]:
        assert access.role_of(near_miss) is None


@pytest.mark.parametrize(
    "token", ["", "short", "x" * (MIN_TOKEN_LENGTH - 1), "spaces in a long token", "é" * 20]
)
def test_a_weak_or_unsendable_token_is_refused(token: str) -> None:
    with pytest.raises(ValueError, match="at least 16 characters"):
        check_token(token, name="admin token")
    with pytest.raises(ValueError, match="the read token must"):
        AccessTokens(admin=ADMIN, read=token)


# Reading


def test_reading_is_open_without_a_read_token(client: TestClient) -> None:
    for path in ["/", "/bots", "/api/bots", "/tournaments", "/api/games"]:
        assert client.get(path).status_code == 200


def api_routes(routes: Sequence[BaseRoute]) -> Iterator[APIRoute]:
    """Every route of ``routes``, those of included routers too."""
    for route in routes:
        included = getattr(route, "original_router", None)  # FastAPI keeps routers whole
        if isinstance(included, APIRouter):
            yield from api_routes(included.routes)
        elif isinstance(route, APIRoute):
            yield route


def read_paths(client: TestClient) -> list[str]:
    """Every page and JSON twin of the app but the login and forms, ids set to 1 (none)."""
    app = client.app
    assert isinstance(app, FastAPI)
    paths = []
    for route in api_routes(app.routes):
        forms = {"/login", "/admin", "/admin/tournaments/games", "/submit", "/signup"}
        forms |= {"/ladders/new", "/play"}
        if "GET" not in (route.methods or set()) or route.path in forms:
            continue
        if route.path == "/api/games/{game_id}/second-opinion":
            continue  # a question put to a bot (?bot=&seat=), not a record to read
        filled = route.path.replace("{game}", "lexio").replace("{variant}", "4%20players")
        paths.append(re.sub(r"\{\w+(:\w+)?\}", "1", filled))
    assert {"/", "/bots", "/api/bots", "/games/1", "/api/tournaments/1/progress"} <= set(paths)
    return paths


def test_a_read_token_guards_every_page_and_json_twin(guarded: TestClient) -> None:
    for path in read_paths(guarded):
        refused = guarded.get(path, follow_redirects=False)
        if path.startswith("/api/"):
            assert refused.status_code == 401, path
            assert refused.headers["www-authenticate"].startswith("Bearer")
        else:
            assert refused.status_code == 303, path
            assert refused.headers["location"].startswith("/login?next=/")
        for token in [READ, ADMIN]:
            answered = guarded.get(path, headers=bearer(token), follow_redirects=False)
            assert answered.status_code in {200, 404}, path


def test_a_login_session_reads_every_page(guarded: TestClient) -> None:
    log_in(guarded, READ)
    for path in read_paths(guarded):
        assert guarded.get(path, follow_redirects=False).status_code in {200, 404}, path


def test_static_files_the_schema_and_the_login_page_stay_open(guarded: TestClient) -> None:
    for path in ["/static/style.css", "/api/openapi.json", "/login"]:
        assert guarded.get(path).status_code == 200


def test_the_login_page_comes_back_to_the_page_asked_for(guarded: TestClient) -> None:
    refused = guarded.get("/games?bot=a b&status=finished", follow_redirects=False)
    target = refused.headers["location"]
    page = guarded.get(target)
    assert 'name="next" value="/games?bot=a%20b&amp;status=finished"' in page.text
    back = guarded.post(
        "/login",
        data={"token": READ, "next": "/games?bot=a%20b&status=finished"},
        follow_redirects=False,
    )
    assert back.headers["location"] == "/games?bot=a%20b&status=finished"


# Login sessions


def test_logging_in_sets_a_strict_http_only_cookie_that_is_not_the_token(
    guarded: TestClient,
) -> None:
    response = guarded.post("/login", data={"token": READ}, follow_redirects=False)
    assert response.status_code == 303
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "HttpOnly" in cookie
    assert "SameSite=strict" in cookie
    assert READ not in cookie
    assert ADMIN not in cookie
    assert guarded.get("/api/bots").status_code == 200


def test_a_wrong_token_opens_no_session(guarded: TestClient) -> None:
    response = guarded.post("/login", data={"token": READ + "x"}, follow_redirects=False)
    assert response.status_code == 401
    assert "set-cookie" not in response.headers
    assert "That token is wrong." in response.text
    assert guarded.get("/api/bots").status_code == 401


@pytest.mark.parametrize(
    "target",
    ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", ""],
)
def test_logging_in_never_leads_to_another_site(guarded: TestClient, target: str) -> None:
    response = guarded.post("/login", data={"token": READ, "next": target}, follow_redirects=False)
    assert response.headers["location"] == "/"


def test_the_login_session_never_changes_anything_through_the_api(
    client: TestClient, engine: Engine
) -> None:
    assert log_in(client, ADMIN)
    assert client.post("/api/bots", json=BOT).status_code == 401
    assert stored(engine) == (0, 0)


def test_a_readers_session_cannot_open_the_forms(guarded: TestClient) -> None:
    assert log_in(guarded, READ) == ""
    assert guarded.get("/admin", follow_redirects=False).status_code == 403


def test_the_forms_need_a_login(client: TestClient, engine: Engine) -> None:
    page = client.get("/admin", follow_redirects=False)
    assert (page.status_code, page.headers["location"]) == (303, "/login?next=/admin")
    post = client.post("/admin/bots", data={"name": "x"}, follow_redirects=False)
    assert (post.status_code, post.headers["location"]) == (303, "/login?next=/admin")
    assert stored(engine) == (0, 0)


@pytest.mark.parametrize("posted", [None, "", "forged-csrf-value-0123456789"])
def test_a_form_post_without_its_sessions_csrf_value_is_refused(
    client: TestClient, engine: Engine, posted: str | None
) -> None:
    assert log_in(client, ADMIN)
    form = {"name": "visitor", "game": "lexio", "kind": "remote"}
    if posted is not None:
        form["csrf"] = posted
    response = client.post("/admin/bots", data=form)
    assert response.status_code == 403
    assert stored(engine) == (0, 0)


def test_a_csrf_value_is_good_for_its_own_session_only(engine: Engine, tmp_path: Path) -> None:
    with (
        served(engine, AccessTokens(admin=ADMIN), tmp_path) as alice,
        served(engine, AccessTokens(admin=ADMIN), tmp_path) as mallory,
    ):
        csrf = log_in(alice, ADMIN)
        assert log_in(mallory, ADMIN)
        form = {"csrf": csrf, "name": "visitor", "game": "lexio", "kind": "remote"}
        assert mallory.post("/admin/bots", data=form).status_code == 403
        assert alice.post("/admin/bots", data=form).status_code == 201
    assert stored(engine) == (1, 0)


def test_logging_out_ends_the_session(guarded: TestClient) -> None:
    csrf = log_in(guarded, ADMIN)
    cookie = guarded.cookies[SESSION_COOKIE]
    assert guarded.post("/logout", data={"csrf": csrf}, follow_redirects=False).status_code == 303
    guarded.cookies.set(SESSION_COOKIE, cookie)  # replayed: the session is gone all the same
    assert guarded.get("/api/bots").status_code == 401


def test_a_logout_without_the_csrf_value_is_refused(guarded: TestClient) -> None:
    log_in(guarded, ADMIN)
    assert guarded.post("/logout", data={}).status_code == 403
    assert guarded.get("/api/bots").status_code == 200


def test_sessions_expire() -> None:
    now = [0.0]
    access = AccessControl(AccessTokens(admin=ADMIN), clock=lambda: now[0])
    opened = access.log_in(ADMIN)
    assert opened is not None
    cookie, session = opened
    assert access.session(cookie) == session
    assert access.session(cookie + "x") is None
    now[0] = SESSION_LIFETIME_S + 1
    assert access.session(cookie) is None
    assert access.log_in("not-a-token-of-this-dashboard") is None


def test_the_pages_with_forms_cannot_be_framed(client: TestClient) -> None:
    log_in(client, ADMIN)
    for path in ["/login", "/admin"]:
        headers = client.get(path).headers
        assert headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in headers["content-security-policy"].split("; ")


def test_a_huge_form_is_refused_before_it_is_read_whole(guarded: TestClient) -> None:
    response = guarded.post(
        "/login",
        content=b"token=" + b"x" * MAX_FORM_BYTES,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 413


# The schema


def test_the_schema_declares_the_admin_token_on_every_change(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    assert schema["components"]["securitySchemes"]["token"] == {
        "type": "http",
        "scheme": "bearer",
        "description": schema["components"]["securitySchemes"]["token"]["description"],
    }
    changes = [
        (path, method, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if method != "get"
    ]
    assert {(path, method) for path, method, _ in changes} == {
        ("/api/bots", "post"),
        ("/api/tournaments", "post"),
        ("/api/submissions", "post"),
        ("/api/bots/{name}/versions/{number}/retire", "post"),
        ("/api/authors", "post"),
        ("/api/ladders", "post"),
        ("/api/ladders/{ladder_id}/close", "post"),
        ("/api/bots/{name}/people", "put"),
    }
    for path, _, operation in changes:
        if path == "/api/authors":  # signing up needs no token (when the server allows it)
            assert "security" not in operation
            continue
        assert operation["security"] == [{"token": []}]
        assert {"401", "403"} <= set(operation["responses"])
    assert "security" not in schema["paths"]["/api/bots"]["get"]


def test_the_schema_declares_the_read_token_when_one_is_set(guarded: TestClient) -> None:
    schema = guarded.get("/api/openapi.json").json()
    for path, operations in schema["paths"].items():
        if "get" in operations:
            assert operations["get"]["security"] == [{"token": []}, {"login": []}], path
            assert "401" in operations["get"]["responses"], path
