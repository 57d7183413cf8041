"""The fault policy of docs/referee.md, one fault at a time: a scripted bot misbehaves in seat 1.

Each test plays a real recorded game through the referee on loopback: the scripted bot of
``tests/fakebots/scripted.py`` against honest example bots, all of them subprocesses. The
fault must be charged to seat 1 only, with the documented consequence, and the game must
still finish with a result (every stored game is replayed at teardown).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine

from croupier.games import load_game
from croupier.proto.v1 import referee_pb2
from croupier_server.control import TimeControl
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.records import GameLog
from croupier_server.referee.seat import FaultPolicy
from tests.server.referee.harness import (
    GENEROUS,
    ProcessWatch,
    StoredGame,
    Transcript,
    example_command,
    is_running,
    new_tag,
    play,
    scripted_command,
    stored_game,
    tagged_processes,
)

SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
"""Most fault tests are about the referee, not storage: one backend is enough for them."""

LEXIO = load_game("lexio", {"players": 3, "rounds": 1})
CRIBBAGE = load_game("cribbage", {"variant": "six-card", "match_points": 1})
SEED = 20
FAULTY = 1
"""The seat of the scripted bot; the honest example bots sit around it."""


def play_lexio(
    engine: Engine, command: str, *, settings: RefereeSettings = GENEROUS
) -> tuple[StoredGame, float, GameLog]:
    """Play Lexio with ``command`` in seat 1; the game as stored, its seconds of play, its log."""
    commands = [example_command("lexio_greedy"), command, example_command("lexio_greedy")]
    game_id, log = play(engine, LEXIO, commands, seed=SEED, settings=settings)
    assert log.finished_at is not None
    played_s = (log.finished_at - log.events[0].at).total_seconds()
    return stored_game(engine, game_id), played_s, log


def play_cribbage(engine: Engine, command: str) -> tuple[StoredGame, Transcript]:
    """Play two-player cribbage with ``command`` in seat 1 against the greedy example bot."""
    commands = [example_command("cribbage_greedy"), command]
    game_id, log = play(engine, CRIBBAGE, commands, seed=SEED)
    return stored_game(engine, game_id), Transcript.of(log, FAULTY)


def assert_finished_despite(game: StoredGame, *, status: str) -> None:
    """The game has its result; seat 1 ends in ``status``; the honest seats have no fault."""
    assert game.record.status == "finished"
    assert game.record.result is not None
    assert game.seat_status[FAULTY] == status
    for seat, seat_status in enumerate(game.seat_status):
        if seat != FAULTY:
            assert seat_status == "finished"
            assert game.faults_of(seat) == []
    assert game.record.ended_by == ("forfeit" if status == "forfeited" else "normal")


def bot_decisions(game: StoredGame, seat: int = FAULTY) -> int:
    return sum(1 for who, decided_by in game.decided_by if who == seat and decided_by == "bot")


def asked(game: StoredGame) -> list[str]:
    """Who decided each of seat 1's actions that were not forced (the only legal action)."""
    return [
        decided_by
        for seat, decided_by in game.decided_by
        if seat == FAULTY and decided_by != "forced"
    ]


def assert_defaulted_after_forfeit(game: StoredGame) -> None:
    """After its bot's last own decision, seat 1 was played by the default policy."""
    actions = [decided_by for seat, decided_by in game.decided_by if seat == FAULTY]
    last_own = max((i for i, who in enumerate(actions) if who == "bot"), default=-1)
    after = set(actions[last_own + 1 :])
    assert "default" in after
    assert after <= {"default", "forced"}


@pytest.mark.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)
def test_a_bot_that_exits_before_connecting_crashes_and_forfeits(checked_engine: Engine) -> None:
    game, _, log = play_lexio(checked_engine, scripted_command("crash-at-start", record=True))
    transcript = Transcript.of(log, FAULTY)
    assert_finished_despite(game, status="forfeited")
    assert game.faults_of(FAULTY) == ["crash"]
    assert "exited with status 3 before connecting" in game.faults[0].detail
    assert bot_decisions(game) == 0
    assert_defaulted_after_forfeit(game)
    assert transcript.token  # it did record
    assert transcript.messages == []


