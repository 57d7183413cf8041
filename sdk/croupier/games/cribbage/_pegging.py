"""The play: the points of the card just played, from the cards of the count so far.

docs/rules/cribbage.md, "The standard game" step 4: the card that makes the count exactly 15
or 31 scores 2; the last ``k`` cards sharing the new card's rank score 2, 6 or 12 for ``k`` =
2, 3, 4; the longest tail of ``L >= 3`` cards with distinct ranks forming a consecutive
block, in any order, scores ``L`` (a repeated rank in the tail breaks it). The go and the
last card are not here: the state awards them when nobody can play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from croupier.games.cribbage._cards import VALUES, Card, cards_text

__all__ = ["PegScore", "explain_peg", "peg_parts", "score_peg"]

_PAIR_NAMES = {2: "pair", 6: "pair royal", 12: "double pair royal"}


@dataclass(frozen=True, slots=True)
class PegScore:
    """The points of one card in the play, part by part.

    >>> str(PegScore(fifteen=2, pairs=6))
    'fifteen 2, pair royal 6 = 8'
    >>> str(PegScore(run=4))
    'run of 4 = 4'
    """

    fifteen: int = 0
    thirty_one: int = 0
    pairs: int = 0
    run: int = 0

    @property
    def total(self) -> int:
        """All the points of the card."""
        return self.fifteen + self.thirty_one + self.pairs + self.run

    def __str__(self) -> str:
        parts = []
        if self.fifteen:
            parts.append(f"fifteen {self.fifteen}")
        if self.thirty_one:
            parts.append(f"thirty-one {self.thirty_one}")
        if self.pairs:
            parts.append(f"{_PAIR_NAMES.get(self.pairs, 'pairs')} {self.pairs}")
        if self.run:
            parts.append(f"run of {self.run}")
        return f"{', '.join(parts) or 'nothing'} = {self.total}"


_NO_SCORE = PegScore()
_SCORES: dict[tuple[int, int, int], PegScore] = {}
"""Every PegScore made so far, by (count, pairs, run): a few dozen values, shared."""


def _same_rank_and_run(run: Sequence[int]) -> tuple[int, int]:
    """How many cards at the end share the last card's rank, and the run length at the end."""
    size = len(run)
    last = run[-1] >> 2
    same = 1
    index = size - 2
    while index >= 0 and run[index] >> 2 == last:
        same += 1
        index -= 1
    if same > 1 or size < 3:  # a pair at the end breaks every run through it
        return same, 0
    seen = 1 << last
    low = high = last
    best = 0
    for index in range(size - 2, -1, -1):
        rank = run[index] >> 2
        if seen >> rank & 1:
            break
        seen |= 1 << rank
        low = min(low, rank)
        high = max(high, rank)
        length = size - index
        if length >= 3 and high - low == length - 1:
            best = length
    return same, best


def peg_parts(run: Sequence[int], count: int) -> PegScore:
    """The points of the last card of ``run`` (codes since the last reset), the fast path.

    ``count`` is the running count including that card. Nothing is checked.

    >>> str(peg_parts([12, 20, 16], 15))  # 4C 6C 5C: fifteen and a run in any order
    'fifteen 2, run of 3 = 5'
    """
    same, length = _same_rank_and_run(run) if len(run) > 1 else (1, 0)
    pairs = same * (same - 1)
    special = count if count in (15, 31) else 0
    if not (special or pairs or length):
        return _NO_SCORE
    key = (special, pairs, length)
    score = _SCORES.get(key)
    if score is None:
        score = PegScore(
            fifteen=2 if count == 15 else 0,
            thirty_one=2 if count == 31 else 0,
            pairs=pairs,
            run=length,
        )
        _SCORES[key] = score
    return score


def explain_peg(cards: Sequence[Card]) -> PegScore:
    """The points of the last of ``cards`` (the cards played since the last reset), by part.

    >>> from croupier.games.cribbage._cards import parse_cards
    >>> str(explain_peg(parse_cards("4S 5H 5D 6C")))  # the repeated 5 breaks the run
    'nothing = 0'

    Raises:
        ValueError: no cards, a card given twice, something not a card, or a count past 31.
    """
    cards = list(cards)
    if not cards:
        raise ValueError("the play scores the last card played: give at least one card")
    if not all(isinstance(card, Card) for card in cards):
        raise ValueError("the play scores Card values")
    codes = [card.index for card in cards]
    if len(set(codes)) != len(codes):
        raise ValueError(f"a card appears twice in {cards_text(cards)}")
    count = sum(VALUES[code] for code in codes)
    if count > 31:
        raise ValueError(f"the count of {cards_text(cards)} is {count}, past 31")
    return peg_parts(codes, count)


def score_peg(cards: Sequence[Card]) -> int:
    """The points of the last of ``cards``, the cards played since the last reset.

    Go and last-card points are not included (the state awards them).

    >>> from croupier.games.cribbage._cards import parse_cards
    >>> [score_peg(parse_cards(text)) for text in ("7H 8C", "4C 4D 4H", "TS 9C 8D")]
    [2, 6, 3]

    Raises:
        ValueError: no cards, a card given twice, something not a card, or a count past 31.
    """
    return explain_peg(cards).total
