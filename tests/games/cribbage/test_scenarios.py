"""Scripted hands from stacked decks: the play, the show and the end of a game, by the page.

Each test sets the hands, the starter, the dealer and the scores of a fresh state's first
hand, then plays the actions the rules page's example needs and checks the events.
"""

from collections.abc import Sequence
from typing import Any

import pytest

from croupier.games import Event, IllegalAction, Seat
from croupier.games.cribbage import (
    Card,
    CountReset,
    Cribbage,
    CribbageState,
    CribShown,
    GameWon,
    Go,
    HandShown,
    HisHeels,
    LastCard,
    MatchEnded,
    Pegged,
    Skunk,
    parse_cards,
    skunk_of,
)
from croupier.games.cribbage._position import Position


def codes(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def stacked(
    hands: Sequence[str],
    starter: str,
    *,
    variant: str = "six-card",
    dealer: Seat = 0,
    scores: Sequence[int] = (0, 0),
    crib: str = "",
    **options: Any,
) -> CribbageState:
    """A fresh state whose first hand is dealt ``hands`` with ``starter`` next in the pack."""
    options.setdefault("match_points", 1)
    state = Cribbage(variant=variant, **options).new_state(0)
    position = state._position
    dealt = [sorted(codes(hand)) for hand in hands]
    used = {code for hand in dealt for code in hand} | set(codes(crib)) | set(codes(starter))
    position.dealer = position.first_dealer = dealer
    position.hands = dealt
    position.crib = codes(crib)
    position.pack = [code for code in range(52) if code not in used] + codes(starter)
    position.scores = list(scores)
    return state


def play(state: CribbageState, *moves: str) -> list[Event]:
    """Apply moves written ``"SEAT ACTION"``; the events they caused."""
    start = len(state.events)
    for move in moves:
        seat, text = move.split(" ", 1)
        state.apply(int(seat), state.game.parse_action(text))
    return list(state.events[start:])


def fingerprint(state: CribbageState) -> list[object]:
    position = state._position
    return [
        position.rng.getstate() if name == "rng" else repr(getattr(position, name))
        for name in Position.__slots__
    ]


def test_go_does_not_interrupt_a_pair_and_31_gives_no_go_point() -> None:
    # Rules page step 4: after the other's go, a player who keeps playing scores pairs with
    # the cards of the same count; 31 scores 2 and no go point; the next count is led by the
    # player after the last one; the last card pegs 1.
    state = stacked(["JS KS QH TH 3S 4D", "KC 7C 2C 2D 8S 9H"], "AD")
    play(state, "0 discard 3S 4D", "1 discard 8S 9H")
    events = play(state, "1 peg KC", "0 peg JS", "1 peg 7C")
    assert events[-1] == Go(0, 27)
    assert state.seats_to_act() == (1,)
    events = play(state, "1 peg 2C", "1 peg 2D")
    final = events[1]
    assert isinstance(final, Pegged)
    assert (final.count, final.breakdown.pairs, final.breakdown.thirty_one) == (31, 2, 2)
    assert events[2:] == [CountReset(0)]  # no go point at 31
    events = play(state, "0 peg KS", "0 peg QH", "0 peg TH")
    assert [type(event) for event in events[:4]] == [Pegged, Pegged, Pegged, LastCard]
    assert events[3] == LastCard(0, 1, end_of_play=True)
    assert [event.points for event in events[:3] if isinstance(event, Pegged)] == [0, 0, 0]


def test_a_run_continues_across_a_go() -> None:
    state = stacked(["7H JS QH KS 3S 4D", "TC 8C 6C 2H 8S 9H"], "AD")
    play(state, "0 discard 3S 4D", "1 discard 8S 9H")
    events = play(state, "1 peg TC", "0 peg 7H", "1 peg 8C")
    assert events[-1] == Go(0, 25)
    events = play(state, "1 peg 6C")
    pegged = events[0]
    assert isinstance(pegged, Pegged)
    assert (pegged.breakdown.run, pegged.breakdown.thirty_one, pegged.points) == (3, 2, 5)
    # The dealer leads, the pone plays its last card, the dealer's K cannot go on 22.
    events = play(state, "0 peg JS", "1 peg 2H", "0 peg QH")
    assert events[-2:] == [LastCard(0, 1, end_of_play=False), CountReset(0)]
    assert state._position.scores == [1, 5]
    events = play(state, "0 peg KS")
    assert events[1] == LastCard(0, 2, end_of_play=True)


def test_last_card_at_31_scores_2_never_3() -> None:
    state = stacked(["JH TH 6S 5H 3S 4D", "KC QC 5C 6D 8S 9H"], "AD")
    play(state, "0 discard 3S 4D", "1 discard 8S 9H")
    events = play(
        state, "1 peg KC", "0 peg JH", "1 peg 5C", "0 peg 6S", "1 peg QC", "0 peg TH", "1 peg 6D"
    )
    assert CountReset(1) in events
    events = play(state, "0 peg 5H")
    last = events[0]
    assert isinstance(last, Pegged)
    assert (last.count, last.points) == (31, 2)
    assert isinstance(events[1], HandShown)  # no LastCard: 31 already scored 2


def test_pone_counting_first_wins_mid_show() -> None:
    # Rules page step 6: the game ends the instant a side reaches 121, in the middle of the
    # show, so the pone, counting first, can win although the dealer would have more.
    state = stacked(["9C 9D 9H 4S 7D 8D", "5C 5D 5H JS 2C 3C"], "5S", scores=(115, 100))
    play(state, "0 discard 7D 8D", "1 discard 2C 3C")
    events = play(state, "1 peg 5C", "0 peg 9C", "1 peg 5D", "0 peg 9D")
    assert events[-3:] == [Go(1, 28), LastCard(0, 116, end_of_play=False), CountReset(1)]
    events = play(state, "1 peg 5H", "0 peg 9H", "1 peg JS", "0 peg 4S")
    shown = [event for event in events if isinstance(event, HandShown | CribShown)]
    assert [(event.seat, event.points, event.score) for event in shown] == [(1, 29, 121)]
    won = next(event for event in events if isinstance(event, GameWon))
    assert (won.winner, won.scores, won.skunk, won.game_points) == (1, (117, 121), Skunk.NONE, 1)
    result = state.result()
    assert result is not None
    assert result.scores == (0, 1)
    assert result.games[0].scores == (117, 121)
    assert state.is_over()
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, state.game.parse_action("peg 9H"))


