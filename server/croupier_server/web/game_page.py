"""The page of one game, with the replay player, and the fragments the player swaps in.

``/games/{id}?view=V&step=K`` draws step ``K`` in view ``V`` on the server, so a link opens
the same moment without JavaScript. ``static/replay.js`` then moves through the steps with
HTML drawn here too, the same templates: ``/games/{id}/steps?view=V&first=K&count=N``
gives steps ``K`` to ``K + N - 1`` (each one's board, step panel and event items), and
``/games/{id}/events?view=V`` the event list of a view with its swing timeline. A step
that ended a round or a hand has a moment drawn as a frame of its own before its table:
``&frame=moment`` opens it. A game whose deal is still being played may only be watched
as a spectator, and the page says why (:mod:`croupier_server.db.disclosure`); a running
game opens at its last step and the script follows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from sqlmodel import Session

from croupier_server.db.models import GameRecord
from croupier_server.db.worker_listing import ScheduledAttempt, scheduled_attempts
from croupier_server.web.access import Caller, OptionalCaller
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.duplicates import duplicates_path, has_duplicates
from croupier_server.web.game_detail import GameSummary
from croupier_server.web.openapi import RecordId
from croupier_server.web.replay import StoredReplay, ViewQuery, stored_replay
from croupier_server.web.seat_names import SeatNames
from croupier_server.web.steps import Step
from croupier_server.web.tables import insight_of, table_for, table_template
from croupier_server.web.templating import render
from croupier_server.web.timeline import Timeline
from croupier_server.web.viewers import Viewer

__all__ = [
    "JUMPS",
    "MAX_FRAGMENT_STEPS",
    "SPEEDS",
    "GamePage",
    "Jump",
    "ViewChoice",
    "game_page",
    "router",
]

router = APIRouter(include_in_schema=False)

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""The steps per second the player offers."""

MAX_FRAGMENT_STEPS = 100
"""The most steps one request for fragments gets."""

JUMPS: tuple[tuple[str, str, str], ...] = (
    ("round", "Next round", "r"),
    ("hand", "Next hand", "h"),
    ("game", "Next game", "g"),
    ("fault", "Next fault", "f"),
    ("costly", "Next costly moment", "c"),
)
"""The player's jumps: the kind of timeline marker, the button's label, its key."""

FrameQuery = Annotated[
    Literal["moment"] | None,
    Query(description="moment: the moment the step ended with (a round, a hand), if any."),
]


@dataclass(frozen=True, slots=True)
class Jump:
    """A button that jumps to the next marker of a kind."""

    kind: str
    label: str
    key: str
    target: int | None
    """The next such step after the one shown; ``None``: there is none."""


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
    frame: str
    """``moment`` when the step's moment is drawn, else ``table``."""
    timeline: Timeline | None
    note: str
    """Why the page shows another view than the one asked for, if it does."""
    views: list[ViewChoice]
    attempts: list[ScheduledAttempt]
    """Every attempt at the game's scheduled game, this one among them; empty for a game
    no tournament scheduled."""
    record: GameRecord

    @property
    def last_step(self) -> int:
        """The number of the game's last step so far."""
        return len(self.steps) - 1

    @property
    def names(self) -> SeatNames:
        """The seats' bot names."""
        return SeatNames.of_seats(self.summary.seats)

    @property
    def jumps(self) -> list[Jump]:
        """The jumps to the next marker of each kind the game has.

        Rounds, hands and games when it marks them; always faults and costly moments
        (without a target when there are none).
        """
        if self.timeline is None:
            return []
        kinds = {marker.kind for marker in self.timeline.markers}
        return [
            Jump(kind, label, key, self._next(kind))
            for kind, label, key in JUMPS
            if kind in kinds or kind in ("fault", "costly")
        ]

    def _next(self, kind: str) -> int | None:
        assert self.timeline is not None
        after = (m.step for m in self.timeline.markers if m.kind == kind and m.step > self.step)
        return next(after, None)


@router.get("/games/{game_id}", response_class=HTMLResponse)
def game_page_html(
    request: Request,
    *,
    game_id: RecordId,
    session: DatabaseSession,
    caller: OptionalCaller,
    view: ViewQuery = None,
    step: int | None = None,
    frame: FrameQuery = None,
) -> HTMLResponse:
    """The page of one game: its seats and result, and the replay player at one step."""
    page = game_page(session, game_id, caller, view=view, step=step, frame=frame)
    shown = page.steps[page.step]
    return render(
        request,
        "game.html",
        {
            "section": "games",
            "api_url": f"/api/games/{game_id}",
            "page": page,
            "game": page.summary,
            "table": shown.table,
            "moment": shown.moment if page.frame == "moment" else None,
            **_drawing(page.summary.game),
            "seats": page.summary.seats,
            "names": page.names,
            "speeds": SPEEDS,
            "duplicates_url": duplicates_path(game_id)
            if has_duplicates(session, page.record)
            else None,
        },
    )


