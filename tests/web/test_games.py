"""The games list, /games and /api/games, over the filled database and an empty one."""

import dataclasses
import html
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import load_game
from croupier_server.db import (
    BotRecord,
    DecidedBy,
    FaultRecord,
    GameRecord,
    PackedLogRecord,
    SeatRecord,
    create_database_engine,
)
from croupier_server.db.packed_log import PackedLog, pack_log, unpack_log
from croupier_server.web import create_app
from tests.web.filling import CRASHER, HTML_NAME, FilledDatabase

ALL = {"limit": 200}


def api_games(client: TestClient, **query: Any) -> list[dict[str, Any]]:
    response = client.get("/api/games", params={**ALL, **query})
    assert response.status_code == 200, response.text
    games: list[dict[str, Any]] = response.json()["games"]
    return games


def api_ids(client: TestClient, **query: Any) -> list[int]:
    return [game["id"] for game in api_games(client, **query)]


def page_ids(text: str) -> list[int]:
    return [int(found) for found in re.findall(r'<tr data-game-id="(\d+)">', text)]


def stored_ids(
    engine: Engine, *, bot: str | None = None, tournament: int | None = None
) -> list[int]:
    query = select(GameRecord.id)
    if bot is not None:
        seats = (
            select(SeatRecord.game_id)
            .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
            .where(BotRecord.name == bot)
        )
        query = query.where(col(GameRecord.id).in_(seats))
    if tournament is not None:
        query = query.where(GameRecord.tournament_id == tournament)
    with Session(engine) as session:
        return sorted((game_id for game_id in session.exec(query) if game_id), reverse=True)


def test_the_list_holds_every_stored_game_newest_first(
    client: TestClient, filled_engine: Engine, filled_database: FilledDatabase
) -> None:
    games = api_ids(client)
    assert games == stored_ids(filled_engine)
    expected = (
        filled_database.lexio_games
        + filled_database.cribbage_games
        + filled_database.forfeited_games
    )
    assert len(games) == expected


def test_each_line_has_its_seats_bots_scores_and_winner(
    client: TestClient, filled_engine: Engine
) -> None:
    with Session(filled_engine) as session:
        for line in api_games(client):
            record = session.get(GameRecord, line["id"])
            assert record is not None
            assert record.result is not None
            assert (line["game"], line["status"], line["ended_by"]) == (
                record.game,
                record.status,
                record.ended_by,
            )
            assert [seat["score"] for seat in line["seats"]] == record.result["scores"]
            assert [seat["place"] for seat in line["seats"]] == record.result["places"]
            winners = [seat for seat, place in enumerate(record.result["places"]) if place == 1]
            assert line["winners"] == winners
            for seat in line["seats"]:
                bot = session.get(BotRecord, seat["bot_id"])
                assert bot is not None
                assert bot.name == seat["bot"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"game": "lexio"}, "lexio"),
        ({"game": "cribbage"}, "cribbage"),
        ({"variant": "4 players"}, "lexio"),
        ({"variant": "six-card"}, "cribbage"),
        ({"variant": "five-card"}, "none"),
        ({"status": "finished"}, "all"),
        ({"status": "running"}, "none"),
        ({"status": "aborted"}, "none"),
        ({"ended_by": "normal"}, "tournaments"),
        ({"ended_by": "forfeit"}, "forfeit"),
        ({"tournament": 1}, "lexio"),
        ({"tournament": 2}, "cribbage tournament"),
        ({"tournament": 99}, "none"),
    ],
)
def test_a_filter_narrows_the_list(
    client: TestClient, filled_engine: Engine, query: dict[str, Any], expected: str
) -> None:
    lexio = stored_ids(filled_engine, tournament=1)
    cribbage_tournament = stored_ids(filled_engine, tournament=2)
    forfeit = stored_ids(filled_engine, bot=CRASHER)
    groups = {
        "lexio": lexio,
        "cribbage": sorted(cribbage_tournament + forfeit, reverse=True),
        "cribbage tournament": cribbage_tournament,
        "tournaments": sorted(lexio + cribbage_tournament, reverse=True),
        "forfeit": forfeit,
        "all": stored_ids(filled_engine),
        "none": [],
    }
    assert api_ids(client, **query) == groups[expected]


def test_the_forfeit_result_shows_the_game_crasher_forfeited(client: TestClient) -> None:
    (game,) = api_games(client, ended_by="forfeit")
    assert CRASHER in [seat["bot"] for seat in game["seats"]]
    crasher = next(seat for seat in game["seats"] if seat["bot"] == CRASHER)
    assert crasher["status"] == "forfeited"
    assert crasher["seat"] not in game["winners"]
    text = client.get("/games", params={"ended_by": "forfeit"}).text
    assert page_ids(text) == [game["id"]]
    assert '<span class="badge forfeit">forfeit</span>' in text


