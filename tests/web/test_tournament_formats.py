"""The tournament pages of the adaptive formats: each format's rows, a total not yet known."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Result, load_game
from croupier_server import db
from croupier_server.db import create_database_engine, init_database
from croupier_server.tournament.formats import FormatSettings, ScheduledGame, deal_seed
from croupier_server.tournament.formats.sprt import SprtSettings
from croupier_server.tournament.formats.swiss import SwissSettings
from croupier_server.tournament.settings import TournamentSettings
from croupier_server.web import create_app
from tests.server.db.played import mark_decided

BOTS = ("north", "east", "south", "west")


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'formats.db'}")
    init_database(engine)
    with Session(engine) as session:
        for name in BOTS:
            db.add_bot(session, name=name, game="cribbage", command="./bot")
    yield engine
    engine.dispose()


def running(
    engine: Engine, settings: FormatSettings, bots: tuple[str, ...], total: int | None
) -> int:
    """A running tournament of ``settings``, stored as create_tournament stores one."""
    stored = TournamentSettings(bots, 5, settings, concurrency=2, total_games=total)
    with Session(engine) as session:
        record = db.create_tournament(
            session,
            game="cribbage",
            options=load_game("cribbage", {"match_points": 1}).options(),
            format=settings.format,
            settings=stored.to_data(),
        )
    assert record.id is not None
    return record.id


def finish(
    engine: Engine, tournament_id: int, game: ScheduledGame, scores: tuple[int, int]
) -> None:
    with Session(engine) as session:
        ids = {name: db.get_bot_by_name(session, name=name) for name in game.bots}
        bot_ids = [bot.id for bot in ids.values() if bot is not None and bot.id is not None]
        stored = db.create_game(
            session,
            game="cribbage",
            options=load_game("cribbage", {"match_points": 1}).options(),
            tournament_id=tournament_id,
            schedule_number=game.number,
            schedule_deal=game.deal,
            seed=game.seed,
            bot_ids=bot_ids,
        )
        assert stored.id is not None
        mark_decided(session, stored.id)
        db.finish_game(session, game_id=stored.id, result=Result(scores=scores))


def test_a_running_sequential_match_has_no_total_and_a_trace(engine: Engine) -> None:
    tournament_id = running(engine, SprtSettings(max_deals=20, min_deals=2), BOTS[:2], None)
    seed = deal_seed(5, 0)
    finish(engine, tournament_id, ScheduledGame(0, 0, 0, ("north", "east"), seed), (1, 0))
    finish(engine, tournament_id, ScheduledGame(1, 0, 1, ("east", "north"), seed), (0, 1))
    with TestClient(create_app(engine)) as client:
        detail = client.get(f"/api/tournaments/{tournament_id}").json()
        progress = client.get(f"/api/tournaments/{tournament_id}/progress").json()
        listed = client.get("/api/tournaments").json()["tournaments"]
        page = client.get(f"/tournaments/{tournament_id}").text
        listing = client.get("/tournaments").text
    assert (progress["finished"], progress["total"]) == (2, None)
    assert [(line["finished"], line["total"]) for line in listed] == [(2, None)]
    assert (detail["format"], detail["format_title"]) == ("sprt", "Sequential match (SPRT)")
    assert detail["settings"]["max_deals"] == 20
    rows = {row["label"]: row for row in detail["rows"]}
    assert rows["Verdict"]["value"] == "inconclusive"
    assert rows["Verdict"]["note"] == "after 1 deal (2 games)"
    assert len(detail["trace"]["values"]) == 1
    assert detail["trace"]["values"][0] > 0  # north won both games of the deal
    assert '<span data-field="total" hidden></span> games finished' in page
    assert "aria-valuemax" not in page
    assert '<svg class="chart trace"' in page
    assert "<dt>Verdict</dt><dd>inconclusive" in page
    llr = rows["LLR"]
    low, high = (float(bound) for bound in re.findall(r"-?\d+\.\d+", llr["note"]))
    assert low < 0 < high  # the bounds; the LLR may pass one before min_deals
    assert llr["note"] == f"bounds [{low:.2f}, {high:.2f}]"
    assert f'<dt>LLR</dt><dd>{llr["value"]} <span class="muted">{llr["note"]}</span>' in page
    # No ETA: a sequential match cannot tell how many games are left.
    assert progress["games_per_hour"] is not None
    assert progress["eta_minutes"] is None
    assert '<td class="num">2</td>' in listing


def test_a_swiss_tournament_shows_its_rounds_and_points(engine: Engine) -> None:
    tournament_id = running(engine, SwissSettings(rounds=3), BOTS, 3 * 2 * 2)
    seed = deal_seed(5, 0)
    finish(engine, tournament_id, ScheduledGame(0, 0, 0, ("north", "east"), seed), (1, 0))
    finish(engine, tournament_id, ScheduledGame(1, 0, 1, ("east", "north"), seed), (0, 1))
    with TestClient(create_app(engine)) as client:
        detail = client.get(f"/api/tournaments/{tournament_id}").json()
        page = client.get(f"/tournaments/{tournament_id}").text
    assert (detail["progress"]["finished"], detail["total"]) == (2, 12)
    assert detail["trace"] is None
    rows = {row["label"]: row["value"] for row in detail["rows"]}
    assert rows["Rounds"] == "3"
    assert rows["Round"] == "1 of 3"
    assert rows["Points"] == "north 1, east 0, south 0, west 0"
    assert "<dt>Format</dt><dd>Swiss</dd>" in page
    assert '<svg class="chart trace"' not in page
