"""The bots: ``/bots`` lists them, ``/bots/{bot_id}`` shows one; JSON twins under ``/api``.

Ratings, results by opponent and rating histories come from the boards of the ratings cache;
the rest of a bot's page reads only what it shows (counts, its latest faults and games, the
decision times of its latest games), so it costs the same for a bot of fifty games or of
fifty thousand. Those leave out the check games its reader may not see (a check game is
its author's and the admin's), and give a game whose deal is still being played without
its result (:mod:`croupier_server.db.bot_history`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import BotKind, BotRecord, bot_history, statistics, version_listing
from croupier_server.db.bot_history import BotFault, BotGame
from croupier_server.db.bots import is_open_to_people
from croupier_server.db.check_games import ANYONE, Reader
from croupier_server.ratings import HISTORY_MOMENTS, HeadToHead
from croupier_server.standings import Standing
from croupier_server.web.access import OptionalCaller
from croupier_server.web.charts import History, RatingChart, rating_chart
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.disclosed import reader_of
from croupier_server.web.leaderboard import (
    Faults,
    RatingPoint,
    board_path,
    faults_of,
    interval_bounds,
    rating_points,
    score_unit,
)
from croupier_server.web.openapi import RecordId, error_answers
from croupier_server.web.people_access import people_button
from croupier_server.web.ratings_cache import Board, CachedRatings, RatingsCache
from croupier_server.web.templating import render
from croupier_server.web.version_pages import submitted_bot_page

__all__ = [
    "BotBoard",
    "BotLine",
    "BotView",
    "BotsView",
    "DecisionTimes",
    "FaultLine",
    "OpponentLine",
    "RecentGame",
    "bot_profile",
    "bots_listing",
    "router",
]

router = APIRouter()

CHART_POINTS = HISTORY_MOMENTS
"""The most points of a rating history a bot's page draws: every one the board keeps."""
LATEST_FAULTS = 10
RECENT_GAMES = 20
LATENCY_GAMES = 1000
"""The decision times of a bot's page are those of its latest games only, this many."""


class BotLine(BaseModel):
    """A bot in the list of bots."""

    id: int
    name: str
    game: str
    kind: BotKind
    description: str
    games: int = Field(description="Its seats in finished games, on every board.")
    main_board: str | None = Field(description="The variant of the board it played most on.")
    elo: float | None = Field(description="Its Elo on that board.")
    open_to_people: bool = Field(description="Whether people may play against it.")


class BotsView(BaseModel):
    """Every registered bot, by name."""

    bots: list[BotLine]


class OpponentLine(BaseModel):
    """A bot's results against one opponent on a board: counted, and weighted by seats."""

    opponent_id: int
    opponent: str
    met: int = Field(description="The games they both played.")
    ahead: int = Field(description="Those in which the bot scored more than the opponent.")
    tied: int = Field(description="Those in which they scored the same.")
    behind: int = Field(description="Those in which the bot scored less.")
    games: float = Field(
        description="The weight of their pairwise results: a pair of seats of an n-seat "
        "game weighs 1/(n-1)."
    )
    wins: float = Field(description="The weight of the bot's wins.")
    draws: float
    losses: float
    score: float = Field(description="The weighted share of the points, 0 to 1.")
    score_low: float = Field(description="Its 95% Wilson interval.")
    score_high: float
    los: float = Field(description="The likelihood that the bot is the stronger.")


class BotBoard(BaseModel):
    """A bot's line on one leaderboard (intervals are 95%)."""

    game: str
    variant: str
    path: str = Field(description="The page of the board.")
    score_unit: str = Field(description="What the game's scores, and so margins, count.")
    rank: int
    bots: int = Field(description="How many bots the board ranks.")
    elo: float = Field(description="Bradley-Terry Elo, mean 0 over the board's bots.")
    elo_low: float
    elo_high: float
    games: int
    deals: int
    score: float
    margin: float
    margin_low: float | None = Field(description="Null below its minimum of deals.")
    margin_high: float | None
    faults: Faults
    rating_history: list[RatingPoint] = Field(
        description=f"Its Elo after at most {CHART_POINTS} evenly spaced games, the latest "
        "included, whose last point is `elo`."
    )
    opponents: list[OpponentLine] = Field(description="In the order of the board.")


