"""The sequential match with a fake game player: when it stops, what it counts."""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Awaitable, Callable

import pytest

from croupier.games import load_game
from croupier_server.ratings import GameOutcome, SprtState
from croupier_server.tournament.errors import TournamentError
from croupier_server.tournament.formats import Entrants, PlayedGame, ScheduledGame, deal_seed
from croupier_server.tournament.formats.sprt import (
    SPRT,
    SprtHypotheses,
    SprtProgress,
    SprtSettings,
)
from croupier_server.tournament.runner import create_tournament
from tests.server.tournament.simulation import play_schedule

H = SprtHypotheses(elo0=0, elo1=50, alpha=0.05, beta=0.05)

GamePlayer = Callable[[tuple[str, ...], int], Awaitable[GameOutcome]]
"""Plays one game with these bots in seat order on this seed; returns its final scores."""


def player(strong: str | None, *, played: list[tuple[tuple[str, ...], int]]) -> GamePlayer:
    """Games that ``strong`` always wins; without one, seat 0 wins on even seeds (no edge)."""

    async def play(bots: tuple[str, ...], seed: int) -> GameOutcome:
        played.append((bots, seed))
        await asyncio.sleep(0)
        winner = bots[seed % 2] if strong is None else strong
        return GameOutcome(bots, tuple(2.0 if bot == winner else 0.0 for bot in bots))

    return play


def run(
    play: GamePlayer,
    *,
    bot: str = "a",
    opponent: str = "b",
    max_deals: int = 100,
    min_deals: int = 10,
    concurrency: int = 1,
    progress: Callable[[SprtProgress], None] | None = None,
) -> SprtProgress:
    """The sequential match of ``bot`` and ``opponent``, played as the runner plays it."""
    settings = SprtSettings(H, max_deals, min_deals, batch=math.ceil(concurrency / 2))
    schedule = SPRT.schedule(Entrants((bot, opponent), 2, 3), settings)

    async def game(scheduled: ScheduledGame) -> PlayedGame:
        outcome = await play(scheduled.bots, scheduled.seed)
        return PlayedGame(outcome.bots, outcome.scores)

    reported = 0

    def counted(_game: ScheduledGame, _outcome: PlayedGame) -> None:
        nonlocal reported
        for state in schedule.counted[reported:]:
            if progress is not None:
                progress(state)
        reported = len(schedule.counted)

    asyncio.run(
        play_schedule(schedule, game, finished={}, concurrency=concurrency, on_game=counted)
    )
    return schedule.progress


def test_a_much_better_bot_is_accepted_as_h1_and_the_loop_stops() -> None:
    played: list[tuple[tuple[str, ...], int]] = []
    final = run(player("a", played=played))
    assert final.result.state is SprtState.ACCEPT_H1
    assert final.verdict == "accept H1"
    assert final.result.llr >= final.result.upper
    assert final.pentanomial == (0, 0, 0, 0, final.deals)
    assert (final.wins, final.draws, final.losses) == (2 * final.deals, 0, 0)
    assert final.deals == 10  # the first pair at which a decision may be taken
    assert len(played) == 20
    assert played[:2] == [(("a", "b"), deal_seed(3, 0)), (("b", "a"), deal_seed(3, 0))]


def test_a_much_worse_bot_is_accepted_as_h0() -> None:
    final = run(player("b", played=[]))
    assert final.verdict == "accept H0"
    assert final.pentanomial == (final.deals, 0, 0, 0, 0)


def test_a_pair_with_a_game_no_bot_decided_counts_for_nothing() -> None:
    settings = SprtSettings(H, max_deals=20, min_deals=10)
    schedule = SPRT.schedule(Entrants(("a", "b"), 2, 3), settings)
    finished: dict[int, PlayedGame] = {}
    for deal in range(12):
        first, second = schedule.next_games(finished)
        unrated = deal in (3, 7)  # one game of these pairs was the default policy's alone
        finished[first.number] = PlayedGame(
            first.bots, (2.0, 0.0) if first.bots[0] == "a" else (0.0, 2.0)
        )
        finished[second.number] = PlayedGame(
            second.bots, (0.0, 2.0) if second.bots[0] == "b" else (2.0, 0.0), rated=not unrated
        )
    schedule.next_games(finished)
    assert len(schedule.counted) == 12  # the schedule went past both
    final = schedule.progress
    assert final.deals == 10  # the rated pairs: only now may the test decide
    assert final.verdict == "accept H1"
    assert (final.wins, final.losses) == (20, 0)
    assert schedule.counted[3] == schedule.counted[2]


