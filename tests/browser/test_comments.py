"""The bots' comments and output in the replay viewer in Chromium, drawn by replay.js.

The comment of a real bot: the strong Lexio example explains each decision, and the filled
database holds its games, played by the referee. The output, the cut note and a crash's
detail: the stored game of :mod:`tests.web.talkative`, served by a dashboard of its own.
Each is reached by stepping in the page, so the script puts it in from the steps it
fetched, not the page as first served.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import DecidedBy, create_database_engine, init_database
from tests.browser.serving import serving_dashboard
from tests.browser.stored_games import StoredGames
from tests.browser.viewer import Viewer
from tests.web.filling import FilledDatabase
from tests.web.talkative import CRASH_DETAIL, Said, mark, store_talkative_game

pytestmark = pytest.mark.browser

STRONG = "lexio_strong"


def strong_decision(database_url: str, game_id: int) -> tuple[int, int, str]:
    """A decision of the strong bot in game ``game_id``: its step, its seat and its comment."""
    engine = create_database_engine(database_url)
    try:
        with Session(engine) as session:
            seats = db.game_seats(session, game_id=game_id)
            strong = db.get_bot_by_name(session, name=STRONG)
            assert strong is not None
            (seat,) = [record.seat for record in seats if record.bot_id == strong.id]
            decided = [
                action
                for action in db.game_actions(session, game_id=game_id)
                if action.seat == seat and action.decided_by == DecidedBy.BOT
            ]
    finally:
        engine.dispose()
    action = decided[len(decided) // 2]
    assert action.comment is not None
    return action.number + 1, seat, action.comment


def step_to(viewer: Viewer, step: int) -> None:
    viewer.slider.fill(str(step))
    viewer.expect_step(step)


def test_the_viewer_shows_the_comment_of_a_step_in_the_views_that_may_read_it(
    page: Page, dashboard_url: str, stored_games: StoredGames, filled_database: FilledDatabase
) -> None:
    step, seat, comment = strong_decision(filled_database.url, stored_games.lexio)
    viewer = Viewer(page, dashboard_url, stored_games.lexio)
    viewer.open()
    said = page.locator("#step-info .comment q")
    expect(said).to_have_count(0)  # the deal: nobody has decided yet
    step_to(viewer, step)
    expect(said).to_have_text(comment)
    expect(page.locator("#step-info .comment")).to_contain_text(f"{STRONG} ({seat}) says")

    viewer.switch_view("spectator")  # a finished game: every seat's words
    expect(said).to_have_text(comment)
    viewer.switch_view(f"seat-{(seat + 1) % 4}")
    expect(page.locator("#step-info .step-action")).to_contain_text(f"{STRONG} ({seat})")
    expect(said).to_have_count(0)
    viewer.switch_view(f"seat-{seat}")
    expect(said).to_have_text(comment)


@pytest.fixture(scope="module")
def talkative(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, list[Said]]]:
    """A dashboard over the finished talkative game: its URL, the game's id, what was said."""
    directory = tmp_path_factory.mktemp("talkative")
    url = f"sqlite:///{directory / 'talkative.db'}"
    engine = create_database_engine(url)
    init_database(engine)
    with Session(engine) as session:
        game_id, said = store_talkative_game(session, finished=True)
    engine.dispose()
    with serving_dashboard(url, directory / "talkative.log") as base_url:
        yield base_url, game_id, said


def test_the_viewer_shows_what_a_bot_wrote_at_its_step_as_text(
    page: Page, talkative: tuple[str, int, list[Said]]
) -> None:
    base_url, game_id, said = talkative
    viewer = Viewer(page, base_url, game_id)
    viewer.open()
    chosen = [each for each in said if each.comment is not None][3]
    assert chosen.comment is not None
    step_to(viewer, chosen.number + 1)

    info = page.locator("#step-info")
    expect(info.locator(".comment q")).to_have_text(chosen.comment)  # "<b>" as text
    expect(info.locator("b")).to_have_count(0)
    deciding = info.locator(".output.deciding")
    expect(deciding.locator(".output-heading")).to_have_text(
        f"talker {chosen.seat} (seat {chosen.seat}) wrote while deciding"
    )
    expect(deciding.locator("li.stdout .text")).to_have_text(
        [f"{mark(chosen.seat)} deciding {chosen.number}"]
    )
    expect(info.locator(".output.after li.stderr .text")).to_have_text(
        [f"{mark(chosen.seat)} after {chosen.number}"]
    )

    step_to(viewer, chosen.number)  # forward and back: drawn again
    step_to(viewer, 0)
    expect(info.locator(".output.after li.cut")).to_have_text(
        ["talker 0 (seat 0): (1,234 earlier bytes cut)"]
    )
    expect(info.locator(".output.after li .text")).to_have_text(
        [f"{mark(seat)} warming up" for seat in range(3)]
    )


def test_the_viewer_shows_a_crash_detail_whole(
    page: Page, talkative: tuple[str, int, list[Said]]
) -> None:
    base_url, game_id, said = talkative
    viewer = Viewer(page, base_url, game_id)
    viewer.open()
    viewer.control("end").click()
    viewer.expect_step(len(said))
    detail = page.locator("#step-info .fault .detail")
    expect(detail).to_have_text(CRASH_DETAIL, use_inner_text=True)
    expect(page.locator("#step-info script")).to_have_count(0)
