"""``croupier ladder``: open, list, show and close, with one-line refusals that store nothing."""

from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.cli import main
from croupier_server.db import create_database_engine, init_database
from croupier_server.db.ladder_games import list_ladders
from croupier_server.ladder.settings import LadderSettings
from tests.server.ladder.harness import add_versions


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def database(database_url: str) -> str:
    engine = create_database_engine(database_url)
    init_database(engine)
    add_versions(engine, "lexio", {"random": "lexio_random", "greedy": "lexio_greedy"})
    engine.dispose()
    return database_url


def ladders(url: str) -> int:
    engine: Engine = create_database_engine(url)
    try:
        with Session(engine) as session:
            return len(list_ladders(session))
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--game", "lexio", "--players", "2"], "Lexio is played by 3, 4 or 5 players, not 2"),
        (["--game", "lexio", "--with", "nobody"], "no bot named 'nobody' (see: croupier bot list)"),
        (["--game", "lexio", "--with", "random"], "bot 'random' is submitted by its author"),
        (["--game", "cribbage", "--variant", "solitaire"], "two seats or more, not 1"),
        (
            ["--game", "lexio", "--unmet-boost", "0.5"],
            "the boost of opponents never met is at least 1",
        ),
    ],
)
def test_a_refused_ladder_says_why_in_a_line_and_stores_nothing(
    database: str, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    status, _, err = croupier(capsys, "ladder", "open", *arguments, "--db", database)
    assert status == 1
    assert err.startswith("croupier: error: ")
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert ladders(database) == 0


def test_a_ladder_opened_listed_shown_and_closed(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    opening = ["ladder", "open", "--game", "lexio", "--players", "4", "--rounds", "2"]
    options = ["--concurrency", "3", "--rating-deals", "8", "--seed", "42", "--decision-ms", "700"]
    status, out, _ = croupier(capsys, *opening, *options, "--db", database)
    assert status == 0
    opened = re.fullmatch(
        r"opened ladder (\d+) \(lexio, 4 players\), tournament (\d+); croupier serve plays it\n",
        out,
    )
    assert opened is not None
    ladder, tournament = opened.groups()

    status, out, _ = croupier(capsys, "ladder", "list", "--json", "--db", database)
    [line] = json.loads(out)
    assert (line["id"], line["status"], line["bots"], line["finished"]) == (
        int(ladder),
        "open",
        2,
        0,
    )
    assert line["tournament"] == int(tournament)
    status, out, _ = croupier(capsys, "ladder", "show", ladder, "--json", "--db", database)
    shown = json.loads(out)
    assert shown["options"]["rounds"] == 2
    assert shown["settings"]["concurrency"] == 3
    assert shown["settings"]["rating_deals"] == 8
    assert shown["settings"]["seed"] == 42
    assert shown["settings"]["time_control"]["decision_ms"] == 700
    assert [entrant["bot"] for entrant in shown["entrants"]] == ["random@1", "greedy@1"]
    assert all(entrant["new"] and entrant["deals_needed"] == 8 for entrant in shown["entrants"])
    assert shown["standings"] == []
    status, out, _ = croupier(capsys, "ladder", "show", ladder, "--db", database)
    assert "a new version plays 8 deals first" in out
    assert "0/8 first deals" in out

    assert croupier(capsys, "ladder", "close", ladder, "--db", database)[:2] == (
        0,
        f"ladder {ladder} is closed; its games and ratings stay\n",
    )
    assert croupier(capsys, "ladder", "close", ladder, "--db", database)[0] == 0  # no change
    status, out, _ = croupier(capsys, "ladder", "list", "--json", "--db", database)
    assert json.loads(out)[0]["status"] == "closed"
    unknown = str(int(ladder) + 1)
    status, _, err = croupier(capsys, "ladder", "show", unknown, "--db", database)
    assert (status, err) == (
        1,
        f"croupier: error: no ladder {unknown} (see: croupier ladder list)\n",
    )
    status, _, err = croupier(capsys, "tournament", "resume", tournament, "--db", database)
    assert status == 1
    assert err == (
        f"croupier: error: tournament {tournament} holds a ladder's games: croupier ladder list\n"
    )


def test_the_settings_stored_are_those_given(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    croupier(
        capsys, "ladder", "open", "--game", "lexio", "--closeness-elo", "150", "--db", database
    )
    engine = create_database_engine(database)
    with Session(engine) as session:
        [record] = list_ladders(session)
    engine.dispose()
    settings = LadderSettings.from_data(record.settings)
    assert settings.rules.closeness_elo == 150
    assert settings.concurrency == 2
    assert LadderSettings.from_data(settings.to_data()) == settings