class FaultLine(BaseModel):
    """One fault of the bot."""

    game_id: int
    seat: int
    kind: str
    detail: str
    at: datetime
    action_number: int | None
    path: str = Field(description="The replay at the decision the fault concerns.")


class DecisionTimes(BaseModel):
    """Percentiles of the bot's decision times (ms) in its latest games."""

    games: int = Field(description=f"The games measured: its latest, at most {LATENCY_GAMES}.")
    decisions: int
    p50: float
    p90: float
    p95: float
    p99: float
    max: float


class RecentGame(BaseModel):
    """One of the bot's latest games, from its seat."""

    game_id: int
    variant: str
    tournament_id: int | None
    started_at: datetime
    status: str
    ended_by: str | None
    seat: int
    seat_status: str
    score: int | None
    place: int | None
    players: list[str] = Field(description="The bot in each seat, in seat order.")
    result: str | None = Field(
        description="`won` (its score above every other seat's), `tied` (level with the best "
        "other) or `lost`; null until the game finished."
    )
    margin: float | None = Field(
        description="Its score minus the mean of the other seats', in `score_unit`; null "
        "until the game finished."
    )
    score_unit: str = Field(description="What the game's scores count.")
    held_back: str = Field(
        default="",
        description="Why the game, finished, is given without its score, place, result and "
        "margin: another game of its deal is still to be played. Empty when nothing is held.",
    )


class BotView(BaseModel):
    """A bot: its ratings and results, faults, decision times and latest games."""

    id: int
    name: str
    game: str
    kind: BotKind
    description: str
    created_at: datetime
    open_to_people: bool = Field(description="Whether people may play against it.")
    boards: list[BotBoard] = Field(description="Where it is rated, most games first.")
    fault_kinds: dict[str, int] = Field(description="Its faults by kind, in all its games.")
    forfeits: int = Field(description="The seats it forfeited in finished games.")
    latest_faults: list[FaultLine] = Field(description=f"At most {LATEST_FAULTS}, newest first.")
    decision_times: DecisionTimes | None
    recent_games: list[RecentGame] = Field(description=f"At most {RECENT_GAMES}, newest first.")


@router.get("/api/bots", response_model=BotsView, summary="Every bot with its games and Elo")
def bots_api(session: DatabaseSession, cache: CachedRatings) -> BotsView:
    """The JSON twin of ``/bots``."""
    return bots_listing(session, cache)


@router.get(
    "/api/bots/{bot_id}",
    response_model=BotView,
    summary="A bot: ratings, results by opponent, faults, decision times, latest games",
    responses=error_answers(
        {
            401: "A wrong token (none is needed: one shows its author's check games)",
            404: "No such bot",
        }
    ),
)
def bot_api(
    bot_id: RecordId, session: DatabaseSession, cache: CachedRatings, caller: OptionalCaller
) -> BotView:
    """The JSON twin of ``/bots/{bot_id}``."""
    return bot_profile(session, cache, bot_id=bot_id, reader=reader_of(caller))


@router.get("/bots", include_in_schema=False, response_class=HTMLResponse)
def bots_page(request: Request, session: DatabaseSession, cache: CachedRatings) -> HTMLResponse:
    """Every bot."""
    context = {"section": "bots", "api_url": "/api/bots", "view": bots_listing(session, cache)}
    return render(request, "bots.html", context)


@router.get("/bots/{bot_id:int}", include_in_schema=False, response_class=HTMLResponse)
def bot_page(
    request: Request,
    bot_id: RecordId,
    session: DatabaseSession,
    cache: CachedRatings,
    caller: OptionalCaller,
) -> HTMLResponse:
    """One bot; a submitted bot's page lists its versions."""
    submitted = version_listing.submitted_bot_by_id(session, bot_id=bot_id)
    if submitted is not None:
        return submitted_bot_page(request, session, cache, submitted)
    view = bot_profile(session, cache, bot_id=bot_id, reader=reader_of(caller))
    charts = {board.path: _chart(view.name, board) for board in view.boards}
    context = {
        "section": "bots",
        "api_url": f"/api/bots/{bot_id}",
        "view": view,
        "charts": charts,
        "ids": db.bot_ids(session),
        "people": people_button(request, session, _found(session, bot_id)),
    }
    return render(request, "bot.html", context)


