"""A Lexio bot that plans its hand, counts the tiles played, and fears the doubling of 2s.

- Plan: it splits its hand into the cheapest set of combinations (singles, pairs, triples,
  straights, full houses, four of a kind). A combination nothing unseen can beat costs
  nothing to keep, since it will win a lead back; a weak one costs about one lead to shed;
  a five-tile one sits in between. Each tile held costs one more on top: the round's
  settlement counts tiles.
- Count: the tiles played this round are gone, so it knows which of its tiles are the
  strongest left (a 1 is a sure winner once the 2s are out).
- Move: it takes the play that leaves the cheapest hand. Leading, that is the widest and
  weakest combination, winners kept for later; answering, the answer that keeps its other
  combinations whole. It passes when every answer would wreck the plan, such as a single
  pulled out of a straight.
- The end: as an opponent runs short of tiles, every tile and above all every 2 (each one
  doubles what it pays) weighs more, so it sheds its 2s while it still can.

Each decision comes with a comment (``croupier.Decision``): the plays it weighed and the
cost of the hand it keeps, shown in the game's replay.

The referee starts it with its address and token, once registered:

    croupier bot add lexio-strong --game lexio --command "python examples/lexio_strong.py"
"""

from __future__ import annotations

from collections.abc import Sequence

import croupier
from croupier.games import lexio
from croupier.games.lexio import LexioObservation, Pass, Play, Tile, deck, top_number

RANKS = 15
"""Rank positions: 0 for the 3s, ..., 12 for the 15s, 13 for the 1s, 14 for the 2s."""
FIVE_COST = 0.8
"""The cost of keeping a five-tile combination: one play to shed, and seldom beaten."""
TILE_COST = 1.0
"""The cost of each tile held, whatever combination it is in."""
TWO_COST = 1.5
"""The extra cost of each 2 held when an opponent is about to go out (times the danger)."""
PLAY_MARGIN = 0.35
"""How much an answer must lower the cost of the hand to be worth more than a pass."""
DANGER = {1: 1.0, 2: 0.8, 3: 0.55, 4: 0.3, 5: 0.15}
"""How near the end of the round it is, by the fewest tiles an opponent holds."""


def rank_of(number: int) -> int:
    """The rank position of a tile number (see :data:`RANKS`)."""
    return number - 3 if number >= 3 else number + 12


def straight_ranks(players: int) -> list[tuple[int, ...]]:
    """The rank positions of every straight, ascending: runs ``a..a+4`` and ``(N-3)..N, 1``."""
    top = top_number(players)
    runs = [list(range(start, start + 5)) for start in range(1, top - 3)]
    runs.append([*range(top - 3, top + 1), 1])
    return [tuple(sorted(rank_of(number) for number in run)) for run in runs]


def rank_key(tiles: Sequence[Tile]) -> int:
    """The tiles' ranks as a multiset packed in an int, 3 bits a rank."""
    return sum(1 << (3 * tile.rank) for tile in tiles)


class Planner:
    """What a hand is worth to the bot at one decision: lower is better.

    Args:
        observation: the decision; the tiles played this round and the hand sizes are read
            from it.
    """

    def __init__(self, observation: LexioObservation) -> None:
        unseen = [0] * RANKS  # tiles of each rank in other hands or not yet shown
        for tile in deck(observation.players):
            unseen[tile.rank] += 1
        played = [
            tile
            for _, action in observation.history
            if isinstance(action, Play)
            for tile in action.tiles
        ]
        for tile in [*observation.hand, *played]:
            unseen[tile.rank] -= 1
        shortest = min(
            size for seat, size in enumerate(observation.hand_sizes) if seat != observation.seat
        )
        self.danger = DANGER.get(shortest, 0.0)
        self.twos_double = observation.game.twos_penalty == "double_each"
        self.straights = straight_ranks(observation.players)
        # cost[size][rank]: keeping a single, pair or triple of that rank. Each distinct
        # way to beat it makes it less sure to win a lead back.
        self.cost = [[0.0] * RANKS]
        for size in (1, 2, 3):
            beaters = [
                sum(unseen[rank + 1 :])
                if size == 1
                else sum(count >= size for count in unseen[rank + 1 :])
                for rank in range(RANKS)
            ]
            self.cost.append([count / (1 + count) for count in beaters])
        self.memo: dict[int, float] = {0: 0.0}

    def evaluate(self, tiles: Sequence[Tile]) -> float:
        """The cost of holding ``tiles``: its split, its tiles, and its 2s near the end."""
        twos = sum(tile.number == 2 for tile in tiles) if self.twos_double else 0
        return (
            self.split(rank_key(tiles))
            + TILE_COST * (1 + self.danger) * len(tiles)
            + TWO_COST * self.danger * twos
        )

    def split(self, key: int) -> float:
        """The cost of the cheapest split of the rank multiset ``key`` into combinations.

        The lowest rank held is in some combination of the split: try each one holding it.
        Suits are ignored, so flushes are left out (and found among the legal plays).
        """
        best = self.memo.get(key)
        if best is not None:
            return best
        counts = [(key >> (3 * rank)) & 7 for rank in range(RANKS)]
        low = next(rank for rank, count in enumerate(counts) if count)
        bit = 1 << (3 * low)
        best = min(
            self.cost[size][low] + self.split(key - size * bit)
            for size in range(1, min(counts[low], 3) + 1)
        )
        for rank in range(low + 1, RANKS):
            other = 1 << (3 * rank)
            for mine, theirs in ((3, 2), (2, 3), (4, 1), (1, 4)):  # full house, four of a kind
                if counts[low] >= mine and counts[rank] >= theirs:
                    rest = key - mine * bit - theirs * other
                    best = min(best, FIVE_COST + self.split(rest))
        for ranks in self.straights:
            if ranks[0] == low and all(counts[rank] for rank in ranks):
                rest = key - sum(1 << (3 * rank) for rank in ranks)
                best = min(best, FIVE_COST + self.split(rest))
        self.memo[key] = best
        return best


class StrongLexioBot(croupier.Bot[LexioObservation, lexio.Action]):
    """Plays to a plan of its hand, counts the tiles out, and sheds its 2s near the end."""

    games = ("lexio",)

    def act(self, observation: LexioObservation) -> croupier.Decision[lexio.Action]:
        """The play that leaves the cheapest hand, or a pass when no answer is worth it.

        Its comment says how many plays it weighed and what the hand left costs.
        """
        planner = Planner(observation)
        hand = observation.hand
        best: lexio.Action = Pass()
        best_cost = float("inf")
        if observation.table is not None:
            # A pass keeps the hand as it is; near the end it also lets an opponent shed.
            best_cost = planner.evaluate(hand) - PLAY_MARGIN * (1 - planner.danger)
        plays = [action for action in observation.legal_actions if isinstance(action, Play)]
        for play in plays:
            cost = planner.evaluate([tile for tile in hand if tile not in play.tiles])
            if cost < best_cost:
                best, best_cost = play, cost
        comment = (
            f"plays weighed: {len(plays)}, the hand left costs {best_cost:.2f}"
            f" (danger {planner.danger:.2f})"
        )
        return croupier.Decision(best, comment=comment)


if __name__ == "__main__":
    croupier.run(StrongLexioBot())
