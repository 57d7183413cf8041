"""A remote bot learns no hidden card from the dashboard while its deal is played (issue 22).

A real ``croupier serve`` plays a ladder of three-player cribbage (one short game a deal,
to 31) among two example versions and a remote bot, ``tests/fakebots/peeker.py``, run as
its author would run it, with ``CROUPIER_ADDRESS`` and ``CROUPIER_TOKEN``. The field holds
three bots, so the peeker sits in every game, and it plays the three rotations of each
deal (the duplicate set) one after the other. At each of its decisions it walks every
route of the dashboard it can find, anonymously, rebuilds every seed it finds with the
engine and notes what it learnt of the other seats' cards.

Its notes are then compared with the cards really dealt in each of its games (the stored
games replayed by the engine, as the admin may). What its own eyes gave it is allowed:
in its second game of a deal an opponent holds the cards it held itself in the first.
Anything else it knew of an opponent's cards during a game is a leak. As a control, it
must have read the hands of deals already played out, which the dashboard shows whole.
"""

from __future__ import annotations

import json
import re
import signal
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import (
    GameRecord,
    GameStatus,
    SeatRecord,
    create_database_engine,
    init_database,
)
from croupier_server.db.replay import replay_stored_game
from tests.e2e.test_remote import CROUPIER, Processes, add_remote_bot
from tests.server.ladder.harness import add_versions
from tests.server.referee.harness import REPOSITORY
from tests.waiting import ended, next_line, wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.usefixtures("seeded_bots", "versions_dir"),
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

PEEKER = REPOSITORY / "tests" / "fakebots" / "peeker.py"
DEALS = 2
"""Deals the peeker plays whole: from the second on, the first is over and shown whole."""
LADDER = [
    *("ladder", "open", "--game", "cribbage", "--variant", "three-player", "--target", "31"),
    *("--match-points", "1", "--concurrency", "2", "--rating-deals", "2", "--seed", "11"),
    *("--decision-ms", "60000", "--connect-ms", "60000"),
]
DEALT = re.compile(r"seat (\d+) is dealt (.+)")
Hand = frozenset[str]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game of the peeker: its seat, seed and the cards each seat was dealt."""

    id: int
    seat: int
    seed: int
    dealt: dict[int, set[Hand]]


def serve(processes: Processes, database: str) -> tuple[Any, str, str]:
    """Start ``croupier serve``; the process, its referee's address, its dashboard's URL."""
    argv = [CROUPIER, "serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0"]
    server = processes.start([*argv, "--db", database])
    listening = next_line(server)
    assert listening.startswith("referee listening on "), listening
    dashboard = next_line(server)
    assert dashboard.startswith("dashboard: http://127.0.0.1:"), dashboard
    return server, listening.split()[3], dashboard.split()[1].rstrip("/")


def peeker_games(engine: Engine) -> list[PlayedGame]:
    """The peeker's finished games, oldest first, with the cards really dealt in each."""
    with Session(engine) as session:
        query = (
            select(GameRecord, SeatRecord)
            .join(SeatRecord, SeatRecord.game_id == GameRecord.id)  # type: ignore[arg-type]
            .where(SeatRecord.bot_id == _peeker_id(session))
            .where(GameRecord.status == GameStatus.FINISHED)
            .order_by(GameRecord.id)  # type: ignore[arg-type]
        )
        return [
            PlayedGame(game.id, seat.seat, game.seed, _dealt(session, game.id))
            for game, seat in session.exec(query)
            if game.id is not None
        ]


def _peeker_id(session: Session) -> int:
    bot = db.get_bot_by_name(session, name="peeker")
    assert bot is not None
    assert bot.id is not None
    return bot.id


def _dealt(session: Session, game_id: int) -> dict[int, set[Hand]]:
    """The cards each seat was dealt in every hand of the game, as the engine replays it."""
    dealt: dict[int, set[Hand]] = {}
    for event in replay_stored_game(session, game_id=game_id).events:
        if found := DEALT.fullmatch(str(event)):
            dealt.setdefault(int(found.group(1)), set()).add(_hand(found.group(2)))
    return dealt


def _hand(cards: str) -> Hand:
    return frozenset(cards.split())


def whole_deals(games: Iterable[PlayedGame]) -> int:
    """How many deals the peeker played all three games of."""
    return sum(count == 3 for count in Counter(game.seed for game in games).values())


def wait_for_deals(engine: Engine, server: Any) -> list[PlayedGame]:
    """The peeker's games once it has played :data:`DEALS` deals whole."""

    def games_once_whole() -> list[PlayedGame] | None:
        assert server.poll() is None, server.communicate()
        games = peeker_games(engine)
        return games if whole_deals(games) >= DEALS else None

    return wait_for(games_once_whole, f"the peeker to play {DEALS} deals whole")


def notes_of(path: Path) -> dict[int, list[dict[str, Any]]]:
    """The peeker's notes, by game."""
    notes: dict[int, list[dict[str, Any]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        note = json.loads(line)
        notes.setdefault(note["game"], []).append(note)
    return notes


def leaks(games: list[PlayedGame], notes: dict[int, list[dict[str, Any]]]) -> list[str]:
    """What the peeker knew of an opponent's cards in a game that its own play never showed it."""
    found = []
    for game in games:
        seen = {
            hand
            for earlier in games
            if earlier.id < game.id and earlier.seed == game.seed
            for hand in earlier.dealt[earlier.seat]
        }
        for note in notes.get(game.id, []):
            for seat, cards in note["claims"]:
                hand = _hand(cards)
                if seat != game.seat and hand in game.dealt.get(seat, set()) and hand not in seen:
                    found.append(f"game {game.id}: seat {seat}'s {cards}")
    return found


def test_a_remote_bot_learns_no_hidden_card_from_the_dashboard(
    database_url: str,
    processes: Processes,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    engine = create_database_engine(database_url)
    init_database(engine)
    add_versions(engine, "cribbage", {"random": "cribbage_random", "greedy": "cribbage_greedy"})
    key = add_remote_bot(capsys, database_url, "peeker", "cribbage")
    assert main([*LADDER, "--db", database_url]) == 0
    server, address, url = serve(processes, database_url)
    notes = tmp_path / "notes.jsonl"
    argv = [sys.executable, str(PEEKER), url, str(notes)]
    processes.start(argv, CROUPIER_ADDRESS=address, CROUPIER_TOKEN=key)

    games = wait_for_deals(engine, server)
    server.send_signal(signal.SIGTERM)
    ended(server)
    engine.dispose()

    noted = notes_of(notes)
    assert all(game.id in noted for game in games)  # it looked during every game
    assert leaks(games, noted) == []
    # The control: in its later deals, it read the hands of the first, played out by then.
    first = games[0]
    learnt = {
        (seat, _hand(cards))
        for game in games
        if game.seed != first.seed
        for note in noted.get(game.id, [])
        for seat, cards in note["claims"]
    }
    assert learnt & {(seat, hand) for seat, hands in first.dealt.items() for hand in hands}
