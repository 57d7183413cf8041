"""A stored game step by step, as one viewer saw it, rebuilt through the rules engine.

Step 0 is the game before any action; step ``k`` the game after action ``k - 1``. A step
carries the action that led to it (with the bot's comment, and the seat's time bank as
the referee charged it: :mod:`croupier_server.web.time_bank`), the faults charged in that
decision, the events it produced that the viewer may see, what it ended (a round, a hand),
each seat's tally after it, the lines the bots wrote that fall at it (see
:mod:`croupier_server.db.output_steps`) and, when asked for, the table, the moment the
step ended with (drawn as a frame before the table) and the decision inspector's content
(:mod:`croupier_server.web.decisions`).
Tables are made by the game's table plug-in (see :mod:`croupier_server.web.tables`) from
the observations the engine gives the viewer and nothing else, so a seat's view holds only
what that seat knew at that moment. Comments and output are the bots' own words, which
may tell their hands: a seat's view has only its seat's, and nobody's are shown while the
game runs. A decision's observation and legal actions tell its seat's hand: only a viewer
who knows that seat's secrets gets them.

The game is replayed once, from its seed, whatever steps are asked for: asking for the
steps from ``first`` on, or for tables at a few steps only, saves the rest of the work.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field, GetJsonSchemaHandler, SerializeAsAny
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from croupier.games import Event, Game, InvalidOptions, State, load_game
from croupier_server.db.errors import ReplayMismatch
from croupier_server.db.models import ActionRecord, FaultRecord, GameRecord
from croupier_server.db.output_steps import PlacedLine
from croupier_server.db.replay import replayed
from croupier_server.db.serialize import event_visibility
from croupier_server.outcomes import DecidedBy, FaultKind
from croupier_server.web.decisions import StepDecision, step_decision
from croupier_server.web.tables import (
    TableInsight,
    UnknownTable,
    insight_of,
    table_for,
    table_names,
)
from croupier_server.web.time_bank import BankCharge, TimeBanks, stored_time_control
from croupier_server.web.viewers import Viewer

__all__ = [
    "AnyMoment",
    "AnyTable",
    "Step",
    "StepAction",
    "StepEvent",
    "StepFault",
    "StepMark",
    "StepOutputLine",
    "replay_steps",
    "rule_set",
]


class _EveryTable:
    """The JSON schema of a table: one of the models of every game's table plug-in.

    Made when the schema is asked for (the OpenAPI schema), which loads every plug-in.
    """

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        models = [table_for(name).model for name in table_names()]
        return {"anyOf": [handler(model.__pydantic_core_schema__) for model in models]}


AnyTable = Annotated[SerializeAsAny[BaseModel], _EveryTable()]
"""The table of any game, as its plug-in's model gives it."""


class _EveryMoment:
    """The JSON schema of a moment: one of the moment models of the plug-ins that draw them."""

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        insights = [insight_of(table_for(name)) for name in table_names()]
        models = [insight.moment_model for insight in insights if insight is not None]
        return {"anyOf": [handler(model.__pydantic_core_schema__) for model in models]}


AnyMoment = Annotated[SerializeAsAny[BaseModel], _EveryMoment()]
"""The moment of any game that draws them, as its plug-in's moment model gives it."""


class StepAction(BaseModel):
    """The action that led to a step."""

    seat: int
    text: str | None = Field(
        description="The action as the engine prints it; null when the viewer may not see it "
        "(another seat's discard)."
    )
    decided_by: str = Field(description="bot, forced (the only legal action) or default.")
    latency_ms: float | None
    comment: str | None = Field(
        description="The bot's own explanation of its decision; null when it gave none, "
        "while the game runs, and in another seat's view."
    )
    time_left_ms: float | None = Field(
        description="The time the seat was given when asked: the decision time plus its bank "
        "then; null when the game stored no time control."
    )
    bank_left_ms: float | None = Field(
        description="The seat's time bank after this decision, recomputed as the referee "
        "charged it from the game's time control and the stored latencies; null when the "
        "game stored no time control."
    )
    slow: bool = Field(
        description="Whether the decision took longer than the decision time (and paid from "
        "the bank) or timed out."
    )


