"""What would another bot do, in Chromium: a real ``croupier serve`` asks the example bots.

The serve runs over a copy of the filled database, with a scripted bot that crashes at its
second decision added; the read-only ``croupier dashboard`` of the other tests cannot ask.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import DecidedBy, create_database_engine
from tests.browser.stored_games import StoredGames
from tests.e2e.test_remote import CROUPIER, Processes
from tests.server.referee.harness import scripted_command
from tests.waiting import next_line
from tests.web.filling import FilledDatabase

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def serve_url(
    filled_database: FilledDatabase, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """``croupier serve``'s dashboard over a copy of the filled database, with ``crashing``."""
    directory = tmp_path_factory.mktemp("second_opinion")
    copy = directory / "copy.db"
    copy.write_bytes(Path(filled_database.url.removeprefix("sqlite:///")).read_bytes())
    url = f"sqlite:///{copy}"
    engine = create_database_engine(url)
    with Session(engine) as session:
        crash = scripted_command("crash", "--after", "1")
        db.add_bot(session, name="crashing", game="lexio", command=crash)
    engine.dispose()
    processes = Processes()
    argv = [str(CROUPIER), "serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0"]
    server = processes.start(
        [*argv, "--db", url], CROUPIER_VERSIONS_DIR=str(directory / "versions")
    )
    try:
        next_line(server)  # the referee's address
        yield next_line(server).split()[1].rstrip("/")
    finally:
        processes.stop_all()


def seat_decisions(database_url: str, game_id: int, bot: str) -> tuple[int, list[int]]:
    """The seat ``bot`` played in game ``game_id``, and the steps it decided itself."""
    engine = create_database_engine(database_url)
    try:
        with Session(engine) as session:
            named = db.get_bot_by_name(session, name=bot)
            assert named is not None
            seats = db.game_seats(session, game_id=game_id)
            (seat,) = [each.seat for each in seats if each.bot_id == named.id]
            actions = db.game_actions(session, game_id=game_id)
    finally:
        engine.dispose()
    steps = [
        action.number + 1
        for action in actions
        if action.seat == seat and action.decided_by == DecidedBy.BOT
    ]
    return seat, steps


def ask(page: Page, url: str, game_id: int, seat: int, bot: str) -> None:
    """Open the game's second-opinion page and ask ``bot`` about ``seat``."""
    page.goto(f"{url}/games/{game_id}/second-opinion")
    page.get_by_label("Seat").select_option(str(seat))
    page.get_by_label("Bot to ask").select_option(bot)
    page.get_by_role("button", name="Ask").click()


def test_a_bot_is_asked_each_decision_of_a_seat_and_its_differences_are_marked(
    page: Page, serve_url: str, stored_games: StoredGames, filled_database: FilledDatabase
) -> None:
    seat, steps = seat_decisions(filled_database.url, stored_games.lexio, "lexio_greedy")
    ask(page, serve_url, stored_games.lexio, seat, "lexio_strong")
    heading = page.get_by_role(
        "heading", name=f"lexio_strong in seat {seat}, played by lexio_greedy"
    )
    expect(heading).to_be_visible()
    rows = page.locator("table.opinions tbody tr")
    expect(rows).to_have_count(len(steps))
    assert [int(text) for text in rows.locator("th").all_inner_texts()] == steps
    summary = page.locator(".opinion-summary").inner_text()
    found = re.search(r"differs from the game at (\d+) and agrees at (\d+)", summary)
    assert found is not None, summary
    differing, agreeing = int(found.group(1)), int(found.group(2))
    assert differing + agreeing == len(steps)
    expect(page.locator("table.opinions tr.differs")).to_have_count(differing)
    expect(page.locator("table.opinions tr.differs .marker")).to_have_count(differing)
    rows.first.locator("th a").click()
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-step", str(steps[0]))
    expect(replay).to_have_attribute("data-view", f"seat-{seat}")


def test_a_bot_that_crashes_is_told_in_one_line_on_the_page(
    page: Page, serve_url: str, stored_games: StoredGames, filled_database: FilledDatabase
) -> None:
    seat, steps = seat_decisions(filled_database.url, stored_games.lexio, "lexio_greedy")
    ask(page, serve_url, stored_games.lexio, seat, "crashing")
    failure = page.locator(".opinion-failure")
    expect(failure).to_have_text(f"crashing ended at step {steps[1]}: it exited with status 3")
    expect(page.locator("table.opinions tbody tr")).to_have_count(2)
    expect(page.locator("table.opinions tbody tr").nth(1)).to_contain_text("crash: ")


def test_the_read_only_dashboard_says_asking_needs_croupier_serve(
    page: Page, dashboard_url: str, stored_games: StoredGames
) -> None:
    page.goto(f"{dashboard_url}/games/{stored_games.lexio}/second-opinion")
    expect(page.get_by_role("status")).to_contain_text("This dashboard cannot ask bots")
    expect(page.get_by_role("button", name="Ask")).to_have_count(0)
