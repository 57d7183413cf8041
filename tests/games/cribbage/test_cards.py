"""Cards: text forms, ranks, values and codes (rules page, "Cards")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.games.cribbage import CARDS, RANKS, SUITS, Card, cards_text, parse_cards


@pytest.mark.parametrize(
    ("text", "rank", "suit", "value"),
    [
        ("AC", 1, "C", 1),
        ("5H", 5, "H", 5),
        ("9S", 9, "S", 9),
        ("TD", 10, "D", 10),
        ("JC", 11, "C", 10),
        ("QH", 12, "H", 10),
        ("KS", 13, "S", 10),
    ],
)
def test_text_form_rank_and_value(text: str, rank: int, suit: str, value: int) -> None:
    # Rules page, "Cards": rank A23456789TJQK + suit CDHS; A=1, 2..9 face, T J Q K = 10.
    card = Card.from_str(text)
    assert (card.rank, card.suit, card.value) == (rank, suit, value)
    assert str(card) == text
    assert card == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "5", "10H", "5h", "5X", "1C", "ZC", "5HH", " 5H", "AC "])
def test_invalid_text_is_refused_with_a_clear_message(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.from_str(text)


@pytest.mark.parametrize(("rank", "suit"), [(0, "C"), (14, "C"), (5, "X"), (5, "c"), (True, "C")])
def test_invalid_fields_are_refused(rank: int, suit: str) -> None:
    with pytest.raises(ValueError, match="card"):
        Card(rank, suit)


def test_the_pack_has_52_distinct_cards_in_code_order() -> None:
    assert len(set(CARDS)) == 52
    assert all(card.index == code for code, card in enumerate(CARDS))
    assert [str(card) for card in CARDS[:5]] == ["AC", "AD", "AH", "AS", "2C"]
    assert {str(card)[0] for card in CARDS} == set(RANKS)
    assert {card.suit for card in CARDS} == set(SUITS)


def test_cards_order_by_rank_then_suit_ace_low() -> None:
    cards = parse_cards("KS AH TD AC 5S 5C")
    assert cards_text(sorted(cards)) == "AC AH 5C 5S TD KS"
    assert Card.from_str("AS") < Card.from_str("2C")


@given(st.integers(0, 51))
def test_text_repr_and_code_round_trip(code: int) -> None:
    card = Card.from_index(code)
    assert Card.from_str(str(card)) is card
    assert eval(repr(card)) == card
    assert hash(card) == hash(Card(card.rank, card.suit))


@pytest.mark.parametrize("code", [-1, 52, True, 3.0])
def test_invalid_codes_are_refused(code: object) -> None:
    with pytest.raises(ValueError, match="card code"):
        Card.from_index(code)  # type: ignore[arg-type]
