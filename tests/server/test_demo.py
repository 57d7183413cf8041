"""The demo command: the example bots play recorded games through the referee."""

from pathlib import Path

import pytest
from sqlmodel import Session

from croupier_server.cli import main
from croupier_server.db import GameStatus, check_stored_game, create_database_engine, repository

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_demo_plays_and_stores_a_lexio_and_a_cribbage_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    assert main(["demo", "--examples", str(EXAMPLES), "--db", url, "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "replay it: croupier replay 1" in out
    assert "replay it: croupier replay 2" in out
    with Session(create_database_engine(url)) as session:
        games = repository.list_games(session)
        assert sorted(game.game for game in games) == ["cribbage", "lexio"]
        for game in games:
            assert game.status is GameStatus.FINISHED
            assert game.id is not None
            assert not repository.game_faults(session, game_id=game.id)
            check_stored_game(session, game_id=game.id)


def test_demo_without_the_examples_folder_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    assert main(["demo", "--examples", str(tmp_path / "nowhere"), "--db", url]) == 1
    assert capsys.readouterr().err.startswith("croupier: error: no example bot")
