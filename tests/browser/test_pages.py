"""The dashboard's pages in Chromium: following links, sorting, and pages with unusual data."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.stored_games import StoredGames
from tests.web.filling import CRASHER, HTML_NAME

pytestmark = pytest.mark.browser

PAGES = ("/", "/leaderboard", "/bots", "/tournaments", "/games", "/workers")
"""The pages reached from the navigation bar."""

_COLUMN_VALUES = """
header => [...header.closest('table').tBodies[0].rows].map(row => {
  const cell = row.cells[header.cellIndex];
  return cell.dataset.value ?? cell.textContent.trim();
})
"""


def test_the_leaderboard_leads_to_a_bot_and_from_it_to_a_game(
    page: Page, dashboard_url: str
) -> None:
    page.goto(dashboard_url + "/")
    board = page.locator("table.sortable").filter(has_text="lexio_strong")
    board.get_by_role("link", name="lexio_strong", exact=True).click()
    expect(page).to_have_url(re.compile(r"/bots/\d+$"))
    expect(page.locator("main")).to_contain_text("lexio_strong")

    page.locator('main a[href^="/games/"]').first.click()
    expect(page).to_have_url(re.compile(r"/games/\d+"))
    expect(page.locator("#replay")).to_contain_text("lexio_strong")


@pytest.mark.parametrize(
    ("column", "kind"), [("Elo", "number"), ("Score", "number"), ("Bot", "text")]
)
def test_a_leaderboard_column_sorts_one_way_then_the_other_on_click(
    page: Page, dashboard_url: str, column: str, kind: str
) -> None:
    page.goto(dashboard_url + "/leaderboard", wait_until="networkidle")
    board = page.locator("table.sortable").filter(has_text="lexio_strong")
    header = board.locator(f'th[data-sort="{kind}"]', has_text=re.compile(f"^{column}$"))
    key = float if kind == "number" else str.casefold
    orders = {}
    for _ in range(2):
        header.click()
        expect(header).to_have_attribute("aria-sort", re.compile(r"^(ascending|descending)$"))
        direction = header.get_attribute("aria-sort") or ""
        values = [key(value) for value in header.evaluate(_COLUMN_VALUES)]
        assert values == sorted(values, reverse=direction == "descending"), (direction, values)
        orders[direction] = values
    assert sorted(orders) == ["ascending", "descending"]
    assert orders["ascending"] != orders["descending"], "the column's values differ"


@pytest.mark.parametrize(
    ("path", "shows_name"),
    [
        ("/", True),
        ("/leaderboard", True),
        ("/bots", True),
        ("/bots/{html_bot}", True),
        ("/tournaments", False),
        ("/tournaments/{html_tournament}", True),
        ("/games", True),
        ("/games/{lexio}", True),
    ],
)
def test_the_html_bot_name_is_shown_as_text_and_changes_nothing(
    page: Page, dashboard_url: str, stored_games: StoredGames, path: str, shows_name: bool
) -> None:
    ids = {
        field: getattr(stored_games, field) for field in ("html_bot", "html_tournament", "lexio")
    }
    response = page.goto(dashboard_url + path.format_map(ids), wait_until="networkidle")
    assert response is not None
    assert response.status == 200
    expect(page.locator("#x")).to_have_count(0)
    assert page.title() != "owned"
    if shows_name:
        expect(page.get_by_text(HTML_NAME).first).to_be_visible()


@pytest.mark.parametrize("path", PAGES)
def test_the_pages_of_an_empty_database_render(
    page: Page, empty_dashboard_url: str, path: str
) -> None:
    response = page.goto(empty_dashboard_url + path, wait_until="networkidle")
    assert response is not None
    assert response.status == 200
    expect(page.locator("main")).not_to_be_empty()


def test_the_forfeited_game_shows_its_fault(
    page: Page, dashboard_url: str, stored_games: StoredGames
) -> None:
    page.goto(f"{dashboard_url}/games/{stored_games.forfeit}", wait_until="networkidle")
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-status", "finished")
    expect(replay).to_contain_text(CRASHER)
    fault = page.locator(".fault").filter(has_text=stored_games.forfeit_fault)
    expect(fault.first).to_be_visible()
