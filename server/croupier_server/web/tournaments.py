"""The tournament pages: the list, and one page per tournament with its live progress.

``/tournaments`` and ``/tournaments/{id}`` have their JSON twins under ``/api``; the progress
alone is at ``/api/tournaments/{id}/progress``, which ``static/live.js`` polls while the
tournament runs: it costs two indexed queries, where the whole twin also reads the standings.

The pages know no format by name: a tournament's format gives its title, its settings as
rows, and what it says of the tournament so far (rows, and a trace drawn as a chart).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier.games import game_class
from croupier_server import db
from croupier_server.db import TournamentRecord, TournamentStatus
from croupier_server.db.bots import bot_ids
from croupier_server.db.listings import (
    GameSearch,
    finished_counts,
    search_games,
    tournament_progress,
)
from croupier_server.db.statistics import tournament_board_versions
from croupier_server.db.tournament_history import (
    FORFEIT,
    TournamentFault,
    TournamentPace,
    tournament_faults,
    tournament_pace,
)
from croupier_server.ratings import MIN_BOOTSTRAP_DEALS
from croupier_server.standings import Standing
from croupier_server.tournament.formats import Row, Trace, format_names
from croupier_server.tournament.records import format_report, settings_of, total_games
from croupier_server.tournament.settings import TournamentSettings
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.games import GameLine, game_line
from croupier_server.web.head_to_head import HeadToHeadLine, head_to_head_lines
from croupier_server.web.openapi import RecordId, error_answers
from croupier_server.web.ratings_cache import CachedRatings, RatingsCache
from croupier_server.web.templating import render
from croupier_server.web.tournament_charts import trace_chart

__all__ = [
    "FaultLine",
    "LeaderLine",
    "SettingLine",
    "StandingLine",
    "TournamentDetail",
    "TournamentLine",
    "TournamentList",
    "TournamentProgressLine",
    "TraceLine",
    "router",
]

router = APIRouter()

GAMES_SHOWN = 20
"""The newest games a tournament page lists; the games list pages through the rest."""
FAULTS_SHOWN = 50
"""The latest faults and forfeits a tournament page lists; its games list has every game."""


class LeaderLine(BaseModel):
    """The bot a tournament's standings rank first, with its Elo (interval 95%)."""

    bot: str
    elo: float
    elo_low: float
    elo_high: float


class TournamentLine(BaseModel):
    """A tournament as the list shows it."""

    id: int
    game: str
    variant: str
    format: str = Field(description=f"The format's name: {', '.join(format_names())}.")
    format_title: str = Field(description="The format's name for people.")
    status: TournamentStatus
    bots: list[str] = Field(description="The entrants.")
    finished: int = Field(description="Games finished.")
    total: int | None = Field(
        description="Games in all; null while the format cannot tell (a sequential match)."
    )
    created_at: datetime
    leader: LeaderLine | None = Field(
        description="First in the tournament's standings; null before its first rated game."
    )


class TournamentList(BaseModel):
    """Every tournament: the running ones first, then the others, newest first."""

    tournaments: list[TournamentLine]


class TournamentProgressLine(BaseModel):
    """How far a tournament has gone, and the games it is playing now."""

    status: TournamentStatus
    finished: int
    total: int | None = Field(description="Games in all; null while the format cannot tell.")
    running: list[GameLine] = Field(description="The games being played, to watch live.")
    aborted: int = Field(description="Attempts the referee gave up on; each is played again.")
    games_per_hour: float | None = Field(
        description="Games finished per hour, from the start of the first finished game to "
        "the finish of the last; null before one finished."
    )
    eta_minutes: int | None = Field(
        description="While it runs: the minutes left at that pace, when the format can tell "
        "how many games are left; null otherwise."
    )


class StandingLine(BaseModel):
    """A bot's line in a tournament's standings (intervals are 95%)."""

    rank: int
    bot: str
    bot_id: int | None
    elo: float
    elo_low: float
    elo_high: float
    games: int
    deals: int = Field(description="The deals it played (duplicate sets of games).")
    score: float = Field(description="Share of the pairwise points, 0 to 1.")
    margin: float = Field(
        description="Mean score over the other seats per game, in the tournament's score unit."
    )
    margin_low: float | None = Field(
        description=f"Null below {MIN_BOOTSTRAP_DEALS} deals: too few for a bootstrap interval."
    )
    margin_high: float | None
    faults: dict[str, int] = Field(description="timeouts, illegal, crashes, forfeits.")


class SettingLine(BaseModel):
    """One line of what a tournament's format says of it: a setting, or a result so far."""

    label: str
    value: str
    note: str = Field(description="A remark on the value; may be empty.")


class TraceLine(BaseModel):
    """A value the format follows as the games come in, and the bounds at which it decides."""

    title: str
    unit: str = Field(description="What is counted: `values[i]` is after `i + 1` of them.")
    label: str = Field(description="What the value is.")
    values: list[float]
    bounds: list[float]


