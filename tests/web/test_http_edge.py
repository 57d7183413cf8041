"""The dashboard's edge: bodies bounded, other sites' posts refused, headers on every answer,
each client's expensive pages budgeted, and a board of unrated games only shown, not a 500.

The same attacks on a real ``croupier dashboard`` process: tests/e2e/test_dashboard_edge.py.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from croupier_server.cli import main
from croupier_server.db import create_database_engine
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from croupier_server.web.http_limits import HttpLimits
from tests.web.filling import EXAMPLES

ADMIN = "http-edge-admin-token-0123456789"


@pytest.fixture(scope="module")
def unrated_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """A database of one real cribbage game, stored unrated (as a fresh server's checks)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('edge') / 'unrated.db'}"
    for name in ["cribbage_greedy", "cribbage_random"]:
        command = f"{sys.executable} {EXAMPLES / f'{name}.py'}"
        assert (
            main(["bot", "add", name, "--game", "cribbage", "--command", command, "--db", url]) == 0
        )
    match = ["match", "--game", "cribbage", "--match-points", "1", "--seed", "13", "--db", url]
    assert main([*match, "--bot", "cribbage_greedy", "--bot", "cribbage_random"]) == 0
    engine = create_database_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE game SET rated = false"))
    yield engine
    engine.dispose()


def directives(policy: str) -> set[str]:
    return {directive.strip() for directive in policy.split(";")}


@pytest.fixture
def guarded(unrated_engine: Engine) -> Iterator[TestClient]:
    """The dashboard, with an admin token and sign-up open."""
    app = create_app(unrated_engine, tokens=AccessTokens(admin=ADMIN), sign_up=True)
    with TestClient(app, base_url="http://dashboard.test") as client:
        yield client


# Headers


@pytest.mark.parametrize(
    "path", ["/", "/api/leaderboard", "/static/style.css", "/no-such-page", "/login"]
)
def test_every_answer_forbids_framing_and_sniffing(guarded: TestClient, path: str) -> None:
    headers = guarded.get(path).headers
    policy = directives(headers["content-security-policy"])
    assert {"frame-ancestors 'none'", "default-src 'self'", "script-src 'self'"} <= policy
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


# Other sites' posts


@pytest.mark.parametrize(
    "sent_from",
    [
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"origin": "http://evil.test"},
        {"origin": "null"},
    ],
)
def test_a_login_posted_from_another_site_is_refused(
    guarded: TestClient, sent_from: dict[str, str]
) -> None:
    refused = guarded.post("/login", data={"token": ADMIN}, headers=sent_from)
    assert refused.status_code == 403
    assert "only from this site&#39;s own pages" in refused.text
    assert "croupier_session" not in refused.headers.get("set-cookie", "")


def test_a_sign_up_posted_from_another_site_is_refused(guarded: TestClient) -> None:
    cross = {"sec-fetch-site": "cross-site"}
    assert guarded.post("/signup", data={"name": "mallory"}, headers=cross).status_code == 403
    assert guarded.post("/api/authors", json={"name": "mallory"}, headers=cross).status_code == 403
    assert guarded.post("/login", data={"token": ADMIN}).status_code == 200
    assert "mallory" not in guarded.get("/api/authors").text


@pytest.mark.parametrize(
    "sent_from",
    [{"sec-fetch-site": "same-origin"}, {"origin": "http://dashboard.test"}, {}],
)
def test_a_login_from_the_dashboards_own_page_or_a_script_works(
    guarded: TestClient, sent_from: dict[str, str]
) -> None:
    logged_in = guarded.post(
        "/login", data={"token": ADMIN}, headers=sent_from, follow_redirects=False
    )
    assert logged_in.status_code == 303
    assert logged_in.headers["location"] == "/admin"


# Bodies


def test_a_body_declared_too_large_is_refused_in_one_line(guarded: TestClient) -> None:
    body = b'{"name": "' + b"x" * (64 * 1024) + b'"}'
    refused = guarded.post("/api/authors", content=body, headers={"content-type": "json"})
    assert refused.status_code == 413
    assert refused.json() == {
        "detail": "the request body is larger than this server takes (65536 bytes)"
    }
    page = guarded.post("/signup", content=body)
    assert page.status_code == 413
    assert "larger than this server takes" in page.text
    assert page.headers["content-type"].startswith("text/html")


def test_a_body_sent_in_chunks_is_refused_once_it_passes_the_limit(unrated_engine: Engine) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b"x" * 1024

    app = create_app(unrated_engine, http_limits=HttpLimits(max_body_bytes=4096))
    with TestClient(app) as client:
        refused = client.post("/api/authors", content=chunks())
    assert refused.status_code == 413
    assert refused.json()["detail"].endswith("(4096 bytes)")


# Expensive pages


def test_a_client_past_its_budget_of_expensive_pages_waits(unrated_engine: Engine) -> None:
    app = create_app(unrated_engine, http_limits=HttpLimits(page_burst=3))
    with TestClient(app) as client:
        assert [client.get(path).status_code for path in ["/", "/leaderboard", "/games/1"]] == [
            200
        ] * 3
        waiting = client.get("/api/games/1/replay", params={"view": "all"})
        assert waiting.status_code == 429
        assert int(waiting.headers["retry-after"]) > 0
        assert waiting.json()["detail"].startswith("too many pages from this address")
        page = client.get("/games/1")
        assert page.status_code == 429
        assert "Too many pages" in page.text
        assert client.get("/games").status_code == 200  # a cheap page is not budgeted


# Boards of unrated games only


@pytest.mark.parametrize(
    "path",
    ["/", "/leaderboard", "/api/leaderboard", "/leaderboard/cribbage/six-card", "/bots", "/games"],
)
def test_a_board_of_unrated_games_only_is_shown(unrated_engine: Engine, path: str) -> None:
    with TestClient(create_app(unrated_engine)) as client:
        assert client.get(path).status_code == 200
