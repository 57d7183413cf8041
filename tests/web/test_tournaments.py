"""The tournament pages: the list, one tournament, and the live progress that live.js reads."""

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import Result, load_game
from croupier_server import db
from croupier_server.db import (
    GameRecord,
    TournamentRecord,
    TournamentStatus,
    create_database_engine,
    init_database,
)
from croupier_server.tournament.records import tournament_schedule
from croupier_server.web import create_app
from tests.web.filling import CRIBBAGE_BOTS, HTML_NAME, LEXIO_BOTS

LIVE_JS = Path(__file__).parents[2] / "server/croupier_server/web/static/live.js"


def table_of(text: str, opening: str) -> str:
    """The rows of the table that opens with ``opening``."""
    assert opening in text
    return text.partition(opening)[2].partition("</table>")[0]


def standings_names(text: str) -> list[str]:
    table = table_of(text, '<table class="data sortable standings">')
    return re.findall(r'<td data-value="([^"]*)">', table)


def test_the_list_shows_every_tournament_with_its_progress(
    client: TestClient, filled_engine: Engine
) -> None:
    body = client.get("/api/tournaments").json()
    with Session(filled_engine) as session:
        stored = session.exec(select(TournamentRecord).order_by(col(TournamentRecord.id))).all()
    assert [line["id"] for line in body["tournaments"]] == [t.id for t in reversed(stored)]
    lexio, cribbage = body["tournaments"][1], body["tournaments"][0]
    assert (lexio["game"], lexio["variant"], lexio["bots"]) == ("lexio", "4 players", [*LEXIO_BOTS])
    assert (cribbage["variant"], cribbage["bots"]) == ("six-card", [*CRIBBAGE_BOTS])
    assert [(line["finished"], line["total"]) for line in (lexio, cribbage)] == [(4, 4), (6, 6)]
    assert {line["status"] for line in body["tournaments"]} == {"finished"}
    text = client.get("/tournaments").text
    for line in body["tournaments"]:
        assert f'<a href="/tournaments/{line["id"]}">{line["id"]}</a>' in text
        assert f"{line['finished']}/{line['total']}" in text
    assert '<span class="badge finished">finished</span>' in text


def test_the_list_names_each_tournaments_leader_with_its_elo(client: TestClient) -> None:
    body = client.get("/api/tournaments").json()
    text = client.get("/tournaments").text
    for line in body["tournaments"]:
        first = client.get(f"/api/tournaments/{line['id']}").json()["standings"][0]
        leader = line["leader"]
        assert leader["bot"] == first["bot"]
        assert leader["elo_low"] <= leader["elo"] == round(first["elo"], 1) <= leader["elo_high"]
        row = text.partition(f'<tr data-tournament-id="{line["id"]}">')[2].partition("</tr>")[0]
        elo = f"{leader['elo']:+.0f}"
        low, high = f"{leader['elo_low']:+.0f}", f"{leader['elo_high']:+.0f}"
        assert (
            f'<td>{escape(leader["bot"])} {elo} <span class="pm">[{low}, {high}]</span></td>' in row
        )


def test_an_empty_database_has_a_friendly_empty_list(empty_client: TestClient) -> None:
    response = empty_client.get("/tournaments")
    assert response.status_code == 200
    assert '<p class="empty">No tournaments yet.' in response.text
    assert empty_client.get("/api/tournaments").json() == {"tournaments": []}


def test_a_tournament_shows_its_settings_standings_and_games(
    client: TestClient, filled_engine: Engine
) -> None:
    detail = client.get("/api/tournaments/1").json()
    settings = detail["settings"]
    assert (detail["format"], settings["deals"], detail["seed"], settings["duplicate"]) == (
        "round-robin",
        1,
        11,
        True,
    )
    assert detail["options"]["rounds"] == 2
    assert set(detail["time_control"]) == {"connect_ms", "decision_ms", "bank_ms"}
    with Session(filled_engine) as session:
        played = session.exec(
            select(GameRecord).where(GameRecord.tournament_id == 1, GameRecord.status == "finished")
        ).all()
    first_started = min(game.started_at for game in played)
    last_finished = max(game.finished_at for game in played if game.finished_at)
    hours = max((last_finished - first_started).total_seconds(), 1) / 3600
    assert detail["progress"] == {
        "status": "finished",
        "finished": 4,
        "total": 4,
        "running": [],
        "aborted": 0,
        "games_per_hour": round(4 / hours, 1),
        "eta_minutes": None,
    }
    assert sorted(line["bot"] for line in detail["standings"]) == sorted(LEXIO_BOTS)
    assert [line["rank"] for line in detail["standings"]] == [1, 2, 3, 4]
    assert all(line["games"] == 4 for line in detail["standings"])
    assert all(line["elo_low"] <= line["elo_high"] for line in detail["standings"])
    with Session(filled_engine) as session:
        games = session.exec(
            select(GameRecord.id)
            .where(GameRecord.tournament_id == 1)
            .order_by(col(GameRecord.id).desc())
        ).all()
    assert [game["id"] for game in detail["games"]] == list(games)
    assert detail["older_games"] is None


