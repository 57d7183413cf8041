"""The replay viewer in Chromium: stepping, views that hide what they must, the URL, events.

Each test runs on a finished Lexio game and a finished cribbage game of the filled
database; what the page draws is compared with the rules engine's state at that step.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.stored_games import StoredGames, StoredReplay, load_stored_replay
from tests.browser.viewer import Viewer, expected_hands
from tests.web.filling import FilledDatabase

pytestmark = pytest.mark.browser


@pytest.fixture(params=["lexio", "cribbage"])
def replay(
    request: pytest.FixtureRequest, stored_games: StoredGames, filled_database: FilledDatabase
) -> StoredReplay:
    """A finished game of each game, as the engine replays it."""
    game_id: int = getattr(stored_games, request.param)
    return load_stored_replay(filled_database.url, game_id)


@pytest.fixture
def viewer(page: Page, dashboard_url: str, replay: StoredReplay) -> Viewer:
    """The viewer of :func:`replay`, opened at its default view and step."""
    opened = Viewer(page, dashboard_url, replay.game_id)
    opened.open()
    return opened


def test_a_finished_game_opens_at_its_deal_with_all_hands_and_every_step(
    viewer: Viewer, replay: StoredReplay
) -> None:
    assert viewer.attribute("data-status") == "finished"
    assert viewer.attribute("data-view") == "all"
    assert viewer.step == 0
    assert viewer.steps == replay.steps
    assert viewer.slider.get_attribute("max") == str(replay.steps - 1)
    views = viewer.view_select.locator("option").evaluate_all(
        "options => options.map(option => option.value)"
    )
    assert sorted(views) == sorted(
        ["all", "spectator", *(f"seat-{n}" for n in range(replay.seats))]
    )


def test_the_buttons_step_through_the_game_and_stop_at_its_ends(
    viewer: Viewer, replay: StoredReplay
) -> None:
    last = replay.steps - 1
    # The last step ends the match: its moment is a frame of its own, before its table.
    for control, step, frame in [
        ("forward", 1, "table"),
        ("forward", 2, "table"),
        ("back", 1, "table"),
        ("end", last, "table"),
        ("back", last, "moment"),
        ("back", last - 1, "table"),
        ("forward", last, "moment"),
        ("forward", last, "table"),
        ("start", 0, "table"),
    ]:
        viewer.control(control).click()
        viewer.expect_step(step, frame)
    # Beyond an end, a button may be disabled or do nothing: a click must not move.
    viewer.control("back").click(force=True)
    viewer.expect_step(0)
    viewer.control("end").click()
    viewer.control("forward").click(force=True)
    viewer.expect_step(last, "table")


def test_the_slider_and_the_keyboard_move_through_the_game(
    viewer: Viewer, replay: StoredReplay
) -> None:
    middle = replay.steps // 2
    viewer.slider.fill(str(middle))
    viewer.expect_step(middle)
    # The keys go to the page, as after a click on its background: not into the slider.
    viewer.page.evaluate("document.activeElement.blur()")
    for key, step in [
        ("ArrowRight", middle + 1),
        ("ArrowRight", middle + 2),
        ("ArrowLeft", middle + 1),
        ("End", replay.steps - 1),
        ("Home", 0),
    ]:
        viewer.page.keyboard.press(key)
        viewer.expect_step(step)
    play = viewer.control("play")
    viewer.page.keyboard.press("Space")
    expect(play).to_have_attribute("aria-pressed", "true")
    viewer.page.keyboard.press("Space")
    expect(play).to_have_attribute("aria-pressed", "false")


@pytest.mark.parametrize("view", ["all", "spectator", "seat-0", "seat-1"])
def test_a_view_shows_the_faces_of_exactly_the_hands_its_viewer_may_see(
    viewer: Viewer, replay: StoredReplay, view: str
) -> None:
    if view != "all":
        viewer.switch_view(view)
    for step in sorted({0, 1, replay.steps // 3, replay.steps // 2}):
        viewer.slider.fill(str(step))
        viewer.expect_step(step)
        expected = expected_hands(replay.hands_at(step), view)
        assert viewer.settle(viewer.hands, expected) == expected, f"step {step}"


def test_the_url_keeps_the_game_step_and_view_and_a_reload_lands_on_them(
    viewer: Viewer, replay: StoredReplay
) -> None:
    step = replay.steps // 2
    viewer.switch_view("seat-1")
    viewer.slider.fill(str(step))
    viewer.expect_step(step)
    assert urlsplit(viewer.page.url).path == f"/games/{replay.game_id}"
    assert {"view": "seat-1", "step": str(step)}.items() <= viewer.query().items()

    viewer.page.reload(wait_until="networkidle")
    viewer.expect_step(step)
    expect(viewer.root).to_have_attribute("data-view", "seat-1")
    expect(viewer.view_select).to_have_value("seat-1")
    expected = expected_hands(replay.hands_at(step), "seat-1")
    assert viewer.settle(viewer.hands, expected) == expected


def test_clicking_an_event_jumps_to_its_step_and_marks_it_current(viewer: Viewer) -> None:
    later = viewer.page.locator('#events li[data-step]:not([data-step="0"])')
    target = later.nth(later.count() // 2)
    step = int(target.get_attribute("data-step") or "")
    target.click()
    viewer.expect_step(step)
    expect(target).to_have_attribute("aria-current", "step")
    current = viewer.page.locator('#events li[aria-current="step"]').evaluate_all(
        "items => items.map(item => item.dataset.step)"
    )
    assert set(current) == {str(step)}


def test_play_advances_at_the_chosen_speed_until_paused(viewer: Viewer) -> None:
    speed = viewer.page.locator('select[name="speed"]')
    speeds: list[str] = speed.locator("option").evaluate_all(
        "options => options.map(option => option.value)"
    )
    speed.select_option(max(speeds, key=float))
    play = viewer.control("play")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    # A function, not an expression: under the page's policy Playwright evaluates a string
    # only once, and an expression it would evaluate again at each poll ('unsafe-eval').
    viewer.page.wait_for_function(
        "() => Number(document.querySelector('#replay').dataset.step) >= 3"
    )
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    paused_at = viewer.step
    viewer.page.wait_for_timeout(1_500)
    assert viewer.step == paused_at


def test_the_download_links_give_the_json_of_the_view_and_of_the_record(
    viewer: Viewer, replay: StoredReplay
) -> None:
    viewer.switch_view("spectator")
    targets = set()
    for href in viewer.download_links():
        url = urljoin(viewer.page.url, href)
        response = viewer.page.request.get(url)
        assert response.ok, url
        assert response.headers["content-type"].startswith("application/json"), url
        assert response.json()
        parts = urlsplit(url)
        targets.add((parts.path, parse_qs(parts.query).get("view", [""])[-1]))
    assert targets >= {
        (f"/api/games/{replay.game_id}/replay", "spectator"),
        (f"/api/games/{replay.game_id}", ""),
    }
