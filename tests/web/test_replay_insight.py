"""Why a bot lost, in the replay's steps and JSON: time banks, decisions, moments, timeline.

The time bank is recomputed as the referee's ``SeatAgent`` charges it; a decision's
observation is the engine's, taken before any seat of the decision acted, and only a
viewer who knows the seat's hand gets it; the moments and the timeline come from the
engine's events.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier.games.lexio import RoundEnded
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.control import TimeControl
from croupier_server.db import ActionRecord, DecidedBy, FaultRecord, GameRecord, GameStatus
from croupier_server.web.steps import Step, replay_steps
from croupier_server.web.time_bank import TimeBanks, stored_time_control
from croupier_server.web.timeline import timeline
from croupier_server.web.viewers import Viewer
from tests import queries

OPTIONS = {"variant": "six-card", "match_points": 1}
SEED = 5
TIME_CONTROL = {"connect_ms": 5000, "decision_ms": 1000, "bank_ms": 800}


def test_the_bank_pays_each_overrun_never_below_zero_and_a_timeout_empties_it() -> None:
    banks = TimeBanks(TimeControl(decision_ms=1000, bank_ms=800), players=2)
    first = banks.charge(0, DecidedBy.BOT, latency_ms=1300.0, timed_out=False)
    assert (first.before_ms, first.after_ms, first.time_left_ms, first.slow) == (
        800,
        500,
        1800,
        True,
    )
    fast = banks.charge(0, DecidedBy.BOT, latency_ms=999.0, timed_out=False)
    assert (fast.after_ms, fast.slow) == (500, False)
    # A forced action and a forfeited seat's default ask nothing and cost nothing.
    assert banks.charge(0, DecidedBy.FORCED, latency_ms=None, timed_out=False).after_ms == 500
    assert banks.charge(0, DecidedBy.DEFAULT, latency_ms=None, timed_out=False).after_ms == 500
    overrun = banks.charge(0, DecidedBy.BOT, latency_ms=2000.0, timed_out=False)
    assert (overrun.before_ms, overrun.after_ms) == (500, 0)
    # Each seat has a bank of its own; a timeout empties it.
    timeout = banks.charge(1, DecidedBy.DEFAULT, latency_ms=None, timed_out=True)
    assert (timeout.before_ms, timeout.after_ms, timeout.slow) == (800, 0, True)
    assert banks.charge(1, DecidedBy.BOT, latency_ms=1001.0, timed_out=False).time_left_ms == 1000


def test_no_bank_at_all_makes_every_overrun_a_slow_decision() -> None:
    banks = TimeBanks(TimeControl(decision_ms=100, bank_ms=0), players=1)
    charge = banks.charge(0, DecidedBy.BOT, latency_ms=100.5, timed_out=False)
    assert (charge.time_left_ms, charge.after_ms, charge.slow) == (100, 0, True)


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ({"time_control": TIME_CONTROL}, TimeControl(**TIME_CONTROL)),
        ({"time_control": {"decision_ms": 50}}, TimeControl(decision_ms=50)),
        ({}, None),
        ({"time_control": "fast"}, None),
        ({"time_control": {"decision_ms": -1}}, None),
        ({"time_control": {"think_ms": 5}}, None),
    ],
)
def test_the_stored_time_control_is_read_back_or_none(
    settings: dict[str, Any], expected: TimeControl | None
) -> None:
    assert stored_time_control(settings) == expected


def discard_game() -> tuple[GameRecord, list[ActionRecord], list[FaultRecord]]:
    """A cribbage game's first hand, each seat taking its first legal action.

    Seat 0 answers its discard 500 ms late, seat 1 times out in the same decision (the
    default policy discards for it); seat 0 overruns again in the play.
    """
    rules = load_game("cribbage", OPTIONS)
    state = rules.new_state(SEED)
    moves: list[tuple[int, object, bool]] = []
    while len(moves) < 8:
        seats = state.seats_to_act()
        chosen = [(seat, state.legal_actions(seat)) for seat in seats]
        for seat, legal in chosen:
            state.apply(seat, legal[0])
            moves.append((seat, legal[0], len(legal) == 1))
    latencies = {0: 1500.0, 2: 1400.0}
    record = GameRecord(
        id=1,
        game="cribbage",
        options=OPTIONS,
        variant="six-card",
        seed=SEED,
        settings={"time_control": TIME_CONTROL},
        status=GameStatus.FINISHED,
    )
    actions = []
    for number, (seat, action, forced) in enumerate(moves):
        decided = DecidedBy.FORCED if forced else DecidedBy.BOT
        actions.append(
            ActionRecord(
                game_id=1,
                number=number,
                seat=seat,
                text=str(action),
                requested_at=utc_now(),
                latency_ms=None if forced else latencies.get(number, 10.0),
                decided_by=DecidedBy.DEFAULT if number == 1 else decided,
            )
        )
    timeout = FaultRecord(game_id=1, seat=1, kind="timeout", detail="no answer", action_number=0)
    return record, actions, [timeout]


def steps_of(view: str) -> list[Step]:
    record, actions, faults = discard_game()
    return replay_steps(
        record, actions, faults, Viewer.from_str(view), tables=range(len(actions) + 1)
    )


def test_banks_faults_and_slow_decisions_follow_the_referee_through_a_discard() -> None:
    steps = steps_of("all")
    first, second, third = (step.action for step in steps[1:4])
    assert first is not None
    assert second is not None
    assert third is not None
    assert (first.seat, first.time_left_ms, first.bank_left_ms, first.slow) == (0, 1800, 300, True)
    # Asked with seat 0 from the same state, seat 1 timed out: its fault is at its own step.
    assert steps[1].faults == []
    assert [(fault.seat, fault.kind) for fault in steps[2].faults] == [(1, "timeout")]
    assert (second.seat, second.bank_left_ms, second.slow) == (1, 0, True)
    assert (third.seat, third.time_left_ms, third.bank_left_ms, third.slow) == (0, 1300, 0, True)
    drawn = timeline(steps, "points", Viewer.from_str("all"))
    assert [(m.step, m.seat) for m in drawn.markers if m.kind == "slow"] == [(1, 0), (2, 1), (3, 0)]
    assert [(m.step, m.seat) for m in drawn.markers if m.kind == "fault"] == [(2, 1)]
    assert drawn.forced == [
        step.number for step in steps if step.action and step.action.decided_by == "forced"
    ]


@pytest.mark.parametrize("view", ["all", "spectator", "seat-0", "seat-1"])
def test_a_decision_is_what_its_seat_was_sent_for_a_viewer_who_knows_its_hand(
    view: str,
) -> None:
    rules = load_game("cribbage", OPTIONS)
    deal = rules.new_state(SEED)
    steps = steps_of(view)
    viewer = Viewer.from_str(view)
    for step in steps[1:]:
        assert step.action is not None
        if not viewer.knows_secrets_of(step.action.seat):
            assert step.decision is None
            continue
        assert step.decision is not None
        assert step.decision.seat == step.action.seat
        legal = step.decision.legal_actions
        assert step.decision.chosen is not None
        assert legal[step.decision.chosen] == step.action.text
    # Both discards were asked from the deal: the second seat's still holds six cards.
    for seat in (0, 1):
        decision = steps[1 + seat].decision
        if viewer.knows_secrets_of(seat):
            assert decision is not None
            expected = deal.observation(seat)
            assert decision.observation["hand"] == [str(card) for card in expected.hand]
            assert decision.legal_actions == [str(a) for a in deal.legal_actions(seat)]
            assert decision.asked  # seat 1 timed out: asked, though the default decided


def test_the_replay_json_holds_names_moments_decisions_and_the_timeline(
    client: TestClient, filled_engine: Engine
) -> None:
    with Session(filled_engine) as session:
        game = queries.list_games(session, game="lexio", status=GameStatus.FINISHED)[0]
        assert game.id is not None
        seats = db.game_seats(session, game_id=game.id)
        record = db.get_game(session, game_id=game.id)
        actions = db.game_actions(session, game_id=game.id)
    assert record is not None
    rules = load_game(record.game, record.options)
    state = rules.new_state(record.seed)
    round_ends = []
    for number, action in enumerate(actions, start=1):
        seen = len(state.events)
        state.apply(action.seat, rules.parse_action(action.text))
        round_ends += [
            (number, event) for event in state.events[seen:] if isinstance(event, RoundEnded)
        ]

    body = client.get(f"/api/games/{game.id}/replay", params={"view": "seat-2"}).json()
    assert [seat["bot_id"] for seat in body["seats"]] == [seat.bot_id for seat in seats]
    moments = {step["number"]: step["moment"] for step in body["steps"] if step["moment"]}
    assert sorted(moments) == [number for number, _ in round_ends]
    for number, ended in round_ends:
        moment = moments[number]
        assert [seat["tiles"] for seat in moment["seats"]] == [
            [str(tile) for tile in hand] for hand in ended.hands
        ]
        assert [seat["net"] for seat in moment["seats"]] == list(ended.nets)
    decided = {step["decision"]["seat"] for step in body["steps"] if step["decision"]}
    assert decided == {2}
    timeline_body = body["timeline"]
    assert timeline_body["unit"] == "chips"
    rounds = [m["step"] for m in timeline_body["markers"] if m["kind"] == "round"]
    assert rounds == [number for number, _ in round_ends]
    assert {m["seat"] for m in timeline_body["markers"] if m["kind"] == "costly"} <= {2}
    tallies = timeline_body["tallies"]
    assert tallies[-1] == list(state.observation(None).balances)
    # With every hand open, each seat that lost chips has its costliest steps marked.
    every = client.get(f"/api/games/{game.id}/replay").json()["timeline"]
    costly = {m["seat"] for m in every["markers"] if m["kind"] == "costly"}
    losers = {seat for seat, chips in enumerate(tallies[-1]) if chips < tallies[0][seat]}
    assert losers
    assert losers <= costly

    since = client.get(f"/api/games/{game.id}/replay", params={"since": 10}).json()
    assert since["steps"][0]["number"] == 10
    assert since["timeline"] == every


def test_a_moment_frame_asked_for_a_step_without_one_draws_its_table(client: TestClient) -> None:
    response = client.get("/games/1", params={"step": 1, "frame": "moment"})
    assert response.status_code == 200
    assert 'data-frame="table"' in response.text
    assert client.get("/games/1", params={"frame": "other"}).status_code == 404
