"""Who may open a table, and how often: the organiser's choice, and a limit per address.

The tables themselves are played by ``croupier serve`` (tests/browser/test_play.py); a
dashboard without them refuses a table in one line.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from croupier_server.db import create_database_engine, init_database
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from croupier_server.web.play import TablesOpenTo
from croupier_server.web.rate_limit import RateLimiter

ADMIN = "play-pages-admin-token-0123456789"
TABLE = {"game": "lexio", "bots": "a,b,c", "seat": "0"}


@contextmanager
def dashboard(tmp_path: Path, open_to: TablesOpenTo) -> Iterator[TestClient]:
    """A client of a dashboard whose tables are open to ``open_to``, two tables an address."""
    engine = create_database_engine(f"sqlite:///{tmp_path / 'play.db'}")
    try:
        init_database(engine)
        app = create_app(engine, tokens=AccessTokens(admin=ADMIN), tables_open_to=open_to)
        app.state.tables_limiter = RateLimiter(burst=2, period_s=600)
        with TestClient(app) as client:
            yield client
    finally:
        engine.dispose()


@pytest.fixture
def anyone(tmp_path: Path) -> Iterator[TestClient]:
    with dashboard(tmp_path, TablesOpenTo.ANYONE) as client:
        yield client


def test_tables_are_the_admins_unless_the_organiser_opens_them(tmp_path: Path) -> None:
    with dashboard(tmp_path, TablesOpenTo.ADMIN) as client:
        asked = client.get("/play", follow_redirects=False)
        assert asked.status_code == 303
        assert asked.headers["location"] == "/login?next=/play"
        assert client.post("/play", data=TABLE, follow_redirects=False).status_code == 303
        client.post("/login", data={"token": ADMIN, "next": "/play"})
        assert client.get("/play").status_code == 200


def test_without_croupier_serve_a_table_is_refused_in_one_line(anyone: TestClient) -> None:
    page = anyone.get("/play?game=cribbage")
    assert page.status_code == 200
    assert 'action="/play"' in page.text
    refused = anyone.post("/play", data=TABLE)
    assert refused.status_code == 503
    assert "served by croupier serve" in refused.text


def test_an_address_opens_so_many_tables_then_waits(anyone: TestClient) -> None:
    for _ in range(2):
        assert anyone.post("/play", data=TABLE).status_code == 503
    limited = anyone.post("/play", data=TABLE)
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) > 0
    forked = anyone.post("/games/1/fork", data={"step": "0", "seat": "0"})
    assert forked.status_code == 429


def test_a_seat_link_that_holds_no_table_is_a_404(anyone: TestClient) -> None:
    secret = "x" * 43
    assert anyone.get(f"/play/{secret}").status_code == 503
    assert anyone.get("/play/short").status_code == 404
    answer = anyone.post(f"/api/play/{secret}/act", json={"request_id": 1, "action": 0})
    assert answer.status_code == 503
    assert answer.json()["detail"].startswith("tables with people are served by croupier serve")