def test_by_bot_lists_the_games_it_sat_in(client: TestClient, filled_engine: Engine) -> None:
    for bot in (HTML_NAME, CRASHER, "cribbage_random"):
        games = api_games(client, bot=bot)
        assert [game["id"] for game in games] == stored_ids(filled_engine, bot=bot)
        assert all(bot in [seat["bot"] for seat in game["seats"]] for game in games)
    assert api_ids(client, bot=CRASHER, game="lexio") == []


def test_an_unknown_bot_gives_an_empty_list_not_an_error(client: TestClient) -> None:
    assert api_ids(client, bot="nobody") == []
    response = client.get("/games", params={"bot": "nobody"})
    assert response.status_code == 200
    assert page_ids(response.text) == []
    assert 'class="empty"' in response.text


def test_pages_visit_every_game_exactly_once(client: TestClient, filled_engine: Engine) -> None:
    seen: list[int] = []
    before: int | None = None
    while True:
        query: dict[str, Any] = {"limit": 3} if before is None else {"limit": 3, "before": before}
        body = client.get("/api/games", params=query).json()
        assert len(body["games"]) <= 3
        seen += [game["id"] for game in body["games"]]
        if body["older"] is None:
            break
        before = body["older"]
    assert seen == stored_ids(filled_engine)


def test_the_pages_older_links_walk_the_same_games(
    client: TestClient, filled_engine: Engine
) -> None:
    seen: list[int] = []
    url: str | None = "/games?game=cribbage&limit=2"
    while url is not None:
        text = client.get(url).text
        seen += page_ids(text)
        found = re.search(r'<a href="([^"]+)" rel="next">', text)
        url = html.unescape(found.group(1)) if found else None
        if url is not None:
            assert "game=cribbage" in url
            assert "limit=2" in url
    cribbage = [game["id"] for game in api_games(client, game="cribbage")]
    assert seen == cribbage
    assert len(seen) > 2


def test_the_filter_form_keeps_its_values(client: TestClient) -> None:
    text = client.get(
        "/games", params={"game": "cribbage", "bot": HTML_NAME, "status": "finished"}
    ).text
    assert '<form class="filters" method="get" action="/games">' in text
    assert '<option value="cribbage" selected>' in text
    assert '<option value="finished" selected>' in text
    assert f'name="bot" value="{escape(HTML_NAME)}"' in text
    assert 'href="/api/games?game=cribbage&amp;bot=' in text


def test_empty_form_fields_are_no_filters(client: TestClient, filled_engine: Engine) -> None:
    blank = {"game": "", "variant": "", "bot": "", "tournament": "", "status": "", "ended_by": ""}
    response = client.get("/games", params=blank)
    assert response.status_code == 200
    assert page_ids(response.text) == stored_ids(filled_engine)
    assert api_ids(client, **blank) == stored_ids(filled_engine)


@pytest.mark.parametrize(
    "query",
    [
        {"status": "lost"},
        {"ended_by": "boredom"},
        {"game": "chess"},
        {"variant": "nine-card"},
        {"tournament": "0"},
        {"tournament": "first"},
        {"before": "-1"},
        {"limit": "0"},
        {"limit": "1000"},
        {"bot": "x" * 65},
        {"bot": CRASHER, "result": "drew"},
        {"faults": "maybe"},
        {"slow": "2"},
    ],
)
def test_a_bad_query_value_is_a_404_page_and_a_422_json(
    client: TestClient, query: dict[str, str]
) -> None:
    page = client.get("/games", params=query)
    assert page.status_code == 404
    assert "<h1>404</h1>" in page.text
    api = client.get("/api/games", params=query)
    assert api.status_code == 422
    assert api.json()["detail"][0]["loc"][0] == "query"


def test_a_result_without_its_bot_matches_no_game_and_the_page_says_why(
    client: TestClient,
) -> None:
    assert api_ids(client, result="won") == []
    assert api_ids(client, result="lost", faults=True) == []
    page = client.get("/games", params={"result": "won"})
    assert page.status_code == 200
    assert page_ids(page.text) == []
    assert "The result filter needs a bot: name the bot whose games it sorts" in page.text


