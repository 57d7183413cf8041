"""The leaderboards over a database of real games, an empty one, and unusual names."""

import re
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine

from tests.web.filling import CRASHER, CRIBBAGE_BOTS, HTML_NAME, LEXIO_BOTS, FilledDatabase
from tests.web.html_tables import tables

BOARDS = [("cribbage", "six-card"), ("lexio", "4 players")]


def seats_in_finished_games(engine: Engine) -> dict[tuple[str, str], dict[str, int]]:
    """(game, variant) -> bot -> seats, counted straight from the tables."""
    query = sa.text(
        "SELECT game.game, game.variant, bot.name, count(*) FROM seat "
        "JOIN game ON game.id = seat.game_id JOIN bot ON bot.id = seat.bot_id "
        "WHERE game.status = 'finished' GROUP BY game.game, game.variant, bot.name"
    )
    counts: dict[tuple[str, str], dict[str, int]] = {}
    with engine.connect() as connection:
        for game, variant, bot, seats in connection.execute(query):
            counts.setdefault((game, variant), {})[bot] = seats
    return counts


def board_of(data: dict[str, Any], game: str, variant: str) -> dict[str, Any]:
    board: dict[str, Any] = next(
        board for board in data["boards"] if (board["game"], board["variant"]) == (game, variant)
    )
    return board


def test_every_variant_with_finished_games_has_a_board_with_its_bots_and_games(
    client: TestClient, filled_engine: Engine, filled_database: FilledDatabase
) -> None:
    data = client.get("/api/leaderboard").json()
    assert [(board["game"], board["variant"]) for board in data["boards"]] == BOARDS
    seats = seats_in_finished_games(filled_engine)
    for game, variant in BOARDS:
        board = board_of(data, game, variant)
        assert {line["bot"]: line["games"] for line in board["lines"]} == seats[game, variant]
        assert [line["rank"] for line in board["lines"]] == list(range(1, len(board["lines"]) + 1))
        elos = [line["elo"] for line in board["lines"]]
        assert elos == sorted(elos, reverse=True)
        for line in board["lines"]:
            assert line["elo_low"] <= line["elo"] <= line["elo_high"]
            assert line["rating_history"][-1]["game"] == line["games"]
    assert set(seats["lexio", "4 players"]) == set(LEXIO_BOTS)
    assert set(seats["cribbage", "six-card"]) == {*CRIBBAGE_BOTS, CRASHER}
    assert board_of(data, "lexio", "4 players")["games"] == filled_database.lexio_games
    assert board_of(data, "cribbage", "six-card")["games"] == (
        filled_database.cribbage_games + filled_database.forfeited_games
    )


def test_the_forfeit_shows_in_the_crashers_faults(client: TestClient) -> None:
    board = client.get("/api/leaderboard/cribbage/six-card").json()
    crasher = next(line for line in board["lines"] if line["bot"] == CRASHER)
    assert crasher["faults"] == {"timeouts": 0, "illegal": 0, "crashes": 1, "forfeits": 1}
    others = [line["faults"] for line in board["lines"] if line["bot"] != CRASHER]
    assert all(faults["forfeits"] == 0 for faults in others)
    page = client.get("/leaderboard/cribbage/six-card").text
    (table,) = tables(page, "board")
    row = next(row for row in table.rows if row[1].text == CRASHER)
    headers = [cell.text for cell in table.headers]
    assert row[headers.index("Forfeits")].text == "1"
    assert row[headers.index("Crashes")].text == "1"
    assert "fault" in (row[headers.index("Forfeits")].attrs["class"] or "")


@pytest.mark.parametrize(("game", "variant"), BOARDS)
def test_a_board_page_shows_what_its_json_twin_says(
    client: TestClient, game: str, variant: str
) -> None:
    path = f"/leaderboard/{game}/{variant.replace(' ', '%20')}"
    data = client.get(f"/api{path}").json()
    assert data["path"] == path
    page = client.get(path)
    assert page.status_code == 200
    assert f'href="/api{path}"' in page.text
    (table,) = tables(page.text, "board")
    shown = [
        {
            "rank": int(row[0].text),
            "bot": row[1].text,
            "links": row[1].links,
            "elo": float(row[2].attrs["data-value"] or ""),
            "los_next": row[3].text,
            "games": int(row[4].text),
            "score": row[5].text,
        }
        for row in table.rows
    ]
    assert shown == [
        {
            "rank": line["rank"],
            "bot": line["bot"],
            "links": [f"/bots/{line['bot_id']}"],
            "elo": line["elo"],
            "los_next": "-" if line["los_next"] is None else f"{100 * line['los_next']:.0f}%",
            "games": line["games"],
            "score": f"{100 * line['score']:.0f}%",
        }
        for line in data["lines"]
    ]
    assert page.text.count('<svg class="sparkline"') == len(data["lines"])
    unit = {"lexio": "chips", "cribbage": "game points"}[game]
    assert data["score_unit"] == unit
    assert f"Margin ({unit}/game)" in [cell.text for cell in table.headers]