def test_the_standings_table_is_sortable_and_agrees_with_the_json(client: TestClient) -> None:
    detail = client.get("/api/tournaments/1").json()
    text = client.get("/tournaments/1").text
    assert '<table class="data sortable standings">' in text
    assert '<th data-sort="text" scope="col">Bot</th>' in text
    assert '<th class="num" data-sort="number" scope="col">Elo</th>' in text
    assert '<script src="http://testserver/static/sortable.js" defer></script>' in text
    names = [str(escape(line["bot"])) for line in detail["standings"]]
    assert standings_names(text) == names
    for line in detail["standings"]:
        assert f'<a href="/bots/{line["bot_id"]}">{escape(line["bot"])}</a>' in text


def test_the_head_to_head_cells_show_the_score_and_the_los(client: TestClient) -> None:
    detail = client.get("/api/tournaments/1").json()
    pairs = {(line["bot"], line["opponent"]): line for line in detail["head_to_head"]}
    bots = [line["bot"] for line in detail["standings"]]
    assert set(pairs) == {(a, b) for a in bots for b in bots if a != b}
    for (bot, opponent), line in pairs.items():
        assert line["los"] + pairs[opponent, bot]["los"] == pytest.approx(1.0)
        assert line["score_low"] <= line["score"] <= line["score_high"]
    text = client.get("/tournaments/1").text
    table = table_of(text, '<table class="data head-to-head">')
    cells = re.findall(
        r'<td class="num los" data-los="([^"]+)" style="([^"]+)">\s*(.*?)\s*</td>', table, re.S
    )
    assert len(cells) == len(pairs)
    # The column headers wrap at the names' underscores rather than widen the table.
    assert '<th scope="col">lexio_<wbr>strong</th>' in table
    # Rows follow the standings, each row's cells the same order of opponents.
    ordered = [pairs[a, b] for a in bots for b in bots if a != b]
    for (los, style, content), line in zip(cells, ordered, strict=True):
        assert float(los) == pytest.approx(line["los"])
        assert style.startswith("background-color: hsl(")
        score, low, high = (
            f"{100 * line[key]:.0f}%" for key in ("score", "score_low", "score_high")
        )
        assert f'{score} <span class="pm">[{low}, {high}]</span>' in content
        assert f'<span class="los-value">4 games · LOS {100 * line["los"]:.0f}%</span>' in content


def test_an_unknown_tournament_is_a_404(client: TestClient) -> None:
    page = client.get("/tournaments/99")
    assert page.status_code == 404
    assert "No tournament 99" in page.text
    assert client.get("/api/tournaments/99").json() == {"detail": "no tournament 99"}
    assert client.get("/api/tournaments/99/progress").status_code == 404


def test_a_malformed_id_is_a_404_page_and_a_422_json(client: TestClient) -> None:
    assert client.get("/tournaments/first").status_code == 404
    assert client.get("/api/tournaments/first").status_code == 422


def test_the_html_bot_name_is_escaped_everywhere(client: TestClient) -> None:
    for url in ("/tournaments", "/tournaments/1"):
        text = client.get(url).text
        assert '<b id="x">' not in text
        assert HTML_NAME not in text
        assert str(escape(HTML_NAME)) in text
    assert HTML_NAME in client.get("/api/tournaments/1").json()["bots"]


def test_a_finished_tournament_is_not_watched(client: TestClient) -> None:
    text = client.get("/tournaments/1").text
    assert 'data-status="finished"' in text
    assert "live.js" not in text


