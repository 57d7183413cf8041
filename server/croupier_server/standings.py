"""The standings of the bots of a game from its stored finished games.

Games are grouped into deals by (tournament, deal); a game outside any tournament is a deal
of its own. Games of one seat (solitaire) are compared across the bots that played the
same deal, as one game whose seats are those bots.

A board is read as arrays (:func:`~croupier_server.db.statistics.board_seats`) and grouped
by :func:`board_deals`, with no Python object per game; :func:`deals_of` groups the same
games as :class:`~croupier_server.ratings.Deal` values for the callers that need them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from sqlmodel import Session

from croupier_server.db import FaultKind, statistics
from croupier_server.db.statistics import BoardSeats, FinishedGame
from croupier_server.ratings import (
    Deal,
    GameOutcome,
    Interval,
    bootstrap_elo,
    margins,
)
from croupier_server.ratings.results import DealTables, Floats, Indices, Table, sums_by

__all__ = [
    "BoardDeals",
    "Standing",
    "board_deals",
    "deals_of",
    "fault_counts",
    "rank_bots",
    "seat_games",
    "standings",
    "stored_deals",
    "with_latencies",
]

_FAULT_GROUPS = {
    FaultKind.TIMEOUT: "timeouts",
    FaultKind.CONNECT_TIMEOUT: "timeouts",
    FaultKind.ILLEGAL_ACTION: "illegal",
    FaultKind.MALFORMED: "illegal",
    FaultKind.WRONG_REQUEST: "illegal",
    FaultKind.CRASH: "crashes",
}


@dataclass(frozen=True, slots=True)
class Standing:
    """A bot's line in the standings.

    Attributes:
        rank: 1 for the highest Elo.
        bot: The bot's name.
        elo: Its Bradley-Terry Elo (mean 0) and the bootstrap 95% interval over deals.
        games: The seats it held.
        deals: The deals it played.
        score: Its share of the pairwise points (wins, half draws), 0 to 1.
        margin: Its mean score over the other seats per game, and its 95% interval (none
            below :data:`~croupier_server.ratings.MIN_BOOTSTRAP_DEALS` deals).
        faults: Counts of ``timeouts``, ``illegal``, ``crashes`` and ``forfeits``.
        latency_ms: The 50th and 95th percentiles and the maximum of its decision times.
    """

    rank: int
    bot: str
    elo: float
    elo_interval: Interval
    games: int
    deals: int
    score: float
    margin: float
    margin_interval: Interval | None
    faults: dict[str, int] = field(default_factory=dict)
    latency_ms: tuple[float, float, float] | None = None


def standings(
    session: Session,
    *,
    game: str,
    variant: str | None = None,
    tournament_id: int | None = None,
    resamples: int = 200,
) -> list[Standing]:
    """Every bot's standing in the finished games of ``game``, with its decision times.

    Of one variant (see :meth:`croupier.games.Game.variant_label`), of one
    tournament, when given.
    """
    seats = statistics.board_seats(session, game=game, variant=variant, tournament_id=tournament_id)
    kinds = statistics.bot_fault_counts(
        session, game=game, variant=variant, tournament_id=tournament_id
    )
    latencies = statistics.bot_latencies(
        session, game=game, variant=variant, tournament_id=tournament_id
    )
    return rank_bots(
        board_deals(seats).tables,
        faults=fault_counts(kinds, seats),
        latencies=latencies,
        resamples=resamples,
    )


def rank_bots(
    deals: Sequence[Deal] | DealTables,
    *,
    faults: Mapping[str, dict[str, int]],
    latencies: Mapping[str, Sequence[float]] | None = None,
    resamples: int = 200,
) -> list[Standing]:
    """The standings of the bots of ``deals``, best Elo first.

    Args:
        deals: The duplicate sets (see :func:`deals_of`), or their tables (the fast form of
            a board of many games, see :func:`board_deals`).
        faults: Each bot's :func:`fault_counts`.
        latencies: Each bot's decision times in ms; without them, no ``latency_ms``.
        resamples: The bootstrap resamples of the Elo and margin intervals.
    """
    tables = deals if isinstance(deals, DealTables) else DealTables.from_deals(deals)
    if not tables.deals:
        return []
    results = tables.pair_results()
    elo = bootstrap_elo(results, resamples=resamples)
    margin = margins(tables, resamples=resamples)
    size = len(results.bots)
    won = sums_by(results.first, results.score, size)
    won += sums_by(results.second, results.weight - results.score, size)
    weights = sums_by(results.first, results.weight, size)
    weights += sums_by(results.second, results.weight, size)
    points = {bot: (float(won[i]), float(weights[i])) for i, bot in enumerate(results.bots)}
    ranked = sorted(elo.estimate, key=lambda bot: (-elo.estimate[bot], bot))
    return [
        Standing(
            rank=rank,
            bot=bot,
            elo=elo.estimate[bot],
            elo_interval=elo.interval(bot),
            games=margin[bot].games,
            deals=margin[bot].deals,
            score=points[bot][0] / points[bot][1] if points[bot][1] else 0.0,
            margin=margin[bot].mean,
            margin_interval=margin[bot].interval,
            faults=faults.get(bot, _no_faults()),
            latency_ms=_latency((latencies or {}).get(bot, [])),
        )
        for rank, bot in enumerate(ranked, start=1)
    ]


def with_latencies(
    table: Iterable[Standing], latencies: Mapping[str, Sequence[float]]
) -> list[Standing]:
    """The standings ``table`` with each bot's decision times (ms) from ``latencies``."""
    return [
        dataclasses.replace(line, latency_ms=_latency(latencies.get(line.bot, [])))
        for line in table
    ]


