"""A bot that crashes mid-game: its fault names its traceback, in the record and in
``croupier replay``; and where the seats cannot be sealed, a match still plays, unsealed.
"""

from __future__ import annotations

import shlex
import sys
import textwrap
from collections.abc import Iterator

import pytest
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import create_database_engine
from croupier_server.referee.containment import sandbox
from tests import queries
from tests.e2e.test_cli_errors import croupier
from tests.server.referee.harness import example_command

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

CRASHER = textwrap.dedent(
    """
    import croupier

    class Crasher(croupier.Bot):
        def __init__(self):
            self.decisions = 0

        def act(self, observation):
            self.decisions += 1
            if self.decisions == 2:
                print("thinking hard about decision 2", flush=True)
                print("\\x1b[31mred\\x1b[0m", flush=True)
                raise RuntimeError("a bug in decision 2")
            return observation.legal_actions[0]

    croupier.run(Crasher())
    """
)
"""Plays its first decision, then raises in its second."""


def play_with_the_crasher(database_url: str, capsys: pytest.CaptureFixture[str]) -> int:
    """Register the crasher beside two examples, play a match; its game's id."""
    bots = {
        # Without the caret lines of 3.13, the traceback is as long on every Python, and
        # the lines printed before it are among the last ones kept.
        "crasher": shlex.join([sys.executable, "-X", "no_debug_ranges", "-c", CRASHER]),
        "random": example_command("lexio_random"),
        "greedy": example_command("lexio_greedy"),
    }
    for name, command in bots.items():
        add = ["bot", "add", name, "--game", "lexio", "--command", command]
        assert croupier(capsys, *add, "--db", database_url)[0] == 0
    match = ["match", "--game", "lexio", "--players", "3", "--rounds", "1", "--seed", "5"]
    seats = [flag for name in bots for flag in ("--bot", name)]
    status, error = croupier(capsys, *match, *seats, "--db", database_url)
    assert status == 0, error
    engine = create_database_engine(database_url)
    with Session(engine) as session:
        (game,) = queries.list_games(session, limit=10)
    engine.dispose()
    assert game.id is not None
    return game.id


def test_a_crash_names_the_bots_last_output_in_its_fault_and_replay(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = play_with_the_crasher(database_url, capsys)
    engine = create_database_engine(database_url)
    with Session(engine) as session:
        faults = db.game_faults(session, game_id=game_id)
    engine.dispose()
    (crash,) = [fault for fault in faults if fault.kind == "crash"]
    assert crash.seat == 0
    assert "its last output:\nthinking hard about decision 2\n\x1b[31mred" in crash.detail
    assert crash.detail.endswith("RuntimeError: a bug in decision 2")
    assert main(["replay", str(game_id), "--db", database_url]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert "  RuntimeError: a bug in decision 2" in printed
    assert "  \\x1b[31mred\\x1b[0m" in printed  # the bot's output cannot drive the terminal


@pytest.fixture
def unsealable(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This machine, as one whose probe finds that namespaces cannot be made."""
    monkeypatch.setattr(sandbox, "_seal_probe", lambda: (False, UNSHARE_REFUSED))
    sandbox._can_seal.cache_clear()
    yield
    sandbox._can_seal.cache_clear()


UNSHARE_REFUSED = "cannot seal the bot: unshare: Operation not permitted"


@pytest.mark.usefixtures("unsealable")
def test_where_the_seats_cannot_be_sealed_a_match_plays_unsealed_and_says_so_once(
    database_url: str, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    game_id = play_with_the_crasher(database_url, capsys)
    warnings = [record.getMessage() for record in caplog.records if "seal" in record.getMessage()]
    assert len(warnings) == 1
    assert warnings[0].startswith(f"croupier: cannot seal the bots' seats here ({UNSHARE_REFUSED})")
    assert "\n" not in warnings[0]
    engine = create_database_engine(database_url)
    with Session(engine) as session:
        game = db.get_game(session, game_id=game_id)
        faults = db.game_faults(session, game_id=game_id)
    engine.dispose()
    assert game is not None
    assert game.status == "finished"
    assert [fault.kind for fault in faults] == ["crash"]
    assert faults[0].detail.endswith("RuntimeError: a bug in decision 2")