def test_the_json_twins_are_documented(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    for path in (
        "/api/tournaments",
        "/api/tournaments/{tournament_id}",
        "/api/tournaments/{tournament_id}/progress",
    ):
        assert paths[path]["get"]["summary"]
    assert "/tournaments" not in paths


@dataclass(frozen=True, slots=True)
class RunningTournament:
    """A tournament stored as a run leaves it midway: one game finished, two being played."""

    client: TestClient
    engine: Engine
    tournament_id: int
    finished_game: int
    running_games: tuple[int, int]


@pytest.fixture
def running(tmp_path: Path) -> Iterator[RunningTournament]:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'running.db'}")
    init_database(engine)
    rules = load_game("cribbage", {"match_points": 1})
    with Session(engine) as session:
        bots: dict[str, int] = {}
        for name in ("north", HTML_NAME, "east"):
            bot = db.add_bot(session, name=name, game="cribbage", command="./bot")
            assert bot.id is not None
            bots[name] = bot.id
        record = db.create_tournament(
            session,
            game="cribbage",
            options=rules.options(),
            format="round-robin",
            settings={
                "bots": list(bots),
                "deals": 2,
                "seed": 5,
                "challengers": [],
                "duplicate": True,
                "concurrency": 2,
                "reuse_processes": False,
                "time_control": {"connect_ms": 500, "decision_ms": 100, "bank_ms": 1000},
                "fault_policy": {"illegal_retries": 2, "max_strikes": 3},
            },
        )
        assert record.id is not None
        tournament_id = record.id
        _, scheduled = tournament_schedule(record)

        def start(number: int) -> int:
            game = scheduled[number]
            stored = db.create_game(
                session,
                game="cribbage",
                options=rules.options(),
                tournament_id=tournament_id,
                schedule_number=game.number,
                schedule_deal=game.deal,
                seed=game.seed,
                bot_ids=[bots[b] for b in game.bots],
            )
            assert stored.id is not None
            return stored.id

        finished = start(0)
        db.finish_game(session, game_id=finished, result=Result(scores=(1, 0)))
        spoiled = start(1)
        db.abort_game(session, game_id=spoiled, reason="the referee failed")
        retried = start(1)
        other = start(2)
        db.record_fault(
            session, game_id=retried, seat=1, kind="timeout", detail="late", action_number=3
        )
        db.mark_seat_forfeited(session, game_id=other, seat=0)
    with TestClient(create_app(engine)) as client:
        yield RunningTournament(client, engine, tournament_id, finished, (retried, other))
    engine.dispose()


def test_the_progress_of_a_running_tournament(running: RunningTournament) -> None:
    progress = running.client.get(f"/api/tournaments/{running.tournament_id}/progress").json()
    with Session(running.engine) as session:
        record = db.get_tournament(session, tournament_id=running.tournament_id)
        assert record is not None
        _, scheduled = tournament_schedule(record)
    assert progress["status"] == "running"
    assert (progress["finished"], progress["total"], progress["aborted"]) == (1, len(scheduled), 1)
    assert [game["id"] for game in progress["running"]] == list(running.running_games)
    assert [game["schedule_number"] for game in progress["running"]] == [1, 2]
    assert [seat["bot"] for seat in progress["running"][0]["seats"]] == list(scheduled[1].bots)
    assert all(game["status"] == "running" for game in progress["running"])
    whole = running.client.get(f"/api/tournaments/{running.tournament_id}").json()
    assert whole["progress"] == progress
    assert whole["total"] == len(scheduled)


def test_a_running_tournament_page_links_its_live_games_and_is_watched(
    running: RunningTournament,
) -> None:
    text = running.client.get(f"/tournaments/{running.tournament_id}").text
    url = f"/api/tournaments/{running.tournament_id}/progress"
    assert f'data-live-progress="{url}" data-status="running"' in text
    assert '<script type="module" src="http://testserver/static/live.js"></script>' in text
    for game_id in running.running_games:
        assert f'<a href="/games/{game_id}">game {game_id}</a>' in text
    assert '<span data-field="finished">1</span>' in text
    assert '<span data-field="aborted">1</span>' in text
    assert '<b id="x">' not in text


