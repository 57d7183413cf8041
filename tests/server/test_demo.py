"""The demo command: a short tournament of each game between the example bots."""

from pathlib import Path

import pytest
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import (
    GameStatus,
    TournamentStatus,
    check_stored_game,
    create_database_engine,
)
from tests import queries

EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.mark.slow
def test_demo_plays_a_lexio_and_a_cribbage_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    assert (
        main(["demo", "--examples", str(EXAMPLES), "--db", url, "--seed", "5", "--no-dashboard"])
        == 0
    )
    out = capsys.readouterr().out
    assert "finished, 12/12 games" in out
    assert "finished, 24/24 games" in out
    for bot in ("lexio_strong", "lexio_cautious", "cribbage_strong", "cribbage_random"):
        assert bot in out
    engine = create_database_engine(url)
    with Session(engine) as session:
        tournaments = db.list_tournaments(session)
        assert [t.status for t in tournaments] == [TournamentStatus.FINISHED] * 2
        games = queries.list_games(session, limit=100)
        assert len(games) == 36
        for game in games:
            assert game.status is GameStatus.FINISHED
            assert game.id is not None
            assert not db.game_faults(session, game_id=game.id)
            check_stored_game(session, game_id=game.id)
    engine.dispose()


def test_demo_without_the_examples_folder_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    assert main(["demo", "--examples", str(tmp_path / "nowhere"), "--db", url]) == 1
    assert capsys.readouterr().err.startswith("croupier: error: no example bot")
