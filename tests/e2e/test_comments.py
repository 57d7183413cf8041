"""Bots explain their decisions: comments go over gRPC into the database and out of the replay.

Real bot processes play a recorded Lexio game through the command line: the strong example
bot returns ``croupier.Decision`` with a comment (the SDK sends it), the scripted bot
sends a comment longer than the referee keeps (cut, not a fault), the greedy bot none.
``croupier replay --logs`` prints each comment at its action, and a seat's view only its
own seat's.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from sqlmodel import Session

from croupier import codec
from croupier_server import db
from croupier_server.db import DecidedBy, create_database_engine
from tests.e2e.test_bot_output import croupier
from tests.fakebots.scripted import LONG_COMMENT
from tests.server.referee.harness import example_command, scripted_command

pytestmark = pytest.mark.slow

STRONG, LONG, GREEDY = 0, 1, 2
STRONG_COMMENT = re.compile(
    r"plays weighed: \d+, the hand left costs -?\d+\.\d\d \(danger \d\.\d\d\)"
)
GENEROUS_CLOCK = ["--decision-ms", "10000", "--bank-ms", "60000", "--connect-ms", "30000"]


@pytest.fixture
def played(checked_database: str, capsys: pytest.CaptureFixture[str]) -> tuple[str, int]:
    """A three-seat Lexio game of the strong, the long-comment and the greedy bots."""
    commands = {
        "strong": example_command("lexio_strong"),
        "long": scripted_command("long-comment"),
        "greedy": example_command("lexio_greedy"),
    }
    for name, command in commands.items():
        croupier(capsys, "bot", "add", name, "--game", "lexio", "--command", command,
                 "--db", checked_database)  # fmt: skip
    bots = [option for name in commands for option in ("--bot", name)]
    argv = ["match", "--game", "lexio", "--players", "3", "--rounds", "1", *bots]
    out = croupier(capsys, *argv, "--seed", "5", *GENEROUS_CLOCK, "--json",
                   "--db", checked_database)  # fmt: skip
    return checked_database, json.loads(out)["game_id"]


def test_the_comments_are_stored_with_the_actions_cut_to_the_limit(
    played: tuple[str, int],
) -> None:
    url, game_id = played
    engine = create_database_engine(url)
    try:
        with Session(engine) as session:
            actions = db.game_actions(session, game_id=game_id)
            faults = db.game_faults(session, game_id=game_id)
    finally:
        engine.dispose()
    assert faults == []
    comments: dict[int, set[str | None]] = {STRONG: set(), LONG: set(), GREEDY: set()}
    for action in actions:
        if action.decided_by == DecidedBy.BOT:
            comments[action.seat].add(action.comment)
        else:
            assert action.comment is None, "nobody was asked: nobody explained"
    assert comments[STRONG]
    assert all(STRONG_COMMENT.fullmatch(comment or "") for comment in comments[STRONG])
    kept = codec.cut_comment(LONG_COMMENT)
    assert comments[LONG] == {kept}
    assert LONG_COMMENT.startswith(kept)
    assert len(kept.encode()) == 1023  # the character across 1,024 bytes is dropped whole
    assert comments[GREEDY] == {None}


def replay(capsys: pytest.CaptureFixture[str], played: tuple[str, int], *view: str) -> str:
    url, game_id = played
    return croupier(capsys, "replay", str(game_id), "--logs", *view, "--db", url)


def action_lines(text: str) -> dict[int, tuple[int, str]]:
    """The action lines of a ``--logs`` replay: number -> (seat, what follows the seat)."""
    found = re.findall(r"^  action (\d+), seat (\d+) (.*)$", text, flags=re.MULTILINE)
    return {int(number): (int(seat), rest) for number, seat, rest in found}


def test_replay_with_logs_prints_each_comment_at_its_action(
    played: tuple[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    url, game_id = played
    text = replay(capsys, played)
    plain = croupier(capsys, "replay", str(game_id), "--db", url)
    engine = create_database_engine(url)
    try:
        with Session(engine) as session:
            actions = db.game_actions(session, game_id=game_id)
    finally:
        engine.dispose()

    lines = action_lines(text)
    assert sorted(lines) == [action.number for action in actions]
    for action in actions:
        seat, rest = lines[action.number]
        assert seat == action.seat
        assert rest.startswith(f"({action.decided_by}")
        said = json.dumps(action.comment, ensure_ascii=False)
        assert rest.endswith(f": {said}") == (action.comment is not None), rest
    # Every event is printed, in order, between the actions.
    events = [line for line in plain.splitlines() if re.match(r"^ *\d+  ", line)]
    assert [line for line in text.splitlines() if re.match(r"^ *\d+  ", line)] == events


def test_a_seats_view_shows_only_its_own_comments(
    played: tuple[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    for seat in (STRONG, GREEDY):
        lines = action_lines(replay(capsys, played, "--seat", str(seat)))
        commented = {each for each, rest in lines.values() if rest.endswith('"')}
        assert commented == ({STRONG} if seat == STRONG else set())
        data: dict[str, Any] = json.loads(replay(capsys, played, "--seat", str(seat), "--json"))
        assert {action["seat"] for action in data["actions"] if action["comment"]} <= {seat}
        assert all("text" not in action for action in data["actions"])
    whole = json.loads(replay(capsys, played, "--json"))
    assert {action["seat"] for action in whole["actions"] if action["comment"]} == {STRONG, LONG}
