"""Names people could confuse, through the dashboard's doors: signing up (the API and the
form) and the admin's ``POST /api/bots``; each refusal a line, nothing stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.administration import Administration
from croupier_server.db import authors, create_database_engine, init_database
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from tests.web.submitting import Site, make_site

ADMIN = "admin-token-0123456789abcdef"

REFUSED = {
    "another case": ("Ada", "not 'Ada' (try 'ada')"),
    "a Cyrillic a": ("\u0430da", "lowercase ASCII letters"),
    "fullwidth letters": ("\uff41\uff44\uff41", "lowercase ASCII letters"),
    "the admin": ("admin", "'admin' is reserved for the server's own use"),
    "the house bot": ("lexio-random", "'lexio-random' is reserved"),
    "the house bot in capitals": ("Lexio-Random", "lowercase ASCII letters"),
    "the house bot with an underscore": ("lexio_random", "'lexio_random' is reserved"),
}
"""Names refused to whoever signs up beside ``ada``, with what the refusal says."""


@pytest.fixture
def open_to_sign_up(tmp_path: Path) -> Iterator[Site]:
    """A site that lets people sign up, with the authors ada and bob."""
    yield from make_site(tmp_path, sign_up=True)


@pytest.mark.parametrize(("name", "said"), REFUSED.values(), ids=REFUSED.keys())
def test_a_confusable_or_reserved_sign_up_is_refused_in_a_line(
    open_to_sign_up: Site, name: str, said: str
) -> None:
    answer = open_to_sign_up.client.post("/api/authors", json={"name": name})
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert said in detail
    assert "\n" not in detail
    form = open_to_sign_up.client.post("/signup", data={"name": name})
    assert form.status_code == 400
    assert 'role="alert"' in form.text
    with Session(open_to_sign_up.engine) as session:
        assert [author.name for author in authors.list_authors(session)] == ["ada", "bob"]


def test_a_sign_up_of_a_lowercase_name_is_taken(open_to_sign_up: Site) -> None:
    answer = open_to_sign_up.client.post("/api/authors", json={"name": "lexio-fan_2"})
    assert answer.status_code == 201
    assert answer.json()["name"] == "lexio-fan_2"


@pytest.fixture
def admin_client(tmp_path: Path) -> Iterator[tuple[TestClient, Engine]]:
    """The dashboard with the admin's actions, and its database, which has a bot ``alice``."""
    engine = create_database_engine(f"sqlite:///{tmp_path / 'names.db'}")
    init_database(engine)
    with Session(engine) as session:
        db.create_remote_bot(session, name="alice", game="lexio")
    app = create_app(
        engine,
        tokens=AccessTokens(admin=ADMIN),
        admin_actions=Administration(engine, directory=str(tmp_path)),
    )
    with TestClient(app) as client:
        yield client, engine
    engine.dispose()


@pytest.mark.parametrize("name", ["Alice", "\uff41\uff4c\uff49\uff43\uff45"])
def test_the_admin_api_refuses_a_bot_name_folded_like_another(
    admin_client: tuple[TestClient, Engine], name: str
) -> None:
    client, engine = admin_client
    headers = {"Authorization": f"Bearer {ADMIN}"}
    body = {"name": name, "game": "lexio", "remote": True}
    answer = client.post("/api/bots", json=body, headers=headers)
    assert answer.status_code == 409
    assert answer.json()["detail"] == "a bot named 'alice' already exists"
    with Session(engine) as session:
        assert [bot.name for bot in db.list_bots(session)] == ["alice"]


def test_the_admin_api_registers_a_house_bot_under_a_reserved_name(
    admin_client: tuple[TestClient, Engine],
) -> None:
    client, _ = admin_client
    headers = {"Authorization": f"Bearer {ADMIN}"}
    body = {"name": "lexio-random", "game": "lexio", "remote": True}
    assert client.post("/api/bots", json=body, headers=headers).status_code == 201
