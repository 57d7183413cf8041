"""The bot pages over a database of real games, an empty one, and unusual names."""

import math
import re
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.db.packed_log import packed_decisions
from croupier_server.ratings import head_to_head
from croupier_server.standings import standings, stored_deals
from tests.web.filling import CRASHER, CRIBBAGE_BOTS, HTML_NAME, LEXIO_BOTS
from tests.web.html_tables import tables


def bot_id(client: TestClient, name: str) -> int:
    bot = next(bot for bot in client.get("/api/bots").json()["bots"] if bot["name"] == name)
    found: int = bot["id"]
    return found


def rows(engine: Engine, sql: str, **values: Any) -> list[Any]:
    with engine.connect() as connection:
        return list(connection.execute(sa.text(sql), values))


def test_every_bot_is_listed_with_its_games_and_main_board(
    client: TestClient, filled_engine: Engine
) -> None:
    bots = client.get("/api/bots").json()["bots"]
    assert [bot["name"] for bot in bots] == sorted([*LEXIO_BOTS, *CRIBBAGE_BOTS, CRASHER])
    seats = dict(
        rows(
            filled_engine,
            "SELECT bot.name, count(*) FROM seat JOIN bot ON bot.id = seat.bot_id "
            "JOIN game ON game.id = seat.game_id WHERE game.status = 'finished' GROUP BY bot.name",
        )
    )
    assert {bot["name"]: bot["games"] for bot in bots} == seats
    boards = client.get("/api/leaderboard").json()["boards"]
    elo = {
        (board["variant"], line["bot"]): line["elo"] for board in boards for line in board["lines"]
    }
    for bot in bots:
        assert bot["main_board"] == ("4 players" if bot["game"] == "lexio" else "six-card")
        assert bot["elo"] == elo[bot["main_board"], bot["name"]]


def test_the_bots_page_shows_what_its_twin_says_escaped(client: TestClient) -> None:
    bots = client.get("/api/bots").json()["bots"]
    page = client.get("/bots")
    assert page.status_code == 200
    assert 'href="/api/bots"' in page.text
    (table,) = tables(page.text, "bots")
    assert "sortable" in table.classes
    assert [(row[0].text, row[0].links, row[3].text) for row in table.rows] == [
        (bot["name"], [f"/bots/{bot['id']}"], str(bot["games"])) for bot in bots
    ]
    assert [row[6].text for row in table.rows] == [bot["description"] for bot in bots]
    assert '<b id="x">' not in page.text
    assert "<script>document" not in page.text
    assert str(escape(HTML_NAME)) in page.text


def test_a_bot_page_gives_its_results_by_opponent_from_the_head_to_head(
    client: TestClient, filled_engine: Engine
) -> None:
    strong = client.get(f"/api/bots/{bot_id(client, 'lexio_strong')}").json()
    (board,) = strong["boards"]
    with Session(filled_engine) as session:
        table = standings(session, game="lexio", variant="4 players")
        pairs = head_to_head(stored_deals(session, game="lexio", variant="4 players"))
    rank = next(line.rank for line in table if line.bot == "lexio_strong")
    assert (board["game"], board["variant"], board["rank"], board["bots"]) == (
        "lexio",
        "4 players",
        rank,
        4,
    )
    assert {line["opponent"] for line in board["opponents"]} == set(LEXIO_BOTS) - {"lexio_strong"}
    for line in board["opponents"]:
        pair = pairs["lexio_strong", line["opponent"]]
        assert line["games"] == pytest.approx(pair.games, abs=1e-3)
        assert line["score"] == pytest.approx(pair.score, abs=1e-4)
        assert line["los"] == pytest.approx(pair.los, abs=1e-4)
        assert line["score_low"] <= line["score"] <= line["score_high"]
        counts = (line["met"], line["ahead"], line["tied"], line["behind"])
        assert counts == (pair.met, pair.ahead, pair.tied, pair.behind)
        assert line["met"] == 4  # the round robin's four games, each with all four bots
    # One deal: one moment, after its four games, at the board's Elo.
    assert [(point["game"], point["elo"]) for point in board["rating_history"]] == [
        (4, board["elo"])
    ]


def test_a_bot_page_shows_what_its_twin_says(client: TestClient) -> None:
    identity = bot_id(client, "lexio_strong")
    data = client.get(f"/api/bots/{identity}").json()
    page = client.get(f"/bots/{identity}")
    assert page.status_code == 200
    assert f'href="/api/bots/{identity}"' in page.text
    (opponents,) = tables(page.text, "opponents")
    assert [(row[0].text, row[6].text) for row in opponents.rows] == [
        (line["opponent"], f"{100 * line['los']:.0f}%") for line in data["boards"][0]["opponents"]
    ]
    (recent,) = tables(page.text, "recent-games")
    assert [row[0].links for row in recent.rows] == [
        [f"/games/{game['game_id']}"] for game in data["recent_games"]
    ]
    (latency,) = tables(page.text, "latency")
    times = data["decision_times"]
    assert [cell.text for cell in latency.rows[0]] == [
        f"{times[name]:.1f} ms" for name in ("p50", "p90", "p95", "p99", "max")
    ]
    assert '<svg class="chart rating-history"' in page.text


