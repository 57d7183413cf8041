"""Authors' tokens on the dashboard: Bearer and login, revoked, limited, signing up.

docs/dashboard.md, "Access": an author's token reads what the read token reads and
changes only that author's bots; it never opens the admin's forms nor their API; revoking
it ends its sessions too; the login form and sign-up answer 429 with Retry-After past
their limits; signing up is off unless the server allows it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session

from croupier_server.db import authors
from croupier_server.web.access import LOGIN_LIMIT, SIGN_UP_LIMIT
from tests.web.submitting import Site, bot_archive, make_site, site

__all__ = ["site"]


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[Site]:
    """A site whose reading needs a token."""
    yield from make_site(tmp_path, read_protected=True)


@pytest.fixture
def open_to_sign_up(tmp_path: Path) -> Iterator[Site]:
    """A site that lets people sign up."""
    yield from make_site(tmp_path, sign_up=True)


def revoke(site: Site, name: str) -> None:
    with Session(site.engine) as session:
        authors.revoke_author(session, name=name)


def test_a_revoked_token_is_refused_and_changes_nothing(site: Site) -> None:
    assert site.submit("ada", bot_archive("my-bot")).status_code == 201
    revoke(site, "ada")
    refused = site.submit("ada", bot_archive("my-bot", source="print(2)\n"))
    assert refused.status_code == 401
    assert refused.json() == {"detail": "the token is wrong (or revoked)"}
    retire = site.client.post("/api/bots/my-bot/versions/1/retire", headers=site.bearer("ada"))
    assert retire.status_code == 401
    assert site.client.get("/api/me", headers=site.bearer("ada")).status_code == 401
    assert site.rows() == (2, 1, 1)


def test_revoking_a_token_ends_its_login_sessions(site: Site) -> None:
    site.log_in("ada")
    assert site.client.get("/api/me").json() == {"author": "ada"}
    revoke(site, "ada")
    assert site.client.get("/api/me").status_code == 401
    assert site.client.get("/submit", follow_redirects=False).status_code == 303


def test_a_new_token_replaces_the_old_one_and_its_sessions(site: Site) -> None:
    site.log_in("ada")
    with Session(site.engine) as session:
        _, new = authors.new_author_token(session, name="ada")
    assert site.client.get("/api/me").status_code == 401
    assert site.client.get("/api/me", headers=site.bearer("ada")).status_code == 401
    answer = site.client.get("/api/me", headers={"Authorization": f"Bearer {new}"})
    assert answer.json() == {"author": "ada"}


def test_an_authors_token_never_opens_the_admins_forms_nor_api(site: Site) -> None:
    bot = {"name": "visitor", "game": "lexio", "remote": True}
    refused = site.client.post("/api/bots", json=bot, headers=site.bearer("ada"))
    assert refused.status_code == 403
    assert refused.json() == {"detail": "this needs the admin token, not an author's"}
    site.log_in("ada")
    assert site.client.get("/admin").status_code == 403
    assert site.rows() == (0, 0, 0)


def test_an_authors_token_reads_a_guarded_dashboard(guarded: Site) -> None:
    guarded.submit("ada", bot_archive("my-bot"))
    for path in ["/api/bots", "/api/bots/my-bot/versions", "/api/leaderboard"]:
        assert guarded.client.get(path).status_code == 401, path
        assert guarded.client.get(path, headers=guarded.bearer("bob")).status_code == 200, path
    guarded.log_in("bob")
    assert guarded.client.get("/bots/my-bot").status_code == 200


def test_the_login_form_is_limited_per_client_address(site: Site) -> None:
    burst = LOGIN_LIMIT[0]
    for _ in range(burst):
        wrong = site.client.post("/login", data={"token": "wrong-token-0123456789"})
        assert wrong.status_code == 401
    limited = site.client.post("/login", data={"token": site.tokens["ada"]})
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) >= 1
    assert "Too many tries from here" in limited.text
    assert site.client.get("/api/me").status_code == 401  # no session was opened


def test_signing_up_is_off_by_default(site: Site) -> None:
    refused = site.client.post("/api/authors", json={"name": "eve"})
    assert refused.status_code == 403
    assert "does not let people sign up" in refused.json()["detail"]
    assert site.client.get("/signup").status_code == 403
    assert site.client.post("/signup", data={"name": "eve"}).status_code == 403
    with Session(site.engine) as session:
        assert [author.name for author in authors.list_authors(session)] == ["ada", "bob"]


def test_a_signed_up_author_gets_a_token_that_works(open_to_sign_up: Site) -> None:
    site = open_to_sign_up
    answer = site.client.post("/api/authors", json={"name": "eve"})
    assert answer.status_code == 201
    assert answer.headers["cache-control"] == "no-store"
    token = answer.json()["token"]
    assert answer.json()["name"] == "eve"
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/gzip"}
    assert site.client.get("/api/me", headers=headers).json() == {"author": "eve"}
    submitted = site.client.post("/api/submissions", content=bot_archive("eves"), headers=headers)
    assert submitted.status_code == 201
    with Session(site.engine) as session:
        eve = authors.get_author_by_name(session, name="eve")
    assert eve is not None
    assert eve.signed_up


def test_the_sign_up_page_shows_the_token_once(open_to_sign_up: Site) -> None:
    page = open_to_sign_up.client.get("/signup")
    assert page.status_code == 200
    assert 'action="/signup"' in page.text
    done = open_to_sign_up.client.post("/signup", data={"name": "eve"})
    assert done.status_code == 201
    assert "Your token, shown this once" in done.text
    taken = open_to_sign_up.client.post("/signup", data={"name": "ada"})
    assert taken.status_code == 409
    assert "an author named &#39;ada&#39; already exists" in taken.text


@pytest.mark.parametrize(
    ("name", "status"), [("ada", 409), (" eve", 400), ("", 422), ("x" * 65, 422)]
)
def test_a_refused_sign_up_stores_nothing(open_to_sign_up: Site, name: str, status: int) -> None:
    assert open_to_sign_up.client.post("/api/authors", json={"name": name}).status_code == status
    with Session(open_to_sign_up.engine) as session:
        assert len(authors.list_authors(session)) == 2


def test_sign_up_is_limited_per_client_address(open_to_sign_up: Site) -> None:
    client = open_to_sign_up.client
    burst = SIGN_UP_LIMIT[0]
    for number in range(burst):
        assert client.post("/api/authors", json={"name": f"a{number}"}).status_code == 201
    limited = client.post("/api/authors", json={"name": "one-too-many"})
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) > 60
    assert client.post("/signup", data={"name": "one-too-many"}).status_code == 429
    with Session(open_to_sign_up.engine) as session:
        assert len(authors.list_authors(session)) == 2 + burst
