"""The standings of the bots of a game from its stored finished games.

Games are grouped into deals by (tournament, deal); a game outside any tournament is a deal
of its own. Games of one seat (solitaire) are compared across the bots that played the
same deal, as one game whose seats are those bots.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from sqlmodel import Session

from croupier_server.db import FaultKind, statistics
from croupier_server.db.statistics import FinishedGame
from croupier_server.ratings import (
    Deal,
    GameOutcome,
    Interval,
    bootstrap_elo,
    margins,
    pair_results,
)

__all__ = [
    "Standing",
    "deals_of",
    "fault_counts",
    "rank_bots",
    "seat_games",
    "standings",
    "stored_deals",
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
    games = statistics.finished_game_seats(
        session, game=game, variant=variant, tournament_id=tournament_id
    )
    kinds = statistics.bot_fault_counts(
        session, game=game, variant=variant, tournament_id=tournament_id
    )
    latencies = statistics.bot_latencies(
        session, game=game, variant=variant, tournament_id=tournament_id
    )
    return rank_bots(
        deals_of(games),
        faults=fault_counts(kinds, games),
        latencies=latencies,
        resamples=resamples,
    )


def rank_bots(
    deals: Sequence[Deal],
    *,
    faults: Mapping[str, dict[str, int]],
    latencies: Mapping[str, Sequence[float]] | None = None,
    resamples: int = 200,
) -> list[Standing]:
    """The standings of the bots of ``deals``, best Elo first.

    Args:
        deals: The duplicate sets (see :func:`deals_of`).
        faults: Each bot's :func:`fault_counts`.
        latencies: Each bot's decision times in ms; without them, no ``latency_ms``.
        resamples: The bootstrap resamples of the Elo and margin intervals.
    """
    if not deals:
        return []
    elo = bootstrap_elo(deals, resamples=resamples)
    margin = margins(deals, resamples=resamples)
    points: dict[str, list[float]] = {bot: [0.0, 0.0] for bot in elo.estimate}
    for deal in deals:
        for outcome in deal.games:
            for result in pair_results(outcome):
                points[result.bot][0] += result.weight * result.score
                points[result.opponent][0] += result.weight * (1 - result.score)
                points[result.bot][1] += result.weight
                points[result.opponent][1] += result.weight
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
    kinds: Mapping[str, Mapping[str, int]], games: Iterable[FinishedGame]
) -> dict[str, dict[str, int]]:
    """Each bot's ``timeouts``, ``illegal`` actions, ``crashes`` and ``forfeits``.

    Args:
        kinds: Each bot's faults by kind, as
            :func:`~croupier_server.db.bot_fault_counts` counts them.
        games: The finished games whose forfeited seats are counted.
    """
    counts: dict[str, dict[str, int]] = {}
    for bot, by_kind in kinds.items():
        tally = counts.setdefault(bot, _no_faults())
        for kind, count in by_kind.items():
            group = _FAULT_GROUPS.get(FaultKind(kind)) if kind in set(FaultKind) else None
            if group is not None:
                tally[group] += count
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
