"""The sequential match: duplicate pairs of two bots until the SPRT decides, as fishtest runs one.

Deal ``d`` is played twice, once with each bot in the first seat (games ``2d`` and
``2d + 1``), and the pair of games is one unit of the pentanomial test
(:func:`~croupier_server.ratings.pentanomial`). Deals are given in batches of ``batch``;
the counts and the test are updated pair by pair in deal order, and the decision to stop
is taken after each whole batch on every pair played, so every recorded game is counted and
a resumed match stops where an uninterrupted one would have.

No decision is taken before ``min_deals`` pairs: the test's normal approximation, with its
empty classes regularized to 1e-3 of a count, sees almost no variance in a handful of pairs
and would cross a bound after one or two of them (one split pair alone gives an LLR of -4
for H1 at 50 Elo).

Only two-player games: a pair of seatings is a whole duplicate set only at a table of two.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from croupier_server.ratings import Deal, GameOutcome, SprtResult, SprtState, pentanomial, sprt
from croupier_server.tournament.formats._api import (
    Entrants,
    Outcomes,
    Report,
    Row,
    ScheduledGame,
    SettingSpec,
    Trace,
    deal_seed,
)

__all__ = ["SPRT", "Sprt", "SprtHypotheses", "SprtProgress", "SprtSchedule", "SprtSettings"]


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

    def test(self, counts: Sequence[int]) -> SprtResult:
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
    """

    result: SprtResult
    deals: int = 0
    pentanomial: tuple[int, ...] = (0, 0, 0, 0, 0)
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def verdict(self) -> str:
        """``accept H1``, ``accept H0``, or ``inconclusive`` while the test continues."""
        state = self.result.state
        return "inconclusive" if state is SprtState.CONTINUE else state.value

    @property
    def games(self) -> int:
        """Single games counted."""
        return self.wins + self.draws + self.losses