def test_links_lead_to_the_game_its_tournament_and_its_bots(client: TestClient) -> None:
    text = client.get("/games", params=ALL).text
    for game in api_games(client):
        assert f'<a href="/games/{game["id"]}">{game["id"]}</a>' in text
        for seat in game["seats"]:
            assert f'<a href="/bots/{seat["bot_id"]}">{escape(seat["bot"])}</a>' in text
        if game["tournament_id"] is not None:
            assert f'<a href="/tournaments/{game["tournament_id"]}">' in text


def test_the_page_and_its_json_twin_agree(client: TestClient) -> None:
    for query in ({}, {"game": "lexio"}, {"limit": 4, "before": 9}, {"bot": HTML_NAME}):
        page = client.get("/games", params=query)
        assert page_ids(page.text) == [
            game["id"] for game in client.get("/api/games", params=query).json()["games"]
        ]


def test_the_html_bot_name_is_escaped(client: TestClient) -> None:
    for query in ({}, {"bot": HTML_NAME}):
        text = client.get("/games", params=query).text
        assert HTML_NAME not in text
        assert '<b id="x">' not in text
        assert escape(HTML_NAME) in text


def test_an_empty_database_has_a_friendly_empty_list(empty_client: TestClient) -> None:
    response = empty_client.get("/games")
    assert response.status_code == 200
    assert page_ids(response.text) == []
    assert '<p class="empty">' in response.text
    assert empty_client.get("/api/games").json() == {"games": [], "older": None}


