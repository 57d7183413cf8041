"""The steps of a replay: each view holds exactly what its viewer may know, at every step.

What a view shows is compared with the rules engine's own state at the same step: the hands
(and cribbage discards) every seat holds, and the events each step produced.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Event, State, game_class, load_game, random_rollout
from croupier.games.cribbage import CribbageObservation, Discard
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import (
    ActionRecord,
    DecidedBy,
    EndedBy,
    FaultRecord,
    GameRecord,
    GameStatus,
    ReplayMismatch,
)
from croupier_server.web.steps import Step, replay_steps
from croupier_server.web.tables.cribbage import CribbageTable
from croupier_server.web.tables.lexio import LexioTable
from croupier_server.web.viewers import Viewer
from tests import queries


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as the steps are built from it."""

    record: GameRecord
    actions: list[ActionRecord]
    faults: list[FaultRecord]

    @property
    def players(self) -> int:
        return load_game(self.record.game, self.record.options).num_players

    def steps(self, view: str, **options: Any) -> list[Step]:
        return replay_steps(
            self.record, self.actions, self.faults, Viewer.from_str(view), **options
        )

    def every_step(self, view: str) -> list[Step]:
        return self.steps(view, tables=range(len(self.actions) + 1))


def stored(engine: Engine, game_id: int) -> StoredGame:
    with Session(engine) as session:
        record = db.get_game(session, game_id=game_id)
        assert record is not None
        return StoredGame(
            record,
            db.game_actions(session, game_id=game_id),
            db.game_faults(session, game_id=game_id),
        )


def finished_game(engine: Engine, game: str, ended_by: str) -> StoredGame:
    with Session(engine) as session:
        records = queries.list_games(session, game=game, status=GameStatus.FINISHED, limit=1000)
        game_id = next(record.id for record in records if record.ended_by == ended_by)
    assert game_id is not None
    return stored(engine, game_id)


@pytest.fixture(scope="module", params=["lexio", "cribbage"])
def finished(request: pytest.FixtureRequest, filled_engine: Engine) -> StoredGame:
    """A Lexio and a cribbage game that ended normally."""
    return finished_game(filled_engine, request.param, EndedBy.NORMAL)


@pytest.fixture(scope="module")
def forfeited(filled_engine: Engine) -> StoredGame:
    """The cribbage game the bot "crasher" forfeited."""
    return finished_game(filled_engine, "cribbage", EndedBy.FORFEIT)


def engine_steps(game: StoredGame) -> Iterator[tuple[State[Any, Any, Any], list[Event]]]:
    """The engine's state at each step and the events the step produced (use it at once)."""
    rules = load_game(game.record.game, game.record.options)
    state: State[Any, Any, Any] = rules.new_state(game.record.seed)
    seen = 0
    for number in range(len(game.actions) + 1):
        if number:
            action = game.actions[number - 1]
            state.apply(action.seat, rules.parse_action(action.text))
        produced = list(state.events[seen:])
        seen += len(produced)
        yield state, produced


def own_hand(state: State[Any, Any, Any], seat: int) -> list[str]:
    return [str(piece) for piece in state.observation(seat).hand]


def secrets(state: State[Any, Any, Any], seat: int) -> set[str]:
    """What only ``seat`` knows: its hand and, in cribbage, what it laid away."""
    observation = state.observation(seat)
    hidden = list(observation.hand)
    if isinstance(observation, CribbageObservation):
        hidden.extend(observation.discards)
    return {str(piece) for piece in hidden}


def table_of(step: Step) -> LexioTable | CribbageTable:
    """The table of ``step``, which must have one."""
    assert isinstance(step.table, LexioTable | CribbageTable), step.number
    return step.table


def faces(table: LexioTable | CribbageTable) -> set[str]:
    """Every text the table shows, but the hands counted in a show (public by then)."""
    return set(_texts(table.model_dump(exclude={"shown"})))


