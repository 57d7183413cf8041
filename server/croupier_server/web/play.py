"""Tables where a person plays against bots: opening one, the seat's page, forking a game.

``/play`` opens a table (the game and its rules, the bots at the other seats, the
person's seat); its seat's page ``/play/{secret}`` is the link only that person has. The
page follows the seat over server-sent events (``/play/{secret}/events``): each is the seat's
view, drawn by the game's table plug-in from the engine's observation of that seat (as a
bot's is built), with the legal actions of the decision asked, if any. The person answers
with ``POST /api/play/{secret}/act`` (one of those legal actions, by number), hands the seat
to a bot and takes it back (``.../hand-over``, ``.../take-back``), answered in JSON.
``POST /games/{id}/fork`` plays a finished game on from one of its steps, a person or
another bot at one seat.

Who may open tables is the organiser's choice (:class:`TablesOpenTo`); each table counts
against its client's share (:func:`_client`: an author, or a guest's address). The tables
are kept by the command serving the dashboard
(:class:`~croupier_server.web.play_schemas.PersonTables`).
"""

from __future__ import annotations

import enum
import json
from collections.abc import AsyncIterator, Sequence
from typing import Annotated, Any, Protocol, runtime_checkable

from fastapi import APIRouter, HTTPException, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from pydantic import BaseModel, Field, ValidationError
from sqlmodel import Session

from croupier.games import Event, State, game_names
from croupier_server import db
from croupier_server.db import versions
from croupier_server.db.bots import is_open_to_people
from croupier_server.web.access import SESSION_COOKIE, Caller, Role, access_of
from croupier_server.web.admin.forms import FormRefused, option_fields, options_data
from croupier_server.web.admin.pages import read_form
from croupier_server.web.dependencies import engine_of
from croupier_server.web.openapi import RecordId
from croupier_server.web.play_schemas import (
    ForkRequest,
    PersonSeatHandle,
    PersonTables,
    SeatSnapshot,
    SeatState,
    TableRefused,
    TableRequest,
    TurnRefused,
    WhenAway,
)
from croupier_server.web.rate_limit import client_address, limit_rate
from croupier_server.web.tables import table_for, table_template
from croupier_server.web.templating import TEMPLATES, render
from croupier_server.web.viewers import Viewer

__all__ = ["TABLES_LIMIT", "TablesOpenTo", "router"]

router = APIRouter(include_in_schema=False)

