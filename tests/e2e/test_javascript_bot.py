"""The contract works from another language: the JavaScript bot of ``examples/js`` plays.

The bot loads ``proto/`` with @grpc/proto-loader and talks to the real referee in contract
version 2: it plays a Lexio match against the Python example bots, and a cribbage game
against the greedy one, each registered and played through the ``croupier`` command line
into a SQLite database, with its events batched in its requests (no GameEvent message). A
scripted referee checks its Hello, that a request id above 2**53 comes back exactly and
that it reads the batched events, and the real referee that a refused token ends the bot
with one line and a non-zero status. Over TLS, the bot plays a cribbage game as a remote bot
of ``croupier match --tls-self-signed``, trusting the authority the referee made, and a
certificate of another authority ends it with one line.

Needs ``node`` (and ``npm`` once, to install ``examples/js/node_modules`` with ``npm ci``);
without node the tests are skipped, unless ``CROUPIER_REQUIRE_NODE=1`` (CI) makes that a
failure.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import grpc
import pytest
from sqlmodel import Session

from croupier import codec
from croupier.games import load_game
from croupier.games.lexio import Play
from croupier.proto.v1 import referee_pb2, referee_pb2_grpc
from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import (
    DecidedBy,
    EndedBy,
    GameStatus,
    SeatStatus,
    check_stored_game,
    create_database_engine,
)
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.tls import CA_FILE, self_signed_credentials
from tests.e2e.test_remote import wait_until_listening
from tests.npm import missing_node, npm_ci
from tests.server.referee.harness import free_port
from tests.waiting import ended, patience_s

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
JS_BOT = EXAMPLES / "js"
PACKAGES = ("grpc-js", "proto-loader")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def node() -> str:
    """The path of ``node``, with the bot's packages installed (``npm ci``) if they are not."""
    node = shutil.which("node")
    if node is None:
        missing_node("node is not installed: the JavaScript bot cannot run")
    npm_ci(
        JS_BOT,
        "examples/js/node_modules",
        installed=lambda: all((JS_BOT / "node_modules" / "@grpc" / n).is_dir() for n in PACKAGES),
    )
    return node


def _command(*argv: str | Path) -> str:
    return shlex.join(str(arg) for arg in argv)


# Full games through the real referee


GAMES = [
    pytest.param(
        "lexio",
        ["--players", "4", "--rounds", "2"],
        ["lexio_greedy.py", "lexio_random.py", "lexio_strong.py"],
        id="lexio",
    ),
    pytest.param("cribbage", ["--match-points", "1"], ["cribbage_greedy.py"], id="cribbage"),
]
JS_SEAT = 1
EVENTS_LOGGED = re.compile(r"events: (\d+) batched, (\d+) live$")
"""How the bot ends the line it logs at a game's end (in its stored output)."""


@pytest.mark.parametrize(("game", "rules", "opponents"), GAMES)
def test_the_javascript_bot_plays_a_whole_game(
    node: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    game: str,
    rules: list[str],
    opponents: list[str],
) -> None:
    url = f"sqlite:///{tmp_path / 'croupier.db'}"
    commands = [_command(sys.executable, EXAMPLES / script) for script in opponents]
    commands.insert(JS_SEAT, _command(node, JS_BOT / "bot.js"))
    names = [f"seat{seat}" for seat in range(len(commands))]
    for name, command in zip(names, commands, strict=True):
        assert main(["bot", "add", name, "--game", game, "--command", command, "--db", url]) == 0
    seats = [option for name in names for option in ("--bot", name)]
    match = ["match", "--game", game, *rules, *seats, "--seed", "7", "--json", "--db", url]
    capsys.readouterr()

    assert main(match) == 0

    game_id = json.loads(capsys.readouterr().out)["game_id"]
    engine = create_database_engine(url)
    try:
        with Session(engine) as session:
            record = db.get_game(session, game_id=game_id)
            assert record is not None
            assert (record.status, record.ended_by) == (GameStatus.FINISHED, EndedBy.NORMAL)
            faults = db.game_faults(session, game_id=game_id, seat=JS_SEAT)
            assert [f"{fault.kind}: {fault.detail}" for fault in faults] == []
            js_seat = db.game_seats(session, game_id=game_id)[JS_SEAT]
            assert js_seat.status is SeatStatus.FINISHED
            assert js_seat.decisions > 0
            # Each of its answers says why (ActionReply.comment, built from the contract).
            answered = [
                action
                for action in db.game_actions(session, game_id=game_id)
                if action.seat == JS_SEAT and action.decided_by == DecidedBy.BOT
            ]
            assert len(answered) == js_seat.decisions
            assert all(action.comment for action in answered)
            # Version 2: every event came batched, none as a GameEvent message of its own.
            output = [line.text for line in db.game_output(session, game_id=game_id, seat=JS_SEAT)]
            counts = [found.groups() for text in output if (found := EVENTS_LOGGED.search(text))]
            assert len(counts) == 1, output
            batched, live = (int(count) for count in counts[0])
            assert batched > 0
            assert live == 0
            check_stored_game(session, game_id=game_id)
    finally:
        engine.dispose()