def test_a_board_page_says_how_sure_each_rank_is_and_draws_its_head_to_head_and_chart(
    client: TestClient,
) -> None:
    path = "/leaderboard/lexio/4%20players"
    data = client.get(f"/api{path}").json()
    bots = [line["bot"] for line in data["lines"]]
    pairs = {(line["bot"], line["opponent"]): line for line in data["head_to_head"]}
    # Every two bots of a four-seat board met in each of its games, both ways round.
    assert set(pairs) == {(a, b) for a in bots for b in bots if a != b}
    assert all(line["met"] == 4 for line in pairs.values())
    # LOS vs next: the likelihood that a rank is above the next, from their own results.
    for line, after in zip(data["lines"], [*bots[1:], None], strict=True):
        expected = None if after is None else round(pairs[line["bot"], after]["los"], 4)
        assert line["los_next"] == expected
    page = client.get(path).text
    table = page.partition('<table class="data head-to-head">')[2].partition("</table>")[0]
    assert table.count('<td class="num los"') == len(pairs)
    assert '<th scope="col">lexio_<wbr>strong</th>' in table
    assert str(escape(HTML_NAME)) in table
    # One chart of every bot's history, in the order of the board, with a legend.
    chart = page.partition('<svg class="chart rating-history"')[2].partition("</svg>")[0]
    titles = re.findall(r'<g class="history series-\d">\s*<title>(.*?)</title>', chart)
    assert titles == [str(escape(bot)) for bot in bots]
    assert len(re.findall(r'<polyline class="line" points="[^"]+"', chart)) == len(bots)
    legend = page.partition('<ul class="chart-legend">')[2].partition("</ul>")[0]
    assert re.findall(r"<li class=\"series-\d\">(.*?)</li>", legend) == [
        str(escape(bot)) for bot in bots
    ]
    assert "<dt>LOS vs next</dt>" in page
    games = "/games?game=lexio&amp;variant=4%20players"
    assert f'<a href="{games}">its games</a>' in page


def test_the_leaderboard_page_shows_every_board_as_its_twin_does(client: TestClient) -> None:
    data = client.get("/api/leaderboard").json()
    for path in ("/", "/leaderboard"):
        page = client.get(path)
        assert page.status_code == 200
        assert 'href="/api/leaderboard"' in page.text
        boards = tables(page.text, "board")
        assert [[row[1].text for row in table.rows] for table in boards] == [
            [line["bot"] for line in board["lines"]] for board in data["boards"]
        ]
        for board in data["boards"]:
            assert f'href="{board["path"]}"' in page.text


def test_boards_are_sortable_by_their_headers(client: TestClient) -> None:
    page = client.get("/leaderboard").text
    for table in tables(page, "board"):
        assert "sortable" in table.classes
        sorts = {cell.text: cell.attrs.get("data-sort") for cell in table.headers}
        assert sorts["Bot"] == "text"
        for numeric in ("Rank", "Elo", "Games", "Score", "Forfeits"):
            assert sorts[numeric] == "number"
        (margin,) = [name for name in sorts if name.startswith("Margin (")]
        assert sorts[margin] == "number"
        assert table.headers[0].attrs["aria-sort"] == "ascending"
        assert all(row[2].attrs.get("data-value") for row in table.rows)
    assert re.search(r'<script src="[^"]*/static/sortable\.js" defer>', page)
    script = client.get("/static/sortable.js")
    assert script.status_code == 200
    for contract in ("table.sortable", "data-sort", "dataset.value", "aria-sort"):
        assert contract in script.text


def test_a_bot_name_full_of_html_is_escaped_everywhere(client: TestClient) -> None:
    escaped = str(escape(HTML_NAME))
    for path in ("/leaderboard", "/leaderboard/lexio/4%20players"):
        page = client.get(path).text
        assert '<b id="x">' not in page
        assert escaped in page
    line = next(
        line
        for line in client.get("/api/leaderboard/lexio/4%20players").json()["lines"]
        if line["bot"] == HTML_NAME
    )
    assert line["games"] == 4


@pytest.mark.parametrize(
    "path",
    [
        "/leaderboard/chess/six-card",
        "/leaderboard/lexio/5%20players",
        "/leaderboard/cribbage/five-card",
        "/leaderboard/cribbage/%3Cb%3E",
    ],
)
def test_an_unknown_game_or_a_variant_without_games_is_a_404(client: TestClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 404
    assert "<h1>404</h1>" in page.text
    assert "<b>" not in page.text
    twin = client.get(f"/api{path}")
    assert twin.status_code == 404
    assert twin.json()["detail"].startswith("no ")


def test_an_empty_database_has_a_friendly_empty_leaderboard(empty_client: TestClient) -> None:
    assert empty_client.get("/api/leaderboard").json() == {"boards": []}
    page = empty_client.get("/leaderboard")
    assert page.status_code == 200
    assert 'class="empty"' in page.text
    assert "No finished games yet" in page.text
    assert empty_client.get("/api/leaderboard/lexio/4%20players").status_code == 404


def test_the_twins_are_documented_and_the_pages_are_not(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    assert paths["/api/leaderboard"]["get"]["summary"]
    assert paths["/api/leaderboard/{game}/{variant}"]["get"]["summary"]
    assert not {"/", "/leaderboard", "/leaderboard/{game}/{variant}"} & set(paths)