def _chart(name: str, board: BotBoard) -> RatingChart | None:
    """The bot's rating chart on ``board``: each point linked to its game, its interval a band."""
    history = History(
        name,
        [(point.game, point.elo) for point in board.rating_history],
        [point.game_id for point in board.rating_history],
    )
    return rating_chart(
        [history],
        title=f"Elo of {name} on {board.game} {board.variant} after each of its games (the "
        "mean of the board's bots at 0), the band its 95% interval now",
        interval=(board.elo_low, board.elo_high),
    )


def _found(session: Session, bot_id: int) -> BotRecord:
    """The bot ``bot_id``, which its page has found already."""
    record = db.get_bot(session, bot_id=bot_id)
    assert record is not None
    return record


def bots_listing(session: Session, cache: RatingsCache) -> BotsView:
    """Every bot, with its games on every board and its Elo on its main board."""
    boards = _boards(session, cache)
    lines = []
    for record in db.list_bots(session):
        assert record.id is not None
        rated = sorted(
            ((board, line) for board in boards if (line := board.standing(record.name))),
            key=lambda pair: -pair[1].games,
        )
        lines.append(
            BotLine(
                id=record.id,
                name=record.name,
                game=record.game,
                kind=record.kind,
                description=record.description,
                games=sum(line.games for _, line in rated),
                main_board=rated[0][0].key.variant if rated else None,
                elo=round(rated[0][1].elo, 1) if rated else None,
                open_to_people=is_open_to_people(session, record),
            )
        )
    return BotsView(bots=lines)


def bot_profile(
    session: Session, cache: RatingsCache, *, bot_id: int, reader: Reader = ANYONE
) -> BotView:
    """What the page of a bot shows to ``reader``.

    Raises:
        HTTPException: 404, no such bot.
    """
    record = db.get_bot(session, bot_id=bot_id)
    if record is None:
        raise HTTPException(404, f"no bot {bot_id}")
    ids = db.bot_ids(session)
    boards = sorted(
        (
            _bot_board(board, line, ids)
            for board in _boards(session, cache, game=record.game)
            if (line := board.standing(record.name))
        ),
        key=lambda board: -board.games,
    )
    return BotView(
        id=bot_id,
        name=record.name,
        game=record.game,
        kind=record.kind,
        description=record.description,
        created_at=record.created_at,
        open_to_people=is_open_to_people(session, record),
        boards=boards,
        fault_kinds=bot_history.bot_fault_kinds(session, bot_id=bot_id, reader=reader),
        forfeits=sum(board.faults.forfeits for board in boards),
        latest_faults=[
            _fault_line(fault)
            for fault in bot_history.latest_bot_faults(
                session, bot_id=bot_id, limit=LATEST_FAULTS, reader=reader
            )
        ],
        decision_times=_decision_times(session, record, reader),
        recent_games=[
            _recent_game(game, record.game)
            for game in bot_history.recent_bot_games(
                session, bot_id=bot_id, limit=RECENT_GAMES, reader=reader
            )
        ],
    )


def _boards(session: Session, cache: RatingsCache, *, game: str | None = None) -> list[Board]:
    return [
        cache.board(game=found.game, variant=found.variant, version=found.version)
        for found in statistics.finished_boards(session, game=game)
    ]