class StepFault(BaseModel):
    """A fault charged to a seat in the decision that led to a step."""

    seat: int
    kind: str
    detail: str | None = Field(
        description="What went wrong; null when the viewer may not see the seat's secrets."
    )


class StepEvent(BaseModel):
    """An event a step produced."""

    kind: str
    text: str
    visible_to: int | None = Field(description="null for a public event, else its one seat.")


class StepMark(BaseModel):
    """What a step ends: a round, a hand or a game; the replay's timeline marks it."""

    kind: str = Field(description="round, hand or game.")
    label: str


class StepOutputLine(BaseModel):
    """A line a bot wrote to its standard output or error, at the step it falls at."""

    seat: int
    at: datetime = Field(description="When the referee read it.")
    stream: str = Field(description="stdout or stderr.")
    text: str
    deciding: bool = Field(
        description="Written by the step's seat while it decided the step's action; else "
        "written while the step was on the table (before the next action was made)."
    )
    earlier_bytes_cut: int = Field(
        description="For the seat's first line kept, how many bytes of its output were cut "
        "before it; else 0."
    )


class Step(BaseModel):
    """One step of a replay."""

    number: int
    action: StepAction | None = Field(description="null for step 0, the game before any action.")
    faults: list[StepFault]
    events: list[StepEvent]
    marks: list[StepMark] = Field(description="The rounds, hands or games this step ends.")
    tally: list[int] | None = Field(
        description="Each seat's chips or points after this step; null for a game whose "
        "table draws none."
    )
    output: list[StepOutputLine] = Field(
        description="The lines the bots wrote that fall at this step and that the viewer may "
        "read, in the order they were written; none while the game runs."
    )
    table: AnyTable | None = Field(description="The table at this step, when it was asked for.")
    moment: AnyMoment | None = Field(
        description="With the table: the moment this step ended with (a round settled, a "
        "hand shown), drawn before its table, which may already hold the next deal; null "
        "when it ended none."
    )
    decision: StepDecision | None = Field(
        description="With the table: what the deciding seat was sent and could do, for a "
        "viewer who knows that seat's hand (all hands open, or its own view); else null."
    )


def rule_set(record: GameRecord) -> Game[Any]:
    """The rule set a stored game was played with.

    Raises:
        ReplayMismatch: a game the replay cannot draw, or options the engine refuses.
    """
    try:
        table_for(record.game)
    except UnknownTable as error:
        raise ReplayMismatch(f"game {record.id}: no replay: {error}") from error
    try:
        return load_game(record.game, record.options)
    except InvalidOptions as error:
        raise ReplayMismatch(f"game {record.id}: stored options refused: {error}") from error