# The session, against a scripted referee and a refusing one

LARGE_REQUEST_ID = 2**63 + 1
"""A uint64 that a JavaScript number (53 bits of precision) would round to 2**63."""


class ScriptedReferee(referee_pb2_grpc.RefereeServicer):
    """Sends one Lexio decision request with a large id, then ends the game and the stream.

    As contract version 2 does, the seat's events travel in the request (the deal) and in
    the game's end (the bot's play), and in no GameEvent message.
    """

    def __init__(self) -> None:
        self.game = load_game("lexio", {"players": 4})
        self.state = self.game.new_state(3)
        self.seat = self.state.current_player()
        self.observation = self.state.observation(self.seat)
        self.received: queue.SimpleQueue[referee_pb2.BotMessage] = queue.SimpleQueue()
        self.events_sent = 0

    def _events_since(self, start: int) -> list[referee_pb2.GameEvent]:
        """The seat's encoded events from index ``start`` of the state's events on."""
        events = [event for event in self.state.events[start:] if event.is_visible_to(self.seat)]
        self.events_sent += len(events)
        return [codec.encode_event("g1", event, game=self.game).event for event in events]

    def Connect(  # noqa: N802 (the name is the RPC's)
        self, request_iterator: Iterator[referee_pb2.BotMessage], context: grpc.ServicerContext
    ) -> Iterator[referee_pb2.RefereeMessage]:
        self.received.put(next(request_iterator))
        clock = codec.TimeControl(connect_ms=1000, decision_ms=1000, bank_ms=0)
        yield codec.game_start(game_id="g1", game=self.game, seat=self.seat, time_control=clock)
        yield codec.decision_request(
            request_id=LARGE_REQUEST_ID,
            game_id="g1",
            game=self.game,
            observation=self.observation,
            time_left_ms=1000,
            bank_left_ms=0,
            attempt=1,
            events=self._events_since(0),
        )
        reply = next(request_iterator)
        self.received.put(reply)
        dealt = len(self.state.events)
        self.state.apply(self.seat, codec.read_action_reply(reply.action, self.game).action)
        over = referee_pb2.GameOver(
            game_id="g1",
            result=referee_pb2.Result(scores=[0, 0, 0, 0], places=[1, 1, 1, 1]),
            seat_status=referee_pb2.SEAT_STATUS_FINISHED,
            events=self._events_since(dealt),
        )
        yield referee_pb2.RefereeMessage(game_over=over)


