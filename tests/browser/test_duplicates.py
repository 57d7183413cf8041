"""Same deal, other seats, in Chromium: from a game to its deal's games and back into a replay.

The filled database's Lexio round robin is one deal at four rotations of its table; where
its games part is found here from their stored actions, and the page must mark that step
and open each game's replay there, in the view of the seat that acted.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.stored_games import StoredGames, StoredReplay, load_stored_replay
from tests.web.filling import FilledDatabase

pytestmark = pytest.mark.browser

PHONE = ViewportSize(width=390, height=844)


def test_a_game_opens_its_deal_side_by_side_marked_where_the_games_part(
    page: Page, dashboard_url: str, stored_games: StoredGames, filled_database: FilledDatabase
) -> None:
    page.goto(f"{dashboard_url}/games/{stored_games.lexio}")
    page.get_by_role("link", name=re.compile("Same deal, other seats")).click()
    expect(page).to_have_url(f"{dashboard_url}/games/{stored_games.lexio}/duplicates")
    columns = page.locator("table.duplicates thead th[data-game-id]")
    expect(columns).to_have_count(4)
    game_ids = [int(cell.get_attribute("data-game-id") or 0) for cell in columns.all()]
    replays = [load_stored_replay(filled_database.url, game_id) for game_id in game_ids]
    step, seat = _parting(replays)
    heading = page.get_by_role("heading", name=f"First difference: step {step}, seat {seat}")
    expect(heading).to_be_visible()
    row = page.locator(f"tr#step-{step}")
    expect(row).to_have_class("first-difference")
    expect(row.get_by_role("rowheader")).to_contain_text("first difference")
    for replay, cell in zip(replays, row.locator("td").all(), strict=True):
        expect(cell).to_contain_text(replay.actions[step - 1][1])
    page.get_by_role("link", name="Show it in the table").click()
    expect(page).to_have_url(re.compile(f"#step-{step}$"))
    page.get_by_role("link", name=f"game {game_ids[-1]} at step {step}").click()
    replay_box = page.locator("#replay")
    expect(replay_box).to_have_attribute("data-step", str(step))
    expect(replay_box).to_have_attribute("data-view", f"seat-{seat}")
    expect(page.locator("h1")).to_contain_text(f"Game {game_ids[-1]}")


def test_the_side_by_side_table_scrolls_in_its_own_box_on_a_phone(
    page: Page, dashboard_url: str, stored_games: StoredGames
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{dashboard_url}/games/{stored_games.lexio}/duplicates")
    main = page.locator("main")
    assert main.evaluate("element => element.scrollWidth <= element.clientWidth")
    box = page.locator(".duplicates-scroll")
    expect(box).to_be_visible()
    assert box.evaluate("element => element.getBoundingClientRect().right") <= PHONE["width"]
    assert box.evaluate("element => element.scrollWidth > element.clientWidth")
    last_column = box.locator("thead th").last
    last_column.scroll_into_view_if_needed()
    expect(last_column).to_be_in_viewport()


def _parting(replays: list[StoredReplay]) -> tuple[int, int]:
    """The first step at which the games' actions differ, and the seat that acted there."""
    for number in range(max(len(replay.actions) for replay in replays)):
        played = {replay.actions[number] for replay in replays if number < len(replay.actions)}
        if len(played) > 1:
            return number + 1, next(iter(played))[0]
    raise AssertionError("the games of the deal were played alike throughout")