def test_the_json_twin_is_documented(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    operation = schema["paths"]["/api/games"]["get"]
    assert operation["summary"]
    names = {parameter["name"] for parameter in operation["parameters"]}
    assert names >= {"game", "variant", "bot", "tournament", "status", "ended_by", "before"}
    assert names >= {"result", "faults", "slow"}
    described = {parameter["name"]: parameter for parameter in operation["parameters"]}
    assert "time bank" in described["slow"]["description"]
    assert "/games" not in schema["paths"]


def seat_places(engine: Engine, bot: str) -> dict[int, int | None]:
    """The place of ``bot`` in each game it sat in, by game id."""
    query = (
        select(SeatRecord.game_id, SeatRecord.place)
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(BotRecord.name == bot)
    )
    with Session(engine) as session:
        return dict(session.exec(query).all())


@pytest.mark.parametrize("bot", ["cribbage_strong", "cribbage_random", CRASHER, HTML_NAME])
def test_the_result_filter_splits_a_bots_games_into_won_and_lost(
    client: TestClient, filled_engine: Engine, bot: str
) -> None:
    places = seat_places(filled_engine, bot)
    won = api_ids(client, bot=bot, result="won")
    lost = api_ids(client, bot=bot, result="lost")
    assert won == sorted((game for game, place in places.items() if place == 1), reverse=True)
    assert lost == sorted((game for game, place in places.items() if place != 1), reverse=True)
    assert sorted(won + lost, reverse=True) == stored_ids(filled_engine, bot=bot)
    assert api_ids(client, bot=bot, result="won", game="lexio") == (won if bot == HTML_NAME else [])
    page = client.get("/games", params={"bot": bot, "result": "lost"}).text
    assert page_ids(page) == lost
    assert '<option value="lost" selected>' in page


def test_the_faults_filter_lists_the_games_with_faults_of_the_bot_named(
    client: TestClient, filled_engine: Engine
) -> None:
    with Session(filled_engine) as session:
        faults = session.exec(select(FaultRecord.game_id, FaultRecord.seat)).all()
    faulty = sorted({game for game, _ in faults}, reverse=True)
    assert faulty, "the crasher's game has its crash"
    assert api_ids(client, faults=True) == faulty
    crasher = seat_places(filled_engine, CRASHER)
    assert api_ids(client, faults=True, bot=CRASHER) == sorted(crasher, reverse=True)
    # The crasher's opponent sat in that game without a fault of its own.
    assert set(api_ids(client, faults=True, bot="cribbage_random")).isdisjoint(crasher)
    page = client.get("/games", params={"faults": "true", "bot": CRASHER}).text
    assert page_ids(page) == sorted(crasher, reverse=True)
    assert 'name="faults" value="true" checked' in page
    assert 'href="/api/games?bot=crasher&amp;faults=true"' in page


@dataclass(frozen=True)
class SlowGames:
    """A dashboard over a copy of the filled database where two games had a slow decision."""

    client: TestClient
    seats: dict[int, str]
    """The bot of the slow seat, by game id."""


def slow_first_decision(session: Session, game_id: int, *, latency_ms: float) -> int:
    """Make the first decision a bot took in a stored (packed) game last ``latency_ms``.

    Returns the seat of that bot.
    """
    record = session.get(GameRecord, game_id)
    packed = session.get(PackedLogRecord, game_id)
    assert record is not None
    assert packed is not None
    rules = load_game(record.game, record.options)
    log = unpack_log(packed.log, rules, record.seed).log
    actions = list(log.actions)
    number = next(n for n, action in enumerate(actions) if action.decided_by == DecidedBy.BOT)
    actions[number] = dataclasses.replace(actions[number], latency_ms=latency_ms)
    packed.log = pack_log(PackedLog(tuple(actions), log.events), rules, record.seed)
    seat = session.get(SeatRecord, (game_id, actions[number].seat))
    assert seat is not None
    seat.slowest_decision_ms = max(latency_ms, seat.slowest_decision_ms or 0.0)
    session.add_all([packed, seat])
    return seat.seat


@pytest.fixture
def slow_games(filled_database: FilledDatabase, tmp_path: Path) -> Iterator[SlowGames]:
    """Two slow decisions made up in a copy of the filled database.

    The first Lexio game's first decision by a bot took 10.5 s of its 10 s (the games'
    decision_ms), and in the first cribbage game seat 1 timed out once.
    """
    copy = tmp_path / "slow.db"
    shutil.copy(filled_database.url.removeprefix("sqlite:///"), copy)
    engine = create_database_engine(f"sqlite:///{copy}")
    with Session(engine) as session:
        lexio = min(stored_ids(engine, tournament=1))
        slow_seat = slow_first_decision(session, lexio, latency_ms=10_500.0)
        cribbage = min(stored_ids(engine, tournament=2))
        session.add(FaultRecord(game_id=cribbage, seat=1, kind="timeout", action_number=3))
        session.commit()
        slow_seats = {lexio: slow_seat, cribbage: 1}
        bots = {
            game: session.exec(
                select(BotRecord.name)
                .join(SeatRecord, col(SeatRecord.bot_id) == col(BotRecord.id))
                .where(SeatRecord.game_id == game, SeatRecord.seat == seat)
            ).one()
            for game, seat in slow_seats.items()
        }
    with TestClient(create_app(engine)) as test_client:
        yield SlowGames(test_client, bots)
    engine.dispose()


def test_the_slow_filter_lists_the_games_of_a_decision_that_drew_on_its_bank(
    slow_games: SlowGames, filled_engine: Engine
) -> None:
    client = slow_games.client
    slow = sorted(slow_games.seats, reverse=True)
    assert api_ids(client, slow=True) == slow
    for game, bot in slow_games.seats.items():
        assert api_ids(client, slow=True, bot=bot) == [game]
    sitting = {seat["bot"] for game in api_games(client, slow=True) for seat in game["seats"]}
    for other in sitting - set(slow_games.seats.values()):
        assert api_ids(client, slow=True, bot=other) == []
    page = client.get("/games", params={"slow": "true"}).text
    assert page_ids(page) == slow
    assert 'name="slow" value="true" checked' in page


def test_a_cribbage_line_gives_the_games_pegs_beside_the_match_points(
    client: TestClient, filled_engine: Engine
) -> None:
    text = client.get("/games", params=ALL).text
    with Session(filled_engine) as session:
        for line in api_games(client):
            record = session.get(GameRecord, line["id"])
            assert record is not None
            assert record.result is not None
            games = record.result["details"].get("games", [])
            assert line["match_scores"] == [game["scores"] for game in games]
            assert bool(games) == (line["game"] == "cribbage")
    pegged = api_games(client, game="cribbage", ended_by="normal")
    assert pegged
    for line in pegged:
        (scores,) = line["match_scores"]
        assert max(scores) >= 61  # a game is played to 61 or 121 holes
        points = sorted(seat["score"] for seat in line["seats"])  # the match's game points
        assert points[0] == 0
        assert 1 <= points[1] < 61
        row = text[text.index(f'<tr data-game-id="{line["id"]}">') :]
        row = row[: row.index("</tr>")]
        pegs = f"{scores[0]}\N{EN DASH}{scores[1]}"
        assert f"Game score {pegs}" in row
        game_page = client.get(f"/games/{line['id']}").text
        assert f"<strong>{pegs}</strong>" in game_page
        assert "Score (match points)" in game_page
        for seat, score in enumerate(scores):
            assert f'<td class="num game-score">{score}</td>' in game_page, seat
    lexio = client.get("/games", params={"game": "lexio"}).text
    assert "Game score" not in lexio


def test_a_badge_marks_only_a_game_that_did_not_end_normally(client: TestClient) -> None:
    text = client.get("/games", params=ALL).text
    assert 'class="badge normal"' not in text
    assert text.count('<span class="badge forfeit">forfeit</span>') == len(
        api_games(client, ended_by="forfeit")
    )
