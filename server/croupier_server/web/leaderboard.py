"""The leaderboards: one per game and variant with finished games, from the ratings cache.

``/`` and ``/leaderboard`` show every board, ``/leaderboard/{game}/{variant}`` one; their
JSON twins are under ``/api/leaderboard``. A board's lines come from
:class:`~croupier_server.web.ratings_cache.RatingsCache`, so a page costs a few indexed
queries however many games are stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from datetime import datetime
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier.games import InvalidOptions, game_class, game_names
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import statistics
from croupier_server.ratings import MIN_BOOTSTRAP_DEALS, EloHistory, HeadToHead, Interval
from croupier_server.standings import Standing
from croupier_server.web.board_versions import SHOWN_VERSION, shown_versions
from croupier_server.web.charts import (
    History,
    RatingChart,
    Sparkline,
    rating_chart,
    sparkline,
    thinned,
)
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.head_to_head import HeadToHeadLine, head_to_head_lines, los_over
from croupier_server.web.openapi import error_answers
from croupier_server.web.ratings_cache import Board, CachedRatings, RatingsCache
from croupier_server.web.templating import render

__all__ = [
    "BoardDetail",
    "BoardLine",
    "BoardView",
    "Faults",
    "LeaderboardView",
    "RatingPoint",
    "board_path",
    "faults_of",
    "interval_bounds",
    "rating_points",
    "router",
    "score_unit",
]

router = APIRouter()

SPARKLINE_POINTS = 60
"""The most points of a rating history a board line carries (its sparkline's)."""


class Faults(BaseModel):
    """A bot's faults on a board, grouped."""

    timeouts: int = Field(description="Decisions and connections too late.")
    illegal: int = Field(description="Illegal, malformed or unexpected answers.")
    crashes: int
    forfeits: int = Field(description="Seats the bot lost to the referee's default policy.")


class RatingPoint(BaseModel):
    """A bot's Elo on its board after one of its games, on the scale of the board's Elo."""

    game: int = Field(description="The bot's game number on the board, from 1.")
    elo: float = Field(
        description="The Bradley-Terry Elo fitted on the board's games up to then, "
        "the mean of the bots that had played at 0."
    )
    game_id: int = Field(description="The id of that game of the bot's.")


class BoardLine(BaseModel):
    """A bot's line on a board (intervals are 95%)."""

    rank: int
    bot_id: int
    bot: str
    elo: float = Field(description="Bradley-Terry Elo, mean 0 over the board's bots.")
    elo_low: float
    elo_high: float
    games: int
    deals: int = Field(description="The deals it played (duplicate sets of games).")
    score: float = Field(description="Share of the pairwise points, 0 to 1.")
    margin: float = Field(
        description="Mean score over the other seats per game, in the board's score unit."
    )
    margin_low: float | None = Field(
        description=f"Null below {MIN_BOOTSTRAP_DEALS} deals: too few for a bootstrap interval."
    )
    margin_high: float | None
    faults: Faults
    los_next: float | None = Field(
        description="The likelihood that it is stronger than the bot ranked next, from their "
        "results against each other; null for the last, or when they never met."
    )
    rating_history: list[RatingPoint] = Field(
        description=f"Its Elo after at most {SPARKLINE_POINTS} evenly spaced games, the "
        "latest included, whose last point is `elo`."
    )
    submitted: str | None = Field(
        default=None, description="For a submitted bot's version (NAME@N): the bot, NAME."
    )
    versions_path: str | None = Field(
        default=None, description="For a submitted bot's version: the page of its versions."
    )


class BoardView(BaseModel):
    """The leaderboard of one game and variant."""

    game: str
    variant: str
    path: str = Field(description="The page of the board.")
    score_unit: str = Field(description="What the game's scores, and so margins, count.")
    games: int = Field(description="The finished games it rates.")
    computed_at: datetime = Field(description="When its ratings were computed.")
    fit_age_s: float = Field(description="How old its ratings are, in seconds.")
    fit_seconds: float = Field(description="How long computing them took, in seconds.")
    pending: bool = Field(
        default=False, description="Whether its ratings are being computed for the first time."
    )
    as_of: str = Field(description="``ratings as of 12 s ago, 1,234 games``, as its page says.")
    lines: list[BoardLine]


class BoardDetail(BoardView):
    """The leaderboard of one game and variant, with the results of every two of its bots."""

    head_to_head: list[HeadToHeadLine] = Field(
        description="Each bot against each other it met, both ways round."
    )


class LeaderboardView(BaseModel):
    """Every leaderboard, by game and variant."""

    boards: list[BoardView]


@router.get(
    "/api/leaderboard",
    response_model=LeaderboardView,
    summary="Every leaderboard: one per game and variant with finished games",
)
def leaderboard_api(session: DatabaseSession, cache: CachedRatings) -> LeaderboardView:
    """The JSON twin of ``/leaderboard``."""
    return leaderboard(session, cache)


@router.get(
    "/api/leaderboard/{game}/{variant}",
    response_model=BoardDetail,
    summary="The leaderboard of one game and variant",
    responses=error_answers({404: "No such game, or no finished game of the variant"}),
)
def board_api(
    game: str, variant: str, session: DatabaseSession, cache: CachedRatings
) -> BoardDetail:
    """The JSON twin of ``/leaderboard/{game}/{variant}``."""
    return board(session, cache, game=game, variant=variant)


@router.get("/", include_in_schema=False, response_class=HTMLResponse)
@router.get("/leaderboard", include_in_schema=False, response_class=HTMLResponse)
def leaderboard_page(
    request: Request, session: DatabaseSession, cache: CachedRatings
) -> HTMLResponse:
    """Every leaderboard."""
    return _page(request, leaderboard(session, cache).boards, api_url="/api/leaderboard")


@router.get("/leaderboard/{game}/{variant}", include_in_schema=False, response_class=HTMLResponse)
def board_page(
    request: Request, game: str, variant: str, session: DatabaseSession, cache: CachedRatings
) -> HTMLResponse:
    """One leaderboard, with its head-to-head table and the rating chart of all its bots."""
    view = board(session, cache, game=game, variant=variant)
    return _page(
        request,
        [view],
        api_url=f"/api{view.path}",
        single=True,
        head_to_head={(line.bot, line.opponent): line for line in view.head_to_head},
        chart=_board_chart(view),
    )


def leaderboard(session: Session, cache: RatingsCache) -> LeaderboardView:
    """Every game and variant with finished games, with its board.

    A submitted bot is shown by one of its versions (see
    :mod:`~croupier_server.web.board_versions`).
    """
    bot_ids = db.bot_ids(session)
    boards = [
        cache.board(game=found.game, variant=found.variant, version=found.version)
        for found in statistics.finished_boards(session)
    ]
    return LeaderboardView(boards=[_shown_board(session, cached, bot_ids) for cached in boards])


def board(session: Session, cache: RatingsCache, *, game: str, variant: str) -> BoardDetail:
    """The board of ``game`` and ``variant``, a submitted bot shown by one of its versions.

    Its head-to-head results are those of the bots it shows.

    Raises:
        HTTPException: 404, an unknown game or a variant without finished games.
    """
    if game not in game_names():
        raise HTTPException(404, f"no game {game!r}")
    versions = {
        found.variant: found.version for found in statistics.finished_boards(session, game=game)
    }
    if variant not in versions:
        raise HTTPException(404, f"no finished games of {game} {variant!r}")
    cached = cache.board(game=game, variant=variant, version=versions[variant])
    view = _shown_board(session, cached, db.bot_ids(session))
    shown = {line.bot for line in view.lines}
    return BoardDetail(
        **view.model_dump(), head_to_head=head_to_head_lines(cached.head_to_head, shown)
    )


def board_path(game: str, variant: str) -> str:
    """The page of the board of ``game`` and ``variant``.

    >>> board_path("lexio", "4 players")
    '/leaderboard/lexio/4%20players'
    """
    return f"/leaderboard/{quote(game, safe='')}/{quote(variant, safe='')}"


def score_unit(game: str, variant: str) -> str:
    """What the scores of ``game``'s ``variant`` count, as the game says (``"chips"``).

    >>> score_unit("lexio", "4 players"), score_unit("cribbage", "six-card")
    ('chips', 'game points')
    """
    try:
        rules = game_class(game)
    except InvalidOptions:  # a game no longer installed: its stored games remain
        return "points"
    options = next((found.options for found in rules.variants() if found.label == variant), {})
    return rules.score_unit(options)


def faults_of(standing: Standing) -> Faults:
    """The grouped fault counts of a standing."""
    return Faults.model_validate(standing.faults)


def rating_points(history: EloHistory, games: Sequence[int], limit: int) -> list[RatingPoint]:
    """At most ``limit`` evenly spaced points of a rating history, ``games`` the bot's game ids.

    ``games`` are the ids of the bot's games in the order the history counts them (see
    :attr:`~croupier_server.web.ratings_cache.Board.seat_games`).
    """
    return [
        RatingPoint(game=game, elo=round(elo, 1), game_id=games[game - 1])
        for game, elo in thinned(history, limit)
    ]


def _shown_board(session: Session, cached: Board, bot_ids: dict[str, int]) -> BoardView:
    """The board's view, a line for each bot it shows, each with its LOS over the next."""
    view = _one_version_each(session, _board_view(cached, bot_ids))
    return _with_los_next(view, cached.head_to_head)


def _with_los_next(view: BoardView, pairs: Mapping[tuple[str, str], HeadToHead]) -> BoardView:
    # A board of unrated games only (a person's, the check games) has no lines at all.
    following = [*(line.bot for line in view.lines[1:]), None][: len(view.lines)]
    lines = [
        line.model_copy(update={"los_next": los_over(pairs, line.bot, after)})
        for line, after in zip(view.lines, following, strict=True)
    ]
    return view.model_copy(update={"lines": lines})


def _board_view(cached: Board, bot_ids: dict[str, int]) -> BoardView:
    assert cached.key.variant is not None
    now = utc_now()
    return BoardView(
        game=cached.key.game,
        variant=cached.key.variant,
        path=board_path(cached.key.game, cached.key.variant),
        score_unit=score_unit(cached.key.game, cached.key.variant),
        games=cached.games,
        computed_at=cached.computed_at,
        fit_age_s=max(0.0, (now - cached.computed_at).total_seconds()),
        fit_seconds=cached.seconds,
        pending=cached.pending,
        as_of=cached.as_of(now),
        lines=[
            _board_line(
                standing,
                bot_ids[standing.bot],
                cached.rating_history.get(standing.bot, ()),
                cached.seat_games.get(standing.bot, ()),
            )
            for standing in cached.standings
        ],
    )


def _board_line(
    standing: Standing, bot_id: int, history: EloHistory, games: Sequence[int]
) -> BoardLine:
    margin_low, margin_high = interval_bounds(standing.margin_interval, 3)
    return BoardLine(
        rank=standing.rank,
        bot_id=bot_id,
        bot=standing.bot,
        elo=round(standing.elo, 1),
        elo_low=round(standing.elo_interval.low, 1),
        elo_high=round(standing.elo_interval.high, 1),
        games=standing.games,
        deals=standing.deals,
        score=round(standing.score, 4),
        margin=round(standing.margin, 3),
        margin_low=margin_low,
        margin_high=margin_high,
        faults=faults_of(standing),
        los_next=None,
        rating_history=rating_points(history, games, SPARKLINE_POINTS),
    )


def interval_bounds(interval: Interval | None, digits: int) -> tuple[float | None, float | None]:
    """The ends of ``interval`` rounded to ``digits``; ``(None, None)`` for no interval."""
    if interval is None:
        return None, None
    return round(interval.low, digits), round(interval.high, digits)


def _one_version_each(session: Session, view: BoardView) -> BoardView:
    """``view`` with one line for each submitted bot, ranked again."""
    versions = shown_versions(session, [line.bot for line in view.lines])
    if not versions:
        return view
    lines: list[BoardLine] = []
    for line in view.lines:
        if line.bot not in versions:
            lines.append(line.model_copy(update={"rank": len(lines) + 1}))
        elif (shown := versions[line.bot]) is not None:
            update = {"rank": len(lines) + 1, **asdict(shown)}
            lines.append(line.model_copy(update=update))
    return view.model_copy(update={"lines": lines})


def _sparkline_of(line: BoardLine) -> Sparkline | None:
    return sparkline([(point.game, point.elo) for point in line.rating_history])


def _board_chart(view: BoardView) -> RatingChart | None:
    """The rating histories of all the board's bots in one chart."""
    histories = [
        History(line.bot, [(point.game, point.elo) for point in line.rating_history])
        for line in view.lines
    ]
    title = (
        f"Elo of the bots of {view.game} {view.variant} after each of their games "
        "(the board's mean at 0)"
    )
    return rating_chart(histories, title=title)


def _page(
    request: Request,
    boards: Sequence[BoardView],
    *,
    api_url: str,
    single: bool = False,
    head_to_head: Mapping[tuple[str, str], HeadToHeadLine] | None = None,
    chart: RatingChart | None = None,
) -> HTMLResponse:
    return render(
        request,
        "leaderboard.html",
        {
            "section": "leaderboard",
            "api_url": api_url,
            "boards": boards,
            "single": single,
            "head_to_head": head_to_head or {},
            "chart": chart,
            "sparkline_of": _sparkline_of,
            "shown_version": SHOWN_VERSION,
            "game_titles": [game_class(name).title for name in game_names()],
        },
    )
