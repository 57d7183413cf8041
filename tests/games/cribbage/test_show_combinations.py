"""The show named combination by combination: each fifteen, pair, run, flush and nobs."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.games.cribbage import (
    CARDS,
    Card,
    ShowCombination,
    explain_show,
    parse_cards,
    score_show,
    show_combinations,
)

PART_OF_KIND = {
    "fifteen": "fifteens",
    "pair": "pairs",
    "run": "runs",
    "flush": "flush",
    "nobs": "nobs",
}


def combos(hand: str, starter: str, *, crib: bool = False) -> list[str]:
    found = show_combinations(parse_cards(hand), Card.from_str(starter), crib=crib)
    return [str(each) for each in found]


def test_the_29_hand_names_its_eight_fifteens_six_pairs_and_nobs() -> None:
    found = show_combinations(parse_cards("5C 5D 5H JS"), Card.from_str("5S"))
    kinds = Counter(each.kind for each in found)
    assert kinds == {"fifteen": 8, "pair": 6, "nobs": 1}
    assert ShowCombination("nobs", parse_cards("JS 5S"), 1) in found
    # Four fifteens of the jack with two fives, four of three fives: every one once.
    fifteens = {each.cards for each in found if each.kind == "fifteen"}
    assert len(fifteens) == 8
    assert all(sum(card.value for card in cards) == 15 for cards in fifteens)


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "fifteens", "others"),
    [
        # A double run of three: two runs, each of one 3 with the 4 and the 5.
        ("3C 3D 4H 5S", "KD", False, 2, ["pair 3C 3D: 2", "run 3C 4H 5S: 3", "run 3D 4H 5S: 3"]),
        # Seven-card's six cards: two separate blocks, both scored.
        ("AC 2D 3H 5S 6C", "7D", False, 4, ["run AC 2D 3H: 3", "run 5S 6C 7D: 3"]),
        # A hand flush with the starter of its suit; the crib scores it only then.
        ("2H 4H 6H 8H", "KH", False, 0, ["flush 2H 4H 6H 8H KH: 5"]),
        ("2H 4H 6H 8H", "KS", False, 0, ["flush 2H 4H 6H 8H: 4"]),
        ("2H 4H 6H 8H", "KS", True, 0, []),
        # Nobs: the jack of the starter's suit, never the jack turned up.
        ("JH 2C 9D 7S", "3H", False, 1, ["nobs JH 3H: 1"]),
        ("JC 2D 7H 9S", "JH", False, 0, ["pair JC JH: 2"]),
    ],
)
def test_each_combination_is_named_with_its_cards(
    hand: str, starter: str, crib: bool, fifteens: int, others: list[str]
) -> None:
    found = combos(hand, starter, crib=crib)
    assert len([each for each in found if each.startswith("fifteen ")]) == fifteens
    assert [each for each in found if not each.startswith("fifteen ")] == others


def brute_fifteens(cards: list[Card]) -> set[tuple[Card, ...]]:
    return {
        subset
        for size in range(2, len(cards) + 1)
        for subset in combinations(cards, size)
        if sum(card.value for card in subset) == 15
    }


hands_and_starters = st.integers(3, 5).flatmap(
    lambda size: st.lists(st.integers(0, 51), min_size=size + 1, max_size=size + 1, unique=True)
)


@given(hands_and_starters, st.booleans())
def test_the_combinations_add_up_to_the_show_part_by_part(codes: list[int], crib: bool) -> None:
    hand = [CARDS[code] for code in codes[:-1]]
    starter = CARDS[codes[-1]]
    found = show_combinations(hand, starter, crib=crib)
    parts = explain_show(hand, starter, crib=crib)
    by_kind = Counter[str]()
    for each in found:
        by_kind[each.kind] += each.points
        assert set(each.cards) <= {*hand, starter}
        assert len(set(each.cards)) == len(each.cards)
    assert {kind: by_kind[kind] for kind in PART_OF_KIND} == {
        kind: getattr(parts, part) for kind, part in PART_OF_KIND.items()
    }
    assert sum(each.points for each in found) == score_show(hand, starter, crib=crib)
    assert {each.cards for each in found if each.kind == "fifteen"} == brute_fifteens(
        [*hand, starter]
    )
    for each in found:
        if each.kind == "run":
            ranks = sorted(card.rank for card in each.cards)
            assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))
            assert each.points == len(each.cards) >= 3
        if each.kind == "pair":
            assert each.cards[0].rank == each.cards[1].rank


def test_bad_input_is_refused_as_the_show_refuses_it() -> None:
    with pytest.raises(ValueError, match="3, 4 or 5 cards"):
        show_combinations(parse_cards("5C 5D"), Card.from_str("5S"))
    with pytest.raises(ValueError, match="twice"):
        show_combinations(parse_cards("5C 5D 5H JS"), Card.from_str("5C"))
