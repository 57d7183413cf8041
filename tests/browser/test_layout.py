"""Every main page on a phone (390 px): no sideways scroll, the whole menu in view, tables in
boxes of their own, and the games list as cards."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.main_pages import MAIN_PAGES, main_page
from tests.browser.stored_games import StoredGames

pytestmark = pytest.mark.browser

PHONE = ViewportSize(width=390, height=844)

_SCROLL_WIDTHS = "[document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]"

_TABLES_OUT_OF_THEIR_BOX = """
() => [...document.querySelectorAll('table.data')].filter(table => {
  // The table, or the nearest box around it that scrolls sideways, must fit the window.
  let box = table;
  while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) {
    box = box.parentElement;
  }
  const fitted = box && box !== document.body && box !== document.documentElement ? box : table;
  return fitted.getBoundingClientRect().right > innerWidth + 0.5;
}).map(table => table.className)
"""

_HIDDEN_UNDER_ITS_CENTRE = """
link => {
  const box = link.getBoundingClientRect();
  const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !(found && (found === link || link.contains(found)));
}
"""


@pytest.mark.parametrize("path", MAIN_PAGES)
def test_a_phone_shows_the_page_without_sideways_scrolling_and_the_whole_menu(
    page: Page, dashboard_url: str, stored_games: StoredGames, path: str
) -> None:
    page.set_viewport_size(PHONE)
    response = page.goto(dashboard_url + main_page(path, stored_games), wait_until="networkidle")
    assert response is not None
    assert response.status == 200
    document, body, width = page.evaluate(_SCROLL_WIDTHS)
    assert (document, body) <= (width, width), f"{path} scrolls sideways: {document} px"
    menu = page.locator("header.site").get_by_role("link")
    assert menu.count() >= 8  # the name, the sections, logging in
    for link in menu.all():
        expect(link).to_be_in_viewport(ratio=1)
        assert not link.evaluate(_HIDDEN_UNDER_ITS_CENTRE), link.text_content()
    assert page.evaluate(_TABLES_OUT_OF_THEIR_BOX) == []


def test_a_phone_lists_games_as_cards_that_name_each_field(page: Page, dashboard_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(dashboard_url + "/games", wait_until="networkidle")
    rows = page.locator("table.games tbody tr")
    assert rows.count() >= 10
    first = rows.first
    assert first.evaluate("row => getComputedStyle(row).display") == "block"
    box = first.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"]
    labels = first.locator("td").evaluate_all(
        "cells => cells.map(cell => getComputedStyle(cell, '::before').content)"
    )
    for label in ("Game", "Seats", "Winner", "Started"):
        assert f'"{label}: "' in labels
    expect(page.locator("table.games thead")).not_to_be_in_viewport()
