"""One game's record and its steps as each viewer saw them: ``/api/games/{id}`` and its replay.

:func:`stored_replay` loads what a replay of one view needs, for these JSON twins and for
the game's page and fragments (:mod:`croupier_server.web.game_page`). A game whose deal
is still being played (:mod:`croupier_server.db.disclosure`) may only be watched as a
spectator, without its bots' comments and output and without a timeline; while another
game of its deal is still to be played, only its table before the first action.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import outputs
from croupier_server.db.disclosure import Disclosure
from croupier_server.db.errors import ReplayMismatch
from croupier_server.db.models import ActionRecord, FaultRecord, GameRecord
from croupier_server.db.output_steps import PlacedLine, place_output
from croupier_server.outcomes import GameStatus
from croupier_server.web.access import Caller, OptionalCaller
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.disclosed import disclosed_game
from croupier_server.web.game_detail import (
    GameDetail,
    GameSummary,
    SeatDetail,
    game_detail,
    game_summary,
)
from croupier_server.web.openapi import RecordId, error_answers
from croupier_server.web.replay_cache import CachedReplays, ReplayKey
from croupier_server.web.steps import Step, replay_steps, rule_set
from croupier_server.web.tables import insight_of, table_for
from croupier_server.web.timeline import Timeline, timeline
from croupier_server.web.viewers import VIEW_PATTERN, Viewer

__all__ = ["Replay", "StoredReplay", "ViewQuery", "replaying", "router", "stored_replay"]

router = APIRouter()

ViewQuery = Annotated[
    str | None,
    Query(
        pattern=VIEW_PATTERN,
        description="all, spectator or seat-N; by default all (a game held back: spectator).",
    ),
]


class Replay(BaseModel):
    """A game step by step as one viewer sees it: what the replay player plays."""

    game_id: int
    game: str
    variant: str
    status: str = Field(description="running, finished or aborted.")
    view: str
    views: list[str] = Field(description="Every view of this game.")
    seats: list[SeatDetail] = Field(description="Each seat and its bot.")
    steps_total: int = Field(description="The steps the game has so far: its actions plus one.")
    timeline: Timeline | None = Field(
        description="Each seat's tally across the whole game and the steps worth a jump (round, "
        "hand and game ends, faults, slow decisions, costly moments); null while it runs."
    )
    steps: list[Step] = Field(
        description="The steps from `since` on, each with its table, moment and decision."
    )


@dataclass(frozen=True, slots=True)
class StoredReplay:
    """A stored game and what its replay needs, for one viewer."""

    record: GameRecord
    summary: GameSummary
    disclosure: Disclosure
    viewer: Viewer
    players: int
    actions: list[ActionRecord]
    faults: list[FaultRecord]
    output: list[PlacedLine]

    @property
    def running(self) -> bool:
        """Whether the game is still being played."""
        return self.record.status == GameStatus.RUNNING

    @property
    def held(self) -> bool:
        """Whether the game is shown as a spectator sees it, its deal not yet over."""
        return not self.disclosure.is_whole

    @property
    def steps_total(self) -> int:
        """How many steps the game has so far: its actions plus one."""
        return len(self.actions) + 1

    def steps(self, *, first: int = 0, tables: range | tuple[int, ...] = ()) -> list[Step]:
        """The steps from ``first`` on, with the tables of the steps in ``tables``.

        Raises:
            HTTPException: the stored game does not replay (500).
        """
        with replaying(self.record.id):
            return replay_steps(
                self.record,
                self.actions,
                self.faults,
                self.viewer,
                first=first,
                tables=tables,
                output=self.output,
                words=not self.held,
            )

    def timeline(self, steps: list[Step]) -> Timeline | None:
        """The timeline of this view, from every step; ``None`` while the game is held back."""
        if self.held:
            return None
        insight = insight_of(table_for(self.record.game))
        return timeline(steps, None if insight is None else insight.tally_unit, self.viewer)


def stored_replay(
    session: Session,
    game_id: int,
    view: str | None,
    caller: Caller | None,
    *,
    spectator_when_held: bool = False,
) -> StoredReplay:
    """The replay of game ``game_id`` in ``view`` for ``caller``.

    By default with all hands open, or as a spectator when the game is held back. A game
    held back (its deal still being played) is refused in another view than the
    spectator's, or, with ``spectator_when_held``, shown in the spectator's; while another
    game of its deal is still to be played, without its actions.

    Raises:
        HTTPException: no such game or seat, another author's check game (404), a game
            held back in another view (403), a stored game that does not replay (500).
    """
    record, disclosure = disclosed_game(session, game_id, caller)
    with replaying(game_id):
        players = rule_set(record).num_players
    viewer = _viewer(record, view, players, disclosure)
    if not disclosure.is_whole and not viewer.is_spectator:
        if not spectator_when_held:
            raise HTTPException(403, f"game {game_id}: {disclosure.reason}")
        viewer = Viewer(seat=None)
    played = disclosure.shows_play
    actions = db.game_actions(session, game_id=game_id) if played else []
    return StoredReplay(
        record=record,
        summary=game_summary(session, record, disclosure),
        disclosure=disclosure,
        viewer=viewer,
        players=players,
        actions=actions,
        faults=db.game_faults(session, game_id=game_id) if played else [],
        output=_output(session, record, actions) if disclosure.is_whole else [],
    )


@contextmanager
def replaying(game_id: int | None) -> Iterator[None]:
    """Turn a stored game that does not replay into a server error that says why."""
    try:
        yield
    except ReplayMismatch as error:
        raise HTTPException(500, f"game {game_id} does not replay: {error}") from error


@router.get(
    "/api/games/{game_id}",
    response_model=GameDetail,
    summary="A game's record: rules, seats, actions with timing and comments, faults, events "
    "and output",
    description="Until every game of its deal is played, a game is given as a spectator sees "
    "it: no seed, no private event, no secret action text, no fault detail, no comment and no "
    "output; while another game of its deal is still to be played, no action, fault or event "
    "at all. `held_back` says why. The admin sees every game whole.",
    responses=error_answers(
        {
            401: "A wrong token (none is needed: one shows its author's check game)",
            404: "No such game (or another author's check game)",
        }
    ),
)
def game_record(game_id: RecordId, session: DatabaseSession, caller: OptionalCaller) -> GameDetail:
    """The record of one game."""
    record, disclosure = disclosed_game(session, game_id, caller)
    with replaying(game_id):
        return game_detail(session, record, disclosure)


@router.get(
    "/api/games/{game_id}/replay",
    response_model=Replay,
    summary="A game step by step, as one viewer sees it",
    description="Step 0 is the game before any action, step k the game after action k - 1. "
    "Until every game of its deal is played, a game may only be watched as a spectator (403 "
    "otherwise), without its bots' comments and output (while another game of its deal is "
    "still to be played, only step 0); `since` gives only the steps from that number on, to "
    "follow it. "
    "A seat's view has only that seat's comments and output, and only its own decisions' "
    "observations and legal actions.",
    responses=error_answers(
        {
            401: "A wrong token (none is needed: one shows its author's check game)",
            403: "A game whose deal is still being played, asked for another view than the "
            "spectator's",
            404: "No such game (or another author's check game), or no such seat in it",
            500: "The stored game does not replay",
        }
    ),
)
def game_replay(
    request: Request,
    game_id: RecordId,
    *,
    session: DatabaseSession,
    caller: OptionalCaller,
    cache: CachedReplays,
    view: ViewQuery = None,
    since: Annotated[int, Query(ge=0, description="The first step wanted.")] = 0,
) -> Response:
    """The steps of one game from ``since`` on, each with its table.

    A finished game whose deal is over never changes: its body is kept once built
    (:mod:`croupier_server.web.replay_cache`), once the asker is found to be allowed it.
    """
    record, disclosure = disclosed_game(session, game_id, caller)
    fixed = record.status != GameStatus.RUNNING and disclosure.is_whole
    key = ReplayKey(game_id, view or "", since) if fixed else None
    kept = cache.get(key) if key is not None else None
    if kept is not None:
        return kept.response(request)
    replay = stored_replay(session, game_id, view, caller)
    first = since if replay.running else 0  # the timeline needs every step
    steps = replay.steps(first=first, tables=range(since, replay.steps_total))
    built = Replay(
        game_id=game_id,
        game=record.game,
        variant=record.variant,
        status=str(record.status),
        view=str(replay.viewer),
        views=[str(each) for each in Viewer.every_view(replay.players)],
        seats=replay.summary.seats,
        steps_total=replay.steps_total,
        timeline=replay.timeline(steps),
        steps=steps[since - first :],
    )
    body = built.model_dump_json(by_alias=True).encode()
    if key is None:
        return Response(body, media_type="application/json")
    return cache.put(key, body).response(request)


def _output(session: Session, record: GameRecord, actions: list[ActionRecord]) -> list[PlacedLine]:
    """The bots' output placed among ``actions``; none while the game runs."""
    if record.status == GameStatus.RUNNING or record.id is None:
        return []
    lines = outputs.game_output(session, game_id=record.id)
    seats = db.game_seats(session, game_id=record.id)
    return place_output(actions, lines, {seat.seat: seat.output_dropped_bytes for seat in seats})


def _viewer(record: GameRecord, view: str | None, players: int, disclosure: Disclosure) -> Viewer:
    """The viewer asked for; by default all hands open, or a spectator while held back."""
    if view is None:
        return Viewer(seat=None, open_hands=disclosure.is_whole)
    viewer = Viewer.from_str(view)
    if viewer.seat is not None and viewer.seat >= players:
        raise HTTPException(404, f"no seat {viewer.seat} in game {record.id}")
    return viewer