def test_decision_times_and_latest_games_match_the_database(
    client: TestClient, filled_engine: Engine
) -> None:
    identity = bot_id(client, "lexio_greedy")
    data = client.get(f"/api/bots/{identity}").json()
    seats = rows(filled_engine, "SELECT game_id, seat FROM seat WHERE bot_id = :bot", bot=identity)
    with Session(filled_engine) as session:  # a packed game's actions are read, not selected
        latencies = sorted(
            action.latency_ms
            for game_id, seat in seats
            for action in db.game_actions(session, game_id=game_id)
            if action.seat == seat and action.latency_ms is not None
        )
    times = data["decision_times"]
    assert (times["decisions"], times["games"]) == (len(latencies), 4)
    assert times["max"] == round(latencies[-1], 1)
    percentiles = [times[name] for name in ("p50", "p90", "p95", "p99", "max")]
    assert percentiles == sorted(percentiles)
    games = rows(
        filled_engine,
        "SELECT game_id FROM seat WHERE bot_id = :bot ORDER BY game_id DESC",
        bot=identity,
    )
    assert [game["game_id"] for game in data["recent_games"]] == [game_id for (game_id,) in games]
    assert all(game["players"][game["seat"]] == "lexio_greedy" for game in data["recent_games"])


def test_a_bot_chart_links_each_point_to_its_game_within_its_interval_band(
    client: TestClient, filled_engine: Engine
) -> None:
    identity = bot_id(client, "lexio_greedy")
    (board,) = client.get(f"/api/bots/{identity}").json()["boards"]
    history = board["rating_history"]
    played = {
        game_id
        for (game_id,) in rows(
            filled_engine,
            "SELECT seat.game_id FROM seat JOIN game ON game.id = seat.game_id "
            "WHERE seat.bot_id = :bot AND game.status = 'finished'",
            bot=identity,
        )
    }
    # A point after each whole deal (this board's one deal: one point), each after one of
    # the bot's own games, the last after its last counted.
    numbers = [point["game"] for point in history]
    assert numbers == sorted(set(numbers))
    assert numbers[-1] == board["games"]
    assert {point["game_id"] for point in history} <= played
    page = client.get(f"/bots/{identity}").text
    chart = page.partition('<svg class="chart rating-history"')[2].partition("</svg>")[0]
    marks = re.findall(
        r'<a class="mark" href="/games/(\d+)"><title>after game (\d+): ([^<]*) Elo</title>'
        r"<circle ",
        chart,
    )
    assert marks == [
        (
            str(point["game_id"]),
            str(point["game"]),
            f"{point['elo']:+.0f}" if round(point["elo"]) else "0",
        )
        for point in history
    ]
    band = re.search(r'<rect class="band" [^>]*y="([\d.]+)" [^>]*height="([\d.]+)">', chart)
    assert band is not None
    assert float(band[2]) > 0
    low, high = f"{board['elo_low']:+.0f}", f"{board['elo_high']:+.0f}"
    label = escape(f"Its Elo's 95% interval now: [{low}, {high}]")
    assert f"<title>{label}</title>" in chart


def test_latest_games_give_the_result_and_the_margin_of_each(
    client: TestClient, filled_engine: Engine
) -> None:
    results = []
    for name in CRIBBAGE_BOTS:
        identity = bot_id(client, name)
        data = client.get(f"/api/bots/{identity}").json()
        scores: dict[int, list[int]] = {}
        for game_id, score in rows(
            filled_engine,
            "SELECT game_id, score FROM seat WHERE game_id IN "
            "(SELECT game_id FROM seat WHERE bot_id = :bot) ORDER BY game_id, seat",
            bot=identity,
        ):
            scores.setdefault(game_id, []).append(score)
        for game in data["recent_games"]:
            own = scores[game["game_id"]][game["seat"]]
            others = [s for seat, s in enumerate(scores[game["game_id"]]) if seat != game["seat"]]
            expected = "won" if own > max(others) else "tied" if own == max(others) else "lost"
            assert game["result"] == expected
            assert game["margin"] == pytest.approx(own - sum(others) / len(others), abs=1e-3)
            assert game["score_unit"] == "game points"
            results.append(expected)
        page = client.get(f"/bots/{identity}").text
        (recent,) = tables(page, "recent-games")
        headers = [cell.text for cell in recent.headers]
        result, margin = headers.index("Result"), headers.index("Margin")
        assert [(row[result].text, row[margin].text) for row in recent.rows] == [
            (
                f"{game['result']} {game['place']}{ {1: 'st', 2: 'nd'}[game['place']] } of 2",
                f"{game['margin']:+.1f} game points",
            )
            for game in data["recent_games"]
        ]
        assert f'<span class="badge {data["recent_games"][0]["result"]}">' in page
        assert f'<a class="heading-link" href="/games?bot={name}">all its games</a>' in page
    assert {"won", "lost"} <= set(results)


