"""One game: its page with the replay player, its record, and its steps as each viewer saw them.

``/games/{id}?view=V&step=K`` draws step ``K`` in view ``V`` on the server, so a link opens
the same moment without JavaScript; ``static/replay.js`` then loads the steps from
``/api/games/{id}/replay?view=V`` and plays them. A running game may only be watched as a
spectator: the page shows its last step and the script follows it with ``since``; its
bots' comments and output are not shown until it is over.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier_server.db import outputs, repository
from croupier_server.db.errors import ReplayMismatch
from croupier_server.db.models import ActionRecord, GameRecord, GameStatus
from croupier_server.db.output_steps import PlacedLine, place_output
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.frames import Step, replay_steps, rule_set
from croupier_server.web.game_detail import GameDetail, GameSummary, game_detail, game_summary
from croupier_server.web.openapi import RecordId, error_answers
from croupier_server.web.templating import render, variant_label
from croupier_server.web.viewers import VIEW_PATTERN, Viewer

__all__ = ["GamePage", "Replay", "ViewChoice", "game_page", "router"]

router = APIRouter()

ViewQuery = Annotated[
    str | None,
    Query(
        pattern=VIEW_PATTERN,
        description="all, spectator or seat-N; by default all (a running game: spectator).",
    ),
]

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""The steps per second the player offers."""


class Replay(BaseModel):
    """A game step by step as one viewer sees it: what the replay player plays."""

    game_id: int
    game: str
    variant: str
    status: str = Field(description="running, finished or aborted.")
    view: str
    views: list[str] = Field(description="Every view of this game.")
    steps_total: int = Field(description="The steps the game has so far: its actions plus one.")
    steps: list[Step] = Field(description="The steps from `since` on, each with its table.")


@dataclass(frozen=True, slots=True)
class ViewChoice:
    """A view the page offers."""

    value: str
    label: str
    enabled: bool


@dataclass(frozen=True, slots=True)
class GamePage:
    """What the page of one game draws."""

    summary: GameSummary
    viewer: Viewer
    steps: list[Step]
    """Every step, with the table of :attr:`step` only."""
    step: int
    note: str
    """Why the page shows another view than the one asked for, if it does."""
    views: list[ViewChoice]

    @property
    def last_step(self) -> int:
        """The number of the game's last step so far."""
        return len(self.steps) - 1


@router.get(
    "/api/games/{game_id}",
    response_model=GameDetail,
    summary="A game's record: rules, seats, actions with timing and comments, faults, events "
    "and output",
    description="A running game is given as a spectator sees it: no seed, no private event, "
    "no secret action text, no fault detail, no comment and no output.",
    responses=error_answers({404: "No such game"}),
)
def game_record(game_id: RecordId, session: DatabaseSession) -> GameDetail:
    """The record of one game."""
    record = _stored_game(session, game_id)
    with _replaying(game_id):
        return game_detail(session, record)


@router.get(
    "/api/games/{game_id}/replay",
    response_model=Replay,
    summary="A game step by step, as one viewer sees it",
    description="Step 0 is the game before any action, step k the game after action k - 1. "
    "A running game may only be watched as a spectator (403 otherwise), without its bots' "
    "comments and output; `since` gives only the steps from that number on, to follow it. "
    "A seat's view has only that seat's comments and output.",
    responses=error_answers(
        {
            403: "A running game, asked for another view than the spectator's",
            404: "No such game, or no such seat in it",
            500: "The stored game does not replay",
        }
    ),
)
def game_replay(
    game_id: RecordId,
    session: DatabaseSession,
    view: ViewQuery = None,
    since: Annotated[int, Query(ge=0, description="The first step wanted.")] = 0,
) -> Replay:
    """The steps of one game from ``since`` on, each with its table."""
    record = _stored_game(session, game_id)
    players = _players(game_id, record)
    viewer = _viewer(record, view, players)
    if record.status == GameStatus.RUNNING and not viewer.is_spectator:
        raise HTTPException(403, f"game {game_id} is running: only a spectator may watch it")
    actions = repository.game_actions(session, game_id=game_id)
    faults = repository.game_faults(session, game_id=game_id)
    last = len(actions)
    output = _output(session, record, actions)
    with _replaying(game_id):
        steps = replay_steps(
            record,
            actions,
            faults,
            viewer,
            first=since,
            tables=range(since, last + 1),
            output=output,
        )
    return Replay(
        game_id=game_id,
        game=record.game,
        variant=variant_label(record.game, record.options),
        status=str(record.status),
        view=str(viewer),
        views=[str(each) for each in Viewer.every_view(players)],
        steps_total=last + 1,
        steps=steps,
    )


