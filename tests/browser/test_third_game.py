"""The dashboard replays a stored Kuhn poker game in Chromium, each view hiding what it must.

Kuhn poker is the third game, plugged in from tests/kuhn_poker: its table is drawn by its
own plug-in's template. The games are played by its two bots through the real command line
(in a process of its own: see ``tests/browser/conftest.py``); what the page draws is compared
with the rules engine's state at each step.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from kuhn_poker import KuhnState
from playwright.sync_api import Page, expect
from sqlmodel import Session

from croupier_server.cli import main
from croupier_server.db import create_database_engine
from tests import queries
from tests.browser.serving import serving_dashboard
from tests.browser.stored_games import StoredReplay, load_stored_replay
from tests.browser.viewer import DrawnHand, Viewer

pytestmark = pytest.mark.browser

BOTS = Path(__file__).parents[1] / "kuhn_poker" / "bots"
SEEDS = range(1, 7)
VIEWS = ["all", "spectator", "seat-0", "seat-1"]


def fill_kuhn_database(url: str) -> None:
    """Register the two Kuhn poker bots and play a match of two hands for each seed."""
    seeded = f"env CROUPIER_BOT_SEED=7 {shlex.quote(sys.executable)}"
    for name in ("kuhn_equilibrium", "kuhn_random"):
        command = f"{seeded} {shlex.quote(str(BOTS / f'{name}.py'))}"
        add = ["bot", "add", name, "--game", "kuhn_poker", "--command", command, "--db", url]
        assert main(add) == 0
    clock = ["--decision-ms", "10000", "--bank-ms", "60000"]
    for seed in SEEDS:
        match = ["match", "--game", "kuhn_poker", "--hands", "2", "--seed", str(seed), *clock]
        bots = ["--bot", "kuhn_equilibrium", "--bot", "kuhn_random"]
        assert main([*match, *bots, "--db", url]) == 0


@pytest.fixture(scope="module")
def kuhn_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database of Kuhn poker matches, filled by a process of its own."""
    url = f"sqlite:///{tmp_path_factory.mktemp('kuhn') / 'kuhn.db'}"
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=spawn) as filler:
        filler.submit(fill_kuhn_database, url).result()
    return url


@pytest.fixture(scope="module")
def kuhn_dashboard(kuhn_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the dashboard over :func:`kuhn_database`."""
    with serving_dashboard(kuhn_database, tmp_path_factory.mktemp("kuhn_log") / "log") as url:
        yield url


@pytest.fixture(scope="module")
def replays(kuhn_database: str) -> list[StoredReplay]:
    """Every stored match, as the engine replays it."""
    engine = create_database_engine(kuhn_database)
    try:
        with Session(engine) as session:
            games = queries.list_games(session, game="kuhn_poker", limit=100)
    finally:
        engine.dispose()
    assert len(games) == len(SEEDS)
    return [load_stored_replay(kuhn_database, game.id or 0) for game in games]


def ends_in_showdown(replay: StoredReplay) -> bool:
    state = replay.state_at(replay.steps - 1)
    assert isinstance(state, KuhnState)
    return state.observation(None).showdown is not None


def expected_cards(state: KuhnState, view: str) -> list[DrawnHand]:
    """A seat's card face up in the views that may see it (everywhere after a showdown)."""
    shown = state.observation(None).showdown is not None
    return [
        DrawnHand(seat, [str(state.card(seat))], 0)
        if shown or view in {"all", f"seat-{seat}"}
        else DrawnHand(seat, [], 1)
        for seat in (0, 1)
    ]


@pytest.mark.parametrize("showdown", [True, False], ids=["showdown", "fold"])
@pytest.mark.parametrize("view", VIEWS)
def test_each_view_shows_a_card_only_to_the_seat_that_holds_it_until_a_showdown(
    page: Page, kuhn_dashboard: str, replays: list[StoredReplay], view: str, showdown: bool
) -> None:
    replay = next(replay for replay in replays if ends_in_showdown(replay) == showdown)
    viewer = Viewer(page, kuhn_dashboard, replay.game_id)
    viewer.open(view=view)
    expect(viewer.root).to_have_attribute("data-view", view)
    assert viewer.steps == replay.steps
    for step in range(replay.steps):
        viewer.slider.fill(str(step))
        viewer.expect_step(step)
        state = replay.state_at(step)
        assert isinstance(state, KuhnState)
        expected = expected_cards(state, view)
        assert viewer.settle(viewer.hands, expected) == expected, f"step {step}"
    pot = viewer.root.locator(".table-area.kuhn-poker .pot")
    expect(pot).to_have_text(str(replay.state_at(replay.steps - 1).observation(None).pot))


def test_the_other_seats_card_stays_hidden_in_a_seats_view_at_the_deal(
    page: Page, kuhn_dashboard: str, replays: list[StoredReplay]
) -> None:
    replay = replays[0]
    state = replay.state_at(0)
    assert isinstance(state, KuhnState)
    viewer = Viewer(page, kuhn_dashboard, replay.game_id)
    viewer.open(view="seat-1")
    viewer.expect_step(0)
    hidden, own = viewer.hands()
    assert own == DrawnHand(1, [str(state.card(1))], 0)
    assert hidden == DrawnHand(0, [], 1)
    # Nowhere in the seat's page is the other card's face: not in the table, not in events.
    other = viewer.root.locator(".seat[data-seat='0']")
    assert str(state.card(0)) not in other.inner_text().split()
    events = page.locator("#events").inner_text()
    assert f"is dealt {state.card(0)}" not in events
    assert f"is dealt {state.card(1)}" in events