class FaultLine(BaseModel):
    """A fault, or a seat forfeited, in one of a tournament's games."""

    game_id: int
    seat: int
    bot: str
    kind: str = Field(description="The fault's kind, or `forfeit` for a seat forfeited.")
    detail: str
    action_number: int | None
    path: str = Field(description="The replay at the decision the fault concerns.")


class TournamentDetail(TournamentLine):
    """A tournament's settings, progress, standings, head-to-head results and newest games."""

    options: dict[str, Any] = Field(description="The rule options.")
    score_unit: str = Field(description="What the game's scores, and so margins, count.")
    seed: int | None = Field(
        description="The tournament's seed, from which every deal's follows; null until it "
        "is finished, or its deals could be rebuilt while they are played."
    )
    settings: dict[str, Any] = Field(
        description="The format's own settings, by the keys of its setting specs."
    )
    rows: list[SettingLine] = Field(
        description="The format's settings and what it says of the tournament so far."
    )
    trace: TraceLine | None = Field(description="What the format follows game after game.")
    time_control: dict[str, int] = Field(description="connect_ms, decision_ms, bank_ms.")
    progress: TournamentProgressLine
    standings: list[StandingLine]
    head_to_head: list[HeadToHeadLine]
    faults: list[FaultLine] = Field(
        description=f"The latest {FAULTS_SHOWN} faults and forfeited seats of its games, newest "
        "first."
    )
    games: list[GameLine] = Field(description="The newest games.")
    older_games: int | None = Field(
        description="The `before` of /api/games?tournament=ID listing the older games."
    )


@router.get("/tournaments", include_in_schema=False, response_class=HTMLResponse)
def tournaments_page(
    request: Request, session: DatabaseSession, ratings: CachedRatings
) -> HTMLResponse:
    """Every tournament."""
    listing = tournament_list(session, ratings)
    return render(
        request,
        "tournaments.html",
        {"section": "tournaments", "api_url": "/api/tournaments", "listing": listing},
    )


@router.get(
    "/api/tournaments", summary="Every tournament, newest first", response_model=TournamentList
)
def tournaments_api(session: DatabaseSession, ratings: CachedRatings) -> TournamentList:
    """Each tournament with its entrants, its status, its games finished and its leader."""
    return tournament_list(session, ratings)


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
            "faults_shown": FAULTS_SHOWN,
            "chart": None if detail.trace is None else trace_chart(_trace(detail.trace)),
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


def tournament_list(session: Session, ratings: RatingsCache) -> TournamentList:
    """Every tournament with its progress counts and its leader, the running ones first."""
    finished = finished_counts(session)
    versions = tournament_board_versions(session)
    records = sorted(
        db.list_tournaments(session), key=lambda record: record.status != TournamentStatus.RUNNING
    )
    lines = []
    for record in records:
        version = versions.get(_id(record))
        leader = None
        if version is not None:
            first = ratings.leader(game=record.game, tournament_id=_id(record), version=version)
            leader = None if first is None else _leader([first])
        lines.append(_line(record, finished.get(_id(record), 0), leader=leader))
    return TournamentList(tournaments=lines)


def tournament_detail(
    session: Session, ratings: RatingsCache, record: TournamentRecord
) -> TournamentDetail:
    """Everything about one tournament that its page shows.

    The standings and head-to-head results come from ``ratings``: while games finish they
    may lag a refresh behind the progress, which is read afresh.
    """
    progress = progress_line(session, record)
    board = ratings.board(game=record.game, tournament_id=_id(record))
    bots = [standing.bot for standing in board.standings]
    ids = bot_ids(session, names=bots)
    page = search_games(session, search=GameSearch(tournament_id=_id(record)), limit=GAMES_SHOWN)
    settings = settings_of(record)
    report = format_report(session, record, settings)
    rows = (*settings.format_settings.rows(), *report.rows)
    return TournamentDetail(
        **_line(record, progress.finished, settings, leader=_leader(board.standings)).model_dump(),
        options=record.options,
        score_unit=_score_unit(record),
        seed=settings.seed if record.status is TournamentStatus.FINISHED else None,
        settings=settings.format_settings.to_data(),
        rows=[_setting_line(row) for row in rows],
        trace=None if report.trace is None else _trace_line(report.trace),
        time_control=settings.time_control,
        progress=progress,
        standings=[_standing_line(standing, ids.get(standing.bot)) for standing in board.standings],
        head_to_head=head_to_head_lines(board.head_to_head, bots),
        faults=[
            _fault_line(fault)
            for fault in tournament_faults(session, tournament_id=_id(record), limit=FAULTS_SHOWN)
        ],
        games=[game_line(game) for game in page.games],
        older_games=page.older,
    )


