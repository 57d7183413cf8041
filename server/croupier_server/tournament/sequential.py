"""A sequential match: duplicate pairs of two bots until the SPRT decides, as fishtest runs one.

Deal ``d`` (seeded by :func:`~croupier_server.tournament.schedule.deal_seed`) is played twice, once
with each bot in the first seat, and the pair of games is one unit of the pentanomial test
(:func:`~croupier_server.ratings.pentanomial`). Deals are played in batches of about
``concurrency / 2`` (both games of each deal at once, never more than ``concurrency``
games); the counts and the test are updated pair by pair in deal order, and the decision to
stop is taken after each batch on every pair played, so every recorded game is counted.

No decision is taken before ``min_deals`` pairs: the test's normal approximation, with its
empty classes regularized to 1e-3 of a count, sees almost no variance in a handful of pairs
and would cross a bound after one or two of them (one split pair alone gives an LLR of -4
for H1 at 50 Elo).

Only two-player games: a pair of seatings is a whole duplicate set only at a table of two.
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from croupier.games import Game
from croupier_server.db import BotRecord
from croupier_server.ratings import Deal, GameOutcome, SprtResult, SprtState, pentanomial, sprt
from croupier_server.referee.match import MatchSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.runner import TournamentError, play_until_finished
from croupier_server.tournament.schedule import deal_seed

__all__ = [
    "GamePlayer",
    "SprtHypotheses",
    "SprtProgress",
    "match_player",
    "run_sprt",
]

GamePlayer = Callable[[tuple[str, ...], int], Awaitable[GameOutcome]]
"""Plays one game with these bots in seat order on this seed; returns its final scores."""


@dataclass(frozen=True, slots=True)
class SprtHypotheses:
    """What a sequential test decides between: H0 ``elo = elo0`` or H1 ``elo = elo1``.

    Attributes:
        elo0: The Elo difference of H0 (logistic Elo).
        elo1: The Elo difference of H1, above ``elo0``.
        alpha: The probability of accepting H1 when H0 holds, in (0, 0.5).
        beta: The probability of accepting H0 when H1 holds, in (0, 0.5).

    Raises:
        ValueError: ``elo0`` not below ``elo1``, ``alpha`` or ``beta`` outside (0, 0.5).

    >>> SprtHypotheses(elo0=0, elo1=50).test([0, 0, 0, 0, 20]).state
    <SprtState.ACCEPT_H1: 'accept H1'>
    """

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"elo0 ({self.elo0:g}) must be below elo1 ({self.elo1:g})")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < value < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, not {value:g}")

    def test(self, counts: tuple[int, ...]) -> SprtResult:
        """The SPRT of these hypotheses on pentanomial ``counts``."""
        return sprt(counts, elo0=self.elo0, elo1=self.elo1, alpha=self.alpha, beta=self.beta)


@dataclass(frozen=True, slots=True)
class SprtProgress:
    """Where a sequential match stands, from the first bot's side.

    Attributes:
        result: The test on the pairs counted.
        deals: Duplicate pairs counted.
        pentanomial: Pairs scoring 0, 1/2, 1, 3/2 and 2 out of 2.
        wins: Single games won.
        draws: Single games drawn.
        losses: Single games lost.
        elapsed_s: Seconds since the run started.
    """

    result: SprtResult
    deals: int = 0
    pentanomial: tuple[int, ...] = (0, 0, 0, 0, 0)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    elapsed_s: float = 0.0

    @property
    def verdict(self) -> str:
        """``accept H1``, ``accept H0``, or ``inconclusive`` while the test continues."""
        state = self.result.state
        return "inconclusive" if state is SprtState.CONTINUE else state.value

    @property
    def games(self) -> int:
        """Single games counted."""
        return self.wins + self.draws + self.losses


ProgressCallback = Callable[[SprtProgress], None]


async def run_sprt(
    play: GamePlayer,
    *,
    bot: str,
    opponent: str,
    hypotheses: SprtHypotheses,
    max_deals: int,
    seed: int,
    min_deals: int = 10,
    concurrency: int = 1,
    progress: ProgressCallback | None = None,
) -> SprtProgress:
    """Play duplicate pairs of ``bot`` against ``opponent`` until the test decides.

    Stops when the test accepts H1 or H0 after a batch of at least ``min_deals`` pairs in
    all, or after ``max_deals`` pairs (the verdict is then ``inconclusive``). ``progress``
    is called after every pair.

    Raises:
        ValueError: the same bot twice, or fewer than one deal or one game at once.
    """
    if bot == opponent:
        raise ValueError("a sequential match needs two different bots")
    if max_deals < 1 or concurrency < 1:
        raise ValueError("a sequential match needs at least one deal and one game at once")
    started = time.monotonic()
    limit = asyncio.Semaphore(concurrency)
    batch = math.ceil(concurrency / 2)

    async def play_game(bots: tuple[str, ...], seed: int) -> GameOutcome:
        async with limit:
            return await play(bots, seed)

    async def play_deal(deal: int) -> Deal:
        seed_of_deal = deal_seed(seed, deal)
        async with asyncio.TaskGroup() as group:
            first = group.create_task(play_game((bot, opponent), seed_of_deal))
            second = group.create_task(play_game((opponent, bot), seed_of_deal))
        return Deal((first.result(), second.result()))

    state = SprtProgress(result=hypotheses.test((0,) * 5))
    while state.deals < max_deals and state.result.state is SprtState.CONTINUE:
        numbers = range(state.deals, min(state.deals + batch, max_deals))
        try:
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(play_deal(deal)) for deal in numbers]
        except BaseExceptionGroup as failures:
            raise _first_failure(failures) from None
        for task in tasks:
            state = _count(
                state,
                task.result(),
                bot=bot,
                opponent=opponent,
                hypotheses=hypotheses,
                min_deals=min_deals,
            )
            state = dataclasses.replace(state, elapsed_s=time.monotonic() - started)
            if progress is not None:
                progress(state)
    return state


def match_player(
    engine: Engine,
    server: RefereeServer,
    *,
    game: Game[Any],
    entrants: Mapping[str, BotRecord],
    settings: MatchSettings,
) -> GamePlayer:
    """A :data:`GamePlayer` that plays recorded matches of ``game`` through the referee.

    A game the referee spoils is played again, up to
    :data:`~croupier_server.tournament.runner.REFEREE_ATTEMPTS` times.

    Raises:
        TournamentError: ``game`` is not a two-player game.
    """
    if game.num_players != 2:
        raise TournamentError(
            f"a sequential match is for two-player games, not {game.num_players} seats"
        )

    async def play(bots: tuple[str, ...], seed: int) -> GameOutcome:
        result = await play_until_finished(
            engine,
            server,
            game=game,
            bots=[entrants[name] for name in bots],
            seed=seed,
            settings=settings,
            label=f"a game of {', '.join(bots)} on seed {seed}",
        )
        return GameOutcome(bots, tuple(float(score) for score in result.scores))

    return play


def _count(
    state: SprtProgress,
    deal: Deal,
    *,
    bot: str,
    opponent: str,
    hypotheses: SprtHypotheses,
    min_deals: int,
) -> SprtProgress:
    """``state`` with one more pair counted; no decision before ``min_deals`` pairs."""
    pair = pentanomial([deal], bot, opponent)
    counts = tuple(a + b for a, b in zip(state.pentanomial, pair, strict=True))
    wins, draws, losses = state.wins, state.draws, state.losses
    for game in deal.games:
        mine, theirs = (game.scores[game.bots.index(name)] for name in (bot, opponent))
        wins, draws, losses = (
            wins + (mine > theirs),
            draws + (mine == theirs),
            losses + (mine < theirs),
        )
    result = hypotheses.test(counts)
    if state.deals + 1 < min_deals:
        result = dataclasses.replace(result, state=SprtState.CONTINUE)
    return SprtProgress(result, state.deals + 1, counts, wins, draws, losses)


def _first_failure(failures: BaseExceptionGroup[BaseException]) -> BaseException:
    """The first exception of a task group, out of nested groups."""
    first = failures.exceptions[0]
    return _first_failure(first) if isinstance(first, BaseExceptionGroup) else first