@router.get("/games/{game_id}", include_in_schema=False, response_class=HTMLResponse)
def game_page_html(
    request: Request,
    game_id: RecordId,
    session: DatabaseSession,
    view: ViewQuery = None,
    step: int | None = None,
) -> HTMLResponse:
    """The page of one game: its seats and result, and the replay player at one step."""
    page = game_page(session, game_id, view=view, step=step)
    return render(
        request,
        "game.html",
        {
            "section": "games",
            "api_url": f"/api/games/{game_id}",
            "page": page,
            "game": page.summary,
            "table": page.steps[page.step].table,
            "speeds": SPEEDS,
        },
    )


def game_page(session: Session, game_id: int, *, view: str | None, step: int | None) -> GamePage:
    """What the page of game ``game_id`` shows: ``step`` (clamped) in ``view``.

    A finished or aborted game opens at step 0 with all hands open; a running game at its
    last step, and as a spectator whatever view is asked for.

    Raises:
        HTTPException: no such game or seat (404), or a stored game that does not replay
            (500).
    """
    record = _stored_game(session, game_id)
    players = _players(game_id, record)
    viewer = _viewer(record, view, players)
    running = record.status == GameStatus.RUNNING
    note = ""
    if running and not viewer.is_spectator:
        note = f"Game {game_id} is still running: it may only be watched as a spectator."
        viewer = Viewer(seat=None)
    actions = repository.game_actions(session, game_id=game_id)
    faults = repository.game_faults(session, game_id=game_id)
    last = len(actions)
    shown = min(max(step, 0), last) if step is not None else (last if running else 0)
    output = _output(session, record, actions)
    with _replaying(game_id):
        steps = replay_steps(record, actions, faults, viewer, tables=(shown,), output=output)
    summary = game_summary(session, record)
    return GamePage(
        summary=summary,
        viewer=viewer,
        steps=steps,
        step=shown,
        note=note,
        views=_view_choices(summary, players, running=running),
    )


def _stored_game(session: Session, game_id: int) -> GameRecord:
    record = repository.get_game(session, game_id=game_id)
    if record is None:
        raise HTTPException(404, f"no game {game_id}")
    return record


def _output(session: Session, record: GameRecord, actions: list[ActionRecord]) -> list[PlacedLine]:
    """The bots' output placed among ``actions``; none is read while the game runs."""
    if record.status == GameStatus.RUNNING or record.id is None:
        return []
    lines = outputs.game_output(session, game_id=record.id)
    seats = repository.game_seats(session, game_id=record.id)
    return place_output(actions, lines, {seat.seat: seat.output_dropped_bytes for seat in seats})


@contextmanager
def _replaying(game_id: int) -> Iterator[None]:
    """Turn a stored game that does not replay into a server error that says why."""
    try:
        yield
    except ReplayMismatch as error:
        raise HTTPException(500, f"game {game_id} does not replay: {error}") from error


def _players(game_id: int, record: GameRecord) -> int:
    with _replaying(game_id):
        return rule_set(record).num_players


def _viewer(record: GameRecord, view: str | None, players: int) -> Viewer:
    """The viewer asked for; by default all hands open, or a spectator while the game runs."""
    if view is None:
        return Viewer(seat=None, open_hands=record.status != GameStatus.RUNNING)
    viewer = Viewer.from_str(view)
    if viewer.seat is not None and viewer.seat >= players:
        raise HTTPException(404, f"no seat {viewer.seat} in game {record.id}")
    return viewer


def _view_choices(summary: GameSummary, players: int, *, running: bool) -> list[ViewChoice]:
    names = {seat.seat: seat.bot_name for seat in summary.seats}
    choices = []
    for viewer in Viewer.every_view(players):
        if viewer.open_hands:
            label = "All hands open"
        elif viewer.seat is None:
            label = "Spectator"
        else:
            label = f"Seat {viewer.seat}: {names.get(viewer.seat, '')}"
        choices.append(ViewChoice(str(viewer), label, enabled=viewer.is_spectator or not running))
    return choices