@dataclass(frozen=True, slots=True)
class SprtSettings:
    """The hypotheses of a sequential match, and how long it may go.

    Attributes:
        hypotheses: What the test decides between.
        max_deals: Stop after this many pairs, inconclusive if the test has not decided.
        min_deals: Take no decision before this many pairs.
        batch: Pairs given at once; the decision is taken after each whole batch.

    Raises:
        ValueError: fewer than one deal, or fewer than one pair at once.
    """

    format: ClassVar[str] = "sprt"

    hypotheses: SprtHypotheses = SprtHypotheses()
    max_deals: int = 1000
    min_deals: int = 10
    batch: int = 1

    def __post_init__(self) -> None:
        if self.max_deals < 1 or self.min_deals < 1 or self.batch < 1:
            raise ValueError("a sequential match needs at least one deal and one game at once")

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The settings :meth:`to_data` stored.

        Raises:
            ValueError: hypotheses or counts out of their bounds.
        """
        return cls(
            hypotheses=SprtHypotheses(
                elo0=data.get("elo0", 0.0),
                elo1=data.get("elo1", 50.0),
                alpha=data.get("alpha", 0.05),
                beta=data.get("beta", 0.05),
            ),
            max_deals=data.get("max_deals", 1000),
            min_deals=data.get("min_deals", 10),
            batch=data.get("batch_deals", 1),
        )

    def to_data(self) -> dict[str, Any]:
        """The hypotheses and the counts, by key."""
        return {
            **dataclasses.asdict(self.hypotheses),
            "max_deals": self.max_deals,
            "min_deals": self.min_deals,
            "batch_deals": self.batch,
        }

    def rows(self) -> tuple[Row, ...]:
        """The hypotheses and the counts."""
        h = self.hypotheses
        return (
            Row("Hypotheses", f"H0 elo {h.elo0:g}, H1 elo {h.elo1:g}"),
            Row("Errors", f"alpha {h.alpha:g}, beta {h.beta:g}"),
            Row(
                "Deals",
                f"{self.min_deals} to {self.max_deals}",
                f"each from both seats; decided every {self.batch} deals",
            ),
        )


class SprtSchedule:
    """The games of a sequential match, batch after batch until the test decides."""

    def __init__(self, entrants: Entrants, settings: SprtSettings) -> None:
        self._bot, self._opponent = entrants.bots
        self._seed = entrants.seed
        self._settings = settings
        self._given = 0
        self._done = False
        self.counted: list[SprtProgress] = []
        """The state after each pair counted, in deal order."""

    @property
    def progress(self) -> SprtProgress:
        """The state after the pairs counted so far."""
        return self.counted[-1] if self.counted else _start(self._settings)

    def next_games(self, finished: Outcomes) -> list[ScheduledGame]:
        """The next batch once every pair given is counted and the test goes on."""
        self._count(finished)
        start, settings = len(self.counted), self._settings
        if self._done or self._given > start:
            return []
        if start % settings.batch == 0 or start >= settings.max_deals:  # a decision point
            decided = self.progress.result.state is not SprtState.CONTINUE
            if decided or start >= settings.max_deals:
                self._done = True
                return []
        end = min((start // settings.batch + 1) * settings.batch, settings.max_deals)
        self._given = end
        games = (game for deal in range(start, end) for game in self._games(deal))
        return [game for game in games if game.number not in finished]

    def remaining(self) -> int | None:
        """None until the test decides (or the deals run out), then 0."""
        return 0 if self._done else None

    def _games(self, deal: int) -> tuple[ScheduledGame, ScheduledGame]:
        seed = deal_seed(self._seed, deal)
        pair = (self._bot, self._opponent)
        return (
            ScheduledGame(2 * deal, deal, 0, pair, seed),
            ScheduledGame(2 * deal + 1, deal, 1, pair[::-1], seed),
        )

    def _count(self, finished: Outcomes) -> None:
        """Count the pairs both of whose games finished, in deal order.

        A pair with a game that is not rated changes nothing: the test goes on as before it.
        """
        while True:
            numbers = (2 * len(self.counted), 2 * len(self.counted) + 1)
            games = [finished[number] for number in numbers if number in finished]
            if len(games) < 2:
                return
            if not all(game.rated for game in games):
                self.counted.append(self.progress)
                continue
            deal = Deal(tuple(GameOutcome(game.bots, game.scores) for game in games))
            self.counted.append(
                _count(self.progress, deal, self._bot, self._opponent, self._settings)
            )


class Sprt:
    """The sequential match of two bots (see the module)."""

    name = "sprt"
    title = "Sequential match (SPRT)"
    specs = (
        SettingSpec("elo0", "number", 0.0, "Elo of H0 (default: 0)", "--elo0"),
        SettingSpec("elo1", "number", 50.0, "Elo of H1 (default: 50)", "--elo1"),
        SettingSpec("alpha", "number", 0.05, "false H1 rate (default: 0.05)", "--alpha"),
        SettingSpec("beta", "number", 0.05, "false H0 rate (default: 0.05)", "--beta"),
        SettingSpec("max_deals", "count", 1000, "stop after this many pairs", "--max-deals"),
        SettingSpec("min_deals", "count", 10, "no verdict before this many pairs", "--min-deals"),
    )

    def settings_from_data(self, data: Mapping[str, Any]) -> SprtSettings:
        """The settings stored."""
        return SprtSettings.from_data(data)

    def schedule(self, entrants: Entrants, settings: SprtSettings) -> SprtSchedule:
        """The schedule of the match.

        Raises:
            ValueError: not two different bots, or not a table of two seats.
        """
        if len(entrants.bots) != 2 or entrants.bots[0] == entrants.bots[1]:
            raise ValueError("a sequential match needs two different bots")
        if entrants.seats != 2:
            raise ValueError(
                f"a sequential match is for two-player games, not {entrants.seats} seats"
            )
        return SprtSchedule(entrants, settings)

    def report(
        self, entrants: Entrants, settings: SprtSettings, finished: Callable[[], Outcomes]
    ) -> Report:
        """The verdict so far, and the log-likelihood ratio after each pair."""
        schedule = self.schedule(entrants, settings)
        schedule.next_games(finished())
        last = schedule.progress
        result = last.result
        pairs = " ".join(str(count) for count in last.pentanomial)
        return Report(
            rows=(
                Row("Verdict", last.verdict, f"after {_deals(last.deals)} ({last.games} games)"),
                Row("LLR", f"{result.llr:.2f}", f"bounds [{result.lower:.2f}, {result.upper:.2f}]"),
                Row("W/D/L", f"{last.wins}/{last.draws}/{last.losses}", f"pairs {pairs}"),
            ),
            trace=Trace(
                title=f"Log-likelihood ratio of {entrants.bots[0]} against {entrants.bots[1]}",
                unit="deals",
                label="LLR",
                values=tuple(state.result.llr for state in schedule.counted),
                bounds=(result.lower, result.upper),
            ),
        )


def _deals(count: int) -> str:
    return f"{count} deal" if count == 1 else f"{count} deals"


def _start(settings: SprtSettings) -> SprtProgress:
    return SprtProgress(result=settings.hypotheses.test((0,) * 5))


def _count(
    state: SprtProgress, deal: Deal, bot: str, opponent: str, settings: SprtSettings
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
    result = settings.hypotheses.test(counts)
    if state.deals + 1 < settings.min_deals:
        result = dataclasses.replace(result, state=SprtState.CONTINUE)
    return SprtProgress(result, state.deals + 1, counts, wins, draws, losses)


SPRT = Sprt()
"""The sequential match format."""
