"""A stored game step by step, as one viewer saw it, rebuilt through the rules engine.

Step 0 is the game before any action; step ``k`` the game after action ``k - 1``. A step
carries the action that led to it (with the bot's comment), the faults charged in that
decision, the events it produced that the viewer may see, the lines the bots wrote that
fall at it (see :mod:`croupier_server.db.output_steps`) and, when asked for, the table.
Tables are made by the game's table plug-in (see :mod:`croupier_server.web.tables`) from
the observations the engine gives the viewer and nothing else, so a seat's view holds only
what that seat knew at that moment. Comments and output are the bots' own words, which
may tell their hands: a seat's view has only its seat's, and nobody's are shown while the
game runs.

The game is replayed once, from its seed, whatever steps are asked for: asking for the
steps from ``first`` on, or for tables at a few steps only, saves the rest of the work.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field, GetJsonSchemaHandler, SerializeAsAny
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from croupier.games import Event, Game, IllegalAction, InvalidOptions, State, load_game
from croupier_server.db.errors import ReplayMismatch
from croupier_server.db.models import ActionRecord, FaultRecord, GameRecord
from croupier_server.db.output_steps import PlacedLine
from croupier_server.db.serialize import event_visibility
from croupier_server.outcomes import GameStatus
from croupier_server.web.tables import UnknownTable, table_for, table_names
from croupier_server.web.viewers import Viewer

__all__ = [
    "AnyTable",
    "Step",
    "StepAction",
    "StepEvent",
    "StepFault",
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
    output: list[StepOutputLine] = Field(
        description="The lines the bots wrote that fall at this step and that the viewer may "
        "read, in the order they were written; none while the game runs."
    )
    table: AnyTable | None = Field(description="The table at this step, when it was asked for.")


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
) -> list[Step]:
    """The steps of a stored game from ``first`` on, as ``viewer`` saw them.

    Args:
        record: the game.
        actions: its stored actions, in order.
        faults: its faults; one charged in decision ``k`` shows at step ``k + 1`` (at the
            last step when the game stopped in that decision), one of no decision at step 0.
        viewer: who looks.
        first: the first step wanted.
        tables: the steps that get their table; the others carry none.
        output: its bots' output lines, placed among the actions.

    Raises:
        ReplayMismatch: the options are refused, or an action is missing, unreadable or
            illegal at its turn.
    """
    game = rule_set(record)
    plugin = table_for(record.game)
    faults_at = _faults_by_step(faults, last_step=len(actions), viewer=viewer)
    may_read = _output_reader(record, viewer)
    output_at = _output_by_step(output, may_read)
    state: State[Any, Any, Any] = game.new_state(record.seed)
    steps: list[Step] = []
    seen = 0
    for number in range(len(actions) + 1):
        stored = actions[number - 1] if number > 0 else None
        action = None if stored is None else _apply(state, game, stored, number - 1, record.id)
        produced = state.events[seen:]
        seen += len(produced)
        if number < first:
            continue
        visible = [event for event in produced if viewer.sees(event)]
        step_action = None
        if stored is not None:
            public = game.is_public(action)
            step_action = _step_action(stored, viewer, public=public, comment=may_read(stored.seat))
        steps.append(
            Step(
                number=number,
                action=step_action,
                faults=faults_at.get(number, []),
                events=[_step_event(event) for event in visible],
                output=output_at.get(number, []),
                table=plugin.table(state, viewer, visible) if number in tables else None,
            )
        )
    return steps


def _output_reader(record: GameRecord, viewer: Viewer) -> Callable[[int], bool]:
    """Whether ``viewer`` may read a seat's comments and output in the game ``record``."""
    if record.status == GameStatus.RUNNING:
        return lambda seat: False
    return viewer.reads_output_of


def _apply(
    state: State[Any, Any, Any],
    game: Game[Any],
    stored: ActionRecord,
    expected: int,
    game_id: int | None,
) -> object:
    """Apply a stored action, the one numbered ``expected``; returns it as the engine's."""
    where = f"game {game_id} action {stored.number} (seat {stored.seat}: {stored.text!r})"
    if stored.number != expected:
        raise ReplayMismatch(f"game {game_id}: action {expected} is missing")
    try:
        action: object = game.parse_action(stored.text)
        state.apply(stored.seat, action)
    except IllegalAction as error:
        raise ReplayMismatch(f"{where} is illegal: {error}") from error
    except ValueError as error:
        raise ReplayMismatch(f"{where} is unreadable: {error}") from error
    return action


def _step_action(
    stored: ActionRecord, viewer: Viewer, *, public: bool, comment: bool
) -> StepAction:
    readable = public or viewer.knows_secrets_of(stored.seat)
    return StepAction(
        seat=stored.seat,
        text=stored.text if readable else None,
        decided_by=str(stored.decided_by),
        latency_ms=stored.latency_ms,
        comment=stored.comment if comment else None,
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


def _faults_by_step(
    faults: Sequence[FaultRecord], *, last_step: int, viewer: Viewer
) -> dict[int, list[StepFault]]:
    by_step: dict[int, list[StepFault]] = {}
    for fault in faults:
        step = 0 if fault.action_number is None else min(fault.action_number + 1, last_step)
        detail = fault.detail if viewer.knows_secrets_of(fault.seat) else None
        by_step.setdefault(step, []).append(
            StepFault(seat=fault.seat, kind=fault.kind, detail=detail)
        )
    return by_step


def _step_event(event: Event) -> StepEvent:
    return StepEvent(kind=type(event).__name__, text=str(event), visible_to=event_visibility(event))