@router.get("/games/{game_id}/steps", response_class=HTMLResponse)
def steps_fragment(
    request: Request,
    *,
    game_id: RecordId,
    session: DatabaseSession,
    caller: OptionalCaller,
    view: ViewQuery = None,
    first: Annotated[int, Query(ge=0)] = 0,
    count: Annotated[int, Query(ge=1, le=MAX_FRAGMENT_STEPS)] = 32,
) -> HTMLResponse:
    """Steps ``first`` to ``first + count - 1`` (those the game has), drawn for the player."""
    replay = stored_replay(session, game_id, view, caller)
    stop = min(first + count, replay.steps_total)
    steps = replay.steps(first=first, tables=range(first, stop))[: max(stop - first, 0)]
    return _fragment(
        request,
        "replay_steps.html",
        replay,
        steps,
        **_drawing(replay.record.game),
    )


@router.get("/games/{game_id}/events", response_class=HTMLResponse)
def events_fragment(
    request: Request,
    game_id: RecordId,
    session: DatabaseSession,
    caller: OptionalCaller,
    view: ViewQuery = None,
) -> HTMLResponse:
    """The event list of a view and its timeline, drawn for the player."""
    replay = stored_replay(session, game_id, view, caller)
    steps = replay.steps()
    return _fragment(request, "replay_events.html", replay, steps, timeline=replay.timeline(steps))


def game_page(
    session: Session,
    game_id: int,
    caller: Caller | None,
    *,
    view: str | None,
    step: int | None,
    frame: str | None = None,
) -> GamePage:
    """What the page of game ``game_id`` shows: ``step`` (clamped) in ``view``.

    A finished or aborted game opens at step 0 with all hands open; a running game at its
    last step. A game held back (its deal still being played) is shown as a spectator
    whatever view is asked for, with a note that says why. With ``frame`` ``moment``, the
    step's moment is drawn instead of its table, when it has one.

    Raises:
        HTTPException: no such game or seat, another author's check game (404), or a
            stored game that does not replay (500).
    """
    replay = stored_replay(session, game_id, view, caller, spectator_when_held=True)
    record = replay.record
    note = ""
    asked_other = view is not None and str(replay.viewer) != view
    if replay.held and (asked_other or not replay.running):
        note = f"Game {game_id}: {replay.disclosure.reason}."
    last = replay.steps_total - 1
    shown = min(max(step, 0), last) if step is not None else (last if replay.running else 0)
    summary = replay.summary
    steps = replay.steps(tables=(shown,))
    has_moment = steps[shown].moment is not None
    return GamePage(
        summary=summary,
        viewer=replay.viewer,
        steps=steps,
        step=shown,
        frame="moment" if frame == "moment" and has_moment else "table",
        timeline=replay.timeline(steps),
        note=note,
        views=_view_choices(summary, replay.players, held=replay.held),
        attempts=_attempts(session, record),
        record=record,
    )


def _attempts(session: Session, record: GameRecord) -> list[ScheduledAttempt]:
    if record.tournament_id is None or record.schedule_number is None:
        return []
    return scheduled_attempts(
        session, tournament_id=record.tournament_id, schedule_number=record.schedule_number
    )


def _drawing(game: str) -> dict[str, str | None]:
    """The templates that draw a game's table and its moments (``None``: it draws none)."""
    plugin = table_for(game)
    insight = insight_of(plugin)
    return {
        "table_template": table_template(plugin),
        "moment_template": None if insight is None else f"{plugin.name}/{insight.moment_template}",
    }


def _fragment(
    request: Request,
    template: str,
    replay: StoredReplay,
    steps: list[Step],
    **context: object,
) -> HTMLResponse:
    return render(
        request,
        template,
        {
            "view": str(replay.viewer),
            "status": str(replay.record.status),
            "steps_total": replay.steps_total,
            "steps": steps,
            "seats": replay.summary.seats,
            "names": SeatNames.of_seats(replay.summary.seats),
            **context,
        },
    )


def _view_choices(summary: GameSummary, players: int, *, held: bool) -> list[ViewChoice]:
    names = {seat.seat: seat.bot_name for seat in summary.seats}
    choices = []
    for viewer in Viewer.every_view(players):
        if viewer.open_hands:
            label = "All hands open"
        elif viewer.seat is None:
            label = "Spectator"
        else:
            label = f"Seat {viewer.seat}: {names.get(viewer.seat, '')}"
        choices.append(ViewChoice(str(viewer), label, enabled=viewer.is_spectator or not held))
    return choices
