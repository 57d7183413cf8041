"""Swiss pairing for two-seat games: rounds of duplicate pairs between bots of equal score.

Each round pairs the bots (the Monrad system): ranked by points, ties broken by the order
the bots were entered (their seeding), each bot from the top is paired with the next one it
has not met. A pairing plays one deal twice, the seats swapped, and the bot that scores more
over the two games wins the round: 1 point, a draw (one game each, or two drawn) half a
point each, a loss none. When no pairing of the round avoids a rematch, the one with the
fewest rematches is taken, still pairing down from the top.

With an odd number of bots, the lowest ranked bot that has had no bye (the lowest ranked
of all once every bot has had one) sits the round out and scores 1 point, as for a win,
unless giving it the bye would force a rematch that another bye avoids. A bye plays no
game, so it counts in the Swiss points and not in the standings' Elo.

Round ``r`` has ``n // 2`` pairings; pairing ``i`` of round ``r`` plays deal
``r * (n // 2) + i`` as games ``2d`` (the higher ranked bot in the first seat) and
``2d + 1``. A round is paired once the previous one has finished, from the results alone:
a resumed tournament pairs its rounds as an uninterrupted one did.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from croupier_server.tournament.formats._api import (
    Entrants,
    Outcomes,
    Report,
    Row,
    ScheduledGame,
    SettingSpec,
    check_entrants,
    deal_seed,
)

__all__ = ["SWISS", "Round", "Swiss", "SwissSchedule", "SwissSettings", "pair_round"]


@dataclass(frozen=True, slots=True)
class SwissSettings:
    """How many rounds.

    Raises:
        ValueError: fewer than one round.
    """

    format: ClassVar[str] = "swiss"

    rounds: int = 5

    def __post_init__(self) -> None:
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or self.rounds < 1:
            raise ValueError("a Swiss tournament needs at least one round")

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The settings :meth:`to_data` stored."""
        return cls(rounds=data.get("rounds", 5))

    def to_data(self) -> dict[str, Any]:
        """The rounds, by key."""
        return {"rounds": self.rounds}

    def rows(self) -> tuple[Row, ...]:
        """The rounds."""
        return (Row("Rounds", str(self.rounds), "each pairing plays a deal from both seats"),)


