"""The menu of every page: the admin's link only for the admin, logging in and out, and where
a login lands (docs/dashboard.md, "Access")."""

from __future__ import annotations

import re

import pytest

from tests.web.submitting import Site, site

__all__ = ["site"]

PAGES = ("/", "/bots", "/games", "/tournaments", "/ladders", "/workers", "/guide", "/login")


def menu(page: str) -> str:
    header = re.search(r'<header class="site">(.*?)</header>', page, re.DOTALL)
    assert header is not None
    return header.group(1)


@pytest.mark.parametrize("path", PAGES)
def test_a_visitor_sees_no_admin_link_but_a_way_to_log_in(site: Site, path: str) -> None:
    shown = menu(site.client.get(path).text)
    assert 'href="/admin"' not in shown
    assert '<a class="login" href="/login"' in shown
    assert 'action="/logout"' not in shown


@pytest.mark.parametrize(("who", "landing"), [("admin", "/admin"), ("ada", "/submit")])
def test_a_login_no_page_asked_for_lands_on_the_roles_own_page(
    site: Site, who: str, landing: str
) -> None:
    assert "next" in site.client.get("/login").text  # the form carries it, empty
    response = site.client.post(
        "/login", data={"token": site.tokens[who], "next": ""}, follow_redirects=False
    )
    assert (response.status_code, response.headers["location"]) == (303, landing)


def test_a_login_a_page_asked_for_goes_back_to_it(site: Site) -> None:
    asked = site.client.get("/admin", follow_redirects=False)
    assert asked.headers["location"] == "/login?next=/admin"
    page = site.client.get("/login?next=/games%3Fbot%3Dx")
    assert 'name="next" value="/games?bot=x"' in page.text
    response = site.client.post(
        "/login",
        data={"token": site.tokens["admin"], "next": "/games?bot=x"},
        follow_redirects=False,
    )
    assert response.headers["location"] == "/games?bot=x"


def test_the_admin_sees_the_admin_link_and_logs_out_from_any_page(site: Site) -> None:
    site.log_in("admin")
    for path in PAGES:
        shown = menu(site.client.get(path).text)
        assert 'href="/admin"' in shown, path
        assert "Log in</a>" not in shown
    form = re.search(
        r'action="/logout">\s*<input type="hidden" name="csrf" value="([^"]+)"',
        menu(site.client.get("/bots").text),
    )
    assert form is not None
    out = site.client.post("/logout", data={"csrf": form.group(1)}, follow_redirects=False)
    assert out.status_code == 303
    assert 'href="/admin"' not in menu(site.client.get("/bots").text)
    assert site.client.get("/admin", follow_redirects=False).status_code == 303


def test_an_author_sees_no_admin_link(site: Site) -> None:
    site.log_in("ada")
    shown = menu(site.client.get("/bots").text)
    assert 'href="/admin"' not in shown
    assert 'action="/logout"' in shown