def _run_bot(
    node: str, address: str, token: str, **variables: str
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CROUPIER_ADDRESS": address, "CROUPIER_TOKEN": token, **variables}
    return subprocess.run(
        [node, str(JS_BOT / "bot.js")],
        env=env,
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=False,
    )


def test_a_uint64_request_id_comes_back_exactly_and_the_bot_exits_cleanly(node: str) -> None:
    referee = ScriptedReferee()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    referee_pb2_grpc.add_RefereeServicer_to_server(referee, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        done = _run_bot(node, f"127.0.0.1:{port}", "seat-token")
    finally:
        server.stop(grace=None)

    assert done.returncode == 0, done.stderr
    hello = referee.received.get_nowait().hello
    assert (hello.token, hello.protocol_version, hello.sdk) == ("seat-token", 2, "grpc-js")
    assert (list(hello.games), hello.live_events) == (["lexio", "cribbage"], False)
    reply = codec.read_action_reply(referee.received.get_nowait().action, referee.game)
    assert reply.request_id == LARGE_REQUEST_ID
    # Leading, it plays the weakest of its largest plays (the engine lists plays by size).
    plays = [action for action in referee.observation.legal_actions if isinstance(action, Play)]
    largest = max(len(play.tiles) for play in plays)
    assert reply.action == next(play for play in plays if len(play.tiles) == largest)
    assert reply.comment == f"the weakest of {len(plays)} plays, {largest} tile(s)"
    assert "game g1: lexio" in done.stderr
    assert "game g1 over: place" in done.stderr
    assert f"events: {referee.events_sent} batched, 0 live" in done.stderr
    assert referee.events_sent > 2  # the round's start, the seat's tiles, and its play


def test_the_javascript_bot_plays_a_whole_game_over_tls(
    node: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'croupier.db'}"
    add = ["bot", "add", "visitor", "--game", "cribbage", "--remote", "--db", url]
    assert main(add) == 0
    key = re.search(r"CROUPIER_TOKEN\): (\S+)", capsys.readouterr().out)
    assert key is not None
    greedy = _command(sys.executable, EXAMPLES / "cribbage_greedy.py")
    add = ["bot", "add", "greedy", "--game", "cribbage", "--command", greedy, "--db", url]
    assert main(add) == 0
    port, pair = free_port(), tmp_path / "tls"
    match = subprocess.Popen(
        [
            *(str(Path(sys.executable).with_name("croupier")), "match", "--game", "cribbage"),
            *("--match-points", "1", "--bot", "visitor", "--bot", "greedy", "--seed", "7"),
            *("--connect-ms", "30000", "--json", "--listen", f"127.0.0.1:{port}"),
            *("--tls-self-signed", str(pair), "--db", url),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until_listening(match, port)
        env = {"CROUPIER_CA_FILE": str(pair / CA_FILE)}
        done = _run_bot(node, f"tls://localhost:{port}", key.group(1), **env)
        out, err = ended(match)
    finally:
        match.kill()
        match.communicate()

    assert done.returncode == 0, done.stderr
    assert "game 1 over: place" in done.stderr
    assert match.returncode == 0, err
    played = json.loads(out)
    assert [seat["bot"] for seat in played["seats"]] == ["visitor", "greedy"]
    assert all(seat["status"] == "finished" and seat["faults"] == [] for seat in played["seats"])


def test_a_certificate_of_another_authority_ends_the_bot_with_one_line(
    node: str, tmp_path: Path
) -> None:
    tls = self_signed_credentials(tmp_path / "tls", ["127.0.0.1"])
    self_signed_credentials(tmp_path / "other", ["127.0.0.1"])
    other_ca = tmp_path / "other" / CA_FILE

    async def run() -> tuple[str, subprocess.CompletedProcess[str]]:
        server = RefereeServer(SessionRegistry(), tls=tls)
        # By a host name: Node warns of a TLS server name that is an IP address (RFC 6066).
        address = (await server.start()).replace("127.0.0.1", "localhost")
        try:
            env = {"CROUPIER_CA_FILE": str(other_ca)}
            return address, await asyncio.to_thread(_run_bot, node, address, "a-token", **env)
        finally:
            await server.stop()

    address, done = asyncio.run(run())

    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"js-bot: the referee's certificate at {address} does not verify against {other_ca}: "
        "certificate signature failure"
    ]


def test_a_refused_token_ends_the_bot_with_one_line_and_a_failure_status(node: str) -> None:
    async def run() -> subprocess.CompletedProcess[str]:
        server = RefereeServer(SessionRegistry())
        address = await server.start()
        try:
            return await asyncio.to_thread(_run_bot, node, address, "not-a-token")
        finally:
            await server.stop()

    done = asyncio.run(run())

    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "js-bot: the referee ended the session (UNAUTHENTICATED): unknown or expired token"
    ]
