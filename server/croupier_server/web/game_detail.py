"""One stored game as a record: its rules, seats and bots, actions, faults, events, output.

A game whose deal is over is given whole. Until then (see
:mod:`croupier_server.db.disclosure`) it is given as a spectator sees it, since its bots
and their authors may read this too: no seed (it fixes every deal), no private event, no
action that only its seat may know (a discard), no fault detail, and none of the bots' own
words (their comments, their output), which may tell their hands; and while another game
of its deal is still to be played, none of its actions, faults or events either.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field
from sqlmodel import Session, col, select

from croupier.games import Game
from croupier_server import db
from croupier_server.db import outputs
from croupier_server.db.disclosure import Disclosure
from croupier_server.db.models import BotKind, BotRecord, GameRecord, SeatRecord
from croupier_server.db.statistics import why_unrated
from croupier_server.db.worker_listing import worker_name
from croupier_server.web.match_scores import match_scores
from croupier_server.web.steps import rule_set

__all__ = [
    "ActionDetail",
    "EventDetail",
    "FaultDetail",
    "GameDetail",
    "GameSummary",
    "OutputDetail",
    "SeatDetail",
    "game_detail",
    "game_summary",
]


class SeatDetail(BaseModel):
    """A seat of a game and the bot in it."""

    seat: int
    bot_id: int
    bot_name: str
    person: bool = Field(description="Whether a person played it, from the dashboard's tables.")
    status: str = Field(description="playing, finished or forfeited.")
    score: int | None
    place: int | None
    decisions: int = Field(description="How many actions the bot chose itself.")
    output_dropped_bytes: int = Field(
        description="How many bytes of the bot's output were cut before its first line kept."
    )


class GameSummary(BaseModel):
    """A game: its rules, where it stands, its seats and its result."""

    id: int
    game: str
    variant: str
    options: dict[str, Any]
    seed: int | None = Field(
        description="null until every game of its deal is played: it fixes every hand."
    )
    status: str = Field(description="running, finished or aborted.")
    ended_by: str | None = Field(description="normal, forfeit, aborted; null while running.")
    end_detail: str
    result: dict[str, Any] | None = Field(description="scores, places and details; or null.")
    match_scores: list[list[int]] = Field(
        default_factory=list,
        description="Each game of a match, its seats' scores (a cribbage game's pegs, 121-105), "
        "while the seats' scores are the match's points; empty for a game that is no match.",
    )
    started_at: datetime
    finished_at: datetime | None
    tournament_id: int | None
    schedule_number: int | None = Field(description="Its number in the tournament's schedule.")
    attempt: int | None = Field(
        description="Which attempt at its scheduled game it is, when a worker played it (from 1)."
    )
    worker_id: int | None
    worker: str | None = Field(description="The name of the worker that played it, if one did.")
    not_rated: str = Field(
        default="",
        description="Why the finished game does not count in the ratings (no seat was "
        "played by its bot...); empty if it does, or while it is not finished.",
    )
    seats: list[SeatDetail]
    held_back: str = Field(
        default="",
        description="Why the game is shown as a spectator sees it (its deal is still being "
        "played), in one line; empty when it is shown whole.",
    )


class ActionDetail(BaseModel):
    """An action of a game, with its timing."""

    number: int
    seat: int
    text: str | None = Field(description="null while the game runs, for a secret action.")
    decided_by: str
    requested_at: datetime
    latency_ms: float | None
    comment: str | None = Field(
        description="The bot's own explanation of its decision; null if none, or while the "
        "game runs."
    )


class FaultDetail(BaseModel):
    """A fault of a seat's bot."""

    seat: int
    kind: str
    detail: str | None = Field(description="null while the game runs.")
    at: datetime
    action_number: int | None = Field(description="The action of the decision it was in.")


class EventDetail(BaseModel):
    """A stored event of a game."""

    number: int
    kind: str
    text: str
    visible_to: int | None = Field(description="null for a public event, else its one seat.")
    seat: int | None = Field(description="The seat whose action led to it, if any.")
    at: datetime
    data: dict[str, Any]


class OutputDetail(BaseModel):
    """A line a started bot wrote, as the referee read it."""

    seat: int
    number: int = Field(description="Its place among the seat's lines kept, from 0.")
    at: datetime
    stream: str = Field(description="stdout or stderr.")
    text: str


