"""An open ladder's page in Chromium: it follows the games as a real serve plays them.

The live part of the page is fetched again every few seconds, without reloading the page;
once the ladder is closed through the API, the page reloads once and shows it closed.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from croupier_server.db import create_database_engine, init_database
from tests.e2e.test_remote import CROUPIER, Processes
from tests.server.ladder.harness import add_versions, lexio_ladder
from tests.waiting import next_line, patience_s

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ADMIN = "browser-ladder-admin-token-0123456789"


@pytest.fixture(autouse=True)
def versions_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$CROUPIER_VERSIONS_DIR`` of the serve: where it makes the versions ready."""
    directory = tmp_path / "versions"
    monkeypatch.setenv("CROUPIER_VERSIONS_DIR", str(directory))
    return directory


@pytest.fixture
def processes() -> Iterator[Processes]:
    started = Processes()
    try:
        yield started
    finally:
        started.stop_all()


def test_an_open_ladders_page_follows_its_games_and_reloads_once_closed(
    page: Page, tmp_path: Path, processes: Processes
) -> None:
    database = f"sqlite:///{tmp_path / 'ladder.db'}"
    engine = create_database_engine(database)
    init_database(engine)
    add_versions(
        engine,
        "lexio",
        {"random": "lexio_random", "greedy": "lexio_greedy", "cautious": "lexio_cautious"},
    )
    ladder = lexio_ladder(engine, concurrency=1)
    engine.dispose()
    argv = [str(CROUPIER), "serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0"]
    server = processes.start([*argv, "--db", database], CROUPIER_ADMIN_TOKEN=ADMIN)
    next_line(server)
    url = next_line(server).split()[1].rstrip("/")

    page.goto(f"{url}/ladders/{ladder.id}")
    page.evaluate("window.notReloaded = true")
    finished = page.locator("[data-field=finished]")
    shown = finished.text_content()
    expect(finished).not_to_have_text(shown or "")
    expect(page.locator("table.standings tbody tr")).to_have_count(3)
    assert page.evaluate("window.notReloaded === true")  # updated in place
    expect(page.locator("table.entrants tbody tr")).to_have_count(3)
    for name in ("random@1", "greedy@1", "cautious@1"):
        expect(page.locator("table.entrants")).to_contain_text(name)

    request = urllib.request.Request(
        f"{url}/api/ladders/{ladder.id}/close",
        data=b"",
        headers={"Authorization": f"Bearer {ADMIN}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=patience_s()) as answer:
        assert json.load(answer)["status"] == "closed"
    expect(page.locator("h1 .badge.closed")).to_be_visible()
    assert page.evaluate("window.notReloaded === undefined")  # reloaded once, then still
