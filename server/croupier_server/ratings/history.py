"""Each bot's Bradley-Terry Elo as its games came in, on the scale of the standings.

The standings rate a board with one fit over all its deals (:func:`~.fit_elo`, mean 0 over
its bots). A bot's history is that same fit over the deals played up to a moment, at
``moments`` moments evenly spaced over the deals, the last deal always one of them: each
point has the mean of the bots that had played by then at 0, and the last point of every
history is the bot's Elo in the standings. A fit after every game would cost a fit per
game; this costs ``moments`` fits over running sums, each started from the one before.

Each fit costs about what the standings' own fit costs, so a board of many bots gets fewer
moments by default (:func:`history_moments`): 120 up to 200 bots, 24 for 1,000 and the
minimum, 10, from 2,400 (a ladder of 10,000 versions: ten points a version at most, each a
fit of the whole board). Each moment's fit starts from the one before and factors the
information once (the chord method), and the fits before the last stop at a ten-thousandth
of an Elo point; the last, the standings' Elo, at a millionth.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from croupier_server.ratings.elo import ELO_PER_NEPER, _derivatives, newton_fit
from croupier_server.ratings.information import information, one_blas_thread
from croupier_server.ratings.records import Deal
from croupier_server.ratings.results import DealTables, Floats, Indices, sums_by

__all__ = [
    "HISTORY_MOMENTS",
    "MIN_HISTORY_MOMENTS",
    "EloHistory",
    "elo_histories",
    "history_moments",
]

HISTORY_MOMENTS = 120
"""How many moments of a board its histories are fitted at, at most by default."""

MIN_HISTORY_MOMENTS = 10
"""The fewest moments a board's histories are fitted at by default, however many its bots."""

HISTORY_FITTED_BOTS = 24_000
"""The bots fitted over all the moments, by default: moments times bots."""

EloHistory = tuple[tuple[int, float], ...]
"""``(games the bot had played, its Elo then)``, oldest first, at most one point per count."""

_TOLERANCE = 1e-6 / ELO_PER_NEPER
"""Stop the last fit when no rating moves by more than a millionth of an Elo point in a step."""

_EARLIER_TOLERANCE = 1e-4 / ELO_PER_NEPER
"""Stop the fits before it at a ten-thousandth of an Elo point (the pages show tenths)."""