def progress_line(session: Session, record: TournamentRecord) -> TournamentProgressLine:
    """How far the tournament has gone, with its running games."""
    progress = tournament_progress(session, tournament_id=_id(record))
    total = _total(record, progress.finished)
    running = record.status == TournamentStatus.RUNNING
    pace = tournament_pace(session, tournament_id=_id(record))
    rate = _games_per_hour(pace, finished=progress.finished)
    left = None if total is None else total - progress.finished
    return TournamentProgressLine(
        status=record.status,
        finished=progress.finished,
        total=total,
        running=[game_line(game) for game in progress.running],
        aborted=progress.aborted,
        games_per_hour=None if rate is None else round(rate, 1),
        eta_minutes=None if not running or rate is None or left is None else _minutes(left, rate),
    )


def _games_per_hour(pace: TournamentPace, *, finished: int) -> float | None:
    """The ``finished`` games per hour, from the first one's start to the last one's finish.

    Games played at once count as such: four tables that each finish a game an hour make
    four games an hour. The time is at least a second.
    """
    if pace.first_started is None or pace.last_finished is None or not finished:
        return None
    hours = max((pace.last_finished - pace.first_started) / timedelta(hours=1), 1 / 3600)
    return finished / hours


def _minutes(games: int, per_hour: float) -> int:
    """The whole minutes ``games`` take at ``per_hour``, rounded up.

    >>> _minutes(10, 60.0), _minutes(1, 7.0), _minutes(0, 7.0)
    (10, 9, 0)
    """
    return math.ceil(60 * games / per_hour)


def _tournament(session: Session, tournament_id: int) -> TournamentRecord:
    record = db.get_tournament(session, tournament_id=tournament_id)
    if record is None:
        raise HTTPException(404, f"no tournament {tournament_id}")
    return record


def _id(record: TournamentRecord) -> int:
    assert record.id is not None
    return record.id


def _line(
    record: TournamentRecord,
    finished: int,
    settings: TournamentSettings | None = None,
    *,
    leader: LeaderLine | None = None,
) -> TournamentLine:
    """The list's line of ``record``, with its ``leader``."""
    settings = settings or settings_of(record)
    return TournamentLine(
        id=_id(record),
        game=record.game,
        variant=game_class(record.game).variant_label(record.options),
        format=settings.format,
        format_title=settings.kind.title,
        status=record.status,
        bots=list(settings.bots),
        finished=finished,
        total=_total(record, finished),
        created_at=record.created_at,
        leader=leader,
    )


def _leader(standings: Sequence[Standing]) -> LeaderLine | None:
    if not standings:
        return None
    first = standings[0]
    return LeaderLine(
        bot=first.bot,
        elo=round(first.elo, 1),
        elo_low=round(first.elo_interval.low, 1),
        elo_high=round(first.elo_interval.high, 1),
    )


def _fault_line(fault: TournamentFault) -> FaultLine:
    # The replay shows a fault at the step its decision led to (step 0: before any action).
    step = 0 if fault.action_number is None else fault.action_number + 1
    return FaultLine(
        game_id=fault.game_id,
        seat=fault.seat,
        bot=fault.bot,
        kind=fault.kind,
        detail=fault.detail,
        action_number=fault.action_number,
        path=f"/games/{fault.game_id}" + ("" if fault.kind == FORFEIT else f"?step={step}"),
    )


def _total(record: TournamentRecord, finished: int) -> int | None:
    """The games of the tournament in all, if its format can tell."""
    # A finished tournament has played all its games, whatever its format.
    if record.status == TournamentStatus.FINISHED:
        return finished
    return total_games(record)


def _setting_line(row: Row) -> SettingLine:
    return SettingLine(label=row.label, value=row.value, note=row.note)


def _trace_line(trace: Trace) -> TraceLine:
    return TraceLine(
        title=trace.title,
        unit=trace.unit,
        label=trace.label,
        values=list(trace.values),
        bounds=list(trace.bounds),
    )


def _trace(line: TraceLine) -> Trace:
    return Trace(line.title, line.unit, line.label, tuple(line.values), tuple(line.bounds))


def _score_unit(record: TournamentRecord) -> str:
    return game_class(record.game).score_unit(record.options)


def _standing_line(standing: Standing, bot_id: int | None) -> StandingLine:
    interval = standing.margin_interval
    return StandingLine(
        rank=standing.rank,
        bot=standing.bot,
        bot_id=bot_id,
        elo=standing.elo,
        elo_low=standing.elo_interval.low,
        elo_high=standing.elo_interval.high,
        games=standing.games,
        deals=standing.deals,
        score=standing.score,
        margin=standing.margin,
        margin_low=None if interval is None else interval.low,
        margin_high=None if interval is None else interval.high,
        faults=standing.faults,
    )