def _texts(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def check_seat_view(game: StoredGame, seat: int) -> None:
    steps = game.every_step(f"seat-{seat}")
    others = [other for other in range(game.players) if other != seat]
    for step, (state, produced) in zip(steps, engine_steps(game), strict=True):
        table = table_of(step)
        assert table.hands[seat] == own_hand(state, seat), step.number
        assert all(table.hands[other] is None for other in others), step.number
        assert table.hand_sizes == list(state.observation(None).hand_sizes)
        hidden = set().union(*(secrets(state, other) for other in others))
        assert not faces(table) & hidden, f"step {step.number} shows {faces(table) & hidden}"
        visible = [str(event) for event in produced if event.is_visible_to(seat)]
        assert [event.text for event in step.events] == visible, step.number
        assert all(event.visible_to in (None, seat) for event in step.events)


def test_step_k_is_the_game_after_action_k_minus_1(finished: StoredGame) -> None:
    steps = finished.every_step("all")
    assert [step.number for step in steps] == list(range(len(finished.actions) + 1))
    assert steps[0].action is None
    for step, action in zip(steps[1:], finished.actions, strict=True):
        assert step.action is not None
        assert (step.action.seat, step.action.text) == (action.seat, action.text)
        assert step.action.decided_by == action.decided_by
        assert step.action.latency_ms == action.latency_ms


def test_the_all_view_shows_every_hand_and_every_event(finished: StoredGame) -> None:
    steps = finished.every_step("all")
    for step, (state, produced) in zip(steps, engine_steps(finished), strict=True):
        assert table_of(step).hands == [own_hand(state, seat) for seat in range(finished.players)]
        assert [event.text for event in step.events] == [str(event) for event in produced]
    dealt = {event.visible_to for event in steps[0].events} - {None}
    assert dealt == set(range(finished.players)), "every seat's deal is shown at step 0"


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_sees_its_own_hand_and_nothing_of_another_seat(
    finished: StoredGame, seat: int
) -> None:
    check_seat_view(finished, seat)


def test_the_spectator_sees_no_hand_no_secret_and_only_public_events(
    finished: StoredGame,
) -> None:
    steps = finished.every_step("spectator")
    rules = load_game(finished.record.game, finished.record.options)
    for step, (state, _) in zip(steps, engine_steps(finished), strict=True):
        table = table_of(step)
        assert table.hands == [None] * finished.players
        hidden = set().union(*(secrets(state, seat) for seat in range(finished.players)))
        assert not faces(table) & hidden, step.number
        assert all(event.visible_to is None for event in step.events)
        if isinstance(table, CribbageTable):
            assert all(card is None for card in table.crib)
    discards = [
        step
        for step, action in zip(steps[1:], finished.actions, strict=True)
        if isinstance(rules.parse_action(action.text), Discard)
    ]
    assert all(step.action is not None and step.action.text is None for step in discards)
    assert (finished.record.game == "cribbage") == bool(discards)


def test_the_forfeited_game_shows_the_crash_at_the_step_of_its_decision(
    forfeited: StoredGame,
) -> None:
    (crash,) = forfeited.faults
    assert crash.action_number is not None
    at = crash.action_number + 1
    for view, detail in [
        ("all", crash.detail),
        (f"seat-{crash.seat}", crash.detail),
        ("spectator", None),
        (f"seat-{1 - crash.seat}", None),
    ]:
        steps = forfeited.steps(view)
        faulty = {step.number: step.faults for step in steps if step.faults}
        assert list(faulty) == [at], view
        ((fault,),) = faulty.values()
        assert (fault.seat, fault.kind, fault.detail) == (crash.seat, "crash", detail), view
    defaults = [
        step.action.seat
        for step in forfeited.steps("all")
        if step.action is not None and step.action.decided_by == DecidedBy.DEFAULT
    ]
    assert defaults
    assert set(defaults) == {crash.seat}


def test_only_the_steps_from_first_on_are_built_with_only_the_tables_asked_for(
    finished: StoredGame,
) -> None:
    whole = finished.every_step("seat-0")
    part = finished.steps("seat-0", first=5, tables={7})
    assert [step.number for step in part] == list(range(5, len(whole)))
    assert [step.number for step in part if step.table is not None] == [7]
    assert part[2] == whole[7]
    drawn = {"table": None, "moment": None, "decision": None}
    assert [step.model_copy(update=drawn) for step in part] == [
        step.model_copy(update=drawn) for step in whole[5:]
    ]
    assert all(step.moment is None and step.decision is None for step in part if step.number != 7)


def in_memory(
    name: str, options: dict[str, Any], seed: int, moves: Sequence[tuple[int, str]]
) -> StoredGame:
    """A game record with its actions, as the store would hold them."""
    record = GameRecord(
        id=1,
        game=name,
        options=options,
        variant=game_class(name).variant_label(options),
        seed=seed,
    )
    actions = [
        ActionRecord(
            game_id=1,
            number=number,
            seat=seat,
            text=text,
            requested_at=utc_now(),
            decided_by=DecidedBy.BOT,
        )
        for number, (seat, text) in enumerate(moves)
    ]
    return StoredGame(record, actions, [])


def test_a_stored_game_that_does_not_replay_is_refused(finished: StoredGame) -> None:
    record = finished.record
    moves = [(action.seat, action.text) for action in finished.actions]
    broken = {
        "illegal": [moves[0], (moves[0][0], moves[1][1]), *moves[2:]],
        "unreadable": [moves[0], (moves[1][0], "juggle"), *moves[2:]],
    }
    for why, changed in broken.items():
        game = in_memory(record.game, record.options, record.seed, changed)
        with pytest.raises(ReplayMismatch, match=why):
            game.steps("all")
    gap = in_memory(record.game, record.options, record.seed, moves)
    del gap.actions[1]
    with pytest.raises(ReplayMismatch, match="action 1 is missing"):
        gap.steps("all")
    refused = in_memory(record.game, {**record.options, "no_such_option": 1}, record.seed, moves)
    with pytest.raises(ReplayMismatch, match="options refused"):
        refused.steps("all")


RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("lexio", {"players": 3, "rounds": 2}),
    ("lexio", {"players": 4, "rounds": 1}),
    ("lexio", {"players": 5, "rounds": 1}),
    *(
        ("cribbage", {"variant": variant, "match_points": 1})
        for variant in ("six-card", "five-card", "three-player", "four-player", "solitaire")
    ),
]


@settings(max_examples=25, deadline=None)
@given(
    rule_set=st.sampled_from(RULE_SETS),
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
    seat=st.integers(0, 4),
)
def test_in_random_games_a_seat_never_sees_another_seats_hand(
    rule_set: tuple[str, dict[str, Any]], seed: int, choices: int, seat: int
) -> None:
    name, options = rule_set
    rules = load_game(name, options)
    played = random_rollout(rules.new_state(seed), random.Random(choices))
    moves = [(player, str(action)) for player, action in played.actions]
    game = in_memory(name, rules.options(), seed, moves)
    check_seat_view(game, seat % rules.num_players)