@dataclass(frozen=True, slots=True)
class Round:
    """The pairings of one round, higher ranked bot first, and the bot with the bye."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None


def pair_round(ranked: Sequence[str], met: set[frozenset[str]], byes: Sequence[str] = ()) -> Round:
    """Pair ``ranked`` (best first) down from the top, avoiding rematches while one can.

    Args:
        ranked: The bots, best first.
        met: The pairs of bots that have met.
        byes: The bots that have had a bye.

    >>> pair_round(["a", "b", "c", "d"], {frozenset("ab")}).pairs
    (('a', 'c'), ('b', 'd'))
    >>> pair_round(["a", "b", "c"], set(), byes=["c"])
    Round(pairs=(('a', 'c'),), bye='b')
    """
    bots = list(ranked)
    if len(bots) % 2 == 0:
        return Round(_fewest_rematches(bots, met))
    candidates = [bot for bot in reversed(bots) if bot not in byes] or bots[::-1]
    for bye in candidates:  # the lowest ranked bye that lets the rest pair without a rematch
        pairs = _pairs(tuple(b for b in bots if b != bye), met, allowed=0, failed=set())
        if pairs is not None:
            return Round(tuple(pairs), bye)
    bye = candidates[0]
    return Round(_fewest_rematches([b for b in bots if b != bye], met), bye)


def _fewest_rematches(bots: list[str], met: set[frozenset[str]]) -> tuple[tuple[str, str], ...]:
    for allowed in range(len(bots) // 2 + 1):
        pairs = _pairs(tuple(bots), met, allowed=allowed, failed=set())
        if pairs is not None:
            return tuple(pairs)
    raise AssertionError("any pairing has at most one rematch per pair")


def _pairs(
    bots: tuple[str, ...],
    met: set[frozenset[str]],
    *,
    allowed: int,
    failed: set[tuple[tuple[str, ...], int]],
) -> list[tuple[str, str]] | None:
    """The first pairing down from the top with at most ``allowed`` rematches, if any.

    ``failed`` remembers the bots left (and rematches allowed) that cannot be paired, so
    a field where rematches cannot be avoided is not searched in every order.
    """
    if not bots:
        return []
    if (bots, allowed) in failed:
        return None
    first = bots[0]
    for index in range(1, len(bots)):
        other = bots[index]
        rematch = frozenset((first, other)) in met
        if rematch > allowed:
            continue
        rest = _pairs(
            bots[1:index] + bots[index + 1 :], met, allowed=allowed - rematch, failed=failed
        )
        if rest is not None:
            return [(first, other), *rest]
    failed.add((bots, allowed))
    return None


class SwissSchedule:
    """The rounds of a Swiss tournament, each paired once the previous one finished."""

    def __init__(self, entrants: Entrants, settings: SwissSettings) -> None:
        self._bots = entrants.bots
        self._seed = entrants.seed
        self._settings = settings
        self._per_round = len(self._bots) // 2
        self._left = self.total
        self.rounds: list[Round] = []
        """The rounds paired so far."""

    @property
    def total(self) -> int:
        """The games of every round."""
        return 2 * self._per_round * self._settings.rounds

    def next_games(self, finished: Outcomes) -> list[ScheduledGame]:
        """The next round's games once every game of the rounds paired has finished."""
        self._left = self.total - len(finished)
        if self.rounds and not self._finished(len(self.rounds) - 1, finished):
            return []
        while len(self.rounds) < self._settings.rounds:
            self.rounds.append(self._pair(finished))
            games = self.games(len(self.rounds) - 1)
            left = [game for game in games if game.number not in finished]
            if left:
                return left
        return []

    def remaining(self) -> int:
        """The games of every round not finished."""
        return self._left

    def games(self, number: int) -> list[ScheduledGame]:
        """The games of round ``number`` (paired already)."""
        games = []
        for index, (first, second) in enumerate(self.rounds[number].pairs):
            deal = number * self._per_round + index
            seed = deal_seed(self._seed, deal)
            games.append(ScheduledGame(2 * deal, deal, 0, (first, second), seed))
            games.append(ScheduledGame(2 * deal + 1, deal, 1, (second, first), seed))
        return games

    def points(self, finished: Outcomes) -> dict[str, float]:
        """Each bot's points in the rounds paired: 1 a win or a bye, 1/2 a draw."""
        points = dict.fromkeys(self._bots, 0.0)
        for number, played in enumerate(self.rounds):
            if played.bye is not None:
                points[played.bye] += 1.0
            for game in self.games(number)[::2]:
                first, second = (finished.get(n) for n in (game.number, game.number + 1))
                if first is None or second is None:
                    continue
                a, b = game.bots
                score = _score(first.bots, first.scores, a) + _score(second.bots, second.scores, a)
                points[a] += 1.0 if score > 1 else 0.5 if score == 1 else 0.0
                points[b] += 0.0 if score > 1 else 0.5 if score == 1 else 1.0
        return points

    def ranked(self, finished: Outcomes) -> list[str]:
        """The bots by points, ties in the order they were entered."""
        points = self.points(finished)
        return sorted(self._bots, key=lambda bot: (-points[bot], self._bots.index(bot)))

    def _pair(self, finished: Outcomes) -> Round:
        met = {frozenset(pair) for played in self.rounds for pair in played.pairs}
        byes = [played.bye for played in self.rounds if played.bye is not None]
        return pair_round(self.ranked(finished), met, byes)

    def _finished(self, number: int, finished: Outcomes) -> bool:
        return all(game.number in finished for game in self.games(number))


def _score(bots: tuple[str, ...], scores: tuple[float, ...], bot: str) -> float:
    """``bot``'s result in a game of two: 1 for the higher score, 1/2 for a tie."""
    mine, theirs = (scores[0], scores[1]) if bots[0] == bot else (scores[1], scores[0])
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


class Swiss:
    """Swiss pairing of two-seat games (see the module)."""

    name = "swiss"
    title = "Swiss"
    specs = (SettingSpec("rounds", "count", 5, "rounds of pairings", "--swiss-rounds"),)

    def settings_from_data(self, data: Mapping[str, Any]) -> SwissSettings:
        """The settings stored."""
        return SwissSettings.from_data(data)

    def schedule(self, entrants: Entrants, settings: SwissSettings) -> SwissSchedule:
        """The schedule of the tournament.

        Raises:
            ValueError: not a table of two seats, a repeated name, fewer than two bots.
        """
        if entrants.seats != 2:
            raise ValueError(f"Swiss pairing is for two-player games, not {entrants.seats} seats")
        check_entrants(entrants.bots, seats=2)
        return SwissSchedule(entrants, settings)

    def report(
        self, entrants: Entrants, settings: SwissSettings, finished: Callable[[], Outcomes]
    ) -> Report:
        """The rounds paired, and each bot's points."""
        schedule = self.schedule(entrants, settings)
        games = finished()
        schedule.next_games(games)
        points = schedule.points(games)
        table = ", ".join(f"{bot} {points[bot]:g}" for bot in schedule.ranked(games))
        return Report(
            rows=(
                Row("Round", f"{len(schedule.rounds)} of {settings.rounds}"),
                Row("Points", table, "1 a round won or a bye, 1/2 a round drawn"),
            )
        )


SWISS = Swiss()
"""The Swiss format."""
