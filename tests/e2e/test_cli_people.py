"""``croupier bot add --closed-to-people`` and ``croupier bot people NAME open|closed``.

The organiser's bots are open to people unless registered closed; a submitted bot's
setting holds for its versions, which cannot be set apart; each refusal is one line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlmodel import Session

from croupier_server.cli import main
from croupier_server.db import BotKind, BotRecord, create_database_engine, init_database
from croupier_server.db.bots import person_seat_bot


@pytest.fixture
def database(tmp_path: Path) -> str:
    """A database with ada's submitted Lexio bot ``mine``, its version ``mine@1``, and a
    person's seat record."""
    url = f"sqlite:///{tmp_path / 'people.db'}"
    engine = create_database_engine(url)
    init_database(engine)
    with Session(engine) as session:
        mine = BotRecord(name="mine", game="lexio", kind=BotKind.SUBMITTED, open_to_people=False)
        session.add(mine)
        session.flush()
        version = BotRecord(
            name="mine@1", game="lexio", kind=BotKind.COMMAND, command="true", version_of_id=mine.id
        )
        session.add(version)
        person_seat_bot(session, who="guest", game="lexio")
        session.commit()
    engine.dispose()
    return url


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in this process: its status, standard output and error."""
    try:
        status = main(list(argv))
    except SystemExit as exit:  # argparse's usage errors
        status = exit.code if isinstance(exit.code, int) else 1
    printed = capsys.readouterr()
    return status, printed.out, printed.err


def openness(capsys: pytest.CaptureFixture[str], database: str) -> dict[str, bool]:
    status, out, _ = croupier(capsys, "bot", "list", "--json", "--db", database)
    assert status == 0
    return {bot["name"]: bot["open_to_people"] for bot in json.loads(out)}


def test_the_organiser_opens_and_closes_bots_to_people(
    capsys: pytest.CaptureFixture[str], database: str
) -> None:
    add = ["bot", "add", "--game", "lexio", "--db", database]
    assert croupier(capsys, *add, "house", "--command", "true", "--no-check")[0] == 0
    assert croupier(capsys, *add, "shy", "--remote", "--closed-to-people")[0] == 0
    assert openness(capsys, database) == {
        "house": True,
        "mine": False,
        "mine@1": False,
        "shy": False,
    }
    listed = croupier(capsys, "bot", "list", "--db", database)[1].splitlines()
    assert [line.endswith("(closed to people)") for line in listed] == [False, True, True, True]

    people = ["bot", "people", "--db", database]
    assert croupier(capsys, *people, "shy", "open") == (
        0,
        "people may now play against shy at the dashboard's tables\n",
        "",
    )
    assert croupier(capsys, *people, "mine", "open")[1] == (
        "people may now play against mine and its versions at the dashboard's tables\n"
    )
    assert croupier(capsys, *people, "house", "closed")[1] == (
        "people may no longer play against house at the dashboard's tables\n"
    )
    assert openness(capsys, database) == {
        "house": False,
        "mine": True,
        "mine@1": True,
        "shy": True,
    }


@pytest.mark.parametrize(
    ("argv", "status", "last_line"),
    [
        (
            ["mine@1", "closed"],
            1,
            "croupier: error: mine@1 follows its bot mine: open or close mine instead",
        ),
        (["nobody", "open"], 1, "croupier: error: no bot named 'nobody' (see: croupier bot list)"),
        (
            ["person@guest (lexio)", "open"],
            1,
            "croupier: error: no bot named 'person@guest (lexio)' (see: croupier bot list)",
        ),
        (["mine", "ajar"], 2, "croupier bot people: error: argument access: invalid choice"),
    ],
)
def test_a_refusal_is_one_line_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], database: str, argv: list[str], status: int, last_line: str
) -> None:
    before = openness(capsys, database)
    refused, out, err = croupier(capsys, "bot", "people", *argv, "--db", database)
    assert (refused, out) == (status, "")
    assert err.splitlines()[-1].startswith(last_line)
    if status == 1:
        assert err.count("\n") == 1
    assert openness(capsys, database) == before