def replay_steps(
    record: GameRecord,
    actions: Sequence[ActionRecord],
    faults: Sequence[FaultRecord],
    viewer: Viewer,
    *,
    first: int = 0,
    tables: Container[int] = (),
    output: Sequence[PlacedLine] = (),
    words: bool = True,
) -> list[Step]:
    """The steps of a stored game from ``first`` on, as ``viewer`` saw them.

    Args:
        record: the game.
        actions: its stored actions, in order.
        faults: its faults; one charged in a decision shows at the step of its seat's
            action in that decision (``k + 1`` for decision ``k``; the second seat asked
            at once in the cribbage discard acts at ``k + 2``), at the last step when the
            game stopped in that decision, one of no decision at step 0.
        viewer: who looks.
        first: the first step wanted.
        tables: the steps that get their table (with its moment and decision); the others
            carry none.
        output: its bots' output lines, placed among the actions.
        words: whether the bots' comments and output may be read at all (false while the
            game is held back: see :mod:`croupier_server.db.disclosure`).

    Raises:
        ReplayMismatch: the options are refused, or an action is missing, unreadable or
            illegal at its turn.
    """
    game = rule_set(record)
    plugin = table_for(record.game)
    insight = insight_of(plugin)
    time_control = stored_time_control(record.settings)
    banks = None if time_control is None else TimeBanks(time_control, game.num_players)
    decisions = _Decisions(faults, banks, last_step=len(actions))
    may_read = _output_reader(viewer, words=words)
    output_at = _output_by_step(output, may_read)

    def inspected(seat: int, step: int) -> bool:
        return step >= first and step in tables and viewer.knows_secrets_of(seat)

    steps: list[Step] = []
    seen = 0
    for number, replay in enumerate(replayed(game, record.seed, actions, game_id=record.id)):
        state, stored, action = replay.state, replay.stored, replay.action
        decided = None if stored is None else decisions.decided(stored)
        if number < len(actions):  # the next action's decision, from the state before it
            decisions.begin(state, number, inspected)
        produced = state.events[seen:]
        seen += len(produced)
        if number < first:
            continue
        visible = [event for event in produced if viewer.sees(event)]
        step_action = None
        if stored is not None and decided is not None:
            step_action = _step_action(
                stored,
                viewer,
                decided.charge,
                public=game.is_public(action),
                comment=may_read(stored.seat),
            )
        drawn = number in tables
        steps.append(
            Step(
                number=number,
                action=step_action,
                faults=[_step_fault(fault, viewer) for fault in decisions.faults_at(number)],
                events=[_step_event(event) for event in visible],
                marks=_marks(insight, visible),
                tally=None if insight is None else list(insight.tally(state)),
                output=output_at.get(number, []),
                table=plugin.table(state, viewer, visible) if drawn else None,
                moment=_moment(insight, state, viewer, visible) if drawn else None,
                decision=decided.inspected(action) if drawn and decided is not None else None,
            )
        )
    return steps


@dataclass(frozen=True, slots=True)
class _Decided:
    """One stored action as its decision went: its bank charge, and what its seat was sent."""

    seat: int
    asked: bool
    """Whether the referee asked the bot (neither forced nor a forfeited seat's default)."""
    charge: BankCharge | None
    sent: tuple[object, list[object]] | None
    """The observation and legal actions of the seat, when the inspector shows them."""

    def inspected(self, chosen: object) -> StepDecision | None:
        """The inspector's content, when it is shown."""
        if self.sent is None:
            return None
        observation, legal = self.sent
        return step_decision(self.seat, observation, legal, chosen, asked=self.asked)