def _bot_board(board: Board, line: Standing, ids: dict[str, int]) -> BotBoard:
    assert board.key.variant is not None
    order = {standing.bot: standing.rank for standing in board.standings}
    pairs = sorted(
        (pair for (bot, _), pair in board.head_to_head.items() if bot == line.bot),
        key=lambda pair: order.get(pair.opponent, len(order)),
    )
    margin_low, margin_high = interval_bounds(line.margin_interval, 3)
    return BotBoard(
        game=board.key.game,
        variant=board.key.variant,
        path=board_path(board.key.game, board.key.variant),
        score_unit=score_unit(board.key.game, board.key.variant),
        rank=line.rank,
        bots=len(board.standings),
        elo=round(line.elo, 1),
        elo_low=round(line.elo_interval.low, 1),
        elo_high=round(line.elo_interval.high, 1),
        games=line.games,
        deals=line.deals,
        score=round(line.score, 4),
        margin=round(line.margin, 3),
        margin_low=margin_low,
        margin_high=margin_high,
        faults=faults_of(line),
        rating_history=rating_points(
            board.rating_history.get(line.bot, ()),
            board.seat_games.get(line.bot, ()),
            CHART_POINTS,
        ),
        opponents=[_opponent_line(pair, ids) for pair in pairs if pair.games > 0],
    )


def _opponent_line(pair: HeadToHead, ids: dict[str, int]) -> OpponentLine:
    return OpponentLine(
        opponent_id=ids[pair.opponent],
        opponent=pair.opponent,
        met=pair.met,
        ahead=pair.ahead,
        tied=pair.tied,
        behind=pair.behind,
        games=round(pair.games, 3),
        wins=round(pair.wins, 3),
        draws=round(pair.draws, 3),
        losses=round(pair.losses, 3),
        score=round(pair.score, 4),
        score_low=round(pair.interval.low, 4),
        score_high=round(pair.interval.high, 4),
        los=round(pair.los, 4),
    )


def _fault_line(fault: BotFault) -> FaultLine:
    # The replay shows a fault at the step its decision led to (step 0: before any action).
    step = 0 if fault.action_number is None else fault.action_number + 1
    return FaultLine(
        game_id=fault.game_id,
        seat=fault.seat,
        kind=fault.kind,
        detail=fault.detail,
        at=fault.at,
        action_number=fault.action_number,
        path=f"/games/{fault.game_id}?step={step}",
    )


def _decision_times(session: Session, record: BotRecord, reader: Reader) -> DecisionTimes | None:
    assert record.id is not None
    sample = bot_history.recent_decision_latencies(
        session, bot_id=record.id, games=LATENCY_GAMES, reader=reader
    )
    if not sample.latencies:
        return None
    ordered = sorted(sample.latencies)
    return DecisionTimes(
        games=sample.games,
        decisions=len(ordered),
        p50=_percentile(ordered, 0.50),
        p90=_percentile(ordered, 0.90),
        p95=_percentile(ordered, 0.95),
        p99=_percentile(ordered, 0.99),
        max=round(ordered[-1], 1),
    )


def _percentile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank percentile of sorted values."""
    return round(ordered[max(0, math.ceil(q * len(ordered)) - 1)], 1)


def _recent_game(game: BotGame, name: str) -> RecentGame:
    outcome = _outcome(game)
    return RecentGame(
        game_id=game.game_id,
        variant=game.variant,
        tournament_id=game.tournament_id,
        started_at=game.started_at,
        status=game.status,
        ended_by=game.ended_by,
        seat=game.seat,
        seat_status=game.seat_status,
        score=game.score,
        place=game.place,
        players=list(game.players),
        result=None if outcome is None else outcome[0],
        margin=None if outcome is None else outcome[1],
        score_unit=score_unit(name, game.variant),
        held_back=game.held_back,
    )


def _outcome(game: BotGame) -> tuple[str, float] | None:
    """The bot's result in ``game`` and its margin; ``None`` before every seat has a score."""
    others = [score for seat, score in enumerate(game.scores) if seat != game.seat]
    scored = [score for score in others if score is not None]
    if game.score is None or not scored or len(scored) < len(others):
        return None
    return _result(game.score, scored), round(game.score - sum(scored) / len(scored), 3)


def _result(score: int, others: Sequence[int]) -> str:
    """``won``, ``tied`` or ``lost``: ``score`` against the best of the ``others``.

    >>> _result(3, [1, 2]), _result(2, [2, 1]), _result(1, [2, 0])
    ('won', 'tied', 'lost')
    """
    best = max(others)
    return "won" if score > best else "tied" if score == best else "lost"
