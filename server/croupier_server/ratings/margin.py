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

import random
from collections.abc import Iterable
from dataclasses import dataclass

from croupier_server.ratings.intervals import Interval, percentile_interval
from croupier_server.ratings.records import Deal, GameOutcome

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
    deals: Iterable[Deal], *, resamples: int = 200, seed: int = 0, confidence: float = 0.95
) -> dict[str, Margin]:
    """The margin of every bot over the field, with a bootstrap interval over ``deals``.

    >>> deal = Deal((GameOutcome(("a", "b"), (5, 1)), GameOutcome(("b", "a"), (2, 2))))
    >>> margin = margins([deal], resamples=10)["a"]
    >>> margin.mean, margin.deals, margin.interval
    (2.0, 1, None)
    """
    per_deal = [_deal_sums(deal) for deal in deals]
    bots = sorted({bot for sums in per_deal for bot in sums})
    totals = _combine(per_deal, [1] * len(per_deal))
    played = {bot: sum(bot in sums for sums in per_deal) for bot in bots}
    resampled_bots = [bot for bot in bots if played[bot] >= MIN_BOOTSTRAP_DEALS]
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {bot: [] for bot in resampled_bots}
    for _ in range(resamples if resampled_bots else 0):
        counts = [0] * len(per_deal)
        for drawn in rng.choices(range(len(per_deal)), k=len(per_deal)):
            counts[drawn] += 1
        resampled = _combine(per_deal, counts)
        for bot in resampled_bots:
            # A bot absent from a resample has no margin in it; skip rather than invent one.
            if bot in resampled:
                margin_sum, seats = resampled[bot]
                samples[bot].append(margin_sum / seats)
    return {
        bot: Margin(
            bot,
            int(totals[bot][1]),
            played[bot],
            totals[bot][0] / totals[bot][1],
            percentile_interval(samples[bot], confidence) if samples.get(bot) else None,
        )
        for bot in bots
    }


def _deal_sums(deal: Deal) -> dict[str, tuple[float, int]]:
    sums: dict[str, tuple[float, int]] = {}
    for game in deal.games:
        for bot, margin in zip(game.bots, seat_margins(game), strict=True):
            total, seats = sums.get(bot, (0.0, 0))
            sums[bot] = (total + margin, seats + 1)
    return sums


def _combine(
    per_deal: list[dict[str, tuple[float, int]]], counts: list[int]
) -> dict[str, tuple[float, int]]:
    combined: dict[str, tuple[float, int]] = {}
    for sums, count in zip(per_deal, counts, strict=True):
        if count:
            for bot, (total, seats) in sums.items():
                old_total, old_seats = combined.get(bot, (0.0, 0))
                combined[bot] = (old_total + count * total, old_seats + count * seats)
    return combined
