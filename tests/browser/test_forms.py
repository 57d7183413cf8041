"""The admin's forms in Chromium: a login that lands on them, fields grouped in fieldsets
with their help in view, only the chosen game's rule options and bots shown and sent, and
a line saying how many games the schedule will make."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from sqlmodel import Session

from croupier_server import db
from tests.web.submitting import ADMIN, make_site, serving

pytestmark = pytest.mark.browser

LEXIO_BOTS = ("north", "east", "west", "south")
CRIBBAGE_BOTS = ("peg", "box")


@pytest.fixture
def dashboard(tmp_path: Path) -> Iterator[str]:
    """A dashboard with the admin token :data:`~tests.web.submitting.ADMIN`: its URL.

    Four Lexio bots and two cribbage bots are registered.
    """
    for site in make_site(tmp_path):
        with Session(site.engine) as session:
            for name in LEXIO_BOTS:
                db.add_bot(session, name=name, game="lexio", command="python bot.py")
            for name in CRIBBAGE_BOTS:
                db.add_bot(session, name=name, game="cribbage", command="python bot.py")
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


def test_the_tournament_form_picks_the_chosen_games_bots_and_counts_its_games(
    page: Page, dashboard: str
) -> None:
    page.goto(dashboard + "/login?next=/admin")
    page.get_by_label("Token").fill(ADMIN)
    page.locator("main").get_by_role("button", name="Log in").click()
    form = page.locator('form[action="/admin/tournaments"]')
    form.locator('select[name="game"]').select_option("lexio")
    expect(form.locator('fieldset.entrants[data-game="cribbage"]')).to_be_hidden()
    entrants = form.locator('fieldset.entrants[data-game="lexio"]')
    for name in LEXIO_BOTS[:3]:
        entrants.get_by_label(name, exact=True).check()
    line = form.locator("p.schedule-size")
    form.locator('[name="players"]').select_option("4")
    expect(line).to_have_text("No schedule yet: 3 bots cannot fill a table of 4 seats")
    form.locator('[name="players"]').select_option("3")
    expect(line).to_have_text(re.compile(r"This tournament will play \d+ games\."))
    three = int(re.findall(r"\d+", line.inner_text())[0])
    entrants.get_by_label(LEXIO_BOTS[3], exact=True).check()
    expect(line).not_to_have_text(f"This tournament will play {three} games.")
    four = int(re.findall(r"\d+", line.inner_text())[0])
    assert four > three
