"""``croupier sprt`` with the example bots through the real referee, and its one-line errors."""

from __future__ import annotations

import asyncio
import json

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from croupier.games import load_game
from croupier_server.cli import main
from croupier_server.db import create_database_engine, statistics
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.sprt import SprtHypotheses, SprtSettings
from croupier_server.tournament.runner import Progress, create_tournament, run_tournament
from croupier_server.web import create_app
from tests import queries
from tests.server.referee.harness import example_command

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

SPRT = ["sprt", "--game", "cribbage", "--variant", "six-card", "--match-points", "1"]
HYPOTHESES = ["--elo0", "0", "--elo1", "200", "--alpha", "0.1", "--beta", "0.1"]


def add_bots(database_url: str, *names: str) -> None:
    for name in names:
        argv = ["bot", "add", name, "--game", "cribbage", "--command", example_command(name)]
        assert main([*argv, "--db", database_url]) == 0


@pytest.mark.usefixtures("seeded_bots")
def test_strong_against_random_is_played_to_a_verdict_and_stored(
    checked_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    add_bots(checked_database, "cribbage_strong", "cribbage_random")
    bots = ["--bot", "cribbage_strong", "--bot", "cribbage_random"]
    runs = ["--min-deals", "4", "--max-deals", "8", "--concurrency", "4", "--seed", "2"]
    capsys.readouterr()
    assert main([*SPRT, *bots, *HYPOTHESES, *runs, "--json", "--db", checked_database]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "accept H1"  # one-point games: strong hardly ever loses
    assert 4 <= data["deals"] <= 8
    assert data["llr"] >= data["upper"]
    assert data["games"] == data["wins"] + data["draws"] + data["losses"] == 2 * data["deals"]
    assert sum(data["pentanomial"]) == data["deals"]
    assert data["lower"] < 0 < data["upper"]
    engine = create_database_engine(checked_database)
    with Session(engine) as session:
        games = queries.finished_games(session, game="cribbage")
    engine.dispose()
    assert len(games) == data["games"]
    assert {tuple(name for name, _ in seats) for _, seats in games} == {
        ("cribbage_strong", "cribbage_random"),
        ("cribbage_random", "cribbage_strong"),
    }
    assert len({record.seed for record, _ in games}) == data["deals"]


class Stop(Exception):
    pass


@pytest.mark.usefixtures("seeded_bots")
def test_a_stopped_match_resumes_to_the_games_and_verdict_of_an_uninterrupted_one(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    add_bots(database_url, "cribbage_strong", "cribbage_random")
    bots = ["--bot", "cribbage_strong", "--bot", "cribbage_random"]
    runs = ["--min-deals", "4", "--max-deals", "8", "--concurrency", "2", "--seed", "5"]
    capsys.readouterr()
    assert main([*SPRT, *bots, *HYPOTHESES, *runs, "--json", "--db", database_url]) == 0
    whole = json.loads(capsys.readouterr().out)
    # The same match, stopped after three games, then resumed by croupier tournament resume.
    engine = create_database_engine(database_url)
    record = create_tournament(
        engine,
        game=load_game("cribbage", {"variant": "six-card", "match_points": 1}),
        bots=["cribbage_strong", "cribbage_random"],
        seed=5,
        format_settings=SprtSettings(SprtHypotheses(0, 200, 0.1, 0.1), 8, 4, batch=1),
        concurrency=2,
    )
    assert record.id is not None

    def stop_after_three(progress: Progress) -> None:
        if progress.done >= 3:
            raise Stop

    async def run() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            await run_tournament(
                engine, server, tournament_id=record.id or 0, progress=stop_after_three
            )
        finally:
            await server.stop()

    with pytest.raises(Stop):
        asyncio.run(run())
    assert main(["tournament", "resume", str(record.id), "--json", "--db", database_url]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert (resumed["format"], resumed["status"]) == ("sprt", "finished")
    assert resumed["finished"] == resumed["games"] == whole["games"]
    with Session(engine) as session:
        games = {
            tournament: {
                game.schedule_number: (game.bots, game.scores)
                for game in statistics.finished_game_seats(
                    session, game="cribbage", tournament_id=tournament
                )
            }
            for tournament in (whole["tournament"], record.id)
        }
    assert games[record.id] == games[whole["tournament"]]
    # The page draws the log-likelihood ratio after each deal, with its bounds.
    with TestClient(create_app(engine)) as client:
        detail = client.get(f"/api/tournaments/{record.id}").json()
        page = client.get(f"/tournaments/{record.id}").text
    engine.dispose()
    trace = detail["trace"]
    assert len(trace["values"]) == whole["deals"]
    assert trace["values"][-1] == pytest.approx(whole["llr"], abs=1e-3)
    assert trace["bounds"] == pytest.approx([whole["lower"], whole["upper"]], abs=1e-3)
    rows = {row["label"]: row["value"] for row in detail["rows"]}
    assert rows["Verdict"] == whole["verdict"]
    assert detail["format_title"] == "Sequential match (SPRT)"
    assert '<svg class="chart trace"' in page
    assert page.count('<line class="bound"') == 2


def test_the_verdict_is_printed_in_text(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    add_bots(database_url, "cribbage_strong", "cribbage_random")
    bots = ["--bot", "cribbage_strong", "--bot", "cribbage_random"]
    runs = ["--max-deals", "2", "--concurrency", "4", "--seed", "3"]
    capsys.readouterr()
    assert main([*SPRT, *bots, *HYPOTHESES, *runs, "--db", database_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "cribbage_strong vs cribbage_random: inconclusive after 2 deals (4 games)"
    assert out[1].startswith("  2 deals  LLR ")
    assert "[-2.20, 2.20]  W/D/L " in out[1]


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (
            ["--bot", "nobody", "--bot", "cribbage_random"],
            "no bot named 'nobody' (see: croupier bot list)",
        ),
        (
            ["--players", "3", "--bot", "cribbage_strong", "--bot", "cribbage_random"],
            "sprt is for two-player games, not 3 players",
        ),
        (["--bot", "cribbage_strong"], "sprt needs --bot twice, with two different bots"),
        (
            ["--bot", "cribbage_strong", "--bot", "cribbage_strong"],
            "sprt needs --bot twice, with two different bots",
        ),
        (
            ["--bot", "cribbage_strong", "--bot", "cribbage_random", "--elo0", "50"],
            "elo0 (50) must be below elo1 (50)",
        ),
        (
            ["--bot", "cribbage_strong", "--bot", "cribbage_random", "--alpha", "0.5"],
            "alpha must be between 0 and 0.5, not 0.5",
        ),
        (
            ["--bot", "cribbage_strong", "--bot", "cribbage_random", "--beta", "0"],
            "beta must be between 0 and 0.5, not 0",
        ),
    ],
)
def test_cli_errors_are_one_line(
    database_url: str, capsys: pytest.CaptureFixture[str], argv: list[str], error: str
) -> None:
    add_bots(database_url, "cribbage_strong", "cribbage_random")
    capsys.readouterr()
    assert main(["sprt", "--game", "cribbage", *argv, "--db", database_url]) == 1
    assert capsys.readouterr().err == f"croupier: error: {error}\n"


def test_a_lexio_table_is_refused(database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sprt", "--game", "lexio", "--bot", "a", "--bot", "b", "--db", database_url]
    assert main(argv) == 1
    assert (
        capsys.readouterr().err == "croupier: error: sprt is for two-player games, not 4 players\n"
    )