def test_a_running_tournament_gives_its_pace_and_the_time_it_has_left(
    running: RunningTournament,
) -> None:
    progress = running.client.get(f"/api/tournaments/{running.tournament_id}/progress").json()
    # One game finished, the instant it began: at least a second, 3600 games an hour.
    assert progress["games_per_hour"] == pytest.approx(3600.0, rel=0.01)
    left = progress["total"] - progress["finished"]
    assert progress["eta_minutes"] == math.ceil(60 * left / progress["games_per_hour"])
    text = running.client.get(f"/tournaments/{running.tournament_id}").text
    rate = f"{progress['games_per_hour']:.1f} games an hour"
    assert f'<span data-field="games-per-hour">{rate}</span>' in text
    eta = f"· about {progress['eta_minutes']} min left at that pace"
    assert f'<span data-field="eta">{eta}</span>' in text


def test_a_tournament_lists_its_faults_and_forfeits_linked_to_their_games(
    running: RunningTournament,
) -> None:
    faults = running.client.get(f"/api/tournaments/{running.tournament_id}").json()["faults"]
    retried, other = running.running_games
    with Session(running.engine) as session:

        def bot_of(game_id: int, seat: int) -> str:
            bot = db.get_bot(session, bot_id=db.game_seats(session, game_id=game_id)[seat].bot_id)
            assert bot is not None
            return bot.name

        expected = [
            (other, 0, bot_of(other, 0), "forfeit", ""),
            (retried, 1, bot_of(retried, 1), "timeout", "late"),
        ]
    assert [(f["game_id"], f["seat"], f["bot"], f["kind"], f["detail"]) for f in faults] == expected
    assert [fault["path"] for fault in faults] == [f"/games/{other}", f"/games/{retried}?step=4"]
    text = running.client.get(f"/tournaments/{running.tournament_id}").text
    table = table_of(text, '<table class="data tournament-faults">')
    assert f'<a href="/games/{retried}?step=4">game {retried}, decision 3</a>' in table
    assert f'<a href="/games/{other}">game {other}</a>' in table
    assert '<span class="badge forfeit">forfeit</span>' in table
    assert '<td class="detail">late</td>' in table
    for _, _, bot, _, _ in expected:
        assert f"<td>{escape(bot)}</td>" in table
    assert '<b id="x">' not in table


def test_running_tournaments_come_first_in_the_list(running: RunningTournament) -> None:
    with Session(running.engine) as session:
        record = db.get_tournament(session, tournament_id=running.tournament_id)
        assert record is not None
        newer = db.create_tournament(
            session,
            game="cribbage",
            options=load_game("cribbage", {"match_points": 1}).options(),
            format="round-robin",
            settings=record.settings,
            status=TournamentStatus.FINISHED,
        )
    listed = running.client.get("/api/tournaments").json()["tournaments"]
    assert [line["id"] for line in listed] == [running.tournament_id, newer.id]
    assert [line["status"] for line in listed] == ["running", "finished"]
    assert listed[1]["leader"] is None


def test_live_js_reads_only_fields_the_progress_json_has(running: RunningTournament) -> None:
    progress = running.client.get(f"/api/tournaments/{running.tournament_id}/progress").json()
    script = running.client.get("/static/live.js").text
    assert script == LIVE_JS.read_text()
    assert set(re.findall(r"progress\.(\w+)", script)) <= set(progress)
    game_fields = set(re.findall(r"game\.(\w+)", script))
    assert game_fields <= set(progress["running"][0])
    seat_fields = set(re.findall(r"seat\.(\w+)", script))
    assert seat_fields <= set(progress["running"][0]["seats"][0])
    assert "innerHTML" not in script


def test_an_interrupted_tournament_counts_its_games_from_the_schedule(
    running: RunningTournament,
) -> None:
    with Session(running.engine) as session:
        db.set_tournament_status(
            session, tournament_id=running.tournament_id, status=TournamentStatus.INTERRUPTED
        )
    (line,) = running.client.get("/api/tournaments").json()["tournaments"]
    # Three bots: three pairs, two deals each, each deal from both seats.
    assert (line["status"], line["finished"], line["total"]) == ("interrupted", 1, 12)
    text = running.client.get(f"/tournaments/{running.tournament_id}").text
    assert "live.js" not in text