@SQLITE_ONLY
def test_a_command_that_cannot_start_is_a_crash(checked_engine: Engine, tmp_path: Path) -> None:
    game, _, _ = play_lexio(checked_engine, str(tmp_path / "no-such-bot"))
    assert_finished_despite(game, status="forfeited")
    assert game.faults_of(FAULTY) == ["crash"]
    assert "cannot start" in game.faults[0].detail
    assert_defaulted_after_forfeit(game)


@pytest.mark.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)
def test_a_bot_that_exits_mid_game_crashes_and_forfeits(checked_engine: Engine) -> None:
    command = scripted_command("crash", "--after", "2", record=True)
    game, _, log = play_lexio(checked_engine, command)
    transcript = Transcript.of(log, FAULTY)
    assert_finished_despite(game, status="forfeited")
    assert game.faults_of(FAULTY) == ["crash"]
    assert bot_decisions(game) == 2
    assert_defaulted_after_forfeit(game)
    assert len(transcript.of_kind("decision")) == 3


@SQLITE_ONLY
def test_a_hanging_bot_times_out_until_it_forfeits_without_holding_up_the_game(
    checked_engine: Engine,
) -> None:
    # 200 ms a decision and a one-second bank: the first timeout spends the bank.
    settings = RefereeSettings(
        time_control=TimeControl(connect_ms=30_000, decision_ms=200, bank_ms=1_000),
        policy=FaultPolicy(max_strikes=3),
    )
    game, played_s, log = play_lexio(
        checked_engine, scripted_command("hang", record=True), settings=settings
    )
    transcript = Transcript.of(log, FAULTY)
    assert_finished_despite(game, status="forfeited")
    assert game.faults_of(FAULTY) == ["timeout"] * 3
    assert [fault.detail for fault in game.faults] == [
        "no answer in 1200 ms",
        "no answer in 200 ms",
        "no answer in 200 ms",
    ]
    assert_defaulted_after_forfeit(game)
    # The game waits for the three timeouts (1.6 s), and for little else.
    assert 1.6 <= played_s < 1.6 + 3.0
    decisions = transcript.of_kind("decision")
    assert [decision.time_left_ms for decision in decisions] == [1200, 200, 200]
    assert [decision.bank_left_ms for decision in decisions] == [1000, 0, 0]
    defaults = [
        taken
        for taken in transcript.of_kind("action_taken")
        if taken.decided_by == referee_pb2.DECIDER_DEFAULT_POLICY
    ]
    assert [taken.reason for taken in defaults[:3]] == [
        "timeout after 1200 ms",
        "timeout after 200 ms",
        "timeout after 200 ms",
    ]
    (game_over,) = transcript.of_kind("game_over")
    assert game_over.seat_status == referee_pb2.SEAT_STATUS_FORFEITED
    assert transcript.note("ended") == "OK"


@SQLITE_ONLY
def test_an_answer_after_the_deadline_without_a_bank_is_a_timeout_and_then_ignored(
    checked_engine: Engine,
) -> None:
    settings = RefereeSettings(
        time_control=TimeControl(connect_ms=30_000, decision_ms=1_000, bank_ms=0),
        policy=FaultPolicy(),
    )
    command = scripted_command("slow", "--times", "1", "--delay-ms", "2000")
    game, _, _ = play_lexio(checked_engine, command, settings=settings)
    assert_finished_despite(game, status="finished")
    # One timeout (a strike); the late answer is not charged again as a wrong request.
    assert game.faults_of(FAULTY) == ["timeout"]
    assert game.faults[0].detail == "no answer in 1000 ms"
    assert asked(game)[:2] == ["default", "bot"]


@SQLITE_ONLY
def test_a_slow_answer_within_the_bank_is_accepted_and_paid_from_the_bank(
    checked_engine: Engine,
) -> None:
    settings = RefereeSettings(
        time_control=TimeControl(connect_ms=30_000, decision_ms=300, bank_ms=3_000),
        policy=FaultPolicy(),
    )
    command = scripted_command("slow", "--times", "1", "--delay-ms", "1000", record=True)
    game, _, log = play_lexio(checked_engine, command, settings=settings)
    transcript = Transcript.of(log, FAULTY)
    assert_finished_despite(game, status="finished")
    assert game.faults_of(FAULTY) == []
    assert set(asked(game)) == {"bot"}
    banks = [decision.bank_left_ms for decision in transcript.of_kind("decision")]
    # The 700 ms (and a little more) over the decision time came out of the bank.
    assert banks[0] == 3_000
    assert 1_000 <= banks[1] <= 2_300


