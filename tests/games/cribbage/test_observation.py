"""What each seat may see (rules page, "What each seat may see"), and resampling the rest."""

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from croupier.games.cribbage import (
    Card,
    CardsDealt,
    Cribbage,
    CribbageObservation,
    CribbageState,
    Discard,
    DiscardedCards,
    parse_cards,
)


def stacked(hands: Sequence[str], starter: str, **options: Any) -> CribbageState:
    """A fresh six-card state (or ``variant``) whose first hand is ``hands``, dealer 0."""
    state = Cribbage(match_points=1, **options).new_state(0)
    position = state._position
    dealt = [sorted(card.index for card in parse_cards(hand)) for hand in hands]
    starter_code = Card.from_str(starter).index
    used = {code for hand in dealt for code in hand} | {starter_code}
    position.dealer = position.first_dealer = 0
    position.hands = dealt
    position.pack = [code for code in range(52) if code not in used] + [starter_code]
    return state


def play(state: CribbageState, *moves: str) -> None:
    for move in moves:
        seat, text = move.split(" ", 1)
        state.apply(int(seat), state.game.parse_action(text))


def cards_seen(value: object) -> Iterator[Card]:
    """Every card anywhere inside an observation."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_seen(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type | Cribbage):
        for field in dataclasses.fields(value):
            yield from cards_seen(getattr(value, field.name))


def test_a_seat_sees_its_cards_and_discards_not_the_others() -> None:
    state = stacked(["JS KS QH TH 3S 4D", "KC 7C 2C 2D 8S 9H"], "AD")
    play(state, "0 discard 3S 4D")
    mine = state.observation(0)
    theirs = state.observation(1)
    assert mine.hand == parse_cards("TH JS QH KS")
    assert mine.discards == parse_cards("3S 4D")
    assert mine.discarded == theirs.discarded == (True, False)  # public: who has laid away
    assert mine.crib_size == theirs.crib_size == 2
    assert mine.hand_sizes == theirs.hand_sizes == (4, 6)
    assert mine.legal_actions == ()
    assert mine.to_act == (1,)
    assert len(theirs.legal_actions) == 15
    assert not set(cards_seen(theirs)) & set(parse_cards("JS KS QH TH 3S 4D"))
    assert not set(cards_seen(mine)) & set(parse_cards("KC 7C 2C 2D 8S 9H"))
    spectator = state.observation(None)
    assert (spectator.hand, spectator.discards, spectator.legal_actions) == ((), (), ())
    assert not set(cards_seen(spectator))
    assert [type(event).__name__ for event in state.events_for(1)][-1] == "Discarded"
    assert not any(isinstance(event, DiscardedCards) for event in state.events_for(1))


def test_the_play_is_public() -> None:
    state = stacked(["JS KS QH TH 3S 4D", "KC 7C 2C 2D 8S 9H"], "AD")
    play(state, "0 discard 3S 4D", "1 discard 8S 9H", "1 peg KC", "0 peg JS", "1 peg 7C")
    view = state.observation(None)
    assert view.phase == "play"
    assert view.starter == Card.from_str("AD")
    assert view.count == 27
    assert view.count_cards == parse_cards("KC JS 7C")
    assert view.played == tuple(zip((1, 0, 1), parse_cards("KC JS 7C"), strict=True))
    assert view.goes == (0,)
    assert view.hand_sizes == (3, 2)
    assert view.to_act == (1,)
    assert state.observation(1).legal_actions == tuple(
        state.game.parse_action(text) for text in ("peg 2C", "peg 2D")
    )


def test_partners_do_not_see_each_others_hands() -> None:
    state = Cribbage(variant="four-player").new_state(5)
    hands = {
        event.seat: set(event.cards) for event in state.events if isinstance(event, CardsDealt)
    }
    for seat in range(4):
        seen = set(cards_seen(state.observation(seat)))
        assert seen == hands[seat]
        assert not seen & hands[(seat + 2) % 4]


def test_observation_of_no_such_seat_is_refused() -> None:
    state = Cribbage().new_state(1)
    for seat in (2, -1, True):
        with pytest.raises(ValueError, match="seat"):
            state.observation(seat)
        with pytest.raises(ValueError, match="seat"):
            state.resample_hidden(seat, random.Random(0))


def test_resampling_respects_a_go() -> None:
    # The dealer said go at 27: every card it holds is worth more than 4.
    state = stacked(["JS KS QH TH 3S 4D", "KC 7C 2C 2D 8S 9H"], "AD")
    play(state, "0 discard 3S 4D", "1 discard 8S 9H", "1 peg KC", "0 peg JS", "1 peg 7C")
    rng = random.Random(1)
    seen: set[Card] = set()
    for _ in range(300):
        copy = state.resample_hidden(1, rng)
        hand = copy._position.hands[0]
        assert len(hand) == 3
        assert all(Card.from_index(code).value > 4 for code in hand)
        seen.update(Card.from_index(code) for code in hand)
        assert copy.observation(1) == state.observation(1)
    assert len(seen) > 20


def test_resampling_lets_the_seat_to_play_play() -> None:
    # The dealer is asked to play at 25: it holds a card worth 6 or less.
    state = stacked(["JH TH 6S 5H 3S 4D", "KC QC 5C 6D 8S 9H"], "AD")
    play(state, "0 discard 3S 4D", "1 discard 8S 9H", "1 peg KC", "0 peg JH", "1 peg 5C")
    rng = random.Random(2)
    for _ in range(300):
        copy = state.resample_hidden(1, rng)
        assert copy.legal_actions(0)
        assert copy.observation(1) == state.observation(1)


def test_resampling_deals_hidden_cards_uniformly_and_rewrites_their_history() -> None:
    state = Cribbage().new_state(3)
    play(state, f"1 {state.legal_actions(1)[4]}")
    own = set(state.observation(0).hand)
    rng = random.Random(3)
    counts: Counter[Card] = Counter()
    draws = 3000
    for _ in range(draws):
        copy = state.resample_hidden(0, rng)
        view = copy.observation(0)
        assert view == state.observation(0)
        position = copy._position
        other = [Card.from_index(code) for code in position.hands[1]]
        discard = tuple(Card.from_index(code) for code in position.discards[1] or ())
        counts.update(other)
        dealt = next(e for e in copy.events if isinstance(e, CardsDealt) and e.seat == 1)
        assert set(dealt.cards) == set(other) | set(discard)
        assert copy.actions[-1] == (1, Discard(discard))
    assert not own & set(counts)
    assert len(counts) == 46
    expected = draws * 4 / 46
    assert all(abs(count - expected) < 0.25 * expected for count in counts.values())


def test_observation_fields_are_exactly_the_documented_ones() -> None:
    names = [field.name for field in dataclasses.fields(CribbageObservation)]
    doc = CribbageObservation.__doc__ or ""
    assert all(f"{name}:" in doc for name in names)