class GameDetail(GameSummary):
    """A game whole: with its actions, faults, events and its bots' output."""

    actions: list[ActionDetail]
    faults: list[FaultDetail]
    events: list[EventDetail]
    output: list[OutputDetail] = Field(
        description="The end of each started bot's output, oldest first; empty while held back."
    )


def game_summary(session: Session, record: GameRecord, disclosure: Disclosure) -> GameSummary:
    """The rules, seats and outcome of the stored game ``record``, its seed if disclosed."""
    assert record.id is not None
    seats = _seats(session, record.id)
    return GameSummary(
        id=record.id,
        game=record.game,
        variant=record.variant,
        options=record.options,
        seed=record.seed if disclosure.is_whole else None,
        status=str(record.status),
        ended_by=record.ended_by,
        end_detail=record.end_detail,
        result=record.result,
        match_scores=match_scores((record.result or {}).get("details", {})),
        started_at=record.started_at,
        finished_at=record.finished_at,
        tournament_id=record.tournament_id,
        schedule_number=record.schedule_number,
        attempt=record.attempt,
        worker_id=record.worker_id,
        worker=worker_name(session, worker_id=record.worker_id),
        not_rated=why_unrated(
            record,
            [seat for seat, _ in seats],
            person_seated=any(bot.kind is BotKind.PERSON for _, bot in seats),
        ),
        seats=[_seat_detail(seat, bot) for seat, bot in seats],
        held_back=disclosure.reason,
    )


def game_detail(session: Session, record: GameRecord, disclosure: Disclosure) -> GameDetail:
    """The stored game ``record`` whole, or as much as ``disclosure`` lets a spectator see.

    Raises:
        ReplayMismatch: a game held back, of rules the engine refuses.
    """
    assert record.id is not None
    held = not disclosure.is_whole
    game = rule_set(record) if held else None
    played = disclosure.shows_play
    actions = [
        ActionDetail(
            number=action.number,
            seat=action.seat,
            text=action.text if game is None or _is_public(game, action.text) else None,
            decided_by=str(action.decided_by),
            requested_at=action.requested_at,
            latency_ms=action.latency_ms,
            comment=None if held else action.comment,
        )
        for action in (db.game_actions(session, game_id=record.id) if played else [])
    ]
    faults = [
        FaultDetail(
            seat=fault.seat,
            kind=fault.kind,
            detail=None if held else fault.detail,
            at=fault.at,
            action_number=fault.action_number,
        )
        for fault in (db.game_faults(session, game_id=record.id) if played else [])
    ]
    events = [
        EventDetail(
            number=event.number,
            kind=event.kind,
            text=event.text,
            visible_to=event.visible_to,
            seat=event.seat,
            at=event.at,
            data=event.data,
        )
        for event in (
            db.game_events(session, game_id=record.id, visible_to="all" if not held else None)
            if played
            else []
        )
    ]
    output = [
        OutputDetail(
            seat=line.seat, number=line.number, at=line.at, stream=line.stream, text=line.text
        )
        for line in ([] if held else outputs.game_output(session, game_id=record.id))
    ]
    summary = game_summary(session, record, disclosure)
    return GameDetail(**dict(summary), actions=actions, faults=faults, events=events, output=output)


def _is_public(game: Game[Any], text: str) -> bool:
    """Whether everybody saw the action written ``text`` (an unreadable one is kept secret)."""
    try:
        action = game.parse_action(text)
    except ValueError:
        return False
    return game.is_public(action)


def _seats(session: Session, game_id: int) -> list[tuple[SeatRecord, BotRecord]]:
    """The seats of a game in seat order, each with its bot."""
    query = (
        select(SeatRecord, BotRecord)
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(SeatRecord.game_id == game_id)
        .order_by(col(SeatRecord.seat))
    )
    return list(session.exec(query))


def _seat_detail(seat: SeatRecord, bot: BotRecord) -> SeatDetail:
    return SeatDetail(
        seat=seat.seat,
        bot_id=seat.bot_id,
        bot_name=bot.name,
        person=bot.kind is BotKind.PERSON,
        status=str(seat.status),
        score=seat.score,
        place=seat.place,
        decisions=seat.decisions,
        output_dropped_bytes=seat.output_dropped_bytes,
    )