def _win_in_show(loser_before: int, **options: Any) -> CribbageState:
    """The pone (seat 1) wins with its 29 in the show; the dealer ends on loser_before + 2."""
    state = stacked(
        ["9C 9D 9H 4S 7D 8D", "5C 5D 5H JS 2C 3C"],
        "5S",
        scores=(loser_before, 100),
        **options,
    )
    play(state, "0 discard 7D 8D", "1 discard 2C 3C")
    play(state, "1 peg 5C", "0 peg 9C", "1 peg 5D", "0 peg 9D")
    play(state, "1 peg 5H", "0 peg 9H", "1 peg JS", "0 peg 4S")
    return state


@pytest.mark.parametrize(
    ("loser", "skunk", "points"),
    [
        (91, Skunk.NONE, 1),
        (90, Skunk.SKUNK, 2),
        (61, Skunk.SKUNK, 2),
        (60, Skunk.DOUBLE, 4),
        (31, Skunk.DOUBLE, 4),
        (30, Skunk.TRIPLE, 4),
        (2, Skunk.TRIPLE, 4),
    ],
)
def test_skunks_are_judged_on_the_losers_score(loser: int, skunk: Skunk, points: int) -> None:
    # Rules page step 7: below 91 a skunk, below 61 double, below 31 triple (90 is a skunk,
    # 91 is not); game points 1, 2, 4, 4.
    state = _win_in_show(loser - 2, match_points=7)
    won = next(event for event in state.events if isinstance(event, GameWon))
    assert (won.scores[0], won.skunk, won.game_points) == (loser, skunk, points)
    assert not state.is_over()  # the match goes on to 7
    assert state._position.game_points == [0, points]


def test_a_triple_skunk_can_win_the_match_at_once() -> None:
    state = _win_in_show(28, match_points=7, triple_skunk_wins_match=True)
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result.scores == (0, 7)
    assert isinstance(state.events[-1], MatchEnded)


def test_game_points_option_is_used() -> None:
    state = _win_in_show(88, match_points=7, game_points=(1, 3, 5, 6))
    won = next(event for event in state.events if isinstance(event, GameWon))
    assert (won.skunk, won.game_points) == (Skunk.SKUNK, 3)


def test_his_heels_at_the_cut_can_win_the_game() -> None:
    # Rules page step 3: a jack starter pegs the dealer 2 at once, which can win the game.
    state = stacked(["9C 9D 9H 4S 7D 8D", "5C 5D 5H JS 2C 3C"], "JD", scores=(119, 0))
    events = play(state, "1 discard 2C 3C", "0 discard 7D 8D")
    assert HisHeels(0, 121) in events
    assert not any(isinstance(event, Pegged) for event in events)
    won = next(event for event in events if isinstance(event, GameWon))
    assert (won.winner, won.skunk) == (0, Skunk.TRIPLE)
    assert state.is_over()


