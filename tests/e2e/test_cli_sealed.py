"""``--sealed``: a match, tournament, SPRT or server that requires sealed seats refuses to
start, in one line, on a machine that cannot seal them, and plays sealed where it can.

The machine that cannot is this one with its probe answering so (``sealing_failure``).
"""

from __future__ import annotations

import pytest
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import create_database_engine
from croupier_server.referee.containment import sandbox
from tests import queries
from tests.e2e.test_cli_errors import croupier
from tests.server.referee.harness import example_command

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

BOTS = ["lexio_random", "lexio_greedy", "lexio_cautious"]
MATCH = ["match", "--game", "lexio", "--players", "3", "--rounds", "1"]
TOURNAMENT = ["tournament", "run", "--game", "lexio", "--players", "3", "--rounds", "1"]
UNSEALABLE = "namespaces cannot be made here (unshare: Operation not permitted)"


@pytest.fixture
def database(database_url: str, capsys: pytest.CaptureFixture[str]) -> str:
    """A database with three Lexio example bots and two cribbage ones registered."""
    for name in [*BOTS, "cribbage_random", "cribbage_greedy"]:
        game = name.split("_")[0]
        add = ["bot", "add", name, "--game", game, "--command", example_command(name)]
        assert croupier(capsys, *add, "--db", database_url)[0] == 0
    return database_url


@pytest.fixture
def unsealable(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine, as one where the seats cannot be sealed."""
    monkeypatch.setattr(sandbox, "sealing_failure", lambda: UNSEALABLE)


def games_stored(database_url: str) -> int:
    engine = create_database_engine(database_url)
    with Session(engine) as session:
        count = len(queries.list_games(session, limit=1_000))
    engine.dispose()
    return count


@pytest.mark.usefixtures("unsealable")
@pytest.mark.parametrize(
    "command",
    [
        [*MATCH, *(flag for bot in BOTS for flag in ("--bot", bot))],
        [*TOURNAMENT, "--bots", ",".join(BOTS), "--deals", "1"],
        ["sprt", "--game", "cribbage", "--bot", "cribbage_random", "--bot", "cribbage_greedy"],
        ["serve", "--no-dashboard", "--listen", "127.0.0.1:0"],
    ],
    ids=["match", "tournament", "sprt", "serve"],
)
def test_a_command_that_requires_sealed_seats_refuses_a_machine_that_cannot_seal_them(
    database: str, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    status, error = croupier(capsys, *command, "--sealed", "--db", database)
    assert status == 1
    assert error == (
        f"croupier: error: the seats cannot be sealed here: {UNSEALABLE} "
        "(docs/referee.md, Sealed seats)\n"
    )
    assert games_stored(database) == 0


@pytest.mark.usefixtures("unsealable")
@pytest.mark.parametrize(
    ("arrange", "serve", "why"),
    [
        ("nothing", ["--sign-up"], "--sign-up"),
        ("author", [], "authors may submit versions on the dashboard"),
        ("author", ["--no-dashboard", "--sign-up"], None),
    ],
    ids=["sign-up", "an author", "sign-up without a dashboard"],
)
def test_a_server_open_to_strangers_refuses_to_start_where_it_cannot_seal(
    database: str,
    capsys: pytest.CaptureFixture[str],
    arrange: str,
    serve: list[str],
    why: str | None,
) -> None:
    if arrange == "author":
        assert croupier(capsys, "author", "add", "ada", "--db", database)[0] == 0
    argv = ["serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0", *serve]
    status, error = croupier(capsys, *argv, "--db", database)
    assert status != 0
    if why is None:  # refused before: the sign-up needs the dashboard
        assert error.startswith("croupier: error: --sign-up is for the dashboard")
        return
    assert error == (
        f"croupier: error: {why}: this server would run strangers' bots, which it runs "
        f"sealed only, and the seats cannot be sealed here: {UNSEALABLE} "
        "(docs/referee.md, Sealed seats)\n"
    )


def test_sealed_and_network_is_a_one_line_error(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    match = [*MATCH, *(flag for bot in BOTS for flag in ("--bot", bot))]
    status, error = croupier(capsys, *match, "--sealed", "--network", "--db", database)
    assert (status, error) == (
        1,
        "croupier: error: --sealed cuts the bots' network: it cannot go with --network\n",
    )


def test_a_tournament_started_sealed_resumes_sealed_or_not_at_all(
    database: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    sealed_seats: None,
) -> None:
    tournament = [*TOURNAMENT, "--bots", ",".join(BOTS), "--deals", "1", "--sealed"]
    status, _ = croupier(capsys, *tournament, "--db", database)
    assert status == 0
    engine = create_database_engine(database)
    with Session(engine) as session:
        (record,) = db.list_tournaments(session)
    engine.dispose()
    assert record.settings["sealed"] is True
    assert games_stored(database) == 3  # the deal once per rotation of its three seats
    monkeypatch.setattr(sandbox, "sealing_failure", lambda: UNSEALABLE)
    status, error = croupier(capsys, "tournament", "resume", str(record.id), "--db", database)
    assert status == 1
    assert error.startswith("croupier: error: the seats cannot be sealed here")
