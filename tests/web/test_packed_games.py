"""A game packed when it ends shows exactly as its journal's rows showed it, everywhere.

Games are stored in the journal's rows (as a game being played is, and as every game was
before packing), every page, API answer and command output about them is taken, then each
game is packed (:func:`croupier_server.db.pack_game`) and all of it taken again.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier_server.cli import main
from croupier_server.db import (
    ActionRecord,
    PackedLogRecord,
    create_database_engine,
    init_database,
    pack_game,
)
from croupier_server.web import create_app
from tests.server.db.test_replay import RULE_SETS, store_game
from tests.web.talkative import store_talkative_game

VIEWS = ("all", "spectator", "seat0", "seat1")
CRIBBAGE = next(rules for rules in RULE_SETS if rules[0] == "cribbage")


@pytest.fixture
def database(tmp_path: Path) -> Iterator[tuple[str, Engine, list[int]]]:
    """A database of a talkative Lexio game and a cribbage game, in journal rows."""
    url = f"sqlite:///{tmp_path / 'journal.db'}"
    engine = create_database_engine(url)
    init_database(engine)
    with Session(engine) as session:
        talkative, _ = store_talkative_game(session, finished=True)
        cribbage, _ = store_game(session, *CRIBBAGE)
    yield url, engine, [talkative, cribbage]
    engine.dispose()


def _shown(
    url: str, engine: Engine, games: list[int], capsys: pytest.CaptureFixture[str]
) -> dict[str, object]:
    """Every output about ``games``: pages, API answers, ``croupier replay``, the ratings.

    The leaderboard's page is left out: it says how long ago its ratings were fitted.
    """
    shown: dict[str, object] = {}
    with TestClient(create_app(engine)) as client:
        for game in games:
            paths = [f"/api/games/{game}", f"/games/{game}", f"/games/{game}/events"]
            paths += [f"/api/games/{game}/replay?view={view}" for view in VIEWS]
            paths += [f"/games/{game}/steps?view={view}&first=0&count=500" for view in VIEWS]
            paths += [f"/api/games/{game}/duplicates"]
            for path in paths:
                response = client.get(path)
                shown[path] = (response.status_code, response.text)
        for listing in ("/api/games?slow=true", "/api/games?limit=50"):
            shown[listing] = client.get(listing).text
        for bot in range(1, 7):  # a bot's page: its recent decision times among the rest
            shown[f"/bots/{bot}"] = client.get(f"/bots/{bot}").text
    for game in games:
        for argv in (["--logs"], ["--json"], ["--spectator"], ["--seat", "1", "--json"]):
            assert main(["replay", str(game), *argv, "--db", url]) == 0
            shown[f"replay {game} {argv}"] = capsys.readouterr().out
    for game_name in ("lexio", "cribbage"):
        assert main(["ratings", "--game", game_name, "--json", "--db", url]) == 0
        shown[f"ratings {game_name}"] = json.loads(capsys.readouterr().out)
    return shown


def test_every_output_is_the_same_once_the_games_are_packed(
    database: tuple[str, Engine, list[int]], capsys: pytest.CaptureFixture[str]
) -> None:
    url, engine, games = database
    before = _shown(url, engine, games, capsys)
    with Session(engine) as session:
        assert all(pack_game(session, game_id=game) for game in games)
        session.commit()
        assert session.exec(select(ActionRecord)).all() == []
        assert len(session.exec(select(PackedLogRecord)).all()) == len(games)
    after = _shown(url, engine, games, capsys)
    assert after.keys() == before.keys()
    for key, shown in before.items():
        assert after[key] == shown, key
