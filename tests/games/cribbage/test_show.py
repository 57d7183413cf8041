"""The show scorer: the rules page's examples, a brute-force oracle, cribbage-scorer, the table."""

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from cribbage_scorer import cribbage_scorer
from hypothesis import given
from hypothesis import strategies as st

from croupier.games.cribbage import CARDS, Card, explain_show, parse_cards, score_show
from croupier.games.cribbage.scoring import (
    show_points,
    show_score_distribution,
    starter_points,
)

# Lumetta, "Amusing Cribbage Facts": all 12,994,800 (four-card hand, starter) pairs.
SHOW_DISTRIBUTION = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508,
    6: 1_800_268, 7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680,
    12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196, 18: 2_708,
    20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680, 28: 76, 29: 4,
}  # fmt: skip


def brute_force_show(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    """Straight from the rules page: every subset, every pair, every run, flush, nobs."""
    cards = [*hand, starter]
    fifteens = sum(
        2
        for size in range(2, len(cards) + 1)
        for subset in combinations(cards, size)
        if sum(card.value for card in subset) == 15
    )
    pairs = sum(2 for first, second in combinations(cards, 2) if first.rank == second.rank)
    runs = 0
    for size in range(len(cards), 2, -1):
        found = 0
        for subset in combinations(cards, size):
            ranks = sorted(card.rank for card in subset)
            if ranks == list(range(ranks[0], ranks[0] + size)):
                found += 1
        if found:
            runs = size * found
            break
    flush = 0
    if len({card.suit for card in hand}) == 1:
        if hand[0].suit == starter.suit:
            flush = len(hand) + 1
        elif not crib:
            flush = len(hand)
    nobs = sum(1 for card in hand if card.rank == 11 and card.suit == starter.suit)
    return fifteens + pairs + runs + flush + nobs


# Rules page, "The standard game" step 5 and "Variants".
@pytest.mark.parametrize(
    ("hand", "starter", "crib", "total", "parts"),
    [
        # The 29 hand: three 5s and the jack of the 5 starter's suit.
        ("5C 5D 5H JS", "5S", False, 29, {"fifteens": 16, "pairs": 12, "nobs": 1}),
        # Four 5s with a jack starter: his heels is the dealer's 2 at the cut, never nobs.
        ("5C 5D 5H 5S", "JH", False, 28, {"fifteens": 16, "pairs": 12, "nobs": 0}),
        # Seven-card: 4-4-5-5-6 with a 6 starter is the best hand, 46.
        ("4C 4D 5C 5D 6C", "6D", False, 46, {"fifteens": 16, "pairs": 6, "runs": 24}),
        # Double run of three: 6 + the pair 2.
        ("3C 3D 4H 5S", "KD", False, 12, {"runs": 6, "pairs": 2, "fifteens": 4}),
        # Triple run: 9 + 6.
        ("3C 3D 3H 4S", "5D", False, 21, {"runs": 9, "pairs": 6, "fifteens": 6}),
        # Double-double run: 12 + 4.
        ("3C 3D 4H 4S", "5D", False, 20, {"runs": 12, "pairs": 4, "fifteens": 4}),
        # Seven-card's six cards can hold two separate runs: each scores.
        ("AC 2D 3H 5S 6C", "7D", False, 14, {"runs": 6, "fifteens": 8}),
        # Runs never wrap: Q K A is no run, A 2 3 is.
        ("QC KD AH 2S", "3C", False, 7, {"runs": 3, "fifteens": 4}),
        # Pairs are by rank, never by value: K and Q are no pair.
        ("KC QD 2H 3S", "8C", False, 4, {"pairs": 0, "fifteens": 4}),
        # Nobs: the jack of the starter's suit in the hand.
        ("JH 2C 4D 7S", "3H", False, 6, {"nobs": 1, "fifteens": 2, "runs": 3}),
        ("JC 2D 7H 9S", "JH", False, 2, {"nobs": 0, "pairs": 2}),
        # Hand flush 4, or 5 with the starter; not with three of a suit.
        ("2H 4H 6H 8H", "KS", False, 4, {"flush": 4}),
        ("2H 4H 6H 8H", "KH", False, 5, {"flush": 5}),
        ("2H 4H 6H 8S", "KH", False, 0, {"flush": 0}),
        # Crib flush only when all five cards share a suit.
        ("2H 4H 6H 8H", "KS", True, 0, {"flush": 0}),
        ("2H 4H 6H 8H", "KH", True, 5, {"flush": 5}),
        # Five-card: a three-card hand's flush is 3, or 4 with the starter.
        ("2H 4H 8H", "KS", False, 3, {"flush": 3}),
        ("2H 4H 8H", "KH", False, 4, {"flush": 4}),
        ("5C 5D JS", "5S", False, 15, {"fifteens": 8, "pairs": 6, "nobs": 1}),
        # Seven-card: a five-card hand's flush is 5, or 6 with the starter.
        ("2H 4H 6H 8H QH", "KS", False, 5, {"flush": 5}),
        ("2H 4H 6H 8H QH", "KH", False, 6, {"flush": 6}),
    ],
)
def test_rules_page_examples(
    hand: str, starter: str, crib: bool, total: int, parts: dict[str, int]
) -> None:
    cards = parse_cards(hand)
    starter_card = Card.from_str(starter)
    breakdown = explain_show(cards, starter_card, crib=crib)
    assert score_show(cards, starter_card, crib=crib) == total
    assert breakdown.total == total
    assert {name: getattr(breakdown, name) for name in parts} == parts
    assert brute_force_show(cards, starter_card, crib) == total


def test_distribution_over_every_club_starter_is_a_quarter_of_lumettas_table() -> None:
    # Rules page step 5: no hand scores 19, 25, 26 or 27; the maximum is 29. By suit symmetry
    # the pairs with a club starter (3,248,700 of them) hold exactly a quarter of each count.
    counts = show_score_distribution("C")
    assert {points: 4 * count for points, count in counts.items()} == SHOW_DISTRIBUTION
    assert not {19, 25, 26, 27} & set(counts)
    assert max(counts) == 29


@pytest.mark.slow
def test_distribution_over_all_pairs_is_lumettas_table() -> None:
    assert show_score_distribution() == SHOW_DISTRIBUTION


def test_starter_points_agrees_with_show_points() -> None:
    rng = random.Random(5)
    for _ in range(300):
        hand = sorted(rng.sample(range(52), rng.choice((3, 4, 5))))
        crib = len(hand) == 4 and rng.random() < 0.5
        points = starter_points(hand, crib)
        for starter in range(52):
            expected = -1 if starter in hand else show_points(hand, starter, crib)
            assert points[starter] == expected


hands_and_starters = st.integers(3, 5).flatmap(
    lambda size: st.lists(st.integers(0, 51), min_size=size + 1, max_size=size + 1, unique=True)
)


@given(hands_and_starters, st.booleans())
def test_agrees_with_brute_force(codes: list[int], crib: bool) -> None:
    hand = [CARDS[code] for code in codes[:-1]]
    starter = CARDS[codes[-1]]
    assert score_show(hand, starter, crib=crib) == brute_force_show(hand, starter, crib)


def test_agrees_with_brute_force_on_thousands_of_random_hands() -> None:
    rng = random.Random(2024)
    for _ in range(3000):
        codes = rng.sample(range(52), rng.choice((4, 5, 6)))
        hand = [CARDS[code] for code in codes[:-1]]
        starter = CARDS[codes[-1]]
        crib = len(hand) == 4 and rng.random() < 0.3
        assert score_show(hand, starter, crib=crib) == brute_force_show(hand, starter, crib)


def _scorer_card(card: Card) -> tuple[int, str]:
    return card.rank, card.suit


def test_agrees_with_cribbage_scorer_on_random_four_card_hands() -> None:
    # cribbage-scorer counts four-card hands (and cribs) by the same rules (rules page).
    rng = random.Random(7)
    for _ in range(2000):
        codes = rng.sample(range(52), 5)
        hand = [CARDS[code] for code in codes[:4]]
        starter = CARDS[codes[4]]
        crib = rng.random() < 0.5
        expected, _ = cribbage_scorer.show_calc_score(
            _scorer_card(starter), [_scorer_card(card) for card in hand], crib
        )
        assert score_show(hand, starter, crib=crib) == expected, (hand, starter, crib)


@pytest.mark.parametrize(
    ("hand", "starter", "message"),
    [
        ("5C 5D", "5S", "3, 4 or 5 cards"),
        ("5C 5D 5H 6C 6D 6H", "5S", "3, 4 or 5 cards"),
        ("5C 5C 5H JS", "5S", "twice"),
        ("5C 5D 5H JS", "5C", "twice"),
    ],
)
def test_bad_input_is_refused(hand: str, starter: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_show(parse_cards(hand), Card.from_str(starter))


def test_non_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="Card values"):
        score_show(["5C", "5D", "5H", "JS"], Card.from_str("5S"))  # type: ignore[list-item]
    with pytest.raises(ValueError, match="starter_suits"):
        show_score_distribution("X")
