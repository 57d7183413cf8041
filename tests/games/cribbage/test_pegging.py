"""The play scorer: the rules page's examples, a brute-force oracle and cribbage-scorer."""

import random
from collections.abc import Sequence

import pytest
from cribbage_scorer import cribbage_scorer
from hypothesis import given
from hypothesis import strategies as st

from croupier.games.cribbage import CARDS, Card, explain_peg, parse_cards, score_peg


def brute_force_peg(cards: Sequence[Card]) -> int:
    """Straight from the rules page: 15, 31, trailing same ranks, the longest tail run."""
    count = sum(card.value for card in cards)
    points = 2 if count in (15, 31) else 0
    same = 1
    while same < len(cards) and cards[-same - 1].rank == cards[-1].rank:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for size in range(len(cards), 2, -1):
        ranks = sorted(card.rank for card in cards[-size:])
        if ranks == list(range(ranks[0], ranks[0] + size)):
            points += size
            break
    return points


def random_count(rng: random.Random) -> list[Card]:
    """The cards of one count: random distinct cards while the count stays at 31 or less."""
    cards: list[Card] = []
    count = 0
    for code in rng.sample(range(52), 52):
        card = CARDS[code]
        if count + card.value > 31:
            if rng.random() < 0.3:
                break
            continue
        cards.append(card)
        count += card.value
    return cards


# Rules page, "The standard game" step 4.
@pytest.mark.parametrize(
    ("cards", "points", "parts"),
    [
        ("7H", 0, {}),
        ("7H 8C", 2, {"fifteen": 2}),  # 15
        ("TS JD KC AH", 2, {"thirty_one": 2}),  # 31
        ("2C 2D", 2, {"pairs": 2}),  # a pair
        ("4C 4D 4H", 6, {"pairs": 6}),  # pair royal
        ("4C 4D 4H 4S", 12, {"pairs": 12}),  # double pair royal
        ("5C 5D 5H", 8, {"pairs": 6, "fifteen": 2}),  # 15 and pair royal together
        ("2C 2D 3H 2S", 0, {}),  # the pairs must be consecutive
        ("KC QC", 0, {}),  # pairs by rank, not value
        ("3C 4D 5H", 3, {"run": 3}),  # a run
        ("3C 5D 4H", 3, {"run": 3}),  # in any order
        ("3C 5D 4H 2S", 4, {"run": 4}),
        ("6C 3D 5H 4S", 4, {"run": 4}),
        ("AC 3D 5H 4S 2C", 7, {"fifteen": 2, "run": 5}),
        ("4C 5D 5H 6S", 0, {}),  # a repeated rank in the tail breaks the run
        ("4C 5D 6H 5S", 0, {}),
        ("4C 5D 6H 6S", 2, {"pairs": 2}),
        ("QC KD AH", 0, {}),  # runs never wrap
        ("9C 3H 4S 5C", 3, {"run": 3}),  # only the tail counts
        ("7C 6D 5H 5S", 2, {"pairs": 2, "run": 0}),  # a pair at the end, no run through it
        ("TC 9D 8H 4S", 2, {"thirty_one": 2}),  # 31 without a run (4 is not 7)
    ],
)
def test_rules_page_examples(cards: str, points: int, parts: dict[str, int]) -> None:
    played = parse_cards(cards)
    breakdown = explain_peg(played)
    assert score_peg(played) == points
    assert {name: getattr(breakdown, name) for name in parts} == parts
    assert breakdown.total == points
    assert brute_force_peg(played) == points


@given(st.randoms(use_true_random=False))
def test_agrees_with_brute_force(rng: random.Random) -> None:
    cards = random_count(rng)
    for end in range(1, len(cards) + 1):
        assert score_peg(cards[:end]) == brute_force_peg(cards[:end])


def test_agrees_with_cribbage_scorer_on_random_counts() -> None:
    # cribbage-scorer's play_score_ongoing scores the last card the same way (rules page);
    # last_card=False: the go and last card are the state's, not the scorer's.
    rng = random.Random(11)
    for _ in range(1500):
        cards = random_count(rng)
        for end in range(1, len(cards) + 1):
            played = [(card.rank, card.suit) for card in cards[:end]]
            count, expected, _ = cribbage_scorer.play_score_ongoing(played, False)
            assert count == sum(card.value for card in cards[:end])
            assert score_peg(cards[:end]) == expected, cards[:end]


def test_runs_with_every_rank_order() -> None:
    # Rules page: the run's cards may come in any order; every order of 3..7 scores the same.
    rng = random.Random(3)
    for size in range(3, 8):
        ranks = list(range(1, size + 1))
        for _ in range(20):
            rng.shuffle(ranks)
            cards = [Card(rank, "CDHS"[index % 4]) for index, rank in enumerate(ranks)]
            assert explain_peg(cards).run == size


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("", "at least one card"),
        ("5C 5C", "twice"),
        ("TC JC QC KC 2C", "past 31"),
    ],
)
def test_bad_input_is_refused(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_peg(parse_cards(cards))