def history_moments(bots: int) -> int:
    """How many moments the histories of a board of ``bots`` bots are fitted at by default.

    >>> [history_moments(bots) for bots in (8, 200, 1_000, 10_000)]
    [120, 120, 24, 10]
    """
    return max(MIN_HISTORY_MOMENTS, min(HISTORY_MOMENTS, HISTORY_FITTED_BOTS // max(bots, 1)))


def elo_histories(
    deals: Sequence[Deal] | DealTables,
    *,
    moments: int | None = None,
    prior_games: float = 1.0,
) -> dict[str, EloHistory]:
    """The Elo of every bot of ``deals`` after each of ``moments`` stretches of them.

    A bot's games are the seats it held. When a bot played no game between two moments,
    its point at the later one replaces the earlier (the others' results moved it).

    Args:
        deals: The duplicate sets in the order they were played, or their tables.
        moments: How many moments to fit at (at least 1), evenly spaced over ``deals``; by
            default :func:`history_moments` of the bots.
        prior_games: As in :func:`~croupier_server.ratings.fit_elo`.

    >>> from croupier_server.ratings import GameOutcome
    >>> won = Deal((GameOutcome(("a", "b"), (1, 0)),))
    >>> histories = elo_histories([won, won, won], moments=2)
    >>> {bot: [(games, round(elo)) for games, elo in h] for bot, h in histories.items()}
    {'a': [(1, 131), (3, 203)], 'b': [(1, -131), (3, -203)]}
    """
    tables = deals if isinstance(deals, DealTables) else DealTables.from_deals(deals)
    if moments is None:
        moments = history_moments(len(tables.bots))
    if moments < 1:
        raise ValueError(f"a history needs at least one moment, not {moments}")
    results = tables.pair_results()
    first, second, entry_pair = results.pair_index()
    seat_bot, seat_deal = tables.seats()
    by_deal = np.argsort(seat_deal, kind="stable")
    seat_bot, seat_deal = seat_bot[by_deal], seat_deal[by_deal]
    size = len(tables.bots)
    games, scores = np.zeros(len(first)), np.zeros(len(first))
    seats = np.zeros(size, dtype=np.int64)
    strengths = np.zeros(size)
    points: list[tuple[Indices, Indices, Floats]] = []
    entries_done = seats_done = 0
    with one_blas_thread():
        fitted_at = _moments(tables.deals, moments)
        for moment in fitted_at:
            entries = int(np.searchsorted(results.deal, moment, side="right"))
            taken = slice(entries_done, entries)
            games += sums_by(entry_pair[taken], results.weight[taken], len(first))
            scores += sums_by(entry_pair[taken], results.score[taken], len(first))
            held = int(np.searchsorted(seat_deal, moment, side="right"))
            seats += np.bincount(seat_bot[seats_done:held], minlength=size)
            entries_done, seats_done = entries, held
            played = np.flatnonzero(seats)
            tolerance = _TOLERANCE if moment == fitted_at[-1] else _EARLIER_TOLERANCE
            elo = _fit(
                played,
                first,
                second,
                games,
                scores,
                strengths=strengths,
                prior_games=prior_games,
                tolerance=tolerance,
            )
            points.append((played, seats[played], elo))
    return _histories(tables.bots, points)


def _moments(deals: int, moments: int) -> list[int]:
    """The indices of the deals after which to fit: evenly spaced, the last one always.

    >>> _moments(10, 4)
    [0, 3, 6, 9]
    >>> _moments(3, 1)
    [2]
    """
    if deals <= moments:
        return list(range(deals))
    if moments == 1:
        return [deals - 1]
    return sorted({round(k * (deals - 1) / (moments - 1)) for k in range(moments)})


def _fit(
    played: Indices,
    first: Indices,
    second: Indices,
    games: Floats,
    scores: Floats,
    *,
    strengths: Floats,
    prior_games: float,
    tolerance: float,
) -> Floats:
    """The Elo (mean 0) of the ``played`` bots; ``strengths`` keeps them for the next fit.

    From the previous moment's fit the posterior's maximum is near: Newton's steps with
    the information factored once, at the start (the chord method), reach it in a few
    solves where each full Newton step would factor it again. Steps that stop shrinking
    hand over to :func:`~croupier_server.ratings.elo.newton_fit`.
    """
    local = np.full(len(strengths), -1, dtype=np.int64)
    local[played] = np.arange(len(played))
    met = games > 0.0
    pair = (local[first[met]], local[second[met]], games[met], scores[met])
    fitted = strengths[played]
    gradient, values, diagonal = _derivatives(fitted, *pair, prior_games=prior_games)
    factor = information(len(played), pair[0], pair[1], values, diagonal)
    last = np.inf
    for _ in range(_CHORD_STEPS):
        step = factor.solve(gradient)
        size = float(np.abs(step).max(initial=0.0))
        if size >= last / 2.0:  # not converging fast: Newton's steps from the last point
            fitted = newton_fit(
                len(played),
                *pair,
                prior_games=prior_games,
                start=fitted,
                tolerance=tolerance,
                max_iterations=10_000,
            )
            break
        fitted = fitted + step
        if size < tolerance:
            break
        last = size
        gradient = _derivatives(fitted, *pair, prior_games=prior_games)[0]
    strengths[played] = fitted
    centred: Floats = (fitted - fitted.mean()) * ELO_PER_NEPER
    return centred


_CHORD_STEPS = 50
"""The most solves of one moment's chord steps before it hands over to Newton's."""


def _histories(
    bots: Sequence[str], points: Sequence[tuple[Indices, Indices, Floats]]
) -> dict[str, EloHistory]:
    """Each bot's points, oldest first, a point dropped when the next has the same count."""
    empty = np.zeros(0, dtype=np.int64)
    bot = np.concatenate([empty, *(part[0] for part in points)])
    count = np.concatenate([empty, *(part[1] for part in points)])
    elo = np.concatenate([np.zeros(0), *(part[2] for part in points)])
    order = np.argsort(bot, kind="stable")
    bot, count, elo = bot[order], count[order], elo[order]
    replaced = np.zeros(len(bot), dtype=np.bool_)
    replaced[:-1] = (bot[1:] == bot[:-1]) & (count[1:] == count[:-1])
    bot, count, elo = bot[~replaced], count[~replaced], elo[~replaced]
    found, start = np.unique(bot, return_index=True)
    ends = np.append(start[1:], len(bot)) if len(bot) else start
    counts, elos = count.tolist(), elo.tolist()
    return {
        bots[b]: tuple(zip(counts[s:e], elos[s:e], strict=True))
        for b, s, e in zip(found.tolist(), start.tolist(), ends.tolist(), strict=True)
    }