Secret = Annotated[str, Path(min_length=20, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]
"""The secret of a person's seat, in its link."""

EVENTS_SHOWN = 12
"""How many of the latest events the seat's page lists."""
TABLES_LIMIT = (30, 600.0)
"""Tables one address may open (besides the admin): 30, then one every 20 seconds."""


class TablesOpenTo(enum.StrEnum):
    """Who may open a table and sit at it (``croupier serve --tables``)."""

    ADMIN = "admin"
    AUTHORS = "authors"
    """Authors and the admin."""
    ANYONE = "anyone"


class ActionChoice(BaseModel):
    """The person's answer: the decision asked, and one of its legal actions by number."""

    request_id: int = Field(ge=1)
    action: int = Field(ge=0)


class Selection(BaseModel):
    """Pieces of the seat's hand the person has selected, by face."""

    pieces: list[str] = Field(max_length=64)


@runtime_checkable
class SelectionDescriber(Protocol):
    """What a table plug-in may also do: say what a selection of the seat's pieces makes.

    Lexio's says which combination the tiles form and whether it beats the table.
    """

    def describe_selection(self, observation: Any, faces: Sequence[str]) -> str:
        """What the pieces ``faces`` make for the seat of ``observation``."""
        ...


class HandOver(BaseModel):
    """Which bot plays the seat for the person (none: the table's stand-in)."""

    bot: str | None = Field(default=None, max_length=200)


def _tables(request: Request) -> PersonTables:
    tables: PersonTables | None = request.app.state.person_tables
    if tables is None:
        raise HTTPException(
            503, "tables with people are served by croupier serve, not by this dashboard"
        )
    return tables


def _who(request: Request) -> str:
    """Who asks for a table: ``admin``, ``author:NAME`` or ``guest``, as the organiser allows.

    Raises:
        HTTPException: 401 or 403 when the caller may not open tables.
    """
    caller = _caller(request)
    open_to: TablesOpenTo = request.app.state.tables_open_to
    if caller is not None and caller.role is Role.ADMIN:
        return "admin"
    if caller is not None and caller.role is Role.AUTHOR and open_to is not TablesOpenTo.ADMIN:
        return f"author:{caller.author}"
    if open_to is TablesOpenTo.ANYONE:
        return "guest"
    if caller is None:
        raise HTTPException(401, "log in to open a table")
    raise HTTPException(403, f"tables are open to {open_to.value} only here")


def _count_table(request: Request, who: str) -> None:
    """Count a table opened by ``who`` against its address's limit (the admin has none).

    Raises:
        HTTPException: 429, too many tables opened from the address lately.
    """
    if who != "admin":
        limit_rate(request, request.app.state.tables_limiter)


def _client(request: Request, who: str) -> str:
    """Who a table opened by ``who`` counts against: an author, or a guest's address."""
    return f"{who}@{client_address(request)}" if who == "guest" else who


def _refused(error: Exception) -> HTTPException:
    """The answer to a table refused: 409 when too many play, else 400, in one line."""
    status = error.status if isinstance(error, TableRefused) else 400
    return HTTPException(status, _one_line(error))


def _caller(request: Request) -> Caller | None:
    session = access_of(request).session(request.cookies.get(SESSION_COOKIE))
    return None if session is None else session.caller


def _seat(request: Request, secret: str) -> PersonSeatHandle:
    seat = _tables(request).seat(secret)
    if seat is None:
        raise HTTPException(404, "no table has this link (it is over, or it never was)")
    return seat


@router.get("/play", response_class=HTMLResponse)
def play_form(request: Request, game: str | None = None) -> HTMLResponse:
    """The form that opens a table: the game, its rules, the bots and the person's seat."""
    _who(request)
    chosen = game if game in game_names() else "lexio"
    with Session(engine_of(request)) as session:
        listed = db.list_bots(session, game=chosen)
        inactive = versions.inactive_versions(session, names=[bot.name for bot in listed])
        bots = [
            bot.name
            for bot in listed
            if bot.command and bot.name not in inactive and is_open_to_people(session, bot)
        ]
    context = {
        "section": "play",
        "games": game_names(),
        "game": chosen,
        "bots": bots,
        "option_fields": [field for field in option_fields() if field.game == chosen],
        "form": {"game": chosen},
        "error": "",
    }
    return render(request, "play_open.html", context)


@router.post("/play")
async def open_table(request: Request) -> Response:
    """Open the table the form asks for, and go to the person's seat."""
    who = _who(request)
    _count_table(request, who)
    fields = await read_form(request)
    try:
        game = fields.get("game", "")
        table = TableRequest(
            game=game,
            options=options_data(fields, game),
            bots=[name.strip() for name in fields.get("bots", "").split(",") if name.strip()],
            seat=int(fields.get("seat") or 0),
            seed=int(fields["seed"]) if fields.get("seed") else None,
            clock=fields.get("clock", "on") == "on",
            when_away=WhenAway(fields.get("when_away") or WhenAway.BOT),
            stand_in=fields.get("stand_in") or None,
            client=_client(request, who),
        )
        opened = await _tables(request).open_table(table, who=who)
    except (FormRefused, TableRefused, ValidationError, ValueError) as error:
        raise _refused(error) from None
    assert opened.seat_secret is not None
    return RedirectResponse(f"/play/{opened.seat_secret}", status_code=303)


@router.post("/games/{game_id}/fork")
async def fork_game(request: Request, game_id: RecordId) -> Response:
    """Play a finished game on from one of its steps: the person's seat, or a bot's game."""
    who = _who(request)
    _count_table(request, who)
    fields = await read_form(request)
    try:
        fork = ForkRequest(
            game_id=game_id,
            step=int(fields.get("step") or 0),
            seat=int(fields.get("seat") or 0),
            bot=fields.get("bot") or None,
            clock=fields.get("clock", "on") == "on",
            client=_client(request, who),
        )
        opened = await _tables(request).fork(fork, who=who)
    except (TableRefused, ValidationError, ValueError) as error:
        raise _refused(error) from None
    if opened.seat_secret is None:
        return RedirectResponse(f"/games/{opened.game_id}", status_code=303)
    return RedirectResponse(f"/play/{opened.seat_secret}", status_code=303)


@router.get("/play/{secret}", response_class=HTMLResponse)
async def seat_page(request: Request, secret: Secret) -> HTMLResponse:
    """The person's seat: the table as the seat sees it, live, and its legal actions."""
    seat = _seat(request, secret)
    snapshot = seat.snapshot()
    context = {
        "section": "play",
        "secret": secret,
        "view": seat_view(snapshot),
        "seat_names": snapshot.names,
    }
    response = render(request, "play_seat.html", context)
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@router.get("/play/{secret}/events")
async def seat_events(request: Request, secret: Secret) -> StreamingResponse:
    """The seat's view now and after every change, as server-sent events."""
    seat = _seat(request, secret)

    async def stream() -> AsyncIterator[str]:
        with seat.followed():
            snapshot = seat.snapshot()
            while True:
                yield f"data: {json.dumps(seat_view(snapshot))}\n\n"
                if snapshot.state is SeatState.OVER:
                    return
                snapshot = await seat.after(snapshot.version)

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)


@router.post("/api/play/{secret}/act", status_code=204)
async def act(request: Request, secret: Secret, choice: ActionChoice) -> Response:
    """Answer the decision asked of the seat with one of its legal actions.

    In the event loop, as the referee that waits for the answer.
    """
    try:
        _seat(request, secret).act(choice.request_id, choice.action)
    except TurnRefused as error:
        raise HTTPException(409, str(error)) from None
    return Response(status_code=204)


