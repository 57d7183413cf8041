"""Bad input to the command line: a one-line error and a non-zero status, never a traceback.

Argument errors that argparse finds (an unknown variant) end with its usage and status 2.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from croupier_server.cli import main
from tests.server.referee.harness import example_command
from tests.waiting import patience_s

SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run the command line in this process: its exit status and standard error."""
    try:
        status = main(list(argv))
    except SystemExit as exit:  # argparse's usage errors
        status = exit.code if isinstance(exit.code, int) else 1
    return status, capsys.readouterr().err


@pytest.fixture
def database(database_url: str, capsys: pytest.CaptureFixture[str]) -> str:
    """A database with two Lexio bots and a cribbage bot registered."""
    for name in ["lexio_random", "lexio_greedy", "cribbage_greedy"]:
        game = name.split("_")[0]
        add = ["bot", "add", name, "--game", game, "--command", example_command(name)]
        assert croupier(capsys, *add, "--db", database_url)[0] == 0
    return database_url


ERRORS = {  # each command is split on spaces
    "unknown bot": (
        "match --game lexio --players 3 --bot lexio_random --bot lexio_greedy --bot nobody",
        "no bot named 'nobody' (see: croupier bot list)",
    ),
    "too few bots": (
        "match --game lexio --players 3 --bot lexio_random --bot lexio_greedy",
        "lexio with these rules needs 3 bots, not 2",
    ),
    "a bot of the other game": (
        "match --game lexio --players 3 --bot lexio_random --bot lexio_greedy"
        " --bot cribbage_greedy",
        "bot 'cribbage_greedy' plays cribbage, not lexio",
    ),
    "no such player count": (
        "match --game lexio --players 6 --bot lexio_random",
        "Lexio is played by 3, 4 or 5 players, not 6",
    ),
    "zero players": (
        "match --game lexio --players 0 --bot lexio_random",
        "Lexio is played by 3, 4 or 5 players, not 0",
    ),
    "players against the variant": (
        "match --game cribbage --variant six-card --players 3 --bot cribbage_greedy",
        "cribbage six-card is for 2 players, not 3",
    ),
    "rounds for cribbage": (
        "match --game cribbage --rounds 2 --bot cribbage_greedy",
        "--rounds is not a Cribbage option (Cribbage takes --players, --variant, --target,",
    ),
    "a variant for lexio": (
        "match --game lexio --players 3 --variant six-card --bot lexio_random",
        "--variant is not a Lexio option (Lexio takes --players, --rounds, --starting-chips",
    ),
    "a duplicate bot name": (
        "bot add lexio_random --game lexio --command bot",
        "a bot named 'lexio_random' already exists",
    ),
    "a duplicate remote bot name": (
        "bot add cribbage_greedy --game cribbage --remote",
        "a bot named 'cribbage_greedy' already exists",
    ),
    "replay of a missing game": ("replay 999", "no game 999"),
    "serve without remote bots": (
        "serve --game lexio --players 3 --games 1",
        "3 remote lexio bots are needed, 0 registered",
    ),
}


@SQLITE_ONLY
@pytest.mark.parametrize(("command", "message"), ERRORS.values(), ids=ERRORS.keys())
def test_bad_input_is_a_one_line_error(
    database: str, capsys: pytest.CaptureFixture[str], command: str, message: str
) -> None:
    status, err = croupier(capsys, *command.split(), "--db", database)
    assert status == 1
    assert err.startswith(f"croupier: error: {message}")
    assert err.count("\n") == 1


@SQLITE_ONLY
def test_an_empty_command_is_a_one_line_error(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    add = ["bot", "add", "blank", "--game", "lexio", "--command", "  "]
    assert croupier(capsys, *add, "--db", database) == (1, "croupier: error: --command is empty\n")


@pytest.mark.parametrize(
    "url",
    ["not a url", "sqlite:////no/such/directory/croupier.db", "mysql://localhost/croupier"],
)
def test_a_bad_database_url_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], url: str
) -> None:
    status, err = croupier(capsys, "bot", "list", "--db", url)
    assert status == 1
    assert err.startswith("croupier: error: ")
    assert err.count("\n") == 1


def test_an_unknown_variant_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = croupier(capsys, "match", "--game", "cribbage", "--variant", "nine-card")
    assert status == 2
    assert err.startswith("usage: croupier match")
    assert err.splitlines()[-1].startswith(
        "croupier match: error: argument --variant: invalid choice: 'nine-card'"
    )


@SQLITE_ONLY
def test_the_installed_command_fails_the_same_way(database: str) -> None:
    croupier_command = Path(sys.executable).with_name("croupier")
    finished = subprocess.run(
        [croupier_command, "replay", "7", "--db", database],
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=False,
    )
    assert finished.returncode == 1
    assert finished.stderr == "croupier: error: no game 7\n"
    assert finished.stdout == ""
