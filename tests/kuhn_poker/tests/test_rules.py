"""The rules of Kuhn poker as tests/kuhn_poker/README.md gives them (after Kuhn, 1950)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.games import IllegalAction, InvalidOptions, PrivateEvent
from kuhn_poker import (
    Acted,
    Action,
    Card,
    CardDealt,
    HandStarted,
    KuhnPoker,
    KuhnState,
    PotWon,
    Showdown,
    parse_action,
)

CHECK, BET, CALL, FOLD = Action.CHECK, Action.BET, Action.CALL, Action.FOLD


def dealt(game: KuhnPoker, cards: tuple[Card, Card]) -> KuhnState:
    """A new match whose first hand deals ``cards`` (a seed found by search)."""
    for seed in range(100):
        state = game.new_state(seed)
        if (state.card(0), state.card(1)) == cards:
            return state
    raise AssertionError(f"no seed deals {cards}")


def play(state: KuhnState, actions: list[Action]) -> None:
    for action in actions:
        (seat,) = state.seats_to_act()
        state.apply(seat, action)


# The five ways a hand goes, each with the cards (seat 0, seat 1), the ante, and the net of
# seat 0 and whether both cards are shown.
HANDS = [
    ([CHECK, CHECK], (Card.KING, Card.JACK), 1, 1, True),
    ([CHECK, CHECK], (Card.JACK, Card.QUEEN), 1, -1, True),
    ([CHECK, BET, CALL], (Card.QUEEN, Card.KING), 1, -2, True),
    ([CHECK, BET, FOLD], (Card.KING, Card.JACK), 1, -1, False),
    ([BET, CALL], (Card.KING, Card.QUEEN), 1, 2, True),
    ([BET, FOLD], (Card.JACK, Card.KING), 1, 1, False),
    ([BET, CALL], (Card.JACK, Card.QUEEN), 3, -4, True),
    ([CHECK, CHECK], (Card.QUEEN, Card.JACK), 5, 5, True),
]


@pytest.mark.parametrize(("actions", "cards", "ante", "net", "shown"), HANDS)
def test_a_hand_pays_what_the_loser_put_in(
    actions: list[Action], cards: tuple[Card, Card], ante: int, net: int, shown: bool
) -> None:
    state = dealt(KuhnPoker(ante=ante), cards)
    play(state, actions)
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result.scores == (net, -net)
    assert result.hand_nets == ((net, -net),)
    showdowns = [event for event in state.events if isinstance(event, Showdown)]
    assert showdowns == ([Showdown(1, cards)] if shown else [])
    (won,) = [event for event in state.events if isinstance(event, PotWon)]
    bets = actions.count(BET) + actions.count(CALL)
    assert won == PotWon(1, 0 if net > 0 else 1, 2 * ante + bets, (net, -net))
    assert state.observation(None).showdown == (cards if shown else None)


@pytest.mark.parametrize(
    ("history", "legal"),
    [
        ([], [CHECK, BET]),
        ([CHECK], [CHECK, BET]),
        ([BET], [CALL, FOLD]),
        ([CHECK, BET], [CALL, FOLD]),
    ],
)
def test_a_seat_checks_or_bets_unless_it_faces_a_bet(
    history: list[Action], legal: list[Action]
) -> None:
    state = KuhnPoker().new_state(seed=1)
    play(state, history)
    (seat,) = state.seats_to_act()
    assert seat == len(history) % 2
    assert state.legal_actions(seat) == legal
    assert state.legal_actions(1 - seat) == []
    refused = next(action for action in Action if action not in legal)
    before = state.observation(seat)
    with pytest.raises(IllegalAction, match="may"):
        state.apply(seat, refused)
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(1 - seat, legal[0])
    assert state.observation(seat) == before


def test_a_match_alternates_the_first_seat_and_adds_up_the_hands() -> None:
    state = KuhnPoker(hands=3).new_state(seed=5)
    firsts = []
    while not state.is_over():
        observation = state.observation(None)
        firsts.append(observation.first_seat)
        assert state.seats_to_act() == (observation.first_seat,)
        play(state, [BET, FOLD])
    assert firsts == [0, 1, 0]
    result = state.result()
    assert result is not None
    # The bettor wins the ante each time: seat 0 twice, seat 1 once.
    assert result.hand_nets == ((1, -1), (-1, 1), (1, -1))
    assert result.scores == (1, -1)
    assert result.places == (1, 2)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, CHECK)


def test_the_events_of_a_hand_in_order_and_who_sees_them() -> None:
    state = dealt(KuhnPoker(), (Card.QUEEN, Card.KING))
    play(state, [CHECK, BET, CALL])
    assert list(state.events) == [
        HandStarted(1, 0, 1),
        CardDealt(0, 1, Card.QUEEN),
        CardDealt(1, 1, Card.KING),
        Acted(0, CHECK),
        Acted(1, BET),
        Acted(0, CALL),
        Showdown(1, (Card.QUEEN, Card.KING)),
        PotWon(1, 1, 4, (-2, 2)),
    ]
    assert [str(event) for event in state.events_for(0)] == [
        "hand 1 starts: each seat antes 1; seat 0 acts first",
        "seat 0 is dealt Q",
        "seat 0 checks",
        "seat 1 bets",
        "seat 0 calls",
        "showdown: seat 0 shows Q, seat 1 shows K",
        "seat 1 wins the pot of 4; balances -2 +2",
    ]
    assert not any(isinstance(event, PrivateEvent) for event in state.events_for(None))


def test_a_seat_sees_its_own_card_only_until_the_showdown() -> None:
    state = dealt(KuhnPoker(), (Card.JACK, Card.KING))
    for seat, card in enumerate((Card.JACK, Card.KING)):
        observation = state.observation(seat)
        assert (observation.card, observation.showdown) == (card, None)
        assert observation.legal_actions == ((CHECK, BET) if seat == 0 else ())
    spectator = state.observation(None)
    assert (spectator.card, spectator.legal_actions, spectator.pot) == (None, (), 2)
    play(state, [BET, CALL])
    assert state.observation(0).showdown == (Card.JACK, Card.KING)
    assert state.observation(None).to_act is None


@given(seed=st.integers(0, 2**32), hands=st.integers(1, 4), seat=st.sampled_from([0, 1]))
def test_a_seat_observation_never_depends_on_the_other_card(
    seed: int, hands: int, seat: int
) -> None:
    state = KuhnPoker(hands=hands).new_state(seed)
    rng = random.Random(seed)
    while not state.is_over():
        copy = state.resample_hidden(seat, rng)
        assert copy.observation(seat) == state.observation(seat)
        assert copy.events_for(seat) == state.events_for(seat)
        assert copy.card(1 - seat) != copy.card(seat)
        (to_act,) = state.seats_to_act()
        state.apply(to_act, rng.choice(state.legal_actions(to_act)))
    result = state.result()
    assert result is not None
    assert sum(result.scores) == 0
    assert len(result.hand_nets) == hands


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"ante": 0}, "ante is a whole number of at least 1, not 0"),
        ({"hands": True}, "hands is a whole number of at least 1, not True"),
        ({"blinds": 1}, "unknown Kuhn poker option"),
    ],
)
def test_options_the_rules_refuse(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        KuhnPoker.from_options(options)


def test_actions_and_cards_round_trip_through_text() -> None:
    for action in Action:
        assert parse_action(str(action)) is action
    for card in Card:
        assert Card.from_str(str(card)) is card
    with pytest.raises(ValueError, match="not a Kuhn poker action"):
        parse_action("raise")
    with pytest.raises(ValueError, match="not a Kuhn poker card"):
        Card.from_str("A")