def test_max_deals_ends_an_undecided_match_inconclusive() -> None:
    played: list[tuple[tuple[str, ...], int]] = []
    final = run(player(None, played=played), max_deals=6)
    assert final.result.state is SprtState.CONTINUE
    assert final.verdict == "inconclusive"
    assert final.deals == 6
    assert len(played) == 12
    assert sorted({seed for _, seed in played}) == sorted(deal_seed(3, d) for d in range(6))
    assert final.pentanomial == (0, 0, 6, 0, 0)  # seat 0 wins both games of every deal


def test_batches_never_exceed_concurrency_and_every_pair_is_counted() -> None:
    running = peak = 0
    updates: list[SprtProgress] = []

    async def play(bots: tuple[str, ...], seed: int) -> GameOutcome:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.001)
        running -= 1
        return GameOutcome(bots, (1.0, 1.0))

    final = run(play, max_deals=7, concurrency=4, progress=updates.append)
    assert peak == 4
    assert final.deals == 7
    assert [update.deals for update in updates] == list(range(1, 8))
    assert final.pentanomial == (0, 0, 7, 0, 0)
    assert (final.wins, final.draws, final.losses) == (0, 14, 0)


def test_the_decision_is_taken_on_whole_batches() -> None:
    played: list[tuple[tuple[str, ...], int]] = []
    final = run(player("a", played=played), concurrency=8)
    assert final.verdict == "accept H1"
    assert final.deals == 12  # batches of four deals, all counted
    assert len(played) == 24


def test_no_decision_before_min_deals() -> None:
    updates: list[SprtProgress] = []
    final = run(player("a", played=[]), min_deals=3, progress=updates.append)
    assert [u.result.state for u in updates] == [SprtState.CONTINUE] * 2 + [SprtState.ACCEPT_H1]
    assert updates[0].result.llr > updates[0].result.upper  # crossed, but too soon to decide
    assert final.deals == 3


def test_an_even_match_is_inconclusive_within_a_few_deals() -> None:
    rng = random.Random(5)

    async def play(bots: tuple[str, ...], seed: int) -> GameOutcome:
        winner = rng.choice(bots)
        return GameOutcome(bots, tuple(1.0 if bot == winner else 0.0 for bot in bots))

    final = run(play, max_deals=30)
    assert (final.deals, final.verdict) == (30, "inconclusive")
    assert final.result.lower < final.result.llr < final.result.upper


def test_a_game_that_fails_stops_the_run() -> None:
    async def play(bots: tuple[str, ...], seed: int) -> GameOutcome:
        raise TournamentError("the referee broke")

    with pytest.raises(TournamentError, match="the referee broke"):
        run(play)


@pytest.mark.parametrize(
    ("elo0", "elo1", "alpha", "beta", "message"),
    [
        (50, 50, 0.05, 0.05, "elo0 .* must be below elo1"),
        (0, 50, 0.0, 0.05, "alpha must be between 0 and 0.5"),
        (0, 50, 0.05, 0.5, "beta must be between 0 and 0.5"),
    ],
)
def test_hypotheses_are_checked(
    elo0: float, elo1: float, alpha: float, beta: float, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        SprtHypotheses(elo0, elo1, alpha, beta)


def test_the_same_bot_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="two different bots"):
        run(player("a", played=[]), opponent="a")


def test_a_sequential_match_is_for_two_player_games_only() -> None:
    three = load_game("cribbage", {"variant": "three-player"})
    with pytest.raises(TournamentError, match="two-player games, not 3 seats"):
        create_tournament(
            None,  # type: ignore[arg-type]
            game=three,
            bots=["a", "b"],
            seed=0,
            format_settings=SprtSettings(),
        )


def test_a_slightly_better_bot_tends_to_h1() -> None:
    rng = random.Random(1)

    async def play(bots: tuple[str, ...], seed: int) -> GameOutcome:
        winner = "a" if rng.random() < 0.75 else "b"
        return GameOutcome(bots, tuple(1.0 if bot == winner else 0.0 for bot in bots))

    final = run(play, max_deals=2000)
    assert final.verdict == "accept H1"
