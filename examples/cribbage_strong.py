"""A cribbage bot that lays away by expected value and pegs with an eye on the reply.

- Laying away, it scores the cards it would keep with every starter it has not seen and
  takes the average, then adds what the cards it lays away are worth in the crib on
  average (over every way the rest of the crib and the starter can fall) when the crib is
  its side's, or subtracts it when the crib is an opponent's.
- Pegging, it plays the card worth the most now minus what the next player can expect to
  score in reply (a 10 onto a count of 5 or 21, a pair onto a pair, a run), judging the
  chance that player holds each rank from the cards not yet seen; with two players, plus
  what it can peg back after that reply (a pair royal onto their pair).
- In cribbage square, it puts the card where its row and column are worth the most on
  average over the starters still possible, counting a flush still in reach.

It plays every variant.

The referee starts it with its address and token, once registered:

    croupier bot add cribbage-strong --game cribbage --command "python examples/cribbage_strong.py"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, fsum, prod

import croupier
from croupier.games import cribbage
from croupier.games.cribbage import (
    CARDS,
    Card,
    CribbageObservation,
    Discard,
    Peg,
    Place,
    score_peg,
)
from croupier.games.cribbage.scoring import starter_points

RANKS = range(1, 14)


@cache
def rank_points(ranks: tuple[int, ...]) -> int:
    """The fifteens, pairs and runs of cards of these ranks, ascending (no flush, no nobs).

    >>> rank_points((5, 5, 5, 5, 11))  # the 29 hand without its nobs
    28
    """
    values = [min(rank, 10) for rank in ranks]
    fifteens = sum(
        2
        for size in range(2, len(values) + 1)
        for subset in combinations(values, size)
        if sum(subset) == 15
    )
    counts = Counter(ranks)
    pairs = sum(count * (count - 1) for count in counts.values())
    runs = length = 0
    product = 1
    for rank in range(1, 15):  # no card has rank 14: it closes the last run
        if counts[rank]:
            length, product = length + 1, product * counts[rank]
            continue
        if length >= 3:
            runs += length * product
        length, product = 0, 1
    return fifteens + pairs + runs


@cache
def crib_value(laid: tuple[int, ...]) -> float:
    """What cards of ranks ``laid`` (ascending) are worth in a crib, on average.

    The other crib cards and the starter are any cards of the pack not laid, each set as
    likely as the next (a crib is 4 cards plus the starter). Counts fifteens, pairs, runs,
    and the nobs of a jack laid; the rare crib flush is left out.
    """
    left = Counter({rank: 4 - laid.count(rank) for rank in RANKS})
    drawn = 5 - len(laid)
    total = weight_sum = 0.0
    for others in combinations_with_replacement(RANKS, drawn):
        weight = prod(comb(left[rank], count) for rank, count in Counter(others).items())
        if weight:
            total += weight * rank_points(tuple(sorted(laid + others)))
            weight_sum += weight
    # A jack laid scores nobs when the starter (one of the 52 - 5 + 1 cards it can be) matches.
    nobs = laid.count(11) * 12 / (52 - len(laid))
    return total / weight_sum + nobs


def unseen_cards(observation: CribbageObservation) -> list[Card]:
    """The cards the seat has not seen this hand: other hands, the crib, the pack."""
    seen = {*observation.hand, *observation.discards, *(card for _, card in observation.played)}
    if observation.starter is not None:
        seen.add(observation.starter)
    seen.update(card for card in observation.grid if card is not None)
    if observation.turned is not None:
        seen.add(observation.turned)
    return [card for card in CARDS if card not in seen]


class StrongCribbageBot(croupier.Bot[CribbageObservation, cribbage.Action]):
    """Lays away by the average of hand and crib, pegs against the reply, places by average."""

    games = ("cribbage",)

    def __init__(self) -> None:
        # Work the crib table out now, before any game, rather than in the first discards.
        for size in (1, 2):
            for laid in combinations_with_replacement(RANKS, size):
                crib_value(laid)

    def act(self, observation: CribbageObservation) -> cribbage.Action:
        """The legal action with the best expected value, as this bot estimates it."""
        actions = observation.legal_actions
        if discards := [action for action in actions if isinstance(action, Discard)]:
            return max(discards, key=lambda discard: lay_away_value(observation, discard))
        if pegs := [action for action in actions if isinstance(action, Peg)]:
            return max(pegs, key=lambda peg: peg_value(observation, peg))
        places = [action for action in actions if isinstance(action, Place)]
        return max(places, key=lambda place: place_value(observation, place))


def lay_away_value(observation: CribbageObservation, discard: Discard) -> float:
    """The average show of the cards kept, plus or minus the average crib of the rest."""
    kept = [card.index for card in observation.hand if card not in discard.cards]
    starters = [card.index for card in CARDS if card not in observation.hand]
    by_starter = starter_points(kept)
    hand = fsum(by_starter[code] for code in starters) / len(starters)
    crib = crib_value(tuple(sorted(card.rank for card in discard.cards)))
    return hand + crib_share(observation) * crib


def peg_value(observation: CribbageObservation, peg: Peg) -> float:
    """The points of the card now, less what the next player can expect to gain by it."""
    run = [*observation.count_cards, peg.card]
    points = score_peg(run)
    count = observation.count + peg.card.value
    if count == 31:
        return points  # the count starts again: nothing to answer
    return points - expected_reply(observation, run, count, peg.card)


def place_value(observation: CribbageObservation, place: Place) -> float:
    """How much the row and the column of the cell gain on average with the card."""
    unseen = unseen_cards(observation)
    gain = 0.0
    for cells in (range(place.row * 4, place.row * 4 + 4), range(place.col, 16, 4)):
        line = [card for cell in cells if (card := observation.grid[cell]) is not None]
        gain += line_value([*line, place.card], unseen) - line_value(line, unseen)
    return gain


def crib_share(observation: CribbageObservation) -> float:
    """How much the crib's points count for this seat: +1 its side's, -1 an opponent's."""
    layout = observation.game.layout
    seat, dealer = observation.seat, observation.dealer
    if layout.is_solo or seat is None or layout.side_of(seat) == layout.side_of(dealer):
        return 1.0
    return -1.0