class _Decisions:
    """A replayed game's decisions: the seats asked at once, their faults, their time banks.

    The referee asks every seat to act (``seats_to_act``) from the same state and applies
    their actions in seat order; a fault is stored with the number of the decision's first
    action, and is placed here at the step of its seat's own action.
    """

    def __init__(
        self, faults: Sequence[FaultRecord], banks: TimeBanks | None, *, last_step: int
    ) -> None:
        self._banks = banks
        self._waiting: dict[int, list[FaultRecord]] = {}
        self._placed: dict[int, list[FaultRecord]] = {}
        for fault in faults:
            if fault.action_number is None:
                self._place(fault, 0)
            elif fault.action_number >= last_step:
                self._place(fault, last_step)
            else:
                self._waiting.setdefault(fault.action_number, []).append(fault)
        self._of_action: dict[int, list[FaultRecord]] = {}
        """The faults of each action's decision, by the action's number."""
        self._pending: list[int] = []
        """The seats of the current decision that have not acted yet, in seat order."""
        self._sent: dict[int, tuple[object, list[object]]] = {}

    def _place(self, fault: FaultRecord, step: int) -> None:
        self._placed.setdefault(step, []).append(fault)

    def faults_at(self, step: int) -> list[FaultRecord]:
        """The faults shown at ``step``."""
        return self._placed.get(step, [])

    def begin(
        self, state: State[Any, Any, Any], number: int, inspected: Callable[[int, int], bool]
    ) -> None:
        """Before action ``number`` is applied: a new decision if the last one is over.

        ``inspected(seat, step)`` says whether the inspector shows seat ``seat``'s
        decision at ``step``: its observation and legal actions are then kept.
        """
        if not self._pending:
            self._pending = list(state.seats_to_act())
            self._sent = {
                seat: (state.observation(seat), list(state.legal_actions(seat)))
                for offset, seat in enumerate(self._pending)
                if inspected(seat, number + offset + 1)
            }
        for fault in self._waiting.pop(number, []):
            offset = self._pending.index(fault.seat) if fault.seat in self._pending else 0
            self._place(fault, number + offset + 1)
            if fault.seat in self._pending:
                self._of_action.setdefault(number + offset, []).append(fault)

    def decided(self, stored: ActionRecord) -> _Decided:
        """After ``stored`` is applied: its seat's bank charged, as the referee charged it."""
        if stored.seat in self._pending:
            self._pending.remove(stored.seat)
        faults = self._of_action.pop(stored.number, [])
        timed_out = any(fault.kind == FaultKind.TIMEOUT for fault in faults)
        charge = None
        if self._banks is not None:
            charge = self._banks.charge(
                stored.seat, stored.decided_by, latency_ms=stored.latency_ms, timed_out=timed_out
            )
        return _Decided(
            seat=stored.seat,
            asked=stored.decided_by == DecidedBy.BOT or bool(faults),
            charge=charge,
            sent=self._sent.pop(stored.seat, None),
        )


def _marks(insight: TableInsight[BaseModel] | None, events: Sequence[Event]) -> list[StepMark]:
    if insight is None:
        return []
    return [StepMark(kind=mark.kind, label=mark.label) for mark in insight.marks(events)]


def _moment(
    insight: TableInsight[BaseModel] | None,
    state: State[Any, Any, Any],
    viewer: Viewer,
    events: Sequence[Event],
) -> BaseModel | None:
    return None if insight is None else insight.moment(state, viewer, events)


def _output_reader(viewer: Viewer, *, words: bool) -> Callable[[int], bool]:
    """Whether ``viewer`` may read a seat's comments and output: none unless ``words``."""
    if not words:
        return lambda seat: False
    return viewer.reads_output_of


def _step_action(
    stored: ActionRecord,
    viewer: Viewer,
    charge: BankCharge | None,
    *,
    public: bool,
    comment: bool,
) -> StepAction:
    readable = public or viewer.knows_secrets_of(stored.seat)
    return StepAction(
        seat=stored.seat,
        text=stored.text if readable else None,
        decided_by=str(stored.decided_by),
        latency_ms=stored.latency_ms,
        comment=stored.comment if comment else None,
        time_left_ms=None if charge is None else charge.time_left_ms,
        bank_left_ms=None if charge is None else charge.after_ms,
        slow=charge is not None and charge.slow,
    )


def _output_by_step(
    output: Sequence[PlacedLine], may_read: Callable[[int], bool]
) -> dict[int, list[StepOutputLine]]:
    by_step: dict[int, list[StepOutputLine]] = {}
    for placed in output:
        line = placed.line
        if may_read(line.seat):
            by_step.setdefault(placed.step, []).append(
                StepOutputLine(
                    seat=line.seat,
                    at=line.at,
                    stream=line.stream,
                    text=line.text,
                    deciding=placed.deciding,
                    earlier_bytes_cut=placed.earlier_bytes_cut,
                )
            )
    return by_step


def _step_fault(fault: FaultRecord, viewer: Viewer) -> StepFault:
    detail = fault.detail if viewer.knows_secrets_of(fault.seat) else None
    return StepFault(seat=fault.seat, kind=fault.kind, detail=detail)


def _step_event(event: Event) -> StepEvent:
    return StepEvent(kind=type(event).__name__, text=str(event), visible_to=event_visibility(event))
