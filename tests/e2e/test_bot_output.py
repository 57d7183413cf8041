"""What a started bot writes is kept with its game and shown where it was written.

The chatty bot (``tests/fakebots/chatty.py``) plays a recorded Lexio game against the greedy
example through the command line, with 1 KiB of output kept: its banner, written before it
connected, is partly cut; each decision's line is written while it decides.
``croupier replay --logs`` prints the cut, and each line after the action it was written
for; another seat's view prints none of it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import DecidedBy, create_database_engine, outputs
from tests.fakebots.chatty import BANNER_LINES
from tests.server.referee.harness import REPOSITORY, example_command

pytestmark = pytest.mark.slow

CHATTY = 0
CHATTY_COMMAND = f"python {REPOSITORY / 'tests' / 'fakebots' / 'chatty.py'}"
GENEROUS_CLOCK = ["--decision-ms", "10000", "--bank-ms", "60000", "--connect-ms", "30000"]
WEIGHING = re.compile(r"chatty: weighing (\d+) actions")


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


@pytest.fixture
def played(checked_database: str, capsys: pytest.CaptureFixture[str]) -> tuple[str, int]:
    """A three-seat Lexio game: the chatty bot in seat 0, the greedy example beside it."""
    url = checked_database
    croupier(capsys, "bot", "add", "chatty", "--game", "lexio", "--command", CHATTY_COMMAND,
             "--db", url)  # fmt: skip
    croupier(capsys, "bot", "add", "greedy", "--game", "lexio", "--command",
             example_command("lexio_greedy"), "--db", url)  # fmt: skip
    argv = ["match", "--game", "lexio", "--players", "3", "--rounds", "1", "--bot", "chatty"]
    argv += ["--bot", "greedy", "--bot", "greedy", "--output-kb", "1", "--seed", "9"]
    out = croupier(capsys, *argv, *GENEROUS_CLOCK, "--json", "--db", url)
    return url, json.loads(out)["game_id"]


def test_the_end_of_the_output_is_stored_with_what_was_cut(played: tuple[str, int]) -> None:
    url, game_id = played
    engine = create_database_engine(url)
    try:
        with Session(engine) as session:
            lines = outputs.game_output(session, game_id=game_id, seat=CHATTY)
            seat = db.game_seats(session, game_id=game_id)[CHATTY]
            decisions = [
                action
                for action in db.game_actions(session, game_id=game_id)
                if action.seat == CHATTY and action.decided_by == DecidedBy.BOT
            ]
    finally:
        engine.dispose()
    weighing = [line for line in lines if WEIGHING.fullmatch(line.text)]
    assert len(weighing) == len(decisions) > 0
    assert {line.stream for line in weighing} == {"stdout"}
    banner = [line for line in lines if line not in weighing]
    assert banner
    assert banner[-1].text == f"chatty: starting, line {BANNER_LINES - 1}"
    assert {line.stream for line in banner} == {"stderr"}
    written = sum(len(f"chatty: starting, line {n}") + 1 for n in range(BANNER_LINES))
    written += sum(len(line.text) + 1 for line in weighing)
    kept = sum(len(line.text.encode()) + 1 for line in lines)
    assert kept <= 1024
    assert seat.output_dropped_bytes == written - kept > 0


def logs(capsys: pytest.CaptureFixture[str], played: tuple[str, int], *view: str) -> str:
    url, game_id = played
    return croupier(capsys, "replay", str(game_id), "--logs", *view, "--db", url)


def test_replay_with_logs_prints_each_line_where_it_was_written(
    played: tuple[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    data: dict[str, Any] = json.loads(logs(capsys, played, "--json"))
    chatty = [line for line in data["output"] if line["seat"] == CHATTY]
    decided = {
        action["number"] + 1: action
        for action in data["actions"]
        if action["seat"] == CHATTY and action["decided_by"] == "bot"
    }
    deciding = [line for line in chatty if line["deciding"]]
    assert sorted(line["step"] for line in deciding) == sorted(decided)
    for line in deciding:
        (count,) = WEIGHING.fullmatch(line["text"]).groups()  # type: ignore[union-attr]
        assert decided[line["step"]]["comment"] == f"the first of {count}"
    assert {line["step"] for line in chatty if not line["deciding"]} == {0}, "the banner"
    dropped = data["seats"][CHATTY]["output_dropped_bytes"]
    assert [line["earlier_bytes_cut"] for line in chatty] == [dropped] + [0] * (len(chatty) - 1)

    text = logs(capsys, played).splitlines()
    assert any(line.endswith(f"seat 0 stderr: ({dropped:,} earlier bytes cut)") for line in text)
    for number, line in enumerate(text):
        if line.startswith("  action ") and ", seat 0 (bot" in line:
            said = re.search(r'"the first of (\d+)"$', line)
            assert said is not None, line
            expected = f"seat 0 stdout (deciding): chatty: weighing {said.group(1)} actions"
            assert text[number + 1].endswith(expected), text[number + 1]


def test_another_seats_view_prints_none_of_it(
    played: tuple[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    text = logs(capsys, played, "--seat", "1")
    assert "chatty:" not in text
    assert "the first of" not in text
    assert "chatty: weighing" in logs(capsys, played, "--seat", str(CHATTY))
