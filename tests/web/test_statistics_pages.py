"""The statistics as the pages write them: one notation, units in the headers, counts.

Every interval is written ``value [low, high]`` in the value's unit and precision (Elo whole,
scores whole percents, margins tenths); a margin over fewer than the minimum of deals is
``n/a (N deals)``; a score of 100% has an interval below it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Result
from croupier_server import db
from croupier_server.db import create_database_engine, init_database
from croupier_server.ratings import MIN_BOOTSTRAP_DEALS
from croupier_server.web import create_app
from tests.server.db.played import mark_decided
from tests.web.html_tables import Cell, tables

SIX_CARD = {"variant": "six-card", "match_points": 1}
ELO = re.compile(r"^[+-]?\d+ \[[+-]?\d+, [+-]?\d+\]$")
MARGIN = re.compile(r"^[+-]?\d+\.\d \[[+-]?\d+\.\d, [+-]?\d+\.\d\]$")
SCORE = re.compile(r"^(\d+)% \[(\d+)%, (\d+)%\]$")


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """alice against bob in 12 games (9 won), and against carol in 3 (all won).

    Each game is a deal of its own: alice and bob have enough deals for a margin's
    interval, carol has not.
    """
    engine = create_database_engine(f"sqlite:///{tmp_path_factory.mktemp('stats') / 'stats.db'}")
    init_database(engine)
    with Session(engine) as session:
        alice, bob, carol = (
            db.add_bot(session, name=name, game="cribbage", command="true").id
            for name in ("alice", "bob", "carol")
        )
        results = [(bob, 1 if k < 9 else 0, 0 if k < 9 else 1) for k in range(12)]
        results += [(carol, 1, 0)] * 3
        for opponent, mine, theirs in results:
            assert alice is not None
            assert opponent is not None
            game = db.create_game(
                session, game="cribbage", options=SIX_CARD, seed=1, bot_ids=[alice, opponent]
            )
            assert game.id is not None
            mark_decided(session, game.id)
            db.finish_game(session, game_id=game.id, result=Result(scores=(mine, theirs)))
    yield engine
    engine.dispose()


@pytest.fixture(scope="module")
def client(engine: Engine) -> Iterator[TestClient]:
    with TestClient(create_app(engine)) as test_client:
        yield test_client


def column(headers: list[Cell], row: list[Cell], name: str) -> str:
    return row[[cell.text for cell in headers].index(name)].text


def test_the_board_writes_elo_and_margins_with_their_units_and_intervals(
    client: TestClient,
) -> None:
    data = client.get("/api/leaderboard/cribbage/six-card").json()
    lines = {line["bot"]: line for line in data["lines"]}
    assert (lines["alice"]["deals"], lines["carol"]["deals"]) == (15, 3)
    assert lines["carol"]["margin_low"] is None
    assert lines["alice"]["margin_low"] is not None
    assert 3 < MIN_BOOTSTRAP_DEALS <= 12
    (board,) = tables(client.get("/leaderboard/cribbage/six-card").text, "board")
    headers = board.headers
    assert "Margin (game points/game)" in [cell.text for cell in headers]
    shown = {row[1].text: row for row in board.rows}
    for bot in ("alice", "bob", "carol"):
        assert ELO.match(column(headers, shown[bot], "Elo")), column(headers, shown[bot], "Elo")
    for bot in ("alice", "bob"):
        margin = column(headers, shown[bot], "Margin (game points/game)")
        assert MARGIN.match(margin), margin
    assert column(headers, shown["carol"], "Margin (game points/game)") == "-1.0 n/a (3 deals)"
    assert column(headers, shown["alice"], "Score") == "80%"  # 12 of 15


def test_the_bot_page_counts_the_games_met_beside_the_weighted_score(
    client: TestClient,
) -> None:
    bots = {bot["name"]: bot["id"] for bot in client.get("/api/bots").json()["bots"]}
    data = client.get(f"/api/bots/{bots['alice']}").json()
    (board,) = data["boards"]
    assert board["score_unit"] == "game points"
    counts = {
        line["opponent"]: (line["met"], line["ahead"], line["tied"], line["behind"])
        for line in board["opponents"]
    }
    assert counts == {"bob": (12, 9, 0, 3), "carol": (3, 3, 0, 0)}
    page = client.get(f"/bots/{bots['alice']}").text
    (opponents,) = tables(page, "opponents")
    headers = [cell.text for cell in opponents.headers]
    assert headers == ["Opponent", "Met", "Ahead", "Tied", "Behind", "Score", "LOS"]
    rows = {row[0].text: [cell.text for cell in row[1:5]] for row in opponents.rows}
    assert rows == {"bob": ["12", "9", "0", "3"], "carol": ["3", "3", "0", "0"]}
    scores = {row[0].text: SCORE.match(row[5].text) for row in opponents.rows}
    swept = scores["carol"]
    assert swept is not None
    assert swept.group(1, 3) == ("100", "100")
    assert int(swept.group(2)) < 60  # three wins in three games: far from certain
    assert 'Margin <span class="unit">(game points/game)</span>' in page
    assert "n/a (3 deals)" not in page  # alice played 15 deals


def test_the_charts_and_sparklines_say_their_scale(client: TestClient) -> None:
    board = client.get("/leaderboard/cribbage/six-card").text
    assert "Elo with the board's mean at 0" in board
    alice = next(
        bot["id"] for bot in client.get("/api/bots").json()["bots"] if bot["name"] == "alice"
    )
    data = client.get(f"/api/bots/{alice}").json()
    (line,) = data["boards"]
    assert line["rating_history"][-1] == {"game": 15, "elo": line["elo"], "game_id": 15}
    # Each point links the game it is after: carol's 1st to 3rd games are games 13 to 15.
    links = {
        line["bot"]: [(point["game"], point["game_id"]) for point in line["rating_history"]]
        for line in client.get("/api/leaderboard/cribbage/six-card").json()["lines"]
    }
    assert links["carol"] == [(1, 13), (2, 14), (3, 15)]
    assert links["bob"] == [(n, n) for n in range(1, 13)]
    page = client.get(f"/bots/{alice}").text
    assert ">Elo (board mean 0)</text>" in page
    assert re.search(r'<text x="\d+(\.\d+)?" y="[\d.]+" text-anchor="end">0</text>', page)