def test_five_card_has_one_count_and_unplayed_cards_stay_in_hand() -> None:
    # Rules page, five-card: when neither can play, the last card pegs 1 and the play is over.
    state = stacked(["TH JH 8D 2S 3S", "KC QC 9C 2D 3D"], "AD", variant="five-card")
    play(state, "0 discard 2S 3S", "1 discard 2D 3D")
    events = play(state, "1 peg KC", "0 peg TH", "1 peg 9C")
    assert events[3:5] == [Go(0, 29), LastCard(1, 1, end_of_play=True)]
    shown = [event for event in events if isinstance(event, HandShown)]
    assert [(event.seat, len(event.cards)) for event in shown] == [(1, 3), (0, 3)]
    assert str(shown[0].cards[0]) == "9C"


def test_five_card_hand_and_crib_flushes() -> None:
    state = stacked(["2H 4H 8H 6C 7D", "3S 9S KS QC TD"], "JC", variant="five-card")
    play(state, "0 discard 6C 7D", "1 discard QC TD")
    events = play(state, "1 peg 3S", "0 peg 2H", "1 peg 9S", "0 peg 4H", "1 peg KS")
    shown = {
        (type(event).__name__, event.seat): event.breakdown.flush
        for event in events
        if isinstance(event, HandShown | CribShown)
    }
    assert shown == {("HandShown", 1): 3, ("HandShown", 0): 3, ("CribShown", 0): 0}


def test_illegal_actions_leave_the_state_untouched() -> None:
    state = stacked(["JH TH 6S 5H 3S 4D", "KC QC 5C 6D 8S 9H"], "AD")
    refused = [
        (0, "discard 3S"),  # one card, not two
        (0, "discard 3S KC"),  # not in the hand
        (0, "peg 3S"),  # not the phase
        (2, "discard 3S 4D"),  # no such seat
        (-1, "discard 3S 4D"),
    ]
    play(state, "0 discard 3S 4D")
    refused += [(0, "discard JH TH"), (1, "peg KC")]  # laid away already; not yet play
    play(state, "1 discard 8S 9H", "1 peg KC", "0 peg JH", "1 peg 5C")
    refused += [
        (0, "peg TH"),  # 25 + 10 is past 31
        (0, "peg KC"),  # not in the hand (played)
        (1, "peg QC"),  # not to act
        (0, "discard 6S 5H"),  # not the phase
        (0, "place 6S 0 0"),
    ]
    for seat, text in refused:
        before = fingerprint(state)
        with pytest.raises(IllegalAction):
            state.apply(seat, state.game.parse_action(text))
        assert fingerprint(state) == before, text
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="must play a card"):
        state.apply(0, "peg 6S")  # type: ignore[arg-type]
    assert fingerprint(state) == before
    with pytest.raises(IllegalAction, match="past 31"):
        state.apply(0, state.game.parse_action("peg TH"))


def test_the_starter_is_public_once_turned() -> None:
    state = stacked(["9C 9D 9H 4S 7D 8D", "5C 5D 5H JS 2C 3C"], "5S")
    play(state, "0 discard 7D 8D", "1 discard 2C 3C")
    assert state.observation(1).starter == Card.from_str("5S")


@pytest.mark.parametrize(
    ("target", "loser", "skunk"),
    [
        (121, 91, Skunk.NONE),
        (121, 90, Skunk.SKUNK),
        (121, 61, Skunk.SKUNK),
        (121, 60, Skunk.DOUBLE),
        (121, 31, Skunk.DOUBLE),
        (121, 30, Skunk.TRIPLE),
        # Five-card, 61: the lines stand 30 and 60 short of the target (below 31, below 1).
        (61, 31, Skunk.NONE),
        (61, 30, Skunk.SKUNK),
        (61, 1, Skunk.SKUNK),
        (61, 0, Skunk.DOUBLE),
        # Seven-card, 181: below 151, 121, 91.
        (181, 151, Skunk.NONE),
        (181, 150, Skunk.SKUNK),
        (181, 120, Skunk.DOUBLE),
        (181, 90, Skunk.TRIPLE),
    ],
)
def test_skunk_lines(target: int, loser: int, skunk: Skunk) -> None:
    # Rules page step 7 at 121 (90 is a skunk, 91 is not); the same streets of 30 for the
    # five-card and seven-card targets (the engine's decision, documented on Cribbage).
    assert skunk_of(loser, target) is skunk
