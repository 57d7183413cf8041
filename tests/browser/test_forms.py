"""The admin's forms in Chromium: a login that lands on them, fields grouped in fieldsets
with their help in view, and only the chosen game's rule options shown and sent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.web.submitting import ADMIN, make_site, serving

pytestmark = pytest.mark.browser


@pytest.fixture
def dashboard(tmp_path: Path) -> Iterator[str]:
    """A dashboard with the admin token :data:`~tests.web.submitting.ADMIN`: its URL."""
    for site in make_site(tmp_path):
        with serving(site) as url:
            yield url.rstrip("/")


def test_the_admin_logs_in_from_the_menu_and_sees_one_games_rules(
    page: Page, dashboard: str
) -> None:
    page.set_viewport_size(ViewportSize(width=390, height=844))
    page.goto(dashboard + "/")
    page.locator("header.site").get_by_role("link", name="Log in").click()
    page.get_by_label("Token").fill(ADMIN)
    page.locator("main").get_by_role("button", name="Log in").click()
    expect(page).to_have_url(dashboard + "/admin")
    expect(page.locator("header.site").get_by_role("link", name="Admin")).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    form = page.locator('form[action="/admin/tournaments"]')
    game = form.locator('select[name="game"]')
    rules = form.locator("fieldset.rules")
    for chosen in ("lexio", "cribbage"):
        game.select_option(chosen)
        expect(form.locator(f'fieldset.rules[data-game="{chosen}"]')).to_be_visible()
        states = rules.evaluate_all(
            "sets => sets.map(set => [set.dataset.game, set.hidden, set.disabled])"
        )
        assert [name for name, hidden, _ in states if not hidden] == [chosen]
        assert all(hidden == disabled for _, hidden, disabled in states)  # hidden: not sent
    expect(form.get_by_text("the registered bots' names, separated by commas")).to_be_visible()