def stored_deals(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> list[Deal]:
    """The finished games of ``game`` (of one variant, one tournament, when given) as deals."""
    return deals_of(
        statistics.finished_game_seats(
            session, game=game, variant=variant, tournament_id=tournament_id
        )
    )


def deals_of(games: Iterable[FinishedGame]) -> list[Deal]:
    """Finished games as duplicate sets, in the order their deals began.

    A tournament's deals come in the order of its schedule, from where its first stored
    game falls, and a deal's games in the order of their seatings: a tournament played in
    one go and one resumed after a crash give the same deals in the same order.
    """
    deals = []
    for group in _deal_groups(games):
        outcomes = [(record.bots, record.scores) for record in group]
        if len(outcomes[0][0]) == 1:  # one seat: the bots of the deal against one another
            outcomes = [
                (
                    tuple(b for g in outcomes for b in g[0]),
                    tuple(s for g in outcomes for s in g[1]),
                )
            ]
        deal = tuple(GameOutcome(bots, scores) for bots, scores in outcomes if len(bots) > 1)
        if deal:
            deals.append(Deal(deal))
    return deals


def seat_games(games: Iterable[FinishedGame]) -> dict[str, tuple[int, ...]]:
    """Each bot's games, one per seat it held, in the order :func:`deals_of` counts its seats.

    The ``n``-th game of a bot's tuple is its ``n``-th seat in the deals (the game in which
    :func:`~croupier_server.ratings.elo_histories` counts its ``n``-th game), a game in
    which it held two seats appearing twice.
    """
    found: dict[str, list[int]] = {}
    for group in _deal_groups(games):
        if sum(len(record.bots) for record in group) < 2:  # a deal of one seat: not rated
            continue
        for record in group:
            for bot in record.bots:
                found.setdefault(bot, []).append(record.id)
    return {bot: tuple(ids) for bot, ids in found.items()}


@dataclass(frozen=True, slots=True, eq=False)
class BoardDeals:
    """A board's rated games as its fit counts them, from its seats as arrays.

    Attributes:
        tables: The games grouped into deals, as :func:`deals_of` groups them.
        seat_games: Each bot's games, as :func:`seat_games` gives them.
    """

    tables: DealTables
    seat_games: dict[str, tuple[int, ...]]


def board_deals(seats: BoardSeats) -> BoardDeals:
    """The deals of a board's seats, with no Python object per game.

    The same deals in the same order as :func:`deals_of` of the same games, and the same
    :func:`seat_games`: a tournament's deals in the order of its schedule from where its
    first stored game falls, a deal's games in the order of their seatings (bots, then
    scores), the games of one seat of a deal as one game of its bots.
    """
    count = len(seats.game)
    if not count:
        return BoardDeals(DealTables((), 0, ()), {})
    starts = np.flatnonzero(np.r_[True, seats.game[1:] != seats.game[:-1]])
    widths = np.diff(np.r_[starts, count])
    game_of_seat = np.repeat(np.arange(len(starts)), widths)
    position = np.arange(count) - starts[game_of_seat]
    began, number = _deal_keys(seats, starts)
    width = int(widths.max(initial=1))
    bots = np.zeros((len(starts), width), dtype=np.int64)  # the bot plus 1; 0 past the seats
    bots[game_of_seat, position] = seats.bot + 1
    scores = np.zeros((len(starts), width))
    scores[game_of_seat, position] = seats.score
    order = _seating_order(bots, scores, began, number)
    new_deal = np.r_[True, np.diff(began[order]) != 0] | np.r_[True, np.diff(number[order]) != 0]
    deal = np.cumsum(new_deal) - 1
    sorted_widths = widths[order]
    deal_seats = sums_by(deal, sorted_widths.astype(np.float64), int(deal[-1]) + 1)
    solitaire = sorted_widths[new_deal] == 1
    # Every seat in the order of the sorted games, and its deal.
    rows = np.repeat(starts[order] - np.cumsum(sorted_widths) + sorted_widths, sorted_widths)
    rows += np.arange(count)
    seat_deal = np.repeat(deal, sorted_widths)
    tables: list[Table] = []
    several = ~solitaire[deal] & (sorted_widths >= 2)
    for seated in np.unique(sorted_widths[several]):
        chosen = several & (sorted_widths == seated)
        picked = order[chosen]
        tables.append((bots[picked, :seated] - 1, scores[picked, :seated], deal[chosen]))
    alone = solitaire[seat_deal] & (deal_seats[seat_deal] >= 2)
    for seated in np.unique(deal_seats[seat_deal[alone]]).astype(np.int64):
        chosen = rows[alone & (deal_seats[seat_deal] == seated)]
        dealt = seat_deal[alone & (deal_seats[seat_deal] == seated)]
        tables.append(
            (
                seats.bot[chosen].reshape(-1, seated),
                seats.score[chosen].reshape(-1, seated),
                dealt[::seated],
            )
        )
    played = deal_seats[seat_deal] >= 2
    return BoardDeals(
        tables=_renumbered(seats.bots, tables),
        seat_games=_by_bot(seats.bots, seats.bot[rows[played]], seats.game[rows[played]]),
    )


def _seating_order(bots: Indices, scores: Floats, began: Indices, number: Indices) -> Indices:
    """The games sorted by deal, then by their bots and scores seat by seat.

    :func:`deals_of`'s order, from each game's bots (plus 1, 0 past its seats) and scores
    as rows.
    """
    width = bots.shape[1]
    columns = range(width - 1, -1, -1)
    bits = max(int(bots.max(initial=0)).bit_length(), 1)
    if bits * width <= 62:  # the bots of a game as one number: one sort, not one a seat
        packed = np.zeros(len(bots), dtype=np.int64)
        for k in range(width):
            packed = (packed << bits) | bots[:, k]
        seatings = [packed]
    else:
        seatings = [bots[:, k] for k in columns]
    order = np.lexsort([*seatings, number, began])
    ranked = bots[order]
    same_deal = (began[order][1:] == began[order][:-1]) & (number[order][1:] == number[order][:-1])
    if not (same_deal & (ranked[1:] == ranked[:-1]).all(axis=1)).any():
        return order  # no two games of a deal with the same seating: the scores never count
    return np.lexsort(
        [*(scores[:, k] for k in columns), *(bots[:, k] for k in columns), number, began]
    )


def _deal_keys(seats: BoardSeats, starts: Indices) -> tuple[Indices, Indices]:
    """Each game's deal as it sorts by when it began.

    (its tournament's first game, its deal number) for a scheduled game, (its own id, 0)
    for any other.
    """
    game, tournament, number = seats.game[starts], seats.tournament[starts], seats.deal[starts]
    scheduled = (tournament >= 0) & (number >= 0)
    began = game.copy()
    tournaments, which = np.unique(tournament[scheduled], return_inverse=True)
    first = np.full(len(tournaments), np.iinfo(np.int64).max)
    np.minimum.at(first, which, game[scheduled])
    began[scheduled] = first[which]
    return began, np.where(scheduled, number, 0)


def _renumbered(names: Sequence[str], tables: list[Table]) -> DealTables:
    """``tables`` with the deals that have games numbered from 0, the bots that sat from 0."""
    deals = np.zeros(1 + max((int(table[2].max()) for table in tables), default=-1), np.int64)
    sat = np.zeros(len(names), dtype=np.int64)
    for seated, _, deal in tables:
        deals[deal] = 1
        sat[seated.ravel()] = 1
    deal_number, bot_number = np.cumsum(deals) - 1, np.cumsum(sat) - 1
    merged: list[Table] = []
    for width in sorted({seated.shape[1] for seated, _, _ in tables}):
        same = [table for table in tables if table[0].shape[1] == width]
        deal = deal_number[np.concatenate([table[2] for table in same])]
        by_deal = np.argsort(deal, kind="stable")
        seated = bot_number[np.concatenate([table[0] for table in same])]
        score = np.concatenate([table[1] for table in same])
        merged.append((seated[by_deal], score[by_deal], deal[by_deal]))
    played = np.flatnonzero(sat).tolist()
    return DealTables(tuple(names[i] for i in played), int(deals.sum()), tuple(merged))


def _by_bot(names: Sequence[str], bots: Indices, games: Indices) -> dict[str, tuple[int, ...]]:
    """Each bot's ``games``, in their order."""
    if not len(bots):
        return {}
    order = np.argsort(bots, kind="stable")
    found, first = np.unique(bots[order], return_index=True)
    split = np.split(games[order], first[1:])
    return {names[bot]: tuple(ids.tolist()) for bot, ids in zip(found.tolist(), split, strict=True)}


def _deal_groups(games: Iterable[FinishedGame]) -> list[list[FinishedGame]]:
    """The games of each deal, the deals in the order they began, a deal's in seating order."""
    groups: dict[tuple[int, int], list[FinishedGame]] = {}
    first_game: dict[int, int] = {}
    for record in games:
        if record.tournament_id is not None and record.schedule_deal is not None:
            key = (record.tournament_id, record.schedule_deal)
            earliest = first_game.get(record.tournament_id, record.id)
            first_game[record.tournament_id] = min(earliest, record.id)
        else:
            key = (-1, record.id)
        groups.setdefault(key, []).append(record)

    def began(key: tuple[int, int]) -> tuple[int, int]:
        tournament_id, number = key
        return (number, 0) if tournament_id == -1 else (first_game[tournament_id], number)

    return [
        sorted(groups[key], key=lambda record: (record.bots, record.scores))
        for key in sorted(groups, key=began)
    ]


def fault_counts(
    kinds: Mapping[str, Mapping[str, int]], games: Iterable[FinishedGame] | BoardSeats
) -> dict[str, dict[str, int]]:
    """Each bot's ``timeouts``, ``illegal`` actions, ``crashes`` and ``forfeits``.

    Args:
        kinds: Each bot's faults by kind, as
            :func:`~croupier_server.db.bot_fault_counts` counts them.
        games: The finished games whose forfeited seats are counted, or their seats.
    """
    counts: dict[str, dict[str, int]] = {}
    for bot, by_kind in kinds.items():
        tally = counts.setdefault(bot, _no_faults())
        for kind, count in by_kind.items():
            group = _FAULT_GROUPS.get(FaultKind(kind)) if kind in set(FaultKind) else None
            if group is not None:
                tally[group] += count
    if isinstance(games, BoardSeats):
        forfeits = np.bincount(games.bot[games.forfeited], minlength=len(games.bots))
        for index in np.flatnonzero(forfeits).tolist():
            counts.setdefault(games.bots[index], _no_faults())["forfeits"] += int(forfeits[index])
        return counts
    for record in games:
        for bot in record.forfeited:
            counts.setdefault(bot, _no_faults())["forfeits"] += 1
    return counts


def _no_faults() -> dict[str, int]:
    return {"timeouts": 0, "illegal": 0, "crashes": 0, "forfeits": 0}


def _latency(values: Sequence[float]) -> tuple[float, float, float] | None:
    if not values:
        return None
    ordered = sorted(values)
    return _percentile(ordered, 0.5), _percentile(ordered, 0.95), ordered[-1]


def _percentile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank percentile."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]
