"""The results of every two bots of a board or a tournament, as pages and their JSON show them.

A tournament's page and a board's page draw the same table from these lines (the macro of
``_head_to_head.html``): the row bot's score against the column bot, its Wilson interval,
the games they met in and the likelihood that the row bot is the stronger.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from pydantic import BaseModel, Field

from croupier_server.ratings import HeadToHead

__all__ = ["HeadToHeadLine", "head_to_head_lines", "los_over"]


class HeadToHeadLine(BaseModel):
    """The results of one bot against another."""

    bot: str
    opponent: str
    met: int = Field(description="The games they both played.")
    ahead: int = Field(description="Those in which `bot` scored more than `opponent`.")
    tied: int = Field(description="Those in which they scored the same.")
    behind: int = Field(description="Those in which `bot` scored less.")
    games: float = Field(description="The weight of their pairwise results.")
    wins: float
    draws: float
    losses: float
    score: float = Field(description="The weighted share of the points, 0 to 1.")
    score_low: float = Field(description="Its 95% Wilson interval.")
    score_high: float
    los: float = Field(description="The likelihood that `bot` is stronger than `opponent`.")


def head_to_head_lines(
    pairs: Mapping[tuple[str, str], HeadToHead], bots: Collection[str]
) -> list[HeadToHeadLine]:
    """The lines of the ``pairs`` both of whose bots are among ``bots``."""
    return [_line(pair) for pair in pairs.values() if pair.bot in bots and pair.opponent in bots]


def los_over(
    pairs: Mapping[tuple[str, str], HeadToHead], bot: str, opponent: str | None
) -> float | None:
    """The likelihood that ``bot`` is stronger than ``opponent``; ``None`` if they never met."""
    pair = None if opponent is None else pairs.get((bot, opponent))
    return None if pair is None or pair.games == 0 else round(pair.los, 4)


def _line(pair: HeadToHead) -> HeadToHeadLine:
    return HeadToHeadLine(
        bot=pair.bot,
        opponent=pair.opponent,
        met=pair.met,
        ahead=pair.ahead,
        tied=pair.tied,
        behind=pair.behind,
        games=pair.games,
        wins=pair.wins,
        draws=pair.draws,
        losses=pair.losses,
        score=pair.score,
        score_low=pair.interval.low,
        score_high=pair.interval.high,
        los=pair.los,
    )
