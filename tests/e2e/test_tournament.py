"""A real small tournament with the example bots: games, rotations, resume, ratings."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import create_database_engine
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import Progress, create_tournament, run_tournament
from tests import queries
from tests.server.referee.harness import GENEROUS, example_command

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]


class Stop(Exception):
    pass


def test_a_tournament_resumes_without_losing_or_repeating_games(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ["cribbage_random", "cribbage_greedy", "cribbage_strong"]:
        assert (
            main(
                [
                    "bot",
                    "add",
                    name,
                    "--game",
                    "cribbage",
                    "--command",
                    example_command(name),
                    "--db",
                    database_url,
                ]
            )
            == 0
        )
    engine = create_database_engine(database_url)
    game = load_game("cribbage", {"variant": "six-card", "match_points": 1})
    record = create_tournament(
        engine,
        game=game,
        bots=["cribbage_random", "cribbage_greedy", "cribbage_strong"],
        seed=4,
        format_settings=RoundRobinSettings(deals=2),
        settings=GENEROUS,
    )
    assert record.id is not None

    def stop_after_five(progress: Progress) -> None:
        if progress.done >= 5:
            raise Stop

    async def run(progress: Callable[[Progress], None]) -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            await run_tournament(
                engine, server, tournament_id=record.id or 0, concurrency=3, progress=progress
            )
        finally:
            await server.stop()

    with pytest.raises(Stop):
        asyncio.run(run(stop_after_five))
    with Session(engine) as session:
        assert db.get_tournament(session, tournament_id=record.id).status == "interrupted"  # type: ignore[union-attr]
        assert 5 <= len(db.finished_schedule_numbers(session, tournament_id=record.id)) < 12
    capsys.readouterr()
    assert main(["tournament", "resume", str(record.id), "--db", database_url, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "finished"
    assert data["finished"] == data["games"] == 12
    with Session(engine) as session:
        finished = [
            game.schedule_number
            for game, _ in queries.finished_games(session, game="cribbage", tournament_id=record.id)
        ]
        assert sorted(number or 0 for number in finished) == list(range(12))
    assert (
        main(
            [
                "ratings",
                "--game",
                "cribbage",
                "--tournament",
                str(record.id),
                "--json",
                "--db",
                database_url,
            ]
        )
        == 0
    )
    table = json.loads(capsys.readouterr().out)
    assert {row["bot"] for row in table} == {
        "cribbage_random",
        "cribbage_greedy",
        "cribbage_strong",
    }
    assert all(row["games"] == 8 for row in table)
    ratings = ["ratings", "--game", "cribbage", "--tournament", str(record.id)]
    assert main([*ratings, "--head-to-head", "--json", "--db", database_url]) == 0
    pairs = json.loads(capsys.readouterr().out)["head_to_head"]
    # Three bots, each pair both ways round; each pair met on 2 deals, seats swapped.
    assert len(pairs) == 6
    for pair in pairs:
        assert pair["games"] == 4
        assert 0 <= pair["los"] <= 1
        low, high = pair["score_interval"]
        assert low <= pair["score"] <= high
    by_pair = {(pair["bot"], pair["opponent"]): pair for pair in pairs}
    forward = by_pair["cribbage_strong", "cribbage_random"]
    backward = by_pair["cribbage_random", "cribbage_strong"]
    assert forward["score"] + backward["score"] == pytest.approx(1)
    assert main([*ratings, "--head-to-head", "--db", database_url]) == 0
    assert "head to head (row against column)" in capsys.readouterr().out
    engine.dispose()


def test_lexio_tables_play_every_rotation(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    names = [f"lexio{i}" for i in range(5)]
    for i, name in enumerate(names):
        command = example_command("lexio_greedy" if i % 2 else "lexio_random")
        assert (
            main(
                ["bot", "add", name, "--game", "lexio", "--command", command, "--db", database_url]
            )
            == 0
        )
    capsys.readouterr()
    argv = ["tournament", "run", "--game", "lexio", "--players", "4", "--bots", ",".join(names)]
    assert (
        main(
            [
                *argv,
                "--deals",
                "1",
                "--rounds",
                "1",
                "--seed",
                "1",
                "--concurrency",
                "4",
                "--json",
                "--db",
                database_url,
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == data["finished"] == 20
    assert {row["games"] for row in data["standings"]} == {16}


def test_cli_errors_are_one_line(database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "show", "7", "--db", database_url]) == 1
    assert (
        capsys.readouterr().err
        == "croupier: error: no tournament 7 (see: croupier tournament list)\n"
    )
    argv = [
        "tournament",
        "run",
        "--game",
        "lexio",
        "--players",
        "3",
        "--bots",
        "a,b,c",
        "--db",
        database_url,
    ]
    assert main(argv) == 1
    assert capsys.readouterr().err == "croupier: error: no bot named 'a' (see: croupier bot list)\n"


@pytest.mark.parametrize(
    ("flags", "error"),
    [
        (
            ["--gauntlet", "a"],
            "--gauntlet is not for the Round robin format (it takes --deals, --no-duplicate)",
        ),
        (
            ["--format", "gauntlet", "--swiss-rounds", "2"],
            "--swiss-rounds is not for the Gauntlet format "
            "(it takes --gauntlet, --deals, --no-duplicate)",
        ),
        (["--format", "gauntlet"], "a gauntlet needs challengers among the bots, not []"),
        (["--format", "swiss", "--deals", "3"], "--deals is not for the Swiss format"),
    ],
)
def test_a_setting_of_another_format_is_refused_in_one_line(
    database_url: str, capsys: pytest.CaptureFixture[str], flags: list[str], error: str
) -> None:
    argv = ["tournament", "run", "--game", "cribbage", "--bots", "a,b,c", *flags]
    assert main([*argv, "--db", database_url]) == 1
    assert capsys.readouterr().err.startswith(f"croupier: error: {error}")


def test_resume_replays_the_games_a_killed_run_left_running(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    names = ["cribbage_random", "cribbage_greedy"]
    for name in names:
        add = ["bot", "add", name, "--game", "cribbage", "--command", example_command(name)]
        assert main([*add, "--db", database_url]) == 0
    engine = create_database_engine(database_url)
    game = load_game("cribbage", {"variant": "six-card", "match_points": 1})
    record = create_tournament(
        engine,
        game=game,
        bots=names,
        seed=9,
        format_settings=RoundRobinSettings(deals=1),
        settings=GENEROUS,
    )
    assert record.id is not None
    # What a run killed mid-game leaves: the tournament running, game 0 begun, unfinished.
    with Session(engine) as session:
        bots = [db.get_bot_by_name(session, name=name) for name in names]
        orphan = db.create_game(
            session,
            game="cribbage",
            options=game.options(),
            tournament_id=record.id,
            schedule_number=0,
            schedule_deal=0,
            seed=1,
            bot_ids=[bot.id for bot in bots if bot and bot.id],
        )
    resume = ["tournament", "resume", str(record.id), "--json", "--db", database_url]
    capsys.readouterr()
    assert main(resume) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["status"] == "finished"
    assert summary["finished"] == summary["games"] == 2
    with Session(engine) as session:
        assert orphan.id is not None
        left = db.get_game(session, game_id=orphan.id)
        assert left is not None
        assert left.status == "aborted"
        finished = [
            game.schedule_number
            for game, _ in queries.finished_games(session, game="cribbage", tournament_id=record.id)
        ]
        assert sorted(number or 0 for number in finished) == [0, 1]
    engine.dispose()
