"""The tournament pages: the list, and one page per tournament with its live progress.

``/tournaments`` and ``/tournaments/{id}`` have their JSON twins under ``/api``; the progress
alone is at ``/api/tournaments/{id}/progress``, which ``static/live.js`` polls while the
tournament runs: it costs two indexed queries, where the whole twin also reads the standings.
"""

from __future__ import annotations

import functools
import json
from datetime import datetime
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier.games import load_game
from croupier_server.db import TournamentRecord, TournamentStatus, repository
from croupier_server.db.listings import (
    GameSearch,
    bot_ids,
    finished_counts,
    search_games,
    tournament_progress,
)
from croupier_server.db.variants import variant_label
from croupier_server.ratings import HeadToHead
from croupier_server.standings import Standing
from croupier_server.tournament.schedule import ScheduleFormat, stored_schedule
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.games import GameLine, game_line
from croupier_server.web.openapi import RecordId, error_answers
from croupier_server.web.ratings_cache import CachedRatings, RatingsCache
from croupier_server.web.templating import render

__all__ = [
    "HeadToHeadLine",
    "StandingLine",
    "TournamentDetail",
    "TournamentLine",
    "TournamentList",
    "TournamentProgressLine",
    "router",
]

router = APIRouter()

GAMES_SHOWN = 20
"""The newest games a tournament page lists; the games list pages through the rest."""


class TournamentLine(BaseModel):
    """A tournament as the list shows it."""

    id: int
    game: str
    variant: str
    format: str = Field(description="round-robin or gauntlet.")
    status: TournamentStatus
    bots: list[str] = Field(description="The entrants.")
    finished: int = Field(description="Scheduled games finished.")
    total: int = Field(description="Scheduled games in all.")
    created_at: datetime


class TournamentList(BaseModel):
    """Every tournament, newest first."""

    tournaments: list[TournamentLine]


class TournamentProgressLine(BaseModel):
    """How far a tournament has gone, and the games it is playing now."""

    status: TournamentStatus
    finished: int
    total: int
    running: list[GameLine] = Field(description="The games being played, to watch live.")
    aborted: int = Field(description="Attempts the referee gave up on; each is played again.")


class StandingLine(BaseModel):
    """A bot's line in a tournament's standings (intervals are 95%)."""

    rank: int
    bot: str
    bot_id: int | None
    elo: float
    elo_low: float
    elo_high: float
    games: int
    score: float = Field(description="Share of the pairwise points, 0 to 1.")
    margin: float = Field(description="Mean score over the other seats per game.")
    margin_low: float
    margin_high: float
    faults: dict[str, int] = Field(description="timeouts, illegal, crashes, forfeits.")


class HeadToHeadLine(BaseModel):
    """The results of one bot against another in the tournament."""

    bot: str
    opponent: str
    games: float = Field(description="The weight of their pairwise results.")
    wins: float
    draws: float
    losses: float
    score: float
    score_low: float
    score_high: float
    los: float = Field(description="The likelihood that `bot` is stronger than `opponent`.")


class TournamentDetail(TournamentLine):
    """A tournament's settings, progress, standings, head-to-head results and newest games."""

    options: dict[str, Any] = Field(description="The rule options.")
    deals: int
    seed: int
    duplicate: bool
    challengers: list[str] = Field(description="A gauntlet's challengers.")
    time_control: dict[str, int] = Field(description="connect_ms, decision_ms, bank_ms.")
    progress: TournamentProgressLine
    standings: list[StandingLine]
    head_to_head: list[HeadToHeadLine]
    games: list[GameLine] = Field(description="The newest games.")
    older_games: int | None = Field(
        description="The `before` of /api/games?tournament=ID listing the older games."
    )


@router.get("/tournaments", include_in_schema=False, response_class=HTMLResponse)
def tournaments_page(request: Request, session: DatabaseSession) -> HTMLResponse:
    """Every tournament."""
    listing = tournament_list(session)
    return render(
        request,
        "tournaments.html",
        {"section": "tournaments", "api_url": "/api/tournaments", "listing": listing},
    )


@router.get(
    "/api/tournaments", summary="Every tournament, newest first", response_model=TournamentList
)
def tournaments_api(session: DatabaseSession) -> TournamentList:
    """Each tournament with its entrants, its status and how many of its games finished."""
    return tournament_list(session)


@router.get("/tournaments/{tournament_id}", include_in_schema=False, response_class=HTMLResponse)
def tournament_page(
    request: Request, session: DatabaseSession, ratings: CachedRatings, tournament_id: RecordId
) -> HTMLResponse:
    """One tournament; its progress follows the games while it runs."""
    detail = tournament_detail(session, ratings, _tournament(session, tournament_id))
    cells = {(line.bot, line.opponent): line for line in detail.head_to_head}
    return render(
        request,
        "tournament.html",
        {
            "section": "tournaments",
            "api_url": f"/api/tournaments/{tournament_id}",
            "progress_url": f"/api/tournaments/{tournament_id}/progress",
            "tournament": detail,
            "head_to_head": cells,
        },
    )