@SQLITE_ONLY
def test_an_illegal_action_is_refused_asked_again_then_defaulted(checked_engine: Engine) -> None:
    # Requests 2, 3 and 4 (one decision, asked three times) get a tile the bot does not hold.
    command = scripted_command("illegal", "--after", "1", "--times", "3", record=True)
    game, _, log = play_lexio(checked_engine, command)
    transcript = Transcript.of(log, FAULTY)
    assert_finished_despite(game, status="finished")
    assert game.faults_of(FAULTY) == ["illegal_action"] * 3
    assert all(fault.detail.endswith("is not legal now") for fault in game.faults)
    assert asked(game)[:3] == ["bot", "default", "bot"]
    decisions = transcript.of_kind("decision")
    assert [decision.attempt for decision in decisions[:5]] == [1, 1, 2, 3, 1]
    refused = transcript.of_kind("action_refused")
    assert [refusal.request_id for refusal in refused] == [d.request_id for d in decisions[1:4]]
    assert {refusal.fault for refusal in refused} == {referee_pb2.FAULT_KIND_ILLEGAL_ACTION}
    taken = [
        taken
        for taken in transcript.of_kind("action_taken")
        if taken.decided_by == referee_pb2.DECIDER_DEFAULT_POLICY
    ]
    assert [message.reason for message in taken] == ["no legal action after every retry"]
    # The default action is the first legal action of the decision.
    assert taken[0].action == decisions[3].legal_actions[0]


@SQLITE_ONLY
def test_illegal_actions_every_time_forfeit_the_seat_after_max_strikes(
    checked_engine: Engine,
) -> None:
    game, _, _ = play_lexio(checked_engine, scripted_command("illegal"))
    assert_finished_despite(game, status="forfeited")
    # Three decisions, each asked three times: nine refusals, three strikes.
    assert game.faults_of(FAULTY) == ["illegal_action"] * 9
    assert bot_decisions(game) == 0


@SQLITE_ONLY
@pytest.mark.parametrize(
    ("game_name", "behaviour", "refusals", "attempts"),
    [
        # An Action that names no game, once: the second attempt is taken.
        ("lexio", "empty-action", 1, [1, 2]),
        # A Lexio pass in cribbage, three times: the default action, then the next decision.
        ("cribbage", "other-game", 3, [1, 2, 3, 1]),
    ],
)
def test_a_malformed_action_is_refused_like_an_illegal_one(
    checked_engine: Engine,
    game_name: str,
    behaviour: str,
    refusals: int,
    attempts: list[int],
) -> None:
    command = scripted_command(behaviour, "--times", str(refusals), record=True)
    if game_name == "lexio":
        game, _, log = play_lexio(checked_engine, command)
        transcript = Transcript.of(log, FAULTY)
    else:
        game, transcript = play_cribbage(checked_engine, command)
    assert_finished_despite(game, status="finished")
    assert game.faults_of(FAULTY) == ["malformed"] * refusals
    refused = transcript.of_kind("action_refused")
    assert [refusal.fault for refusal in refused] == [referee_pb2.FAULT_KIND_MALFORMED] * refusals
    asked = [decision.attempt for decision in transcript.of_kind("decision")]
    assert asked[: len(attempts)] == attempts


@SQLITE_ONLY
def test_a_message_other_than_a_reply_is_malformed(checked_engine: Engine) -> None:
    # A second Hello before an answer: charged (a strike), while the answer is taken.
    game, _, _ = play_lexio(checked_engine, scripted_command("hello-again", "--times", "1"))
    assert_finished_despite(game, status="finished")
    assert game.faults_of(FAULTY) == ["malformed"]
    assert set(asked(game)) == {"bot"}


