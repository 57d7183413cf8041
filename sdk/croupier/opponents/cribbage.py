"""The cribbage opponents: a random bot and a greedy one, for every variant."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import croupier
from croupier.games import cribbage
from croupier.games.cribbage import Card, CribbageObservation, Discard, Peg, Place, score_peg
from croupier.opponents._random import RandomBot

__all__ = ["GreedyCribbageBot", "RandomCribbageBot", "hand_points", "place_gain"]


class RandomCribbageBot(RandomBot[CribbageObservation, cribbage.Action]):
    """Lays away, pegs and places (cribbage square) at random.

    Args:
        seed: seeds the choices; by default ``CROUPIER_BOT_SEED`` if set, else OS randomness.
    """

    games = ("cribbage",)


class GreedyCribbageBot(croupier.Bot[CribbageObservation, cribbage.Action]):
    """Keeps the best cards as they lie, pegs the most points now, places for the most points."""

    games = ("cribbage",)

    def act(self, observation: CribbageObservation) -> cribbage.Action:
        """The legal action worth the most points at once (the first of equals)."""
        return max(observation.legal_actions, key=lambda action: self.points(observation, action))

    def points(self, observation: CribbageObservation, action: cribbage.Action) -> int:
        """What ``action`` is worth at once, as this bot sees it."""
        if isinstance(action, Discard):
            return hand_points([card for card in observation.hand if card not in action.cards])
        if isinstance(action, Peg):
            return score_peg([*observation.count_cards, action.card])
        return place_gain(observation.grid, action)


def hand_points(cards: Sequence[Card]) -> int:
    """The show points of ``cards`` without a starter: fifteens, pairs, runs and a flush.

    A line of cribbage square that is not full yet is scored the same way (a flush needs
    four cards).

    >>> from croupier.games.cribbage import parse_cards
    >>> hand_points(parse_cards("5H 5D TC 4S"))  # two fifteens and a pair
    6
    """
    values = [card.value for card in cards]
    fifteens = sum(
        2
        for size in range(2, len(values) + 1)
        for subset in combinations(values, size)
        if sum(subset) == 15
    )
    ranks = Counter(card.rank for card in cards)
    pairs = sum(count * (count - 1) for count in ranks.values())
    flush = len(cards) if len(cards) >= 4 and len({card.suit for card in cards}) == 1 else 0
    return fifteens + pairs + _run_points(ranks) + flush


def _run_points(ranks: Counter[int]) -> int:
    """Each block of three or more consecutive ranks: its length times its multiplicities."""
    points = length = 0
    product = 1
    for rank in range(1, 15):  # rank 14 never occurs: it closes the last block
        if ranks[rank]:
            length += 1
            product *= ranks[rank]
            continue
        if length >= 3:
            points += length * product
        length, product = 0, 1
    return points


def place_gain(grid: Sequence[Card | None], place: Place) -> int:
    """The points ``place`` adds to its row and column in cribbage square, as they lie."""
    gain = 0
    for cells in (range(place.row * 4, place.row * 4 + 4), range(place.col, 16, 4)):
        line = [card for cell in cells if (card := grid[cell]) is not None]
        gain += hand_points([*line, place.card]) - hand_points(line)
    return gain
