"""The show: a hand or the crib scored with the starter, with a fast path over card codes.

docs/rules/cribbage.md, "The standard game" step 5: fifteens 2 each, pairs by rank 2 each, runs
(the longest block of consecutive ranks, L >= 3, scores L times the product of its ranks'
multiplicities; shorter runs inside it do not count), flush and nobs. Only the six cards of a
seven-card show can hold two separate blocks (A-2-3 and 5-6-7): each scores, as every run does
in the standard count. A hand of ``n`` cards (3 in five-card, 4, or 5 in seven-card) scores a
flush of ``n`` when its own cards share a suit and ``n + 1`` when the starter matches too; the
crib only scores ``n + 1``, when all of its cards and the starter share a suit.

Two paths give the same points:

- :func:`score_show` and :func:`explain_show` take :class:`Card` values and check them, and
  :func:`show_combinations` names every fifteen, pair, run, flush and nobs with its cards;
- :func:`show_points` and :func:`show_parts` take card codes (:attr:`Card.index`) and check
  nothing. Fifteens, pairs and runs depend only on the multiset of ranks, packed into an int
  (3 bits a rank) that is the sum of the cards' fields, and are looked up in a table filled
  on first use; flush and nobs come from the suits.

:func:`starter_points` scores one hand against every starter at once and
:func:`show_score_distribution` scores all 12,994,800 (hand, starter) pairs, the benchmark.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, groupby, product

from croupier.games.cribbage._cards import CARDS, SUITS, Card, cards_text

__all__ = [
    "ShowCombination",
    "ShowScore",
    "explain_show",
    "score_show",
    "show_combinations",
    "show_parts",
    "show_points",
    "show_score_distribution",
    "starter_points",
]

_RANK_FIELD: tuple[int, ...] = tuple(1 << (3 * (code >> 2)) for code in range(52))
_SUIT_BIT: tuple[int, ...] = tuple(1 << (code & 3) for code in range(52))
_NOBS_JACK: tuple[int, ...] = tuple(40 + (code & 3) for code in range(52))
"""For each starter code, the code of the jack of its suit (rank 11: codes 40..43)."""

_RANK_POINTS: dict[int, int] = {}
"""Fifteens + pairs + runs by rank multiset key, filled on first use of each key."""


@dataclass(frozen=True, slots=True)
class ShowScore:
    """The points of one hand or crib in the show, part by part.

    >>> str(ShowScore(fifteens=16, pairs=12, nobs=1))
    'fifteens 16, pairs 12, nobs 1 = 29'
    """

    fifteens: int = 0
    pairs: int = 0
    runs: int = 0
    flush: int = 0
    nobs: int = 0

    @property
    def total(self) -> int:
        """All the points of the hand."""
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs

    def __str__(self) -> str:
        parts = [
            f"{name} {points}"
            for name, points in (
                ("fifteens", self.fifteens),
                ("pairs", self.pairs),
                ("runs", self.runs),
                ("flush", self.flush),
                ("nobs", self.nobs),
            )
            if points
        ]
        return f"{', '.join(parts) or 'nothing'} = {self.total}"


def _rank_counts(key: int) -> list[int]:
    return [(key >> (3 * rank)) & 7 for rank in range(13)]


def _fifteens(counts: list[int]) -> int:
    """2 for every subset of the cards whose values sum to 15, counted rank by rank."""
    ways = [1] + [0] * 15  # ways[total]: subsets of the ranks so far summing to total
    for rank, count in enumerate(counts):
        if not count:
            continue
        value = min(rank + 1, 10)
        new_ways = ways[:]
        choose = 1
        for taken in range(1, count + 1):
            choose = choose * (count - taken + 1) // taken  # C(count, taken)
            shift = taken * value
            if shift > 15:
                break
            for total in range(16 - shift):
                new_ways[total + shift] += ways[total] * choose
        ways = new_ways
    return 2 * ways[15]


def _runs(counts: list[int]) -> int:
    """Each maximal block of >= 3 consecutive ranks: its length times its multiplicities."""
    points = 0
    length = 0
    product = 1
    for count in [*counts, 0]:
        if count:
            length += 1
            product *= count
            continue
        if length >= 3:
            points += length * product
        length = 0
        product = 1
    return points


def _rank_parts(key: int) -> tuple[int, int, int]:
    counts = _rank_counts(key)
    pairs = sum(count * (count - 1) for count in counts)
    return _fifteens(counts), pairs, _runs(counts)


def _rank_points(key: int) -> int:
    points = sum(_rank_parts(key))
    _RANK_POINTS[key] = points
    return points


def show_points(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """The show points of ``hand`` (card codes) with ``starter`` (a code): the fast path.

    Nothing is checked: the codes must be distinct and the hand have 3 to 5 cards.

    >>> show_points([17, 18, 19, 42], 16)  # 5D 5H 5S JH, starter 5C: the 29 hand
    28
    >>> show_points([16, 17, 18, 40], 19)  # 5C 5D 5H JC, starter 5S
    28
    >>> show_points([16, 17, 18, 43], 19)  # 5C 5D 5H JS, starter 5S: nobs
    29
    """
    field = _RANK_FIELD
    bit = _SUIT_BIT
    key = field[starter]
    suits = 0
    for code in hand:
        key += field[code]
        suits |= bit[code]
    points = _RANK_POINTS.get(key)
    if points is None:
        points = _rank_points(key)
    if suits & (suits - 1) == 0:  # one suit in the hand
        if suits == bit[starter]:
            points += len(hand) + 1
        elif not crib:
            points += len(hand)
    if _NOBS_JACK[starter] in hand:
        points += 1
    return points


def show_parts(hand: Sequence[int], starter: int, crib: bool = False) -> ShowScore:
    """The show points of ``hand`` with ``starter`` (codes, unchecked), part by part."""
    key = _RANK_FIELD[starter] + sum(_RANK_FIELD[code] for code in hand)
    fifteens, pairs, runs = _rank_parts(key)
    suits = {code & 3 for code in hand}
    flush = 0
    if len(suits) == 1:
        if suits == {starter & 3}:
            flush = len(hand) + 1
        elif not crib:
            flush = len(hand)
    nobs = 1 if _NOBS_JACK[starter] in hand else 0
    return ShowScore(fifteens, pairs, runs, flush, nobs)


def _checked_codes(hand: Iterable[Card], starter: Card) -> tuple[list[int], int]:
    cards = list(hand)
    if not all(isinstance(card, Card) for card in [*cards, starter]):
        raise ValueError("the show scores Card values")
    if not 3 <= len(cards) <= 5:
        raise ValueError(f"a hand in the show has 3, 4 or 5 cards, not {len(cards)}")
    codes = [card.index for card in cards]
    if len({*codes, starter.index}) != len(codes) + 1:
        raise ValueError(f"a card appears twice in {cards_text(cards)} with starter {starter}")
    return codes, starter.index


def score_show(hand: Iterable[Card], starter: Card, *, crib: bool = False) -> int:
    """The points of ``hand`` (or the crib, ``crib=True``) in the show with ``starter``.

    >>> from croupier.games.cribbage._cards import parse_cards
    >>> score_show(parse_cards("5C 5D 5H JS"), Card.from_str("5S"))
    29
    >>> score_show(parse_cards("2H 4H 6H 8H"), Card.from_str("KS"))  # hand flush 4
    4
    >>> score_show(parse_cards("2H 4H 6H 8H"), Card.from_str("KS"), crib=True)
    0

    Raises:
        ValueError: not 3, 4 or 5 cards, a card given twice, or something not a card.
    """
    codes, starter_code = _checked_codes(hand, starter)
    return show_points(codes, starter_code, crib)


def explain_show(hand: Iterable[Card], starter: Card, *, crib: bool = False) -> ShowScore:
    """Like :func:`score_show`, part by part.

    >>> from croupier.games.cribbage._cards import parse_cards
    >>> str(explain_show(parse_cards("3C 3D 4H 5S"), Card.from_str("KD")))
    'fifteens 4, pairs 2, runs 6 = 12'

    Raises:
        ValueError: not 3, 4 or 5 cards, a card given twice, or something not a card.
    """
    codes, starter_code = _checked_codes(hand, starter)
    return show_parts(codes, starter_code, crib)


@dataclass(frozen=True, slots=True)
class ShowCombination:
    """One scoring combination of a show: its kind, its cards and its points.

    ``kind`` is ``fifteen``, ``pair``, ``run``, ``flush`` or ``nobs``; ``cards`` are in the
    order of the hand, the starter last.

    >>> from croupier.games.cribbage._cards import parse_cards
    >>> str(ShowCombination("run", parse_cards("3C 4H 5S"), 3))
    'run 3C 4H 5S: 3'
    """

    kind: str
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.kind} {cards_text(self.cards)}: {self.points}"


def show_combinations(
    hand: Iterable[Card], starter: Card, *, crib: bool = False
) -> tuple[ShowCombination, ...]:
    """Every combination ``hand`` (or the crib) scores with ``starter``, one by one.

    Each fifteen (2), each pair (2), each run (its length: a double run is two runs), the
    flush and nobs (the jack and the starter), in that order. Their points add up, kind by
    kind, to :func:`explain_show`'s parts: runs as the standard count takes them, the
    longest block of consecutive ranks only.

    >>> from croupier.games.cribbage._cards import parse_cards
    >>> for each in show_combinations(parse_cards("3C 3D 4H 5S"), Card.from_str("KD")):
    ...     print(each)
    fifteen 5S KD: 2
    fifteen 3C 3D 4H 5S: 2
    pair 3C 3D: 2
    run 3C 4H 5S: 3
    run 3D 4H 5S: 3

    Raises:
        ValueError: not 3, 4 or 5 cards, a card given twice, or something not a card.
    """
    codes, starter_code = _checked_codes(hand, starter)
    cards = tuple(CARDS[code] for code in (*codes, starter_code))
    found = [
        *_fifteen_combinations(cards),
        *(
            ShowCombination("pair", pair, 2)
            for pair in combinations(cards, 2)
            if pair[0].rank == pair[1].rank
        ),
        *_run_combinations(cards),
    ]
    flush = show_parts(codes, starter_code, crib).flush
    if flush:
        found.append(ShowCombination("flush", cards[:flush], flush))
    found.extend(
        ShowCombination("nobs", (card, cards[-1]), 1)
        for card in cards[:-1]
        if card.index == _NOBS_JACK[starter_code]
    )
    return tuple(found)


def _fifteen_combinations(cards: Sequence[Card]) -> list[ShowCombination]:
    """Every set of ``cards`` whose values sum to 15, smallest sets first."""
    return [
        ShowCombination("fifteen", subset, 2)
        for size in range(2, len(cards) + 1)
        for subset in combinations(cards, size)
        if sum(card.value for card in subset) == 15
    ]


def _run_combinations(cards: Sequence[Card]) -> list[ShowCombination]:
    """Each run of each block of three or more consecutive ranks: one card of every rank."""
    by_rank = {
        rank: [card for card in cards if card.rank == rank]
        for rank in sorted({card.rank for card in cards})
    }
    runs = []
    ranks = list(by_rank)
    # Ranks minus their position are equal along a block of consecutive ranks.
    for _, block in groupby(enumerate(ranks), key=lambda item: item[1] - item[0]):
        block_ranks = [rank for _, rank in block]
        if len(block_ranks) >= 3:
            for run in product(*(by_rank[rank] for rank in block_ranks)):
                ordered = tuple(card for card in cards if card in run)
                runs.append(ShowCombination("run", ordered, len(run)))
    return runs


def _base_by_starter_rank(hand: Sequence[int]) -> list[int]:
    """Fifteens + pairs + runs of ``hand`` with a starter of each rank 0..12."""
    table = _RANK_POINTS
    hand_key = sum(_RANK_FIELD[code] for code in hand)
    base = []
    for rank in range(13):
        key = hand_key + (1 << (3 * rank))
        points = table.get(key)
        base.append(_rank_points(key) if points is None else points)
    return base


def _bonus_by_starter_suit(hand: Sequence[int], crib: bool) -> list[int]:
    """Flush + nobs of ``hand`` with a starter of each suit 0..3."""
    bonus = [0, 0, 0, 0]
    suits = {code & 3 for code in hand}
    if len(suits) == 1:
        (suit,) = suits
        for starter_suit in range(4):
            if starter_suit == suit:
                bonus[starter_suit] = len(hand) + 1
            elif not crib:
                bonus[starter_suit] = len(hand)
    for code in hand:
        if code >> 2 == 10:  # a jack: nobs with a starter of its suit
            bonus[code & 3] += 1
    return bonus


def starter_points(hand: Sequence[int], crib: bool = False) -> list[int]:
    """The show points of ``hand`` (codes, unchecked) with each of the 52 starters.

    Entry ``s`` is ``show_points(hand, s, crib)``; the hand's own cards get -1.

    >>> points = starter_points([16, 17, 18, 43])  # 5C 5D 5H JS
    >>> points[19], points[16], points[0]  # starter 5S, 5C (in the hand), AC
    (29, -1, 14)
    """
    base = _base_by_starter_rank(hand)
    bonus = _bonus_by_starter_suit(hand, crib)
    points = [base[code >> 2] + bonus[code & 3] for code in range(52)]
    for code in hand:
        points[code] = -1
    return points


def show_score_distribution(starter_suits: str = SUITS) -> Counter[int]:
    """How many (four-card hand, starter) pairs score each number of points.

    Every pair whose starter has a suit in ``starter_suits`` is scored: with all four suits,
    the 270,725 hands times 48 starters, 12,994,800 pairs. By suit symmetry one suit gives
    exactly a quarter of every count.

    Raises:
        ValueError: ``starter_suits`` names no suit or a letter that is not a suit.
    """
    if not starter_suits or not set(starter_suits) <= set(SUITS):
        raise ValueError(f"starter_suits is a non-empty string of {SUITS}, not {starter_suits!r}")
    suit_codes = sorted({SUITS.index(letter) for letter in starter_suits})
    starters = [rank * 4 + suit for rank in range(13) for suit in suit_codes]
    tally = [0] * 64
    for hand in combinations(range(52), 4):
        base = _base_by_starter_rank(hand)
        bonus = _bonus_by_starter_suit(hand, False)
        for starter in starters:
            tally[base[starter >> 2] + bonus[starter & 3]] += 1
        for code in hand:  # the hand's own cards are no starters: take them back out
            if code & 3 in suit_codes:
                tally[base[code >> 2] + bonus[code & 3]] -= 1
    return Counter({points: count for points, count in enumerate(tally) if count})