@SQLITE_ONLY
@pytest.mark.parametrize("behaviour", ["unknown-request", "answer-twice"])
def test_an_answer_to_a_request_not_awaiting_one_is_a_wrong_request(
    checked_engine: Engine, behaviour: str
) -> None:
    game, _, _ = play_lexio(
        checked_engine, scripted_command(behaviour, "--after", "1", "--times", "1")
    )
    assert_finished_despite(game, status="finished")
    assert game.faults_of(FAULTY) == ["wrong_request"]
    assert "not awaiting an answer" in game.faults[0].detail
    # The real answer was taken all the same: the bot decided every decision itself.
    assert set(asked(game)) == {"bot"}


@SQLITE_ONLY
def test_a_second_connection_with_the_same_token_is_refused_charged_and_the_first_plays_on(
    checked_engine: Engine,
) -> None:
    game, _, log = play_lexio(checked_engine, scripted_command("duplicate", record=True))
    transcript = Transcript.of(log, FAULTY)
    assert_finished_despite(game, status="finished")
    assert game.faults_of(FAULTY) == ["duplicate_connection"]
    assert bot_decisions(game) > 0
    assert transcript.note("second_stream") == "ALREADY_EXISTS"
    assert transcript.note("ended") == "OK"
    (game_over,) = transcript.of_kind("game_over")
    assert game_over.seat_status == referee_pb2.SEAT_STATUS_FINISHED


@SQLITE_ONLY
def test_a_hello_with_another_protocol_version_fails_its_precondition(
    checked_engine: Engine,
) -> None:
    game, _, log = play_lexio(checked_engine, scripted_command("old-protocol", record=True))
    transcript = Transcript.of(log, FAULTY)
    assert transcript.note("ended") == "FAILED_PRECONDITION"
    assert transcript.messages == []
    # Refused, the bot exits before it is connected: a crash of its seat, saying why.
    assert_finished_despite(game, status="forfeited")
    assert game.faults_of(FAULTY) == ["crash"]
    (fault,) = game.faults
    assert fault.detail.startswith(
        "its Hello was refused (the Hello says no protocol_version; this referee speaks 1 "
        "and 2); exited with status 4 before connecting; its last output:"
    )


@SQLITE_ONLY
@pytest.mark.slow
def test_a_bot_that_connects_too_late_forfeits_and_is_then_refused(
    checked_engine: Engine,
) -> None:
    # Seat 1 connects 5.5 s after its start, 1.5 s after its 4 s ran out; seat 2 hangs, so
    # that the game is still being played (three timeouts of 1.5 s) when seat 1 shows up.
    settings = RefereeSettings(
        time_control=TimeControl(connect_ms=4_000, decision_ms=1_500, bank_ms=0),
        policy=FaultPolicy(max_strikes=3),
    )
    commands = [
        example_command("lexio_greedy"),
        scripted_command("late", "--delay-ms", "5500", record=True),
        scripted_command("hang"),
    ]
    game_id, log = play(checked_engine, LEXIO, commands, seed=SEED, settings=settings)
    game = stored_game(checked_engine, game_id)
    assert game.record.result is not None
    assert game.seat_status == ["finished", "forfeited", "forfeited"]
    assert game.faults_of(0) == []
    assert game.faults_of(1) == ["connect_timeout"]
    assert game.faults_of(2) == ["timeout"] * 3
    transcript = Transcript.of(log, 1)
    assert transcript.messages == []
    assert transcript.note("ended") == "UNAUTHENTICATED"


@SQLITE_ONLY
def test_a_bot_that_ignores_sigterm_is_killed_with_its_children(checked_engine: Engine) -> None:
    # The bot starts a child, ignores SIGTERM and stays after its stream ends: the referee
    # waits half a second, sends SIGTERM, waits a second, then kills the process group.
    tag = new_tag()
    with ProcessWatch(tag) as watch:
        command = scripted_command("stubborn", record=True, tag=tag)
        game, _, log = play_lexio(checked_engine, command)
    transcript = Transcript.of(log, FAULTY)
    assert_finished_despite(game, status="finished")
    assert game.faults_of(FAULTY) == []
    pids = transcript.note("pids")
    assert len(pids) == 2
    # The bot knows its processes by the ids of its own PID namespace, if sealed: found by
    # their tag while the game ran, they are those it noted.
    processes = [process for process in watch.bots() if process.own_pid in pids]
    assert sorted(process.own_pid for process in processes) == sorted(pids)
    assert not [process.pid for process in processes if is_running(process.pid)]
    assert tagged_processes(tag) == {}