@router.get(
    "/api/tournaments/{tournament_id}",
    summary="A tournament: settings, progress, standings, head-to-head, newest games",
    response_model=TournamentDetail,
    responses=error_answers({404: "No such tournament"}),
)
def tournament_api(
    session: DatabaseSession, ratings: CachedRatings, tournament_id: RecordId
) -> TournamentDetail:
    """Everything the tournament's page shows."""
    return tournament_detail(session, ratings, _tournament(session, tournament_id))


@router.get(
    "/api/tournaments/{tournament_id}/progress",
    summary="A tournament's progress and running games",
    response_model=TournamentProgressLine,
    responses=error_answers({404: "No such tournament"}),
)
def tournament_progress_api(
    session: DatabaseSession, tournament_id: RecordId
) -> TournamentProgressLine:
    """The `progress` of the tournament's page alone: cheap enough to poll while it runs."""
    return progress_line(session, _tournament(session, tournament_id))


def tournament_list(session: Session) -> TournamentList:
    """Every tournament with its progress counts."""
    finished = finished_counts(session)
    return TournamentList(
        tournaments=[
            _line(record, finished.get(_id(record), 0))
            for record in repository.list_tournaments(session)
        ]
    )


def tournament_detail(
    session: Session, ratings: RatingsCache, record: TournamentRecord
) -> TournamentDetail:
    """Everything about one tournament that its page shows.

    The standings and head-to-head results come from ``ratings``: while games finish they
    may lag a refresh behind the progress, which is read afresh.
    """
    progress = progress_line(session, record)
    board = ratings.board(game=record.game, tournament_id=_id(record))
    ids = bot_ids(session, names=[standing.bot for standing in board.standings])
    page = search_games(session, search=GameSearch(tournament_id=_id(record)), limit=GAMES_SHOWN)
    settings = record.settings
    return TournamentDetail(
        **_line(record, progress.finished).model_dump(),
        options=record.options,
        deals=settings["deals"],
        seed=settings["seed"],
        duplicate=settings["duplicate"],
        challengers=settings["challengers"],
        time_control=settings["time_control"],
        progress=progress,
        standings=[_standing_line(standing, ids.get(standing.bot)) for standing in board.standings],
        head_to_head=[_head_to_head_line(pair) for pair in board.head_to_head.values()],
        games=[game_line(game) for game in page.games],
        older_games=page.older,
    )


def progress_line(session: Session, record: TournamentRecord) -> TournamentProgressLine:
    """How far the tournament has gone, with its running games."""
    progress = tournament_progress(session, tournament_id=_id(record))
    return TournamentProgressLine(
        status=record.status,
        finished=progress.finished,
        total=_total(record, progress.finished),
        running=[game_line(game) for game in progress.running],
        aborted=progress.aborted,
    )


def _tournament(session: Session, tournament_id: int) -> TournamentRecord:
    record = repository.get_tournament(session, tournament_id=tournament_id)
    if record is None:
        raise HTTPException(404, f"no tournament {tournament_id}")
    return record


def _id(record: TournamentRecord) -> int:
    assert record.id is not None
    return record.id


def _line(record: TournamentRecord, finished: int) -> TournamentLine:
    return TournamentLine(
        id=_id(record),
        game=record.game,
        variant=variant_label(record.game, record.options),
        format=record.format,
        status=record.status,
        bots=record.settings["bots"],
        finished=finished,
        total=_total(record, finished),
        created_at=record.created_at,
    )


def _total(record: TournamentRecord, finished: int) -> int:
    """The number of games in the tournament's schedule."""
    # A tournament is finished only once every scheduled game is: no schedule to rebuild.
    if record.status == TournamentStatus.FINISHED:
        return finished
    return _schedule_length(
        record.game,
        json.dumps(record.options, sort_keys=True),
        record.format,
        json.dumps(record.settings, sort_keys=True),
    )


@functools.lru_cache(maxsize=256)
def _schedule_length(game: str, options: str, schedule_format: str, settings: str) -> int:
    """The length of the schedule the runner plays (rebuilding one takes up to a second)."""
    rules = load_game(game, json.loads(options))
    return len(stored_schedule(rules, ScheduleFormat(schedule_format), json.loads(settings)))


def _standing_line(standing: Standing, bot_id: int | None) -> StandingLine:
    return StandingLine(
        rank=standing.rank,
        bot=standing.bot,
        bot_id=bot_id,
        elo=standing.elo,
        elo_low=standing.elo_interval.low,
        elo_high=standing.elo_interval.high,
        games=standing.games,
        score=standing.score,
        margin=standing.margin,
        margin_low=standing.margin_interval.low,
        margin_high=standing.margin_interval.high,
        faults=standing.faults,
    )


def _head_to_head_line(pair: HeadToHead) -> HeadToHeadLine:
    return HeadToHeadLine(
        bot=pair.bot,
        opponent=pair.opponent,
        games=pair.games,
        wins=pair.wins,
        draws=pair.draws,
        losses=pair.losses,
        score=pair.score,
        score_low=pair.interval.low,
        score_high=pair.interval.high,
        los=pair.los,
    )