def test_the_crasher_page_shows_its_crash_and_forfeit_linked_to_the_replay(
    client: TestClient,
) -> None:
    identity = bot_id(client, CRASHER)
    data = client.get(f"/api/bots/{identity}").json()
    assert data["fault_kinds"] == {"crash": 1}
    assert data["forfeits"] == 1
    assert data["decision_times"] is None
    (fault,) = data["latest_faults"]
    assert fault["kind"] == "crash"
    assert fault["path"].startswith(f"/games/{fault['game_id']}?step=")
    (game,) = data["recent_games"]
    assert (game["game_id"], game["ended_by"], game["seat_status"]) == (
        fault["game_id"],
        "forfeit",
        "forfeited",
    )
    page = client.get(f"/bots/{identity}").text
    (latest,) = tables(page, "latest-faults")
    assert latest.rows[0][1].links == [fault["path"]]
    (faults,) = tables(page, "faults")
    assert [(row[0].text, row[1].text) for row in faults.rows] == [
        ("crash", "1"),
        ("forfeited seats", "1"),
    ]
    assert "forfeited</span>" in page


def test_a_bot_named_in_html_has_its_page_escaped(client: TestClient) -> None:
    identity = bot_id(client, HTML_NAME)
    page = client.get(f"/bots/{identity}").text
    escaped = str(escape(HTML_NAME))
    assert '<b id="x">' not in page
    assert "<script>" not in page
    assert f"<h1>{escaped}</h1>" in page
    title = f"Elo of {HTML_NAME} on lexio 4 players after each of its games"
    rest = " (the mean of the board&#39;s bots at 0), the band its 95% interval now"
    assert f"<title>{escape(title)}{rest}</title>" in page
    other = client.get(f"/bots/{bot_id(client, 'lexio_strong')}").text
    assert f'<a href="/bots/{identity}">{escaped}</a>' in other


@pytest.mark.parametrize("path", ["/bots/9999", "/bots/abc"])
def test_an_unknown_bot_is_a_404_page(client: TestClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 404
    assert "<h1>404</h1>" in page.text


def test_an_unknown_bot_twin_is_a_json_error(client: TestClient) -> None:
    missing = client.get("/api/bots/9999")
    assert (missing.status_code, missing.json()) == (404, {"detail": "no bot 9999"})
    assert client.get("/api/bots/abc").status_code == 422


def test_an_empty_database_has_no_bots_and_says_so(empty_client: TestClient) -> None:
    assert empty_client.get("/api/bots").json() == {"bots": []}
    page = empty_client.get("/bots")
    assert page.status_code == 200
    assert "No bots registered yet" in page.text


def test_a_bot_without_finished_games_has_a_page_without_ratings(
    empty_client: TestClient,
) -> None:
    app = empty_client.app
    assert isinstance(app, FastAPI)
    with Session(app.state.engine) as session:
        bot = db.add_bot(session, name="newcomer", game="lexio", command="true")
    data = empty_client.get(f"/api/bots/{bot.id}").json()
    assert (data["boards"], data["recent_games"], data["decision_times"]) == ([], [], None)
    assert empty_client.get("/api/bots").json()["bots"][0]["elo"] is None
    page = empty_client.get(f"/bots/{bot.id}").text
    assert "No finished games yet" in page
    assert "No game yet" in page


def test_the_bot_twins_are_documented(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    assert paths["/api/bots"]["get"]["summary"]
    assert paths["/api/bots/{bot_id}"]["get"]["summary"]
    assert not {"/bots", "/bots/{bot_id}"} & set(paths)


def _decoded_decision_times(engine: Engine, bot: int) -> dict[str, float | int] | None:
    """A bot's decision times as the page computed them before seats kept their latencies:
    from every packed log of its games, decoded (the nearest rank of each percentile)."""
    logs = rows(
        engine,
        "SELECT seat.seat, packed_log.log FROM seat JOIN packed_log USING (game_id)"
        " WHERE seat.bot_id = :bot",
        bot=bot,
    )
    ordered = sorted(
        decision.latency_ms
        for seat, log in logs
        for decision in packed_decisions(log)
        if decision.seat == seat and decision.latency_ms is not None
    )
    if not ordered:
        return None
    ranked = {
        name: round(ordered[max(0, math.ceil(q * len(ordered)) - 1)], 1)
        for name, q in (("p50", 0.5), ("p90", 0.9), ("p95", 0.95), ("p99", 0.99))
    }
    return {"games": len(logs), "decisions": len(ordered), **ranked, "max": round(ordered[-1], 1)}


def test_decision_times_are_those_the_packed_logs_give(
    client: TestClient, filled_engine: Engine
) -> None:
    bots = [bot["id"] for bot in client.get("/api/bots").json()["bots"]]
    assert rows(filled_engine, "SELECT count(*) FROM seat WHERE latencies IS NULL") == [(0,)]
    shown = {bot: client.get(f"/api/bots/{bot}").json()["decision_times"] for bot in bots}
    assert sum(times is not None for times in shown.values()) >= 6
    assert shown == {bot: _decoded_decision_times(filled_engine, bot) for bot in bots}