def expected_reply(
    observation: CribbageObservation, run: list[Card], count: int, played: Card
) -> float:
    """What the next player can expect to peg right after ``run`` makes ``count``.

    For each rank, the chance they hold one (from the unseen cards and their hand size)
    and what it would score; they play the best rank they hold. In a two-player game the
    seat answers in turn, so what it can peg back is taken off.
    """
    players = len(observation.hand_sizes)
    seat = observation.seat if observation.seat is not None else 0
    # The next seat with cards that has not said go in this count (a go is for the count).
    following = ((seat + step) % players for step in range(1, players))
    holding = next(
        (
            observation.hand_sizes[other]
            for other in following
            if observation.hand_sizes[other] and other not in observation.goes
        ),
        0,
    )
    unseen = unseen_cards(observation)
    if not holding or not unseen:
        return 0.0
    holding = min(holding, len(unseen))
    by_rank = Counter(card.rank for card in unseen)
    replies = []
    for rank, copies in by_rank.items():
        card = next(card for card in unseen if card.rank == rank)
        if count + card.value <= 31:
            chance = 1 - comb(len(unseen) - copies, holding) / comb(len(unseen), holding)
            answer = [*run, card]
            points = score_peg(answer)
            back = counter(observation, answer, count + card.value, played) if players == 2 else 0
            replies.append((points, back, chance))
    expected = 0.0
    none_better = 1.0  # the chance they hold no rank scoring more than this one
    for points, back, chance in sorted(replies, key=lambda reply: -reply[0]):
        expected += (points - back) * chance * none_better
        none_better *= 1 - chance
    return expected


def counter(observation: CribbageObservation, run: list[Card], count: int, played: Card) -> int:
    """The most the seat can peg with its next card after ``run`` makes ``count``."""
    if count == 31:
        return 0
    return max(
        (
            score_peg([*run, card])
            for card in observation.hand
            if card != played and count + card.value <= 31
        ),
        default=0,
    )


def line_value(line: Sequence[Card], unseen: Sequence[Card]) -> float:
    """A row or column of cribbage square: its points so far with each starter, on average.

    A line of one suit also counts its flush at the chance the rest comes in that suit.
    """
    if not line:
        return 0.0
    ranks = [card.rank for card in line]
    average = fsum(rank_points(tuple(sorted([*ranks, s.rank]))) for s in unseen) / len(unseen)
    suits = {card.suit for card in line}
    if len(suits) == 1 and len(line) >= 2:
        (suit,) = suits
        same = sum(card.suit == suit for card in unseen) / len(unseen)
        average += 4.25 * same ** (4 - len(line))
    return average


if __name__ == "__main__":
    croupier.run(StrongCribbageBot())
