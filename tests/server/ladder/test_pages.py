"""The ladder pages and their JSON twins, and opening and closing a ladder through the dashboard.

A ladder opened through ``POST /api/ladders`` (or the admin's form) is stored as ``croupier
ladder open`` stores it, and one refused stores nothing; its page shows what a real run of
it played: its games playing, standings with intervals, bots and their progress, newest
games.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.administration import Administration
from croupier_server.db import create_database_engine, init_database
from croupier_server.db.ladder_games import get_ladder, list_ladders
from croupier_server.db.ladders import LadderStatus
from croupier_server.ladder.settings import LadderSettings
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from tests.server.ladder.harness import (
    add_versions,
    finished_games,
    lexio_ladder,
    running,
    wait_until,
)

ADMIN = "admin-token-0123456789abcdef"
AUTHORIZED = {"Authorization": f"Bearer {ADMIN}"}
LADDER = {"game": "lexio", "options": {"players": 3, "rounds": 1}, "concurrency": 3, "seed": 9}


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'ladders.db'}")
    init_database(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def client(engine: Engine, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        engine,
        tokens=AccessTokens(admin=ADMIN),
        admin_actions=Administration(engine, directory=str(tmp_path)),
    )
    with TestClient(app) as test_client:
        yield test_client


def ladder_count(engine: Engine) -> int:
    with Session(engine) as session:
        return len(list_ladders(session))


def test_a_ladder_opened_through_the_api_is_stored_as_the_command_line_stores_it(
    client: TestClient, engine: Engine
) -> None:
    assert client.post("/api/ladders", json=LADDER).status_code == 401
    answer = client.post(
        "/api/ladders",
        json={**LADDER, "rating_deals": 4, "time_control": {"decision_ms": 900}},
        headers=AUTHORIZED,
    )
    assert answer.status_code == 201, answer.text
    opened = answer.json()
    assert answer.headers["Location"] == f"/api/ladders/{opened['id']}"
    assert (opened["game"], opened["variant"], opened["status"]) == ("lexio", "3 players", "open")
    with Session(engine) as session:
        record = get_ladder(session, ladder_id=opened["id"])
        assert record is not None
    settings = LadderSettings.from_data(record.settings)
    by_hand = lexio_ladder(engine, concurrency=3, rating_deals=4, seed=9)
    assert settings.rules == LadderSettings.from_data(by_hand.settings).rules
    assert settings.time_control["decision_ms"] == 900
    assert (settings.seed, settings.concurrency) == (9, 3)
    assert record.options == by_hand.options


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"with": ["nobody"]}, "no bot named 'nobody'"),
        ({"options": {"players": 9}}, "players"),
        ({"game": "cribbage", "options": {"variant": "solitaire"}}, "two seats or more, not 1"),
        ({"concurrency": 0}, "greater than or equal to 1"),
        ({"unmet_boost": 0.5}, "greater than or equal to 1"),
        ({"rating_deals": "many"}, "valid integer"),
        ({"deals": 3}, "Extra inputs are not permitted"),
    ],
)
def test_a_refused_ladder_stores_nothing_and_says_why_in_a_line(
    client: TestClient, engine: Engine, change: dict[str, object], message: str
) -> None:
    answer = client.post("/api/ladders", json={**LADDER, **change}, headers=AUTHORIZED)
    assert answer.status_code in (400, 422), answer.text
    assert message in str(answer.json()["detail"])
    assert ladder_count(engine) == 0


def csrf_of(client: TestClient) -> str:
    page = client.post("/login", data={"token": ADMIN, "next": "/ladders/new"})
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None, page.text
    return found.group(1)


def test_the_admins_form_opens_and_closes_a_ladder(client: TestClient, engine: Engine) -> None:
    assert client.get("/ladders/new", follow_redirects=False).status_code == 303  # to log in
    csrf = csrf_of(client)
    form = {"csrf": csrf, "game": "lexio", "players": "4", "concurrency": "2", "with": "nobody"}
    refused = client.post("/ladders/new", data=form)
    assert refused.status_code == 400
    assert escape("no bot named 'nobody'") in refused.text
    assert ladder_count(engine) == 0
    opened = client.post("/ladders/new", data={**form, "with": ""}, follow_redirects=False)
    assert opened.status_code == 303
    page = client.get(opened.headers["Location"])
    assert "Ladder 1" in page.text
    assert "4 players" in page.text
    assert 'action="/ladders/1/close"' in page.text
    assert client.post("/ladders/1/close", data={"csrf": "wrong"}).status_code == 403
    closed = client.post("/ladders/1/close", data={"csrf": csrf})
    assert closed.status_code == 200
    assert '<span class="badge closed">closed</span>' in closed.text
    with Session(engine) as session:
        record = get_ladder(session, ladder_id=1)
        assert record is not None
        assert record.status is LadderStatus.CLOSED


def test_the_ladders_page_shows_what_its_run_played(client: TestClient, engine: Engine) -> None:
    names = add_versions(
        engine,
        "lexio",
        {"random": "lexio_random", "greedy": "lexio_greedy", "cautious": "lexio_cautious"},
    )
    ladder = lexio_ladder(engine, concurrency=2, rating_deals=3)
    assert client.get(f"/api/ladders/{ladder.id}").json()["standings"] == []

    async def play() -> None:
        async with running(engine, ladder):
            await wait_until(
                lambda: len(finished_games(engine, ladder.tournament_id)) >= 6, "6 games"
            )
            live = client.get(f"/ladders/{ladder.id}/live")
            assert live.status_code == 200
            assert "Playing now" in live.text

    asyncio.run(play())
    listing = client.get("/api/ladders").json()["ladders"]
    assert [(line["id"], line["status"], line["bots"]) for line in listing] == [
        (ladder.id, "open", 3)
    ]
    detail = client.get(f"/api/ladders/{ladder.id}").json()
    assert detail["finished"] >= 6
    assert {line["bot"] for line in detail["standings"]} == set(names)
    for line in detail["standings"]:
        assert line["elo_low"] <= line["elo"] <= line["elo_high"]
    entrants = {line["bot"]: line for line in detail["entrants"]}
    assert set(entrants) == set(names)
    assert all(
        line["deals_needed"] == 3 and line["kind"] == "version" for line in entrants.values()
    )
    assert detail["recent_games"][0]["tournament_id"] == ladder.tournament_id
    assert detail["settings"]["with"] == []
    page = client.get(f"/ladders/{ladder.id}")
    assert page.status_code == 200
    assert 'data-live-url="/ladders/1/live"' in page.text
    assert "ladder.js" in page.text
    for name in names:
        assert name in page.text
    assert client.get("/ladders").status_code == 200
    tournament = client.get(f"/api/tournaments/{ladder.tournament_id}").json()
    assert (tournament["format"], tournament["format_title"]) == ("ladder", "Ladder")
    assert sorted(tournament["bots"]) == sorted(names)
    assert tournament["total"] is None
    assert client.get(f"/tournaments/{ladder.tournament_id}").status_code == 200
    assert client.get("/ladders/99").status_code == 404
    assert client.get("/api/ladders/99").json() == {"detail": "no ladder 99"}
