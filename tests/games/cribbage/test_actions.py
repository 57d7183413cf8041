"""Actions: values that print as a line and parse back."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.games.cribbage import (
    CARDS,
    Card,
    Cribbage,
    Discard,
    Peg,
    Place,
    parse_action,
    parse_cards,
)

GAME = Cribbage()


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("discard 5H TD", Discard(parse_cards("5H TD"))),
        ("discard 5H", Discard(parse_cards("5H"))),
        ("peg 5H", Peg(parse_cards("5H")[0])),
        ("place 5H 1 2", Place(parse_cards("5H")[0], 1, 2)),
        ("place AC 0 3", Place(parse_cards("AC")[0], 0, 3)),
    ],
)
def test_text_forms(text: str, action: object) -> None:
    assert str(action) == text
    assert parse_action(text) == action
    assert GAME.parse_action(text) == action
    assert eval(repr(action)) == action


def test_discard_equal_whatever_the_card_order() -> None:
    first = Discard(parse_cards("TD 5H"))
    second = Discard(parse_cards("5H TD"))
    assert first == second
    assert hash(first) == hash(second)
    assert str(first) == "discard 5H TD"
    assert parse_action("discard TD 5H") == first


@pytest.mark.parametrize(
    "text",
    [
        "",
        "go",
        "discard",
        "discard 5H 5H",
        "discard 5H XX",
        "peg",
        "peg 5H 6H",
        "peg 10H",
        "place 5H 1",
        "place 5H 4 0",
        "place 5H 0 -1",
        "place 5H a b",
        "Peg 5H",
    ],
)
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 (each parser words its own message)
        GAME.parse_action(text)


def test_constructors_check_their_values() -> None:
    with pytest.raises(ValueError, match="distinct"):
        Discard((CARDS[0], CARDS[0]))
    with pytest.raises(ValueError, match="one or more"):
        Discard(())
    with pytest.raises(ValueError, match="row"):
        Place(CARDS[0], 4, 0)
    with pytest.raises(ValueError, match="one card"):
        Peg("5H")  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=4, unique=True))
def test_any_action_round_trips(cards: list[Card]) -> None:
    discard = Discard(tuple(cards))
    peg = Peg(discard.cards[0])
    place = Place(discard.cards[-1], len(cards) - 1, 4 - len(cards))
    for action in (discard, peg, place):
        assert parse_action(str(action)) == action