@router.post("/api/play/{secret}/describe")
async def describe(request: Request, secret: Secret, selection: Selection) -> dict[str, str]:
    """What the selected pieces make, as the game's table plug-in says (empty: it says not)."""
    snapshot = _seat(request, secret).snapshot()
    plugin = table_for(snapshot.game.name)
    if not isinstance(plugin, SelectionDescriber):
        return {"text": ""}
    state, _ = _replayed(snapshot)
    observation = state.observation(snapshot.seat)
    return {"text": plugin.describe_selection(observation, selection.pieces)}


@router.post("/api/play/{secret}/hand-over", status_code=204)
async def hand_over(request: Request, secret: Secret, choice: HandOver) -> Response:
    """Let a bot play the seat until the person takes it back."""
    try:
        await _seat(request, secret).hand_over(choice.bot)
    except TurnRefused as error:
        raise HTTPException(409, str(error)) from None
    return Response(status_code=204)


@router.post("/api/play/{secret}/take-back", status_code=204)
async def take_back(request: Request, secret: Secret) -> Response:
    """Take the seat back from the bot that plays it."""
    try:
        await _seat(request, secret).take_back()
    except TurnRefused as error:
        raise HTTPException(409, str(error)) from None
    return Response(status_code=204)


def seat_view(snapshot: SeatSnapshot) -> dict[str, Any]:
    """What the seat's page shows: the table as the seat sees it, and what it may do.

    The table is drawn by the game's plug-in from the engine's observation of the seat
    (:class:`~croupier_server.web.viewers.Viewer` of that seat), the legal actions are the
    referee's, each with the pieces of the seat's hand it plays.
    """
    state, shown_from = _replayed(snapshot)
    seat = snapshot.seat
    visible = [event for event in state.events if event.is_visible_to(seat)]
    plugin = table_for(snapshot.game.name)
    viewer = Viewer(seat=seat)
    step_events = [event for event in state.events[shown_from:] if event.is_visible_to(seat)]
    table = plugin.table(state, viewer, step_events)
    seats = [
        {"seat": number, "bot_id": None, "bot_name": name}
        for number, name in enumerate(snapshot.names)
    ]
    html = TEMPLATES.env.get_template(table_template(plugin)).render(table=table, seats=seats)
    return {
        "version": snapshot.version,
        "game_id": snapshot.game_id,
        "step": len(snapshot.actions),
        "seat": seat,
        "state": snapshot.state.value,
        "stand_in": snapshot.stand_in,
        "table": html,
        "events": [_event_text(event, snapshot.names) for event in visible[-EVENTS_SHOWN:]],
        "request_id": snapshot.request_id,
        "actions": [
            {"number": number, "text": str(action), "pieces": action_pieces(action)}
            for number, action in enumerate(snapshot.legal_actions)
        ],
        "time_left_ms": snapshot.time_left_ms,
        "asked_ago_ms": snapshot.asked_ago_ms,
        "refusal": snapshot.refusal,
        "detail": snapshot.detail,
        "result": None if snapshot.result is None else _result_text(snapshot),
    }


def _replayed(snapshot: SeatSnapshot) -> tuple[State[Any, Any, Any], int]:
    """The game of ``snapshot`` as it stands, and how many events it had before its last step."""
    state: State[Any, Any, Any] = snapshot.game.new_state(snapshot.seed)
    before_last = 0
    for seat, action in snapshot.actions:
        before_last = len(state.events)
        state.apply(seat, action)
    return state, before_last


def action_pieces(action: object) -> list[str]:
    """The faces of the pieces ``action`` plays from the hand, as the table draws them.

    A Lexio play's tiles, the cards of a cribbage discard, peg or placement; none for a pass.

    >>> from croupier.games.lexio import Play
    >>> action_pieces(Play.from_str("play sun3 cloud3"))
    ['cloud3', 'sun3']
    """
    for name in ("tiles", "cards"):
        pieces: Sequence[object] | None = getattr(action, name, None)
        if pieces is not None:
            return [str(piece) for piece in pieces]
    card = getattr(action, "card", None)
    return [] if card is None else [str(card)]


def _event_text(event: Event, names: Sequence[str]) -> str:
    text = str(event)
    for seat in range(len(names) - 1, -1, -1):
        text = text.replace(f"seat {seat}", f"{names[seat]} ({seat})")
    return text


def _result_text(snapshot: SeatSnapshot) -> str:
    result = snapshot.result
    assert result is not None
    ranked = sorted(range(len(snapshot.names)), key=lambda seat: result.places[seat])
    return " · ".join(
        f"{result.places[seat]}. {snapshot.names[seat]} ({result.scores[seat]:+d})"
        for seat in ranked
    )


def _one_line(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return "; ".join(
            f"{'.'.join(str(part) for part in problem['loc'])}: {problem['msg']}"
            for problem in error.errors()
        )
    return str(error).splitlines()[0] if str(error) else type(error).__name__
