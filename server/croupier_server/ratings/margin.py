"""Each bot's margin over the field it met, on the same deals.

A seat's margin in a game is its score minus the mean score of the game's other seats (in
chips for Lexio, points for Cribbage). A bot's margin is the mean over all the seats it
held. The 95% interval is a percentile bootstrap over deals (the ratio of the resampled sums
of margins and of seats), so it accounts for the luck that the games of a deal share.

A bootstrap over a handful of deals knows only the spread of those few: three deals have
ten distinct resamples, and their percentiles can be a tenth as wide as the bot's margins
scatter. A bot that played fewer than :data:`MIN_BOOTSTRAP_DEALS` deals has no interval.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from croupier_server.ratings.intervals import Interval, percentile_interval
from croupier_server.ratings.records import Deal, GameOutcome
from croupier_server.ratings.results import DealTables, Floats, Indices, sums_by

__all__ = ["MIN_BOOTSTRAP_DEALS", "Margin", "margins", "seat_margins"]

MIN_BOOTSTRAP_DEALS = 10
"""The fewest deals a bot must have played for its margin to have a bootstrap interval."""


@dataclass(frozen=True, slots=True)
class Margin:
    """A bot's mean margin per game over the other seats.

    Attributes:
        bot: The bot.
        games: How many seats it held.
        deals: How many deals it played.
        mean: Its mean margin.
        interval: The bootstrap percentile interval of the mean; ``None`` when it played
            fewer than :data:`MIN_BOOTSTRAP_DEALS` deals.
    """

    bot: str
    games: int
    deals: int
    mean: float
    interval: Interval | None


def seat_margins(game: GameOutcome) -> list[float]:
    """Each seat's score minus the mean score of the other seats.

    >>> seat_margins(GameOutcome(("a", "b", "c"), (6, 3, 0)))
    [4.5, 0.0, -4.5]
    """
    total = sum(game.scores)
    others = len(game.scores) - 1
    return [score - (total - score) / others for score in game.scores]


def margins(
    deals: Iterable[Deal] | DealTables,
    *,
    resamples: int = 200,
    seed: int = 0,
    confidence: float = 0.95,
) -> dict[str, Margin]:
    """The margin of every bot over the field, with a bootstrap interval over ``deals``.

    Each resample draws the deals with replacement (numpy's generator seeded with ``seed``)
    and sums, per bot, its margins and seats in the deals drawn: a few array sums, so 200
    resamples of a board of a million games take seconds.

    Args:
        deals: The duplicate sets, or their tables (:class:`DealTables`).
        resamples: How many bootstrap resamples.
        seed: The seed of the generator that draws them (deterministic).
        confidence: The intervals' coverage.

    >>> deal = Deal((GameOutcome(("a", "b"), (5, 1)), GameOutcome(("b", "a"), (2, 2))))
    >>> margin = margins([deal], resamples=10)["a"]
    >>> margin.mean, margin.deals, margin.interval
    (2.0, 1, None)
    """
    tables = deals if isinstance(deals, DealTables) else DealTables.from_deals(deals)
    size = max(len(tables.bots), 1)
    bot, deal, margin = _seat_margins(tables)
    keys, entry = np.unique(deal * size + bot, return_inverse=True)
    entry_bot, entry_deal = keys % size, keys // size
    entry_margin = sums_by(entry, margin, len(keys))
    entry_seats = sums_by(entry, np.ones(len(margin)), len(keys))
    totals = sums_by(entry_bot, entry_margin, size)
    seats = sums_by(entry_bot, entry_seats, size)
    played = np.bincount(entry_bot, minlength=size)
    rng = np.random.default_rng(seed)
    samples = np.full((resamples, size), np.nan)
    for row in samples if bool((played >= MIN_BOOTSTRAP_DEALS).any()) else ():
        drawn = np.bincount(rng.integers(0, tables.deals, tables.deals), minlength=tables.deals)
        counts = drawn[entry_deal].astype(np.float64)
        drawn_seats = sums_by(entry_bot, counts * entry_seats, size)
        # A bot absent from a resample has no margin in it; skip rather than invent one.
        with np.errstate(invalid="ignore", divide="ignore"):
            row[:] = sums_by(entry_bot, counts * entry_margin, size) / drawn_seats
    return {
        name: Margin(
            name,
            int(seats[b]),
            int(played[b]),
            float(totals[b] / seats[b]),
            _interval(samples[:, b], confidence) if played[b] >= MIN_BOOTSTRAP_DEALS else None,
        )
        for b, name in enumerate(tables.bots)
    }


def _seat_margins(tables: DealTables) -> tuple[Indices, Indices, Floats]:
    """Every seat's bot, deal and margin, of the games of two seats or more."""
    parts = [(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0))]
    for seats, scores, deal in tables.tables:
        others = seats.shape[1] - 1
        if others:
            total = scores.sum(axis=1, keepdims=True)
            margin = scores - (total - scores) / others
            parts.append((seats.ravel(), np.repeat(deal, others + 1), margin.ravel()))
    return (
        np.concatenate([part[0] for part in parts]),
        np.concatenate([part[1] for part in parts]),
        np.concatenate([part[2] for part in parts]),
    )


def _interval(sample: Floats, confidence: float) -> Interval | None:
    drawn = sample[~np.isnan(sample)]
    return percentile_interval(drawn.tolist(), confidence) if len(drawn) else None
