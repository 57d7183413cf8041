"""A game in progress, watched in Chromium: the spectator view follows it to its end.

``croupier match`` plays a one-round Lexio game between four scripted bots that each take
:data:`DELAY_MS` to answer (``tests/fakebots/scripted.py slow``), into a database that a
``croupier dashboard`` process serves; the page is opened while the game runs.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli import main as croupier
from croupier_server.db import GameStatus, create_database_engine
from tests import queries
from tests.browser.serving import CROUPIER, serving_dashboard
from tests.browser.stored_games import load_stored_replay
from tests.browser.viewer import Viewer
from tests.waiting import exit_status, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SCRIPTED = Path(__file__).parents[1] / "fakebots" / "scripted.py"
BOTS = tuple(f"slow_{seat}" for seat in range(4))
DELAY_MS = 200
"""Each bot's time per decision: a game of about ten seconds."""


def test_a_game_in_progress_updates_itself_in_the_spectator_view(
    page: Page, tmp_path: Path
) -> None:
    database_url = f"sqlite:///{tmp_path / 'live.db'}"
    for name in BOTS:
        command = f"{sys.executable} {SCRIPTED} slow --delay-ms {DELAY_MS}"
        # Not started to be checked: the page's event loop runs in this thread.
        add = ["bot", "add", name, "--game", "lexio", "--command", command, "--no-check"]
        assert croupier([*add, "--db", database_url]) == 0
    with (
        serving_dashboard(database_url, tmp_path / "dashboard.log") as base_url,
        _playing(database_url, tmp_path / "match.log") as match,
    ):
        game_id = _running_game(database_url)
        viewer = Viewer(page, base_url, game_id)
        viewer.open(view="spectator", wait_until="load")
        expect(viewer.root).to_have_attribute("data-status", "running")
        expect(viewer.root).to_have_attribute("data-view", "spectator")
        seen = viewer.steps
        expect(viewer.root).not_to_have_attribute("data-steps", str(seen))
        step, steps = viewer.root.evaluate(
            "root => [Number(root.dataset.step), Number(root.dataset.steps)]"
        )
        assert step == steps - 1, "the viewer follows the game to its newest step"
        assert all(hand.faces == [] and hand.telling == 0 for hand in viewer.hands())

        expect(viewer.root).to_have_attribute("data-status", "finished")
        assert exit_status(match) == 0
        stored = load_stored_replay(database_url, game_id)
        expect(viewer.root).to_have_attribute("data-steps", str(stored.steps))
        assert all(hand.faces == [] for hand in viewer.hands())


@contextlib.contextmanager
def _playing(database_url: str, log_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``croupier match`` between :data:`BOTS`, stopped if it is still running at the end."""
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                str(CROUPIER),
                "match",
                "--game",
                "lexio",
                "--players",
                "4",
                "--rounds",
                "1",
                *(argument for name in BOTS for argument in ("--bot", name)),
                "--seed",
                "3",
                "--decision-ms",
                "5000",
                "--db",
                database_url,
            ],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            yield process
        finally:
            if process.poll() is None:
                process.terminate()
                process.wait(10)


def _running_game(database_url: str) -> int:
    """The id of the running game, once it has a few actions stored."""
    engine = create_database_engine(database_url)

    def running_with_actions() -> int | None:
        with Session(engine) as session:
            for game in queries.list_games(session, status=GameStatus.RUNNING):
                assert game.id is not None
                if len(db.game_actions(session, game_id=game.id)) >= 2:
                    return game.id
        return None

    try:
        return wait_for(running_with_actions, "a game running with actions")
    finally:
        engine.dispose()
